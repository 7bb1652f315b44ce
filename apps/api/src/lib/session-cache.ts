// The player session cache and how revocations reach it (docs/decisions/010-session-cache.md).
import { sql } from 'drizzle-orm'
import type { ClientConfig } from 'pg'
import type { Db } from '../db/client.ts'
import type { Clock } from './clock.ts'

/** The PostgreSQL channel on which a process tells every other one that sessions ended. */
export const SESSION_REVOKED_CHANNEL = 'sanam_session_revoked'

/** Entries kept at most: about 40 MB at the worst, and far more live players than one process serves. */
export const SESSION_CACHE_ENTRIES = 100_000

/** What ended: one session of a player, or (no sessionId) every session of the player and anything cached about them. */
export interface SessionRevocation {
  playerId: number
  sessionId?: number
}

/** A live session of an active (not locked) player, as the cache answers it. */
export interface CachedSession {
  playerId: number
  sessionId: number
  /** The session's own expiry: the entry never outlives it. */
  expiresAt: Date
  /** When the session was last used, as far as this process knows: the entry is not served once it is idle. */
  lastSeenAt: Date
}

interface Entry extends CachedSession {
  key: string
  /** When it was read from the database; an entry "from the future" (the clock went back) is not trusted. */
  since: number
  /** since + TTL, or the session's expiry when that comes first. */
  until: number
}

/** The payload of a NOTIFY on SESSION_REVOKED_CHANNEL; null when it is not one of ours. */
export function parseRevocation(payload: string | undefined): SessionRevocation | null {
  if (!payload) return null
  try {
    const value = JSON.parse(payload) as { playerId?: unknown; sessionId?: unknown }
    if (!Number.isSafeInteger(value.playerId)) return null
    const playerId = value.playerId as number
    if (value.sessionId === undefined) return { playerId }
    return Number.isSafeInteger(value.sessionId) ? { playerId, sessionId: value.sessionId as number } : null
  } catch {
    return null
  }
}

/**
 * An in-process cache of token hash → live session, so an authenticated request does not read the sessions table
 * every time. Bounded (least recently used out first), each entry kept at most `ttlSeconds` and never past the
 * session's expiry, and never served once the session is idle (`idleSeconds` since it was last seen, as this process
 * knows it: another process may have seen it later, so an idle entry only sends the request to the database).
 * `ttlSeconds` 0 turns it off. Only positive answers are kept.
 *
 * Revocation: the code that ends sessions calls `announce(tx, ...)` inside its transaction (PostgreSQL delivers the
 * NOTIFY to every process at commit) and `evict(...)` once it committed. With `broadcast` (PostgreSQL) the cache
 * starts offline and serves nothing until the revocation listener says it hears every other process.
 */
