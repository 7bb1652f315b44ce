import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { errorCatalogue } from '@sanam/contract'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer, registerBody } from '../../../test/factories.ts'
import { bearer, expectLedgerOk, fund, loginPlayer } from '../../../test/money.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { rowsOf } from '../../db/rows.ts'
import { sha256 } from '../../lib/crypto.ts'
import { COMMON_PASSWORDS_REFUSED, isCommonPassword } from './common-passwords.ts'

// OTP off: a registration that passes the password rule answers at once.
// Idle time and cache time both 5 minutes: an active player's requests are mostly answered from the cache.
const t = useTestApp({ config: { OTP_REQUIRED: 'false', SESSION_IDLE_MINUTES: '5', SESSION_CACHE_SECONDS: '300' } })

const me = (token: string) => t.get('/api/user/@me', token)

describe('common passwords (issue 10 §3)', () => {
  it('knows the most common ones, whatever their case, and not ordinary ones', () => {
    expect(COMMON_PASSWORDS_REFUSED).toBe(10_000)
    for (const password of ['123456', 'password', 'Qwerty', 'iloveyou', '1qaz2wsx']) expect(isCommonPassword(password), password).toBe(true)
    for (const password of ['secret123', 'sanam1234', 'ม้าลายสีชมพู']) expect(isCommonPassword(password), password).toBe(false)
  })

  it('refuses one at registration with a Thai message on the password field, and registers nobody', async () => {
    const body = registerBody({ password: 'qwerty123' })
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      code: 'PASSWORD_TOO_COMMON',
      message: errorCatalogue.PASSWORD_TOO_COMMON.message,
      errors: [{ path: 'password', message: errorCatalogue.PASSWORD_TOO_COMMON.message }],
    })
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile: body.mobile, password: 'qwerty123' } })
    expect(login.statusCode).toBe(401)
  })

  it('refuses one as a new password, and the old one still works', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const res = await t.post('/api/user/@me/password', { old: player.password, new: 'football' }, token)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', errors: [{ path: 'new' }] })
    expect((await me(token)).statusCode).toBe(200)
    expect(await loginPlayer(t, player)).toBeTruthy()
  })
})

describe('idle sessions (issue 10 §3)', () => {
  it('end after SESSION_IDLE_MINUTES unused', async () => {
    const token = await loginPlayer(t, await makePlayer(t.db))
    t.clock.advance(4 * 60_000)
    expect((await me(token)).statusCode).toBe(200)
    t.clock.advance(5 * 60_000)
    expect((await me(token)).statusCode).toBe(401)
  })

  it('stay alive while used, also when answered from the cache, writing the last use at most once a minute', async () => {
    const token = await loginPlayer(t, await makePlayer(t.db))
    const lastSeen = async () =>
      new Date(
        rowsOf<{ last_seen_at: Date | string }>(await t.db.execute(sql`select last_seen_at from sessions where token_hash = ${sha256(token)}`))[0]!
          .last_seen_at,
      ).getTime()
    // Used every 2 minutes for 20 minutes: never idle for 5, though the cache answers most of these.
    for (let minute = 2; minute <= 20; minute += 2) {
      t.clock.advance(2 * 60_000)
      expect((await me(token)).statusCode, `at minute ${minute}`).toBe(200)
    }
    expect(await lastSeen()).toBe(t.clock.now().getTime())
    // More requests within the minute write nothing.
    t.clock.advance(30_000)
    await me(token)
    await me(token)
    expect(await lastSeen()).toBe(t.clock.now().getTime() - 30_000)
  })

  it('are judged by the database where the cache has nothing (another process)', async () => {
    const token = await loginPlayer(t, await makePlayer(t.db))
    t.clock.advance(4 * 60_000)
    expect((await me(token)).statusCode).toBe(200)
    t.sessions.cache.clear()
    t.clock.advance(4 * 60_000)
    expect(await t.services.auth.authenticate(token)).not.toBeNull()
    t.sessions.cache.clear()
    t.clock.advance(5 * 60_000)
    expect(await t.services.auth.authenticate(token)).toBeNull()
  })
})

describe('ending sessions ends game sessions (issue 10 §3)', () => {
  const bet = (session: string, round = randomUUID()) =>
    callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: round, tx_id: `${round}-b`, amount: '10.00', game_code: 'fortune_ox' }).then((r) =>
      r.json(),
    )

  async function playing() {
    const player = await makePlayer(t.db)
    await fund(t, player, 500)
    const token = await loginPlayer(t, player)
    const session = await launch(t, token)
    return { player, token, session }
  }

  it('logout: the provider can no longer bet on the old game session; a win of a round already played still lands', async () => {
    const { token, session } = await playing()
    const round = randomUUID()
    expect((await bet(session, round)).status).toBe('OK')
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200)
    const refused = await bet(session)
    expect(refused).toMatchObject({ status: 'INVALID_SESSION', balance: '490.00' })
    const win = await callSeamless(t, 'pgsoft', 'win', {
      session_token: session,
      round_id: round,
      tx_id: `${round}-w`,
      amount: '30.00',
      game_code: 'fortune_ox',
    })
    expect(win.json()).toMatchObject({ status: 'OK', balance: '520.00' })
    await expectLedgerOk(t)
  })

  it('password change: the same, for every game session of the player', async () => {
    const { player, token, session } = await playing()
    const second = await launch(t, token, 'pgsoft', 'fortune_ox')
    expect((await bet(session)).status).toBe('OK')
    const change = await t.post('/api/user/@me/password', { old: player.password, new: 'a-new-secret-77' }, token)
    expect(change.statusCode).toBe(200)
    expect((await bet(session)).status).toBe('INVALID_SESSION')
    expect((await bet(second)).status).toBe('INVALID_SESSION')
    // A new login and launch plays again.
    const again = await launch(t, await loginPlayer(t, { mobile: player.mobile, password: 'a-new-secret-77' }))
    expect((await bet(again)).status).toBe('OK')
    await expectLedgerOk(t)
  })

  it('endAllSessions (for a lock or self-exclusion) ends every web and game session', async () => {
    const { player, token, session } = await playing()
    const other = await loginPlayer(t, player)
    await t.services.auth.endAllSessions(player.id)
    expect((await me(token)).statusCode).toBe(401)
    expect((await me(other)).statusCode).toBe(401)
    expect((await bet(session)).status).toBe('INVALID_SESSION')
    await expectLedgerOk(t)
  })
})
