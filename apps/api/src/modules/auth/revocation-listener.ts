// The revocation listener: how sessions other processes ended reach this process's session cache (ADR 010, ADR 020).
import type { ClientConfig } from 'pg'
import type { Db } from '../../db/client.ts'
import { parseRevocation, SESSION_REVOKED_CHANNEL, type SessionCache, type SessionRevocation } from '../../lib/session-cache.ts'

/** The part of a node-postgres Client the listener uses. */
export interface ListenClient {
  connect(): Promise<unknown>
  query(text: string): Promise<unknown>
  end(): Promise<unknown>
  on(event: 'notification', listener: (message: { channel: string; payload?: string | undefined }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'end', listener: () => void): unknown
}

export type ListenerEvent = { type: 'online' } | { type: 'offline'; error: unknown } | { type: 'revoked'; revocation: SessionRevocation }

interface ListenerLog {
  info(message: string): void
  warn(details: object, message: string): void
}

/** How long closing a lost connection may take before we stop waiting for it. */
const END_WAIT_MS = 2_000

/** Waits for `work` (its failure ignored), but no longer than `ms`. */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms)
    timer.unref()
  })
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    late,
  ])
  clearTimeout(timer)
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref()
  })

/**
 * Keeps a dedicated connection LISTENing on SESSION_REVOKED_CHANNEL and evicts what other processes revoke.
 * The cache serves only while the listener is connected: when the connection is lost (or a health check fails)
 * the cache is cleared and bypassed, and the listener reconnects with exponential backoff; back online it starts
 * from an empty cache, since notifications sent meanwhile are gone.
 */
export function listenForRevocations(deps: {
  cache: Pick<SessionCache, 'evict' | 'setOnline'>
  /** A new, unconnected client; the listener connects and ends it. */
  createClient: () => ListenClient
  log: ListenerLog
  /** First and longest wait between reconnection attempts. */
  retryMs?: { first: number; max: number }
  /** How often the connection is checked with a trivial query, and how long that query may take. */
  healthCheck?: { everyMs: number; timeoutMs: number }
  sleep?: (ms: number) => Promise<void>
}) {
  const retry = deps.retryMs ?? { first: 500, max: 15_000 }
  const health = deps.healthCheck ?? { everyMs: 10_000, timeoutMs: 5_000 }
  const sleep = deps.sleep ?? delay
  const subscribers = new Set<(event: ListenerEvent) => void>()
  let online = false
  let closed = false
  let signalClose: () => void = () => undefined
  const closing = new Promise<'closed'>((resolve) => {
    signalClose = () => resolve('closed')
  })
  let signalStarted: () => void = () => undefined
  const started = new Promise<void>((resolve) => {
    signalStarted = resolve
  })

  const emit = (event: ListenerEvent) => {
    for (const subscriber of [...subscribers]) subscriber(event)
  }

  function apply(payload: string | undefined) {
    const revocation = parseRevocation(payload)
    if (!revocation) {
      deps.log.warn({ payload }, 'ignored a malformed session revocation')
      return
    }
    deps.cache.evict(revocation)
    emit({ type: 'revoked', revocation })
  }

  /** Resolves with the reason when a periodic trivial query fails or takes too long. */
  function watch(client: ListenClient, stop: Promise<unknown>): Promise<unknown> {
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        let timeout: NodeJS.Timeout | undefined
        const late = new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('session listener health check timed out')), health.timeoutMs)
          timeout.unref()
        })
        Promise.race([client.query('select 1'), late])
          .catch(resolve)
          .finally(() => clearTimeout(timeout))
      }, health.everyMs)
      timer.unref()
      void stop.finally(() => clearInterval(timer))
    })
  }

  async function run() {
    for (let failures = 0; !closed;) {
      const client = deps.createClient()
      // Handlers first: an 'error' event with no handler would crash the process.
      const lost = new Promise<unknown>((resolve) => {
        client.on('error', resolve)
        client.on('end', () => resolve(new Error('session listener connection ended')))
      })
      client.on('notification', (message) => {
        if (message.channel === SESSION_REVOKED_CHANNEL) apply(message.payload)
      })
      const connected = (async () => {
        await client.connect()
        await client.query(`LISTEN ${SESSION_REVOKED_CHANNEL}`)
      })()
      // Settled as values, never rejections: whichever loses the race must not become an unhandled rejection.
      const outcome = await Promise.race([
        connected.then(
          () => ({ listening: true as const }),
          (error: unknown) => ({ listening: false as const, error }),
        ),
        lost.then((error) => ({ listening: false as const, error })),
        closing.then(() => ({ listening: false as const, error: undefined })),
      ])
      let reason = outcome.listening ? undefined : outcome.error
      if (outcome.listening) {
        // Whatever was cached before this moment may have missed a revocation: start empty.
        deps.cache.setOnline(true)
        online = true
        if (failures > 0) deps.log.info('session revocation listener reconnected; the session cache serves again')
        failures = 0
        emit({ type: 'online' })
        signalStarted()
        const done = Promise.race([lost, closing])
        reason = await Promise.race([done, watch(client, done)])
      }
      if (online) deps.cache.setOnline(false)
      online = false
      await atMost(client.end(), END_WAIT_MS)
      if (closed) break
      failures++
      deps.log.warn({ err: reason }, 'session revocation listener lost; the session cache is bypassed until it reconnects')
      emit({ type: 'offline', error: reason })
      signalStarted()
      await Promise.race([sleep(Math.min(retry.max, retry.first * 2 ** Math.min(failures - 1, 16))), closing])
    }
  }

  const running = run()

  return {
    /** Settles once the first connection attempt succeeded or failed; buildApp waits for it. */
    started,
    get online() {
      return online
    },
    /** Calls `fn` for every event; returns the unsubscribe function. */
    subscribe(fn: (event: ListenerEvent) => void): () => void {
      subscribers.add(fn)
      return () => subscribers.delete(fn)
    },
    /** The next event of a type (subscribe before causing it); rejects after `timeoutMs`. */
    next<T extends ListenerEvent['type']>(type: T, timeoutMs = 10_000): Promise<Extract<ListenerEvent, { type: T }>> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          subscribers.delete(on)
          reject(new Error(`no ${type} event within ${timeoutMs} ms`))
        }, timeoutMs)
        const on = (event: ListenerEvent) => {
          if (event.type !== type) return
          clearTimeout(timer)
          subscribers.delete(on)
          resolve(event as Extract<ListenerEvent, { type: T }>)
        }
        subscribers.add(on)
      })
    },
    async close(): Promise<void> {
      closed = true
      signalClose()
      await running
      subscribers.clear()
    },
  }
}
export type RevocationListener = ReturnType<typeof listenForRevocations>

/**
 * The LISTEN client factory for the app's PostgreSQL pool: a connection of its own with the pool's settings (not one
 * of the pool's, so a busy pool never delays a reconnection, and the pool keeps its full size).
 */
export async function postgresListenClient(db: Db): Promise<() => ListenClient> {
  const { default: pg } = await import('pg')
  const pool = (db as unknown as { $client?: { options?: object } }).$client
  if (!pool?.options) throw new Error('the session listener needs the node-postgres pool behind the database')
  const settings = pool.options as ClientConfig
  return () => new pg.Client({ ...settings, application_name: 'sanam-session-listener', keepAlive: true })
}
