import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp, useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { buildApp, type BuiltApp } from '../../app.ts'
import { testConfig } from '../../config.ts'
import { players, sessions } from '../../db/schema.ts'
import { sha256 } from '../../lib/crypto.ts'
import { SESSION_REVOKED_CHANNEL, type SessionRevocation } from '../../lib/session-cache.ts'
import type { NotificationListener } from '../../lib/notification-listener.ts'
import { memoryRateLimiter } from '../../lib/rate-limiter.ts'

// The session cache seen from outside (ADR 010): what a player notices after logout, a password change, expiry,
// and on PostgreSQL what a second API process on the same database notices.

const t = useTestApp()

type Inject = Pick<BuiltApp['app'], 'inject'>
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const me = (token: string, app: Inject = t.app) => app.inject({ method: 'GET', url: '/api/user/@me', headers: bearer(token) })
const status = async (token: string, app: Inject = t.app) => (await me(token, app)).statusCode

async function login(player: { mobile: string; password: string }, app: Inject = t.app): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile: player.mobile, password: player.password } })
  expect(res.statusCode).toBe(200)
  return res.json().data.token
}

/** Revokes a session behind the app's back, as SQL typed by an operator would: nothing is announced or evicted. */
async function revokeInDatabase(app: TestApp, token: string) {
  await app.db
    .update(sessions)
    .set({ revokedAt: app.clock.now() })
    .where(eq(sessions.tokenHash, sha256(token)))
}

const cachedIn = (app: Pick<BuiltApp, 'sessions'>, token: string) => app.sessions.cache.peek(sha256(token)) !== undefined

describe('session cache', () => {
  it('refuses a logged-out token on the very next request, though it was cached', async () => {
    const player = await makePlayer(t.db)
    const token = await login(player)
    expect(await status(token)).toBe(200)
    expect(cachedIn(t, token)).toBe(true)

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })
    expect(out.statusCode).toBe(200)
    expect(await status(token)).toBe(401)
  })

  it('ends every cached session of the player on a password change, and no one else’s', async () => {
    const player = await makePlayer(t.db)
    const other = await makePlayer(t.db)
    const [a, b, theirs] = [await login(player), await login(player), await login(other)]
    for (const token of [a, b, theirs]) expect(await status(token)).toBe(200)
    expect(cachedIn(t, a) && cachedIn(t, b)).toBe(true)

    const res = await t.post('/api/user/@me/password', { old: player.password, new: 'brand-new-1' }, a)
    expect(res.statusCode).toBe(200)
    expect(await status(a)).toBe(401)
    expect(await status(b)).toBe(401)
    expect(await status(theirs)).toBe(200)
  })

  it('answers from memory for at most SESSION_CACHE_SECONDS, then reads the database again', async () => {
    const player = await makePlayer(t.db)
    const token = await login(player)
    expect(await status(token)).toBe(200)
    // A revocation that announces nothing (direct SQL) is the documented staleness: at most the TTL.
    await revokeInDatabase(t, token)
    t.clock.advance(29_000)
    expect(await status(token)).toBe(200)
    t.clock.advance(1_000)
    expect(await status(token)).toBe(401)
  })

  it('never serves a session past its own expiry', async () => {
    const player = await makePlayer(t.db)
    const token = await login(player)
    // 7 days (SESSION_TTL_HOURS) less 10 s: cached now, the session ends before the 30 s TTL would.
    t.clock.advance(7 * 24 * 3_600_000 - 10_000)
    expect(await status(token)).toBe(200)
    expect(cachedIn(t, token)).toBe(true)
    t.clock.advance(10_000)
    expect(await status(token)).toBe(401)
  })

  it('does not keep a locked player’s answer, so unlocking works at once; evictPlayer ends a cached one at once', async () => {
    const player = await makePlayer(t.db)
    const token = await login(player)
    await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, player.id))
    expect((await me(token)).json().code).toBe('ACCOUNT_LOCKED')
    await t.db.update(players).set({ status: 'ACTIVE' }).where(eq(players.id, player.id))
    expect(await status(token)).toBe(200)

    // A future lock feature: change the row, then the one call that forgets the player everywhere.
    await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, player.id))
    await t.sessions.cache.evictPlayer(t.db, player.id)
    expect((await me(token)).json().code).toBe('ACCOUNT_LOCKED')
  })

  it('with SESSION_CACHE_SECONDS=0 reads the database on every request', async () => {
    const off = await buildTestApp({ config: { SESSION_CACHE_SECONDS: '0' } })
    try {
      // The cache is off: it keeps nothing and needs no revocations (the listener, on PostgreSQL, carries the plan only).
      expect(off.sessions.cache.enabled).toBe(false)
      const player = await makePlayer(off.db)
      const token = await login(player, off.app)
      expect(await status(token, off.app)).toBe(200)
      expect(off.sessions.cache.size).toBe(0)
      await revokeInDatabase(off, token)
      expect(await status(token, off.app)).toBe(401)
    } finally {
      await off.close()
    }
  })
})

