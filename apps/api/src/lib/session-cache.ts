// The player session cache and how revocations reach it (docs/decisions/010-session-cache.md).
import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Db } from '../db/client.ts'
import type { Clock } from './clock.ts'
import type { NotificationChannel } from './notification-listener.ts'

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
  /** since + TTL, or the session's expiry when that comes first: lru-cache drops it after, the check refuses it at. */
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
  /** Token hash → session: least recently used out first past `maxEntries`, each entry dropped at its own TTL. */
  const entries = new LRUCache<string, Entry>({
    max: Math.max(maxEntries, 1),
    // Time is the injected clock's, read on every check (no coarser resolution), so tests move it by hand.
    perf: { now: () => clock.now().getTime() },
    ttlResolution: 0,
    // However an entry goes (evicted, expired, deleted, replaced), its player's index forgets it.
    dispose: (entry, key) => {
      const keys = byPlayer.get(entry.playerId)
      keys?.delete(key)
      if (keys?.size === 0) byPlayer.delete(entry.playerId)
    },
  })
  const byPlayer = new Map<number, Set<string>>()
  /** Bumped by every eviction: a fill that read the database before it might carry what was just revoked. */
  let generation = 0
  let online = !broadcast
  /** Told of every revocation, whether this process made it or heard it from another (the live balance streams). */
  const evictionListeners = new Set<(revocation: SessionRevocation) => void>()

  const keyOf = (tokenHash: Buffer) => tokenHash.toString('base64')

  /** lru-cache frees an entry once its TTL has passed; live() also refuses it at that very millisecond, when idle, or read "in the future". */
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
        entries.delete(key)
        return undefined
      }
      return entry
    },

    /** Like get, without touching recency or expiring anything (tests, diagnostics). */
    peek(tokenHash: Buffer): CachedSession | undefined {
      const entry = entries.peek(keyOf(tokenHash))
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
      entries.delete(key)
      const entry: Entry = {
        key,
        playerId: session.playerId,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
        lastSeenAt: session.lastSeenAt,
        since: now,
        until,
      }
      entries.set(key, entry, { ttl: until - now })
      let keys = byPlayer.get(entry.playerId)
      if (!keys) byPlayer.set(entry.playerId, (keys = new Set()))
      keys.add(key)
      return true
    },

    /** Records that the session was used at `at` (after the database was told), so it stays served while in use. */
    seen(tokenHash: Buffer, at: Date): void {
      const entry = entries.peek(keyOf(tokenHash))
      if (entry && entry.lastSeenAt < at) entry.lastSeenAt = at
    },

    /** Forgets one session, or every session of a player. Synchronous: the next request reads the database. */
    evict(revocation: SessionRevocation): void {
      generation++
      const keys = byPlayer.get(revocation.playerId)
      for (const key of keys ? [...keys] : []) {
        const entry = entries.peek(key, { allowStale: true })
        if (entry && (revocation.sessionId === undefined || entry.sessionId === revocation.sessionId)) entries.delete(key)
      }
      for (const listener of [...evictionListeners]) listener(revocation)
    },

    /**
     * Calls `fn` after every `evict` (a revocation made here, or heard from another process), cached or not, even
     * when the cache is off; answers the function that stops it.
     */
    onEvict(fn: (revocation: SessionRevocation) => void): () => void {
      evictionListeners.add(fn)
      return () => evictionListeners.delete(fn)
    },

    clear(): void {
      generation++
      entries.clear()
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

/** The session cache as a channel of the notification listener: what other processes revoke is evicted here. */
export function revocationChannel(cache: Pick<SessionCache, 'evict' | 'setOnline'>): NotificationChannel<SessionRevocation> {
  return {
    channel: SESSION_REVOKED_CHANNEL,
    apply(payload) {
      const revocation = parseRevocation(payload)
      if (revocation) cache.evict(revocation)
      return revocation ?? undefined
    },
    setOnline: (online) => cache.setOnline(online),
  }
}
