import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { redisRateLimiter, type RateLimiter } from '../../lib/rate-limiter.ts'
import { OPERATOR_FAIL_LIMIT, OPERATOR_FAIL_LIMIT_PER_ADDRESS } from '../operator-sign-in/operator-sign-in.service.ts'
import { argon2Hasher, type PasswordHasher } from './password.ts'
import { OPERATOR_PASSWORD } from '../../../test/operators.ts'

/** A fast hasher (argon2 for hashes it did not make), counting how many passwords it was asked to check. */
function countingHasher() {
  const counter = { verified: 0 }
  const hasher: PasswordHasher = {
    hash: async (password) => `fake:${password}`,
    async verify(hash, password) {
      counter.verified++
      return hash.startsWith('fake:') ? hash === `fake:${password}` : argon2Hasher.verify(hash, password)
    },
  }
  return { hasher, counter }
}

async function appWith(options: { config?: Record<string, string>; limiter?: RateLimiter } = {}) {
  const { hasher, counter } = countingHasher()
  const t = await buildTestApp({ config: options.config ?? {}, deps: { hasher, ...(options.limiter ? { limiter: options.limiter } : {}) } })
  await t.services.operators.ensureFirstOwner('admin', OPERATOR_PASSWORD)
  return { t, counter }
}

const playerLogin = (t: TestApp, mobile: string, password: string, from?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile, password }, headers: from ? { 'x-forwarded-for': from } : {} })
const operatorLogin = (t: TestApp, username: string, password: string, from?: string) =>
  t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username, password }, headers: from ? { 'x-forwarded-for': from } : {} })

/** Fires `n` requests at once and tallies the status codes. */
async function burst(n: number, send: (i: number) => ReturnType<typeof playerLogin>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)))
  const tally: Record<number, number> = {}
  for (const a of answers) tally[a.statusCode] = (tally[a.statusCode] ?? 0) + 1
  return tally
}

/** Issue 10 §2: an attempt is counted before the password is checked, so a parallel burst gets no more checks in. */
function burstTests(name: string, limiterFor: () => Promise<RateLimiter | undefined>, more?: (app: () => TestApp) => void) {
  describe(`a parallel burst of wrong passwords (${name})`, () => {
    let t: TestApp
    let counter: { verified: number }
    let limiter: RateLimiter | undefined
    beforeAll(async () => {
      limiter = await limiterFor()
      ;({ t, counter } = await appWith(limiter ? { limiter } : {}))
    })
    afterAll(async () => {
      await t.close()
      await limiter?.close()
    })

    it('player: 30 at once against a limit of 10 check at most 10 passwords', async () => {
      const player = await makePlayer(t.db)
      counter.verified = 0
      const tally = await burst(30, () => playerLogin(t, player.mobile, 'wrong-guess'))
      expect(counter.verified).toBe(10)
      expect(tally).toEqual({ 401: 10, 429: 20 })
      // Even the right password waits for the window now.
      expect((await playerLogin(t, player.mobile, player.password)).statusCode).toBe(429)
    })

    it(`operator: 30 at once against a limit of ${OPERATOR_FAIL_LIMIT} check at most ${OPERATOR_FAIL_LIMIT} passwords`, async () => {
      counter.verified = 0
      const tally = await burst(30, () => operatorLogin(t, 'admin', 'wrong-guess'))
      expect(counter.verified).toBe(OPERATOR_FAIL_LIMIT)
      expect(tally).toEqual({ 401: OPERATOR_FAIL_LIMIT, 429: 30 - OPERATOR_FAIL_LIMIT })
    })

    more?.(() => t)
  })
}

burstTests(
  'memory limiter',
  async () => undefined,
  (app) => {
    it('a locked player with a wrong password gets exactly the answer of any wrong password', async () => {
      const t = app()
      const active = await makePlayer(t.db)
      const locked = await makePlayer(t.db, { status: 'LOCKED' })
      const a = await playerLogin(t, active.mobile, 'wrong-guess')
      const b = await playerLogin(t, locked.mobile, 'wrong-guess')
      expect(b.statusCode).toBe(401)
      expect(b.json()).toEqual(a.json())
      const headers = (h: Record<string, unknown>) =>
        Object.keys(h)
          .filter((k) => !['date', 'x-request-id', 'content-length'].includes(k))
          .sort()
      expect(headers(b.headers)).toEqual(headers(a.headers))
      // Only the password's owner learns of the lock.
      expect((await playerLogin(t, locked.mobile, locked.password)).json().code).toBe('ACCOUNT_LOCKED')
    })

    it('TRUST_PROXY unset: a forged X-Forwarded-For changes nothing, guesses "from elsewhere" count against this address', async () => {
      const t = app()
      t.clock.advance(16 * 60_000) // past the burst's window
      for (let i = 0; i < OPERATOR_FAIL_LIMIT; i++) expect((await operatorLogin(t, 'admin', 'wrong-guess', `203.0.113.${i}`)).statusCode).toBe(401)
      expect((await operatorLogin(t, 'admin', OPERATOR_PASSWORD, '198.51.100.7')).statusCode).toBe(429)
    })
  },
)
const redisUrl = process.env.TEST_REDIS_URL
if (!redisUrl) console.info('login-limits: TEST_REDIS_URL not set, the Redis burst tests are skipped')
describe.runIf(redisUrl)('on Redis', () => {
  burstTests('Redis limiter', () => redisRateLimiter(redisUrl!, `sanam:test:${randomBytes(4).toString('hex')}:`))
})

describe("TRUST_PROXY set to the proxy's address", () => {
  it("set to the proxy's address: limits key on the forwarded address, so an attacker elsewhere cannot lock the operator out", async () => {
    const { t, counter } = await appWith({ config: { TRUST_PROXY: '127.0.0.1', RATE_LOGIN_PER_IP_PER_MINUTE: '50' } })
    try {
      const attacker = '203.0.113.9'
      const tally = await burst(OPERATOR_FAIL_LIMIT + 5, () => operatorLogin(t, 'admin', 'wrong-guess', attacker))
      expect(tally).toEqual({ 401: OPERATOR_FAIL_LIMIT, 429: 5 })
      // The owner, at their own address, signs in.
      const owner = await operatorLogin(t, 'admin', OPERATOR_PASSWORD, '198.51.100.7')
      expect(owner.statusCode).toBe(200)
      // One address cannot go on through other usernames either: the per-address counter stops it.
      counter.verified = 0
      const others = await burst(OPERATOR_FAIL_LIMIT_PER_ADDRESS, (i) => operatorLogin(t, `user${i}`, 'wrong-guess', attacker))
      expect(counter.verified).toBe(OPERATOR_FAIL_LIMIT_PER_ADDRESS - OPERATOR_FAIL_LIMIT - 5)
      expect(others[429]).toBe(OPERATOR_FAIL_LIMIT + 5)

      // The per-address request limit of the login routes (50 a minute here) keys on the forwarded address too.
      const tries = await burst(50, (i) => playerLogin(t, `0899${String(i).padStart(6, '0')}`, 'wrong-guess', '192.0.2.1'))
      expect(tries).toEqual({ 401: 50 })
      expect((await playerLogin(t, '0899999999', 'wrong-guess', '192.0.2.1')).statusCode).toBe(429)
      expect((await playerLogin(t, '0899999999', 'wrong-guess', '192.0.2.2')).statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })
})
