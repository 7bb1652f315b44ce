import { randomUUID } from 'node:crypto'
import { msg } from '@sanam/contract'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { deposits, gameSessions, playerExclusions } from '../../db/schema.ts'
import { useTestApp, type TestApp } from '../../../test/app.ts'
import { makePromotion } from '../../../test/factories.ts'
import { balanceOf, bearer, expectLedgerOk, fund, loginPlayer, signedInPlayer, takePromotion, type SignedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { accrualsOf, accrue, chain, play, referralOptions } from '../../../test/referral.ts'
import { callSeamless, launch, playing, sendMoney } from '../../../test/seamless.ts'

// Issue 21 §2, ADR 047: a time-out or self-exclusion starts at once, ends every session, and holds to its end; a new
// sign-in is restricted to withdrawing the cash and reading history, and every enforcement point refuses the rest.

const exclude = (t: TestApp, token: string, period: string) => t.post('/api/user/@me/exclusion', { period, confirm: true }, token)

/** Signs the player in again (a new session) and answers the token. */
async function signInAgain(t: TestApp, player: SignedInPlayer): Promise<string> {
  return loginPlayer(t, player)
}

async function excluded(t: TestApp, cash: number, period = '7D') {
  const player = await signedInPlayer(t, {}, { cash })
  const res = await exclude(t, player.token, period)
  if (res.statusCode !== 200) throw new Error(`exclusion refused: ${res.body}`)
  return { player, token: await signInAgain(t, player) }
}

function expectExcluded(res: { statusCode: number; json(): { code: string; message: string } }) {
  expect(res.statusCode).toBe(403)
  expect(res.json().code).toBe('PLAYER_EXCLUDED')
  expect(res.json().message).toMatch(/พักการเล่น/)
}

describe('choosing a time-out or self-exclusion', () => {
  const t = useTestApp({ verifyLedger: 'each' })

  it('starts at once and ends every web and game session of the player; a new sign-in opens restricted mode', async () => {
    const { player, token, session } = await playing(t, 1_000)
    const other = await signInAgain(t, player)
    const round = `x-${randomUUID()}`
    expect((await sendMoney(t, 'bet', { session, round, tx: `${round}-1`, amount: '10.00' })).json().status).toBe('OK')

    const res = await exclude(t, token, '7D')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(msg('EXCLUSION_STARTED'))
    const now = t.clock.now()
    expect(res.json().data).toEqual({
      kind: 'TIME_OUT',
      period: '7D',
      starts_at: now.toISOString(),
      ends_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    })

    // Both web sessions are over, in this process and (ADR 010) every other; the game session takes no more bets.
    expect((await t.get('/api/user/@me', token)).statusCode).toBe(401)
    expect((await t.get('/api/user/@me', other)).statusCode).toBe(401)
    expect((await sendMoney(t, 'bet', { session, round, tx: `${round}-2`, amount: '10.00' })).json().status).not.toBe('OK')

    // Signing in works: restricted mode, said by the sign-in and by /user/@me.
    const login = await t.post('/api/auth/login', { mobile: player.mobile, password: player.password })
    expect(login.statusCode).toBe(200)
    expect(login.json().data.restriction).toMatchObject({ kind: 'TIME_OUT', period: '7D' })
    const me = await t.get('/api/user/@me', login.json().data.token)
    expect(me.json().data.restriction).toEqual(res.json().data)
  })

  it('a self-exclusion for good has no end, and the refusals say so', async () => {
    const { token } = await excluded(t, 200, 'PERMANENT')
    const me = await t.get('/api/user/@me', token)
    expect(me.json().data.restriction).toMatchObject({ kind: 'SELF_EXCLUSION', period: 'PERMANENT', ends_at: null })
    const launchRes = await t.post('/api/portal/launch', { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' }, token)
    expectExcluded(launchRes)
    expect(launchRes.json().message).toBe(msg('EXCLUDED_FOR_GOOD'))
  })

  it('refuses a body without the confirmation or with an unknown period, changing nothing', async () => {
    const player = await signedInPlayer(t)
    for (const body of [{ period: '7D' }, { period: '7D', confirm: false }, { period: '2D', confirm: true }, {}]) {
      const res = await t.post('/api/user/@me/exclusion', body, player.token)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toMatch(/[ก-๙]/)
    }
    expect((await t.get('/api/user/@me', player.token)).json().data.restriction).toBeNull()
    expect((await t.post('/api/user/@me/exclusion', { period: '7D', confirm: true })).statusCode).toBe(401)
  })
})

describe('restricted mode', () => {
  const t = useTestApp({ verifyLedger: 'each' })

  it('refuses game launches and provider lobbies with PLAYER_EXCLUDED and the end in Thai', async () => {
    const { token } = await excluded(t, 500)
    const game = await t.post('/api/portal/launch', { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' }, token)
    expectExcluded(game)
    expect(game.json().message).toMatch(/จนถึง/)
    const count = await t.db.select({ n: sql<number>`count(*)::int` }).from(gameSessions)
    expectExcluded(await t.post('/api/portal/lobby', { provider_id: 'sagaming', lang: 'th' }, token))
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(gameSessions)).toEqual(count)
  })

  it('answers the exclusion to any well-formed launch, before what it would say of the game; bad input stays a 400', async () => {
    const { token } = await excluded(t, 500)
    for (const [url, body] of [
      ['/api/portal/launch', { provider_id: 'jdb', lang: 'th', game_code: 'kong' }], // a provider in maintenance (422 otherwise)
      ['/api/portal/launch', { provider_id: 'evo', lang: 'th', game_code: 'monopoly_board_live' }], // a game in maintenance
      ['/api/portal/launch', { provider_id: 'pgsoft', lang: 'th', game_code: 'nosuch' }], // no such game (404 otherwise)
      ['/api/portal/launch', { provider_id: 'nosuch', lang: 'th', game_code: 'x' }], // no such provider
      ['/api/portal/lobby', { provider_id: 'pgsoft', lang: 'th' }], // a provider without a lobby (422 otherwise)
    ] as const) {
      const res = await t.post(url, body, token)
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(403)
      expectExcluded(res)
    }
    for (const body of [
      { provider_id: 'pgsoft', lang: 'fr', game_code: 'fortune_ox' },
      { provider_id: 'pgsoft', lang: 'th' },
      { provider_id: 'PG SOFT', lang: 'th', game_code: 'x' },
    ]) {
      const res = await t.post('/api/portal/launch', body, token)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
  })

  it('refuses a draft bill, with or without a promotion, and offers no promotion', async () => {
    const promotion = await makePromotion(t.db, { rules: [] })
    const { token } = await excluded(t, 500)
    expectExcluded(await t.post('/api/wallet/deposit/draft_bill', { amount: 300 }, token))
    expectExcluded(await t.post('/api/wallet/deposit/draft_bill', { amount: 300, promotion: promotion.id }, token))
    expect((await t.get('/api/promotion', token)).json().data.list).toEqual([])
  })

  it('lets the player withdraw the rest through the normal flow and read every history', async () => {
    const { player, token } = await excluded(t, 800)
    const res = await t.request('POST', '/api/wallet/withdraw', { token, payload: { amount: 800 }, headers: { 'idempotency-key': randomUUID() } })
    expect(res.statusCode, res.body).toBe(200)
    expect(await balanceOf(t, token)).toBe(0)
    // The withdrawal waits for the back-office like any: the queue shows it.
    const finance = await signInOperator(t, 'finance')
    const queue = await t.get('/api/backoffice/withdrawals?status=PENDING', finance.token)
    expect(queue.statusCode, queue.body).toBe(200)
    expect(JSON.stringify(queue.json().data)).toContain(player.mobile)
    for (const url of ['/api/wallet/histories?page=0', '/api/promotion/histories?page=0', '/api/wallet/v2/balance', '/api/user/@me']) {
      expect((await t.get(url, token)).statusCode, url).toBe(200)
    }
  })

  it('credits a bank transfer that arrives anyway, starts no promotion, and notes it for the back-office', async () => {
    const promotion = await makePromotion(t.db, { rules: [], creditGiven: 5_000n })
    const player = await signedInPlayer(t)
    // A bill with a promotion was made before the exclusion; the transfer comes after.
    const bill = await t.post('/api/wallet/deposit/draft_bill', { amount: 300, promotion: promotion.id }, player.token)
    expect(bill.statusCode, bill.body).toBe(200)
    expect((await exclude(t, player.token, '24H')).statusCode).toBe(200)
    const depositId = await fund(t, player, 300)
    const token = await signInAgain(t, player)
    expect(await balanceOf(t, token)).toBe(300)
    const [row] = await t.db.select().from(deposits).where(eq(deposits.id, depositId))
    expect(row!.note).toContain(msg('DEPOSIT_DURING_EXCLUSION'))
    expect((await t.get('/api/user/@me', token)).json().data.promotion).toEqual({ enabled: false })
    const owner = await signInOperator(t)
    const listed = await t.get(`/api/backoffice/deposits?q=${player.mobile}`, owner.token)
    expect(listed.statusCode, listed.body).toBe(200)
    expect(JSON.stringify(listed.json().data)).toContain(msg('DEPOSIT_DURING_EXCLUSION'))
  })

  it('forfeits a running promotion with the reason: the bonus goes back, the deposit stays the player’s to withdraw', async () => {
    const promotion = await makePromotion(t.db, { rules: [{ type: 'TURNOVER_BY_MUTIPLE', value: 10 }], creditGiven: 10_000n })
    const player = await signedInPlayer(t)
    await takePromotion(t, player, promotion.id, 500)
    expect(await balanceOf(t, player.token)).toBe(600)
    // While it runs, the turnover target blocks a withdrawal.
    const blocked = await t.request('POST', '/api/wallet/withdraw', {
      token: player.token,
      payload: { amount: 500 },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(blocked.statusCode).toBe(422)

    expect((await exclude(t, player.token, '30D')).statusCode).toBe(200)
    const token = await signInAgain(t, player)
    expect(await balanceOf(t, token)).toBe(500)
    const history = (await t.get('/api/promotion/histories?page=0', token)).json().data.list
    expect(history[0]).toMatchObject({ status: 'FAIL', bonus: 100 })
    expect(history[0].description).toContain(msg('PROMOTION_ENDED_EXCLUSION'))
    const res = await t.request('POST', '/api/wallet/withdraw', { token, payload: { amount: 500 }, headers: { 'idempotency-key': randomUUID() } })
    expect(res.statusCode, res.body).toBe(200)
    await expectLedgerOk(t)
  })

  it('refuses the move of referral or rebate to cash', async () => {
    const { token } = await excluded(t, 100)
    expectExcluded(await t.post('/api/wallet/transfer/bonus', undefined, token))
    expectExcluded(await t.post('/api/wallet/transfer/refund', undefined, token))
  })
})

describe('seamless bets', () => {
  const t = useTestApp({ verifyLedger: 'each' })

  it('refuses a bet, while a win and a rollback of rounds from before still settle', async () => {
    const { player, token, session } = await playing(t, 1_000)
    const won = `w-${randomUUID()}`
    const cancelled = `c-${randomUUID()}`
    expect((await sendMoney(t, 'bet', { session, round: won, tx: `${won}-bet`, amount: '100.00' })).json().status).toBe('OK')
    expect((await sendMoney(t, 'bet', { session, round: cancelled, tx: `${cancelled}-bet`, amount: '50.00' })).json().status).toBe('OK')
    expect((await exclude(t, token, '24H')).statusCode).toBe(200)

    const bet = await sendMoney(t, 'bet', { session, round: `n-${randomUUID()}`, tx: `n-${randomUUID()}`, amount: '10.00' })
    expect(bet.json().status).toBe('INVALID_SESSION')
    const win = await sendMoney(t, 'win', { session, round: won, tx: `${won}-win`, amount: '300.00' })
    expect(win.json().status, win.body).toBe('OK')
    const rollback = await callSeamless(t, 'pgsoft', 'rollback', {
      session_token: session,
      round_id: cancelled,
      tx_id: `${cancelled}-rb`,
      ref_tx_id: `${cancelled}-bet`,
    })
    expect(rollback.json().status, rollback.body).toBe('OK')
    expect(await balanceOf(t, await signInAgain(t, player))).toBe(1_000 - 100 + 300)
  })

  it('the bet gate itself reads the exclusion: a game session that escaped the revocation takes no bet', async () => {
    const { player, token } = await playing(t, 500)
    expect((await exclude(t, token, '24H')).statusCode).toBe(200)
    // A launch racing the exclusion could open a session after its revocation: simulate one.
    const session = await launch(t, (await signedInPlayer(t, {}, { cash: 10 })).token)
    await t.db.execute(sql`update game_sessions set player_id = ${player.id}, revoked_at = null where id = (select max(id) from game_sessions)`)
    const bet = await sendMoney(t, 'bet', { session, round: `g-${randomUUID()}`, tx: `g-${randomUUID()}`, amount: '10.00' })
    expect(bet.json().status).toBe('PLAYER_BLOCKED')
  })
})

describe('cannot be ended early', () => {
  const t = useTestApp()

  it('not by the player: a shorter choice is refused, a longer one is taken', async () => {
    const player = await signedInPlayer(t)
    const first = await exclude(t, player.token, '30D')
    expect(first.statusCode).toBe(200)
    const token = await signInAgain(t, player)
    const shorter = await exclude(t, token, '24H')
    expect(shorter.statusCode).toBe(409)
    expect(shorter.json().code).toBe('EXCLUSION_ALREADY_LONGER')
    expect((await t.get('/api/user/@me', token)).json().data.restriction).toEqual(first.json().data)
    const longer = await exclude(t, token, '1Y')
    expect(longer.statusCode).toBe(200)
    expect(longer.json().data).toMatchObject({ kind: 'SELF_EXCLUSION', period: '1Y' })
    expect((await exclude(t, await signInAgain(t, player), '1Y')).statusCode).toBe(409)
  })

  it('not by an owner: the profile shows it and its end, and nothing an owner can do lifts it', async () => {
    const { player, token } = await excluded(t, 100, '6M')
    const owner = await signInOperator(t)
    const profile = await t.get(`/api/backoffice/members/${player.id}`, owner.token)
    expect(profile.json().data.exclusion).toMatchObject({ kind: 'SELF_EXCLUSION', period: '6M' })
    expect(profile.json().data.exclusion.ends_at).not.toBeNull()

    // Everything an owner may do to a member: end the sessions, lock and unlock, reset the password.
    const reason = { reason: 'สมาชิกขอยกเลิกการพักการเล่น' }
    expect((await t.post(`/api/backoffice/members/${player.id}/end-sessions`, undefined, owner.token)).statusCode).toBeLessThan(500)
    expect((await t.post(`/api/backoffice/members/${player.id}/lock`, reason, owner.token)).statusCode).toBe(200)
    expect((await t.post(`/api/backoffice/members/${player.id}/unlock`, reason, owner.token)).statusCode).toBe(200)
    // No route ends an exclusion, for an operator or for the player.
    for (const [method, url] of [
      ['DELETE', `/api/backoffice/members/${player.id}/exclusion`],
      ['POST', `/api/backoffice/members/${player.id}/exclusion`],
      ['PUT', `/api/backoffice/members/${player.id}/exclusion`],
      ['DELETE', '/api/user/@me/exclusion'],
    ] as const) {
      expect((await t.request(method, url, { token: url.includes('backoffice') ? owner.token : token, payload: {} })).statusCode, url).toBe(404)
    }
    const again = await signInAgain(t, player)
    expect((await t.get('/api/user/@me', again)).json().data.restriction).toMatchObject({ period: '6M' })
    expect((await t.get(`/api/backoffice/members/${player.id}`, owner.token)).json().data.exclusion).toEqual(profile.json().data.exclusion)
  })

  it('not in the database: the rows refuse changes and removal', async () => {
    const { player } = await excluded(t, 100, '24H')
    await expect(t.db.update(playerExclusions).set({ endsAt: t.clock.now() }).where(eq(playerExclusions.playerId, player.id))).rejects.toThrow()
    await expect(t.db.delete(playerExclusions).where(eq(playerExclusions.playerId, player.id))).rejects.toThrow()
    expect(await t.db.select().from(playerExclusions).where(eq(playerExclusions.playerId, player.id))).toHaveLength(1)
  })
})

describe('expiry', () => {
  const t = useTestApp({ config: { SESSION_TTL_HOURS: String(24 * 90), SESSION_IDLE_MINUTES: String(60 * 24 * 60) } })

  it('a time-out ends by itself at its time (the injected clock): launches, bills and promotions come back', async () => {
    const { token } = await excluded(t, 500, '24H')
    t.clock.advance(24 * 3_600_000 - 60_000)
    expectExcluded(await t.post('/api/portal/launch', { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' }, token))
    t.clock.advance(60_000)
    expect((await t.get('/api/user/@me', token)).json().data.restriction).toBeNull()
    expect((await t.post('/api/portal/launch', { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' }, token)).statusCode).toBe(200)
    expect((await t.post('/api/wallet/deposit/draft_bill', { amount: 300 }, token)).statusCode).toBe(200)
    const session = await launch(t, token)
    expect((await sendMoney(t, 'bet', { session, round: `e-${randomUUID()}`, tx: `e-${randomUUID()}`, amount: '10.00' })).json().status).toBe('OK')
  })
})

describe('referral', () => {
  const t = useTestApp(referralOptions())
  let owner: string
  beforeAll(async () => {
    owner = (await signInOperator(t)).token
  })

  it('an upline restricted on the day earns no commission for it (EXCLUDED); the others are paid as ever', async () => {
    const { a, b, c } = await chain(t)
    t.clock.set(new Date('2026-11-10T09:00:00+07:00'))
    const again = await loginPlayer(t, b, { address: '198.51.100.7' })
    expect((await exclude(t, again, '24H')).statusCode).toBe(200)
    await play(t, c, 1_000, '2026-11-10T12:00:00+07:00')
    t.clock.set(new Date('2026-11-11T03:00:00+07:00'))
    const res = await accrue(t, '2026-11-10', bearer(owner))
    expect(res.statusCode, res.body).toBe(200)
    const rows = await accrualsOf(t, '2026-11-10', c.id)
    const byBeneficiary = new Map(rows.map((r) => [r.beneficiaryId, r.amount]))
    expect(byBeneficiary.get(b.id)).toBe(0n)
    expect(byBeneficiary.get(a.id)! > 0n).toBe(true)
    expect(byBeneficiary.get(c.id)! > 0n).toBe(true)
  })
})
