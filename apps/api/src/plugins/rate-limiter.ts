import type { Clock } from '../lib/clock.ts'

export interface RateDecision {
  allowed: boolean
  count: number
  /** Milliseconds until the window resets. */
  retryAfterMs: number
}

/**
 * Fixed-window counters. `hit` counts one event and says whether it is within `limit`;
 * `peek` reads without counting (to refuse before doing expensive work); `reset` forgets a key.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>
  peek(key: string, limit: number): Promise<RateDecision>
  reset(key: string): Promise<void>
  close(): Promise<void>
}

/** One process's counters. Enough for one API process; use Redis for several. */
export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const sweep = (now: number) => {
    if (windows.size < 10_000) return
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key)
  }
  const live = (key: string, now: number) => {
    const w = windows.get(key)
    if (w && w.resetAt > now) return w
    if (w) windows.delete(key)
    return undefined
  }
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime()
      sweep(now)
      let w = live(key, now)
      if (!w) {
        w = { count: 0, resetAt: now + windowMs }
        windows.set(key, w)
      }
      w.count += 1
      return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.resetAt - now }
    },
    async peek(key, limit) {
      const now = clock.now().getTime()
      const w = live(key, now)
      const count = w?.count ?? 0
      return { allowed: count < limit, count, retryAfterMs: w ? w.resetAt - now : 0 }
    },
    async reset(key) {
      windows.delete(key)
    },
    async close() {
      windows.clear()
    },
  }
}

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
return {c, t}`

/** Counters shared by every API process through Redis (REDIS_URL). Redis keeps the time. */
export async function redisRateLimiter(url: string, prefix = 'sanam:rl:'): Promise<RateLimiter> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false })
  await redis.connect()
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number]
      return { allowed: count <= limit, count, retryAfterMs: Math.max(ttl, 0) }
    },
    async peek(key, limit) {
      const [value, ttl] = await redis.multi().get(prefix + key).pttl(prefix + key).exec().then((r) => (r ?? []).map((x) => x[1]))
      const count = Number(value ?? 0)
      return { allowed: count < limit, count, retryAfterMs: Math.max(Number(ttl ?? 0), 0) }
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
    async close() {
      await redis.quit()
    },
  }
}
