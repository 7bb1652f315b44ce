import { Worker } from 'node:worker_threads'
import type { SmsMessage } from './modules/sms/sms.ts'
import { OUTBOX_LINGER_MS } from './modules/outbox/worker.ts'

// The outbox's worker in a thread of its own (ADR 101), as the server's main thread sees it: the thread is started,
// told of every message committed for it, restarted when it dies, and stopped with the server. Its work (claiming
// due messages, the channels' HTTP calls, settling them) then takes no turn on the event loop that answers requests.

/** What the main thread tells the outbox's thread. */
export type ToOutboxThread = { type: 'wake' } | { type: 'stop' }

/** What the outbox's thread tells the main thread. */
export type FromOutboxThread =
  | { type: 'ready' }
  | { type: 'stopped' }
  /** The thread could not start (its configuration, its database): it ends; the host tries again later. */
  | { type: 'failed'; error: ThreadError }
  /** A line for the server's log: the thread has no log of its own, so the server's one stream keeps its order. */
  | { type: 'log'; level: 'info' | 'warn' | 'error'; details: object; message: string; error?: ThreadError }
  /** SMS_PROVIDER=console: a text the thread sent, for the server's console sender (GET /api/dev/sms, its log line). */
  | { type: 'console-sms'; message: SmsMessage }

/** An error as it crosses the thread boundary. */
export interface ThreadError {
  name: string
  message: string
  stack?: string
}

export const threadError = (error: unknown): ThreadError =>
  error instanceof Error
    ? { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
    : { name: 'Error', message: String(error) }

const asError = (error: ThreadError) => Object.assign(new Error(error.message), { name: error.name, stack: error.stack })

/** How long after the thread died or failed to start it is started again (doubling to MAX on each failure in a row). */
export const OUTBOX_THREAD_RESTART_MS = 1_000
const OUTBOX_THREAD_RESTART_MAX_MS = 30_000
/** How long stop() waits for the thread's pass in flight and its database to close before ending it. */
const OUTBOX_THREAD_STOP_MS = 10_000

export interface OutboxThreadLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/**
 * Starts the outbox's worker in a thread (outbox-thread.ts, or its bundle beside this one's), which builds its own
 * services on a connection pool of its own from the same environment. `onEnqueued` is the main thread's outbox telling
 * of a message committed for the worker; `consoleSms` the main thread's console sender when SMS_PROVIDER=console.
 * Answers the stop function, which waits for the thread's pass in flight.
 */
export function startOutboxThread(options: {
  onEnqueued: (wake: () => void) => () => void
  log: OutboxThreadLog
  consoleSms?: { send(message: SmsMessage): Promise<void> }
  /** The thread's environment (default: this process's). */
  env?: NodeJS.ProcessEnv
  /** The thread's file (default: outbox-thread's, beside this one; tests: one that fails). */
  entry?: URL
}): { ready: Promise<void>; stop: () => Promise<void> } {
  // Under tsx (npm run dev, the tests) this file is TypeScript and the thread's is loaded through tsx; in the bundle
  // both are .js.
  const typescript = import.meta.url.endsWith('.ts')
  const entry = options.entry ?? new URL(typescript ? './outbox-thread-tsx.mjs' : './outbox-thread.js', import.meta.url)
  let worker: Worker | undefined
  let stopping = false
  let restartMs = OUTBOX_THREAD_RESTART_MS
  let restartTimer: ReturnType<typeof setTimeout> | undefined
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))

  const start = () => {
    const thread = new Worker(entry, options.env ? { env: options.env } : {})
    worker = thread
    thread.on('message', (message: FromOutboxThread) => {
      switch (message.type) {
        case 'ready':
          restartMs = OUTBOX_THREAD_RESTART_MS
          markReady()
          break
        case 'failed':
          options.log.error({ err: asError(message.error) }, 'the outbox thread could not start')
          break
        case 'log':
          options.log[message.level](message.error ? { ...message.details, err: asError(message.error) } : message.details, message.message)
          break
        case 'console-sms':
          options.consoleSms?.send(message.message).catch(() => {})
          break
        case 'stopped':
          break
      }
    })
    thread.on('error', (error) => options.log.error({ err: error }, 'the outbox thread failed'))
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined
      if (stopping) return
      // Messages wait meanwhile (their rows are committed); one a dead pass was sending goes again after its lease.
      options.log.warn({ code, restart_ms: restartMs }, 'the outbox thread ended: starting it again')
      restartTimer = setTimeout(start, restartMs)
      restartTimer.unref()
      restartMs = Math.min(restartMs * 2, OUTBOX_THREAD_RESTART_MAX_MS)
    })
  }
  start()

  // A wake starts the thread's linger, whose pass takes every message committed before it ends: the commits within half
  // a linger of the last wake need none of their own (a deposit's commit each would wake the thread each time).
  let lastWake = -Infinity
  const unsubscribe = options.onEnqueued(() => {
    const now = performance.now()
    if (now - lastWake < OUTBOX_LINGER_MS / 2) return
    lastWake = now
    worker?.postMessage({ type: 'wake' } satisfies ToOutboxThread)
  })

  return {
    ready,
    async stop() {
      stopping = true
      unsubscribe()
      clearTimeout(restartTimer)
      const thread = worker
      if (!thread) return
      const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()))
      thread.postMessage({ type: 'stop' } satisfies ToOutboxThread)
      const deadline = setTimeout(() => void thread.terminate(), OUTBOX_THREAD_STOP_MS)
      await ended
      clearTimeout(deadline)
    },
  }
}
