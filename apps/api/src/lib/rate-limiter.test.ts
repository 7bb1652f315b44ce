import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { manualClock } from './clock.ts'
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter.ts'

describe('memoryRateLimiter', () => {
  it('allows `limit` hits per window, then refuses until the window ends', async () => {
    const clock = manualClock()
    const limiter = memoryRateLimiter(clock)
    for (let i = 1; i <= 3; i++) expect((await limiter.hit('k', 3, 60_000)).allowed).toBe(true)
    const fourth = await limiter.hit('k', 3, 60_000)
    expect(fourth).toMatchObject({ allowed: false, count: 4, retryAfterMs: 60_000 })
    expect((await limiter.hit('other', 3, 60_000)).allowed).toBe(true)
    clock.advance(30_000)
    expect((await limiter.peek('k', 3)).retryAfterMs).toBe(30_000)
    clock.advance(30_000)
    expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ allowed: true, count: 1 })
  })

  it('peeks without counting and forgets a key on reset', async () => {
    const limiter = memoryRateLimiter(manualClock())
    expect((await limiter.peek('k', 1)).allowed).toBe(true)
    await limiter.hit('k', 1, 1000)
    expect((await limiter.peek('k', 1)).allowed).toBe(false)
    expect((await limiter.peek('k', 1)).count).toBe(1)
    await limiter.reset('k')
    expect((await limiter.peek('k', 1)).allowed).toBe(true)
  })
})

// Redis shares counters between API processes; tested against the local server when TEST_REDIS_URL is set.
const redisUrl = process.env.TEST_REDIS_URL
describe.runIf(redisUrl)('redisRateLimiter', () => {
  const limiters: RateLimiter[] = []
  afterAll(async () => {
    for (const l of limiters) await l.close()
  })

  it('counts across two clients of the same server and resets', async () => {
    const prefix = `sanam:test:${randomBytes(4).toString('hex')}:`
    const a = await redisRateLimiter(redisUrl!, prefix)
    const b = await redisRateLimiter(redisUrl!, prefix)
    limiters.push(a, b)
    expect((await a.hit('ip', 2, 60_000)).allowed).toBe(true)
    expect((await b.hit('ip', 2, 60_000)).allowed).toBe(true)
    const third = await a.hit('ip', 2, 60_000)
    expect(third.allowed).toBe(false)
    expect(third.retryAfterMs).toBeGreaterThan(0)
    expect(third.retryAfterMs).toBeLessThanOrEqual(60_000)
    expect(await b.peek('ip', 2)).toMatchObject({ allowed: false, count: 3 })
    await b.reset('ip')
    expect(await a.peek('ip', 2)).toMatchObject({ allowed: true, count: 0 })
  })
})
