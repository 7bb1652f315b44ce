// The notification listener: how what other processes changed reaches this process's in-memory copies (ADR 010,
// ADR 020, ADR 044): sessions they ended (the session cache), the referral plan they applied (the plan service).
import type { ClientConfig } from 'pg'
import type { Db } from '../db/client.ts'

/** The part of a node-postgres Client the listener uses. */
export interface ListenClient {
  connect(): Promise<unknown>
  query(text: string): Promise<unknown>
  end(): Promise<unknown>
  on(event: 'notification', listener: (message: { channel: string; payload?: string | undefined }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'end', listener: () => void): unknown
}

/**
 * One PostgreSQL channel the listener carries, and the in-memory copy it keeps true. `apply` takes a payload another
 * process sent and answers what it did (undefined: not one of ours, ignored with a warning). `setOnline(false)` is
 * called whenever notifications may be missed (not yet connected, connection lost): the copy must then stop trusting
 * itself; `setOnline(true)` once every later notification will arrive (what was sent meanwhile is gone).
 */
export interface NotificationChannel<T = unknown> {
  channel: string
  apply(payload: string | undefined): T | undefined
  setOnline(online: boolean): void
}

export type ListenerEvent = { type: 'online' } | { type: 'offline'; error: unknown } | { type: 'notified'; channel: string; detail: unknown }

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
 * Keeps one dedicated connection LISTENing on every channel given and applies what other processes announce.
 * Each channel's copy serves only while the listener is connected: when the connection is lost (or a health check
 * fails) every channel is set offline (its copy cleared and bypassed), and the listener reconnects with exponential
 * backoff; back online each starts afresh, since notifications sent meanwhile are gone.
 */
export function listenForNotifications(deps: {
  channels: NotificationChannel[]
  /** A new, unconnected client; the listener connects and ends it. */
  createClient: () => ListenClient
  log: ListenerLog
  /** First and longest wait between reconnection attempts. */
  retryMs?: { first: number; max: number }
  /** How often the connection is checked with a trivial query, and how long that query may take. */
  healthCheck?: { everyMs: number; timeoutMs: number }
  sleep?: (ms: number) => Promise<void>
}) {
  // At most 2 s: after a failover (ADR 054) the caches stay bypassed until the listener is back, so it must find the
  // new primary within seconds of it serving; one connection attempt every 2 s per process costs the database nothing.
  const retry = deps.retryMs ?? { first: 500, max: 2_000 }
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

  const byName = new Map(deps.channels.map((c) => [c.channel, c]))
  const setOnline = (value: boolean) => {
    for (const c of deps.channels) c.setOnline(value)
  }

  function apply(channel: NotificationChannel, payload: string | undefined) {
    const detail = channel.apply(payload)
    if (detail === undefined) {
      deps.log.warn({ channel: channel.channel, payload }, 'ignored a malformed notification')
      return
    }
    emit({ type: 'notified', channel: channel.channel, detail })
  }

  /** Resolves with the reason when a periodic trivial query fails or takes too long. */
  function watch(client: ListenClient, stop: Promise<unknown>): Promise<unknown> {
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        let timeout: NodeJS.Timeout | undefined
        const late = new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('notification listener health check timed out')), health.timeoutMs)
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
        client.on('end', () => resolve(new Error('notification listener connection ended')))
      })
      client.on('notification', (message) => {
        const channel = byName.get(message.channel)
        if (channel) apply(channel, message.payload)
      })
      const connected = (async () => {
        await client.connect()
        for (const c of deps.channels) await client.query(`LISTEN ${c.channel}`)
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
        // Whatever was kept before this moment may have missed a notification: start afresh.
        setOnline(true)
        online = true
        if (failures > 0) deps.log.info('notification listener reconnected; the in-memory copies serve again')
        failures = 0
        emit({ type: 'online' })
        signalStarted()
        const done = Promise.race([lost, closing])
        reason = await Promise.race([done, watch(client, done)])
      }
      if (online) setOnline(false)
      online = false
      await atMost(client.end(), END_WAIT_MS)
      if (closed) break
      failures++
      deps.log.warn({ err: reason }, 'notification listener lost; the session cache and the plan are bypassed until it reconnects')
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
export type NotificationListener = ReturnType<typeof listenForNotifications>

/**
 * The LISTEN client factory for the app's PostgreSQL pool: a connection of its own with the pool's settings (not one
 * of the pool's, so a busy pool never delays a reconnection, and the pool keeps its full size), of the pool's own
 * connection class, so it goes where the pool's connections go: the primary of the servers listed (ADR 054), which is
 * the only one a NOTIFY reaches.
 */
export function postgresListenClient(db: Db): () => ListenClient {
  const pool = (db as unknown as { $client?: { options?: object; Client?: new (config: ClientConfig) => ListenClient } }).$client
  const Client = pool?.Client
  if (!pool?.options || !Client) throw new Error('the notification listener needs the node-postgres pool behind the database')
  const settings = pool.options as ClientConfig
  return () => new Client({ ...settings, application_name: 'sanam-listener', keepAlive: true })
}