export function createSessionCache(options: { clock: Clock; ttlSeconds: number; idleSeconds?: number; maxEntries?: number; broadcast?: boolean }) {
  const { clock } = options
  const ttlMs = options.ttlSeconds * 1000
  const idleMs = options.idleSeconds === undefined ? Infinity : options.idleSeconds * 1000
  const maxEntries = options.maxEntries ?? SESSION_CACHE_ENTRIES
  const broadcast = options.broadcast ?? false
  const enabled = ttlMs > 0 && maxEntries > 0
  /** Insertion order is recency order: a hit moves its entry to the end, the first entry is the one to drop. */
  const entries = new Map<string, Entry>()
  const byPlayer = new Map<number, Set<string>>()
  /** Bumped by every eviction: a fill that read the database before it might carry what was just revoked. */
  let generation = 0
  let online = !broadcast

  const keyOf = (tokenHash: Buffer) => tokenHash.toString('base64')

  function drop(entry: Entry) {
    entries.delete(entry.key)
    const keys = byPlayer.get(entry.playerId)
    keys?.delete(entry.key)
    if (keys?.size === 0) byPlayer.delete(entry.playerId)
  }

  function live(entry: Entry, now: number) {
    return entry.since <= now && now < entry.until && now < entry.lastSeenAt.getTime() + idleMs
  }

  const cache = {
    /** False when SESSION_CACHE_SECONDS is 0: nothing is ever kept. */
    enabled,
    /** True when this process must tell others about revocations (PostgreSQL). */
    broadcast,
    get size() {
      return entries.size
    },
    /** False while revocations from other processes may go unheard: then it neither answers nor keeps anything. */
    get online() {
      return online
    },

    /** The cached session for a token hash, or undefined (not cached, expired, or the cache is offline). */
    get(tokenHash: Buffer): CachedSession | undefined {
      if (!enabled || !online) return undefined
      const key = keyOf(tokenHash)
      const entry = entries.get(key)
      if (!entry) return undefined
      if (!live(entry, clock.now().getTime())) {
        drop(entry)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return entry
    },

    /** Like get, without touching recency or expiring anything (tests, diagnostics). */
    peek(tokenHash: Buffer): CachedSession | undefined {
      const entry = entries.get(keyOf(tokenHash))
      return entry && online && live(entry, clock.now().getTime()) ? entry : undefined
    },

    /** Take one before reading a session from the database, and hand it to set(). */
    ticket(): number {
      return generation
    },

    /**
     * Keeps a session read from the database. Refused (false) when anything was evicted since `ticket` was taken,
     * since that eviction may be of this very session and the read may have seen it just before it ended.
     */
    set(tokenHash: Buffer, session: CachedSession, ticket: number): boolean {
      if (!enabled || !online || ticket !== generation) return false
      const now = clock.now().getTime()
      const until = Math.min(now + ttlMs, session.expiresAt.getTime())
      if (until <= now) return false
      const key = keyOf(tokenHash)
      const previous = entries.get(key)
      if (previous) drop(previous)
      while (entries.size >= maxEntries) {
        const oldest = entries.values().next().value
        if (!oldest) break
        drop(oldest)
      }
      const entry: Entry = { key, playerId: session.playerId, sessionId: session.sessionId, expiresAt: session.expiresAt, lastSeenAt: session.lastSeenAt, since: now, until }
      entries.set(key, entry)
      let keys = byPlayer.get(entry.playerId)
      if (!keys) byPlayer.set(entry.playerId, (keys = new Set()))
      keys.add(key)
      return true
    },

    /** Records that the session was used at `at` (after the database was told), so it stays served while in use. */
    seen(tokenHash: Buffer, at: Date): void {
      const entry = entries.get(keyOf(tokenHash))
      if (entry && entry.lastSeenAt < at) entry.lastSeenAt = at
    },

    /** Forgets one session, or every session of a player. Synchronous: the next request reads the database. */
    evict(revocation: SessionRevocation): void {
      generation++
      const keys = byPlayer.get(revocation.playerId)
      if (!keys) return
      for (const key of [...keys]) {
        const entry = entries.get(key)
        if (entry && (revocation.sessionId === undefined || entry.sessionId === revocation.sessionId)) drop(entry)
      }
    },

    clear(): void {
      generation++
      entries.clear()
      byPlayer.clear()
    },

    /** Set by the revocation listener: offline, everything is forgotten and the database answers every request. */
    setOnline(value: boolean): void {
      online = value
      cache.clear()
    },

    /**
     * Inside the transaction that ends sessions or changes a player's status: tells every other process, which hears
     * it when (and only if) the transaction commits. A no-op on the embedded database (one process).
     */
    async announce(tx: Db, revocation: SessionRevocation): Promise<void> {
      if (!broadcast) return
      await tx.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${JSON.stringify(revocation)})`)
    },

    /**
     * The one call for a change to a player that is already committed (a future lock from the back-office, an
     * operator tool): forgets the player here and tells every other process. Prefer announce() inside the
     * transaction plus evict() after it when you own the transaction: nothing is then lost if the process dies
     * between the commit and this call (which would leave other processes stale for up to the TTL).
     */
    async evictPlayer(db: Db, playerId: number): Promise<void> {
      cache.evict({ playerId })
      await cache.announce(db, { playerId })
    },
  }
  return cache
}
export type SessionCache = ReturnType<typeof createSessionCache>

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
  await Promise.race([work.then(() => undefined, () => undefined), late])
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
    for (let failures = 0; !closed; ) {
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
