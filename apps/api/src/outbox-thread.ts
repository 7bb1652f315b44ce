import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parentPort } from 'node:worker_threads'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { OUTBOX_THREAD_CONNECTIONS } from './db/connection-budget.ts'
import { systemClock } from './lib/clock.ts'
import { memoryRateLimiter } from './lib/rate-limiter.ts'
import { OUTBOX_EVERY_MS, OUTBOX_LINGER_MS, startOutboxWorker } from './modules/outbox/worker.ts'
import type { SmsSender } from './modules/sms/sms.ts'
import { buildServices, type ServiceLog } from './services.ts'
import { threadError, type FromOutboxThread, type ToOutboxThread } from './outbox-thread-host.ts'

// The outbox's worker in a thread of its own (ADR 101), started by the server on PostgreSQL (outbox-thread-host.ts):
// the same services as the server's, built from the same environment on a pool of its own, of which it runs only the
// outbox's passes. Nothing here listens or serves; it ends when told to stop.


const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

if (!parentPort) throw new Error('outbox-thread.ts runs as a worker thread of the server (outbox-thread-host.ts)')
const parent = parentPort
const tell = (message: FromOutboxThread) => parent.postMessage(message)

const log: ServiceLog & { error(details: object, message: string, error?: unknown): void } = {
  info: (details: object | string, message?: string) =>
    typeof details === 'string'
      ? tell({ type: 'log', level: 'info', details: {}, message: details })
      : tell({ type: 'log', level: 'info', details, message: message ?? '' }),
  warn: (details, message) => tell({ type: 'log', level: 'warn', details, message }),
  error: (details, message, error) => tell({ type: 'log', level: 'error', details, message, ...(error === undefined ? {} : { error: threadError(error) }) }),
}

try {
  const config = loadConfig()
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    readReplicaUrl: undefined,
    dataDir: path.resolve(root, config.DATA_DIR),
    pool: {
      max: OUTBOX_THREAD_CONNECTIONS,
      waitMs: config.DB_POOL_WAIT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      applicationName: 'sanam-outbox',
    },
  })
  // The console sender's texts belong to the server's thread, where GET /api/dev/sms reads them and its log writes them.
  const consoleSms: SmsSender | undefined =
    config.SMS_PROVIDER === 'console'
      ? {
          name: 'console',
          send: async (message) => tell({ type: 'console-sms', message }),
        }
      : undefined
  const { services, closeIntegrations } = await buildServices({
    config,
    database,
    clock: systemClock,
    limiter: memoryRateLimiter(systemClock),
    log,
    loadDemoProvider: false,
    ...(consoleSms ? { sms: consoleSms } : {}),
  })
  const wakes = new Set<() => void>()
  const stopWorker = startOutboxWorker(
    {
      runOnce: services.outbox.runOnce,
      batch: services.outbox.batch,
      // Woken by the server's thread (its requests' commits) and by this thread's own (an alert a pass raised).
      onEnqueued: (wake) => {
        wakes.add(wake)
        const own = services.outbox.onEnqueued(wake)
        return () => {
          wakes.delete(wake)
          own()
        }
      },
    },
    { everyMs: OUTBOX_EVERY_MS, lingerMs: OUTBOX_LINGER_MS, onError: (error) => log.error({}, 'outbox pass failed', error) },
  )
  let stopping: Promise<void> | undefined
  const stop = () =>
    (stopping ??= (async () => {
      await stopWorker()
      closeIntegrations()
      await database.close()
      tell({ type: 'stopped' })
      parent.close()
    })())
  parent.on('message', (message: ToOutboxThread) => {
    if (message.type === 'wake') wakes.forEach((wake) => wake())
    else void stop()
  })
  tell({ type: 'ready' })
} catch (error) {
  tell({ type: 'failed', error: threadError(error) })
  parent.close()
}
