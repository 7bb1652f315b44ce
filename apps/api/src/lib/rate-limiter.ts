import { LRUCache } from 'lru-cache'
import type { Pool } from 'pg'
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterStoreAbstract } from 'rate-limiter-flexible'
import type { Clock } from './clock.ts'

export interface RateDecision {
  allowed: boolean
  count: number
  /** Milliseconds until the window resets. */
  retryAfterMs: number
}

/**
 * Fixed-window counters. `hit` counts one event and says whether it is within `limit`;
 * `peek` reads without counting (to refuse before doing expensive work); `reset` forgets a key;
 * `reward` takes one count back (an attempt counted before it was checked that turned out to be no failure).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>
  peek(key: string, limit: number): Promise<RateDecision>
  reset(key: string): Promise<void>
  reward(key: string): Promise<void>
  close(): Promise<void>
}

/** Keys an API process keeps counting at once; past it the least recently hit go first (a flood of addresses). */
const MEMORY_KEYS = 100_000

/**
 * One process's counters (enough for one API process; several use Redis): fixed windows kept in lru-cache, each key
 * dropped when its window ends, on the app's injected clock so tests move time by hand (ADR 021).
 */
export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new LRUCache<string, { count: number }>({ max: MEMORY_KEYS, ttlResolution: 0, perf: { now: () => clock.now().getTime() } })
  // lru-cache keeps an entry through its last TTL millisecond; a window is over at that millisecond, as in Redis.
  const remainingMs = (key: string) => (windows.has(key) ? windows.getRemainingTTL(key) : 0)
  const live = (key: string) => (remainingMs(key) > 0 ? windows.get(key) : undefined)
  return {
    async hit(key, limit, windowMs) {
      let w = live(key)
      if (!w) windows.set(key, (w = { count: 0 }), { ttl: windowMs })
      w.count += 1
      return { allowed: w.count <= limit, count: w.count, retryAfterMs: remainingMs(key) }
    },
    async peek(key, limit) {
      const count = live(key)?.count ?? 0
      return { allowed: count < limit, count, retryAfterMs: count ? remainingMs(key) : 0 }
    },
    async reset(key) {
      windows.delete(key)
    },
    async reward(key) {
      const w = live(key)
      if (w && w.count > 0) w.count -= 1
    },
    async close() {
      windows.clear()
    },
  }
}

/**
 * Counters shared by every API process through Redis (REDIS_URL), on rate-limiter-flexible's RateLimiterRedis (an
 * atomic increment with the window's expiry; Redis keeps the time). Callers pass the window per call, so there is one
 * limiter per window length over the same keys; counting never refuses by itself (the caller compares with its limit).
 */
export async function redisRateLimiter(url: string, prefix = 'sanam:rl'): Promise<RateLimiter> {
  const { Redis } = await import('ioredis')
  // No offline queue: a refused call fails at once rather than waiting for a reconnection (rate-limiter-flexible's advice).
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false })
  await redis.connect()
  return storeRateLimiter(
    (duration) => new RateLimiterRedis({ storeClient: redis, keyPrefix: prefix, points: Number.MAX_SAFE_INTEGER, duration }),
    async () => {
      await redis.quit()
    },
  )
}

/**
 * The port over rate-limiter-flexible limiters of one store: one limiter per window length (callers pass the window per
 * call), all over the same keys, counting without refusing by itself (the caller compares with its limit).
 */
function storeRateLimiter(make: (durationSeconds: number) => RateLimiterStoreAbstract, close: () => Promise<void>): RateLimiter {
  const byWindow = new Map<number, RateLimiterStoreAbstract>()
  const limiterFor = (windowMs: number) => {
    let limiter = byWindow.get(windowMs)
    if (!limiter) {
      limiter = make(Math.max(1, Math.ceil(windowMs / 1000)))
      byWindow.set(windowMs, limiter)
    }
    return limiter
  }
  // Reads and deletes do not depend on the window length: any limiter over the keys will do.
  const anyLimiter = limiterFor(60_000)
  return {
    async hit(key, limit, windowMs) {
      const res = await limiterFor(windowMs).consume(key)
      return { allowed: res.consumedPoints <= limit, count: res.consumedPoints, retryAfterMs: Math.max(res.msBeforeNext, 0) }
    },
    async peek(key, limit) {
      const res = await anyLimiter.get(key)
      const count = res?.consumedPoints ?? 0
      return { allowed: count < limit, count, retryAfterMs: Math.max(res?.msBeforeNext ?? 0, 0) }
    },
    async reset(key) {
      await anyLimiter.delete(key)
    },
    async reward(key) {
      // Only a live window: taking a count back from a window that ended would open a new one below zero.
      if ((await anyLimiter.get(key))?.consumedPoints) await anyLimiter.reward(key, 1)
    },
    close,
  }
}

/**
 * Counters shared by every API process through PostgreSQL when there is no Redis (ADR 067), on rate-limiter-flexible's
 * RateLimiterPostgres over the app's own pool: one atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` per hit, so a
 * parallel burst from several machines cannot exceed a limit. The table is migration 0028's (`rate_limits`): the
 * library is told it exists and never creates it (the runtime role may not, ADR 037). A database that does not answer
 * makes `hit` fail, and the request with it (fail closed: no sign-in is let through uncounted). Windows end on the
 * app's wall clock (the library reads Date.now()), which is why tests move time on the memory adapter instead.
 */
export function postgresRateLimiter(pool: Pool, tableName = 'rate_limits', prefix = 'sanam:rl'): RateLimiter {
  let first = true
  return storeRateLimiter(
    (duration) => {
      // One limiter sweeps the rows an hour past their window (every 5 minutes, unref'd); the others need not.
      const clearExpiredByTimeout = first
      first = false
      return new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName,
        tableCreated: true,
        clearExpiredByTimeout,
        keyPrefix: prefix,
        points: Number.MAX_SAFE_INTEGER,
        duration,
      })
    },
    // The pool is the app's: the database closes it.
    async () => undefined,
  )
}