/** Resolves when `listener` applied a revocation of `playerId`; fails after `timeoutMs` (no fixed sleep). */
function revocationApplied(listener: NotificationListener, playerId: number, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`player ${playerId}'s revocation did not arrive within ${timeoutMs} ms`))
    }, timeoutMs)
    const stop = listener.subscribe((event) => {
      if (event.type !== 'notified' || event.channel !== SESSION_REVOKED_CHANNEL || (event.detail as SessionRevocation).playerId !== playerId) return
      clearTimeout(timer)
      stop()
      resolve()
    })
  })
}

describe.runIf(process.env.SANAM_TEST_DB === 'postgres')('session cache across processes (PostgreSQL)', () => {
  /** Runs `test` with a second API process on the same database (its own cache and listener), closed after it. */
  async function withSecondInstance(test: (b: BuiltApp) => Promise<void>) {
    const b = await buildApp({ config: testConfig(), database: t.database, clock: t.clock, limiter: memoryRateLimiter(t.clock), logger: false })
    try {
      await b.app.ready()
      expect(b.sessions.listener?.online).toBe(true)
      await test(b)
    } finally {
      await b.app.close()
    }
  }

  /** A player signed in once through A and once through B, both sessions answered by B. */
  async function signedInOnBoth(b: BuiltApp) {
    const player = await makePlayer(t.db)
    const [a1, a2] = [await login(player), await login(player, b.app)]
    for (const token of [a1, a2]) expect(await status(token, b.app)).toBe(200)
    return { player, a1, a2 }
  }

  it('a logout through instance A is refused by instance B, which had the token cached', () =>
    withSecondInstance(async (b) => {
      const player = await makePlayer(t.db)
      const token = await login(player)
      expect(await status(token, b.app)).toBe(200)
      expect(cachedIn(b, token)).toBe(true)

      const applied = revocationApplied(b.sessions.listener!, player.id)
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200)
      await applied
      expect(cachedIn(b, token)).toBe(false)
      expect(await status(token, b.app)).toBe(401)
    }))

  it('a password change through A ends every session of the player on B', () =>
    withSecondInstance(async (b) => {
      const { player, a1, a2 } = await signedInOnBoth(b)
      const applied = revocationApplied(b.sessions.listener!, player.id)
      const res = await t.post('/api/user/@me/password', { old: player.password, new: 'brand-new-1' }, a1)
      expect(res.statusCode).toBe(200)
      await applied
      expect(await status(a1, b.app)).toBe(401)
      expect(await status(a2, b.app)).toBe(401)
    }))

  it('a time-out chosen through A ends every session of the player on B (ADR 047)', () =>
    withSecondInstance(async (b) => {
      const { player, a1, a2 } = await signedInOnBoth(b)
      expect(cachedIn(b, a2)).toBe(true)

      const applied = revocationApplied(b.sessions.listener!, player.id)
      const res = await t.post('/api/user/@me/exclusion', { period: '24H', confirm: true }, a1)
      expect(res.statusCode).toBe(200)
      await applied
      expect(await status(a1, b.app)).toBe(401)
      expect(await status(a2, b.app)).toBe(401)
      // Signing in on B again opens the restricted mode there too.
      const again = await login(player, b.app)
      expect((await me(again, b.app)).json().data.restriction).toMatchObject({ kind: 'TIME_OUT', period: '24H' })
    }))

  it('a lost listener connection clears the cache and sends every request to the database until it is back', async () => {
    const listener = t.sessions.listener!
    const player = await makePlayer(t.db)
    const [first, second] = [await login(player), await login(player)]
    expect(await status(first)).toBe(200)
    expect(cachedIn(t, first)).toBe(true)

    const offline = listener.next('offline')
    const online = listener.next('online')
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sanam-listener' and datname = current_database()`)
    await offline
    expect(t.sessions.cache.size).toBe(0)

    // While it is away (the first retry waits 500 ms), the database answers and nothing is kept: a revocation that
    // other processes announce now would go unheard.
    expect(await status(second)).toBe(200)
    expect(cachedIn(t, second)).toBe(false)
    await revokeInDatabase(t, second)
    expect(await status(second)).toBe(401)
    expect(t.sessions.cache.online).toBe(false)

    // Back, it starts empty and caches again.
    await online
    expect(await status(first)).toBe(200)
    expect(cachedIn(t, first)).toBe(true)
  })
})
