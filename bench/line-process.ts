// The bench's fake LINE in a process of its own (issue 38 §6): production's LINE answers on LINE's machines, so its
// work must not take turns with the bench's load on one event loop, where each push it answered delayed the next
// deposit the load sent to the server with the outbox, and only to that one. It still shares the machine's cores, and
// its CPU is reported on its own. The parent drives it over IPC: the webhook to deliver to, an event to send, the
// replies LINE was asked to post, the pushes it took.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { fakeLineServer } from '../apps/api/test/fakes/line-server.ts'

type Asked = { op: 'deliverTo'; url: string } | { op: 'send'; event: object } | { op: 'replies' } | { op: 'pushes' }
type Request = Asked & { id: number }
type Answer = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: string }

/** The fake LINE as the bench drives it from the parent process. */
export interface LineProcess {
  url: string
  accountLinkUrl: string
  /** The process's id, for its CPU time from /proc. */
  pid: number
  /** LINE delivers webhook events to `url` (Sanam's webhook), signed. */
  deliverTo(url: string): Promise<void>
  /** Sends an event to the webhook as LINE does. */
  send(event: object): Promise<void>
  /** The texts of the replies LINE was asked to post. */
  replies(): Promise<string[]>
  /** How many pushes LINE took. */
  pushes(): Promise<number>
  close(): Promise<void>
}

/** Starts the fake LINE (pushes counted, not kept) in a child process; resolves once it listens on 127.0.0.1. */
export async function startLineProcess(options: { channelSecret: string; quota: { limit: number | null; used: number } }): Promise<LineProcess> {
  // The parent runs under tsx: the child inherits its loader (process.execArgv) and so can run this TypeScript file.
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--line-child'], {
    env: { ...process.env, BENCH_LINE_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let next = 0
  const ready = new Promise<{ url: string; accountLinkUrl: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string; accountLinkUrl: string }))
    child.once('exit', (code) => reject(new Error(`the fake LINE's process ended (${code}) before it listened`)))
  })
  const { url, accountLinkUrl } = await ready
  child.on('message', (message) => {
    const answer = message as Answer
    const waiting = pending.get(answer.id)
    pending.delete(answer.id)
    if (answer.ok) waiting?.resolve(answer.value)
    else waiting?.reject(new Error(answer.error))
  })
  child.on('exit', () => {
    for (const waiting of pending.values()) waiting.reject(new Error("the fake LINE's process ended"))
    pending.clear()
  })
  const ask = <T>(request: Asked): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++next
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child.send({ ...request, id })
    })
  return {
    url,
    accountLinkUrl,
    pid: child.pid!,
    deliverTo: (to) => ask({ op: 'deliverTo', url: to }),
    send: (event) => ask({ op: 'send', event }),
    replies: () => ask({ op: 'replies' }),
    pushes: () => ask({ op: 'pushes' }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** The child: the fake LINE, answering the parent's requests. */
async function serveLine(): Promise<void> {
  const options = JSON.parse(process.env.BENCH_LINE_OPTIONS!) as { channelSecret: string; quota: { limit: number | null; used: number } }
  const line = await fakeLineServer({ ...options, recordPushes: false })
  const answer = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'deliverTo':
        line.deliverTo(async (body, signature) => {
          const res = await fetch(request.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-line-signature': signature }, body })
          if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`)
        })
        return undefined
      case 'send':
        return line.send(request.event)
      case 'replies':
        return line.replies()
      case 'pushes':
        return line.pushes()
    }
  }
  process.on('message', (message) => {
    const request = message as Request
    answer(request).then(
      (value) => process.send!({ id: request.id, ok: true, value } satisfies Answer),
      (error: unknown) => process.send!({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies Answer),
    )
  })
  process.on('SIGTERM', () => void line.close().then(() => process.exit(0)))
  // Ends with the bench, whatever way the bench ends.
  process.on('disconnect', () => void line.close().then(() => process.exit(0)))
  process.send!({ url: line.url, accountLinkUrl: line.accountLinkUrl })
}

if (process.argv.includes('--line-child')) await serveLine()
