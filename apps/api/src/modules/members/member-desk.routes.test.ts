import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { balanceOf, bearer, expectLedgerOk, fund, loginPlayer, temporaryPasswordSent, transfersWhere } from '../../../test/money.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { approvals, auditLog, transfers } from '../../db/schema.ts'
import { signInOperator } from '../../../test/operators.ts'

// Issue 12 §3 and §5: the player's context beside a withdrawal; the member's paged ledger, money, promotions, downline
// and sessions; a password reset that makes the member choose a new one; manual adjustments with four-eyes.

const THRESHOLD = 1_000
const t = useTestApp({ config: { BACKOFFICE_FOUR_EYES_BAHT: String(THRESHOLD) } })
let owner: { id: number; token: string }
let finance: { id: number; token: string }
/** A second finance operator: only finance decides money (ADR 036), and four-eyes takes two. */
let colleague: { id: number; token: string }
let support: { id: number; token: string }
beforeAll(async () => {
  owner = await signInOperator(t, 'owner')
  finance = await signInOperator(t, 'finance')
  colleague = await signInOperator(t, 'finance')
  support = await signInOperator(t, 'support')
})

const get = (url: string, as: { token: string } = owner) => t.app.inject({ method: 'GET', url, headers: bearer(as.token) })
const post = (url: string, payload: Record<string, unknown> | undefined, as: { token: string } = owner) =>
  t.app.inject({ method: 'POST', url, headers: bearer(as.token), ...(payload ? { payload } : {}) })
const adjust = (playerId: number, body: Record<string, unknown>, as: { token: string } = colleague) =>
  post(`/api/backoffice/members/${playerId}/adjustments`, { request_id: randomUUID(), reason: 'ชดเชยระบบขัดข้อง', ...body }, as)
const adjustmentTransfers = async (id: number) => transfersWhere(t, eq(transfers.reference, `adjustment:${id}`))

describe('the withdrawal queue shows each player’s context', () => {
  it('balance, deposits, paid withdrawals, today’s bets net of rollbacks, the active promotion, linked players and last address', async () => {
    const player = await makePlayer(t.db, { firstname: 'บริบท', surname: 'การถอน' })
    await makePlayer(t.db, { firstname: 'บริบท', surname: 'การถอน' }) // same account holder's name: linked
    await fund(t, player, 1_500)
    await fund(t, player, 500)
    const token = await loginPlayer(t, player, { address: '198.51.100.23' })
    const game = await launch(t, token)
    const round = `ctx-${randomUUID()}`
    const bet = (tx: string, amount: string) =>
      callSeamless(t, 'pgsoft', 'bet', { session_token: game, round_id: round, game_code: 'fortune_ox', tx_id: tx, amount })
    expect((await bet(`${round}-1`, '120.00')).json().status).toBe('OK')
    expect((await bet(`${round}-2`, '30.00')).json().status).toBe('OK')
    const rolledBack = await callSeamless(t, 'pgsoft', 'rollback', { session_token: game, round_id: round, tx_id: `${round}-rb`, ref_tx_id: `${round}-2` })
    expect(rolledBack.json().status, rolledBack.body).toBe('OK')
    const withdrawal = await t.post('/api/wallet/withdraw', { amount: 200 }, token)
    expect(withdrawal.statusCode, withdrawal.body).toBe(200)

    const queue = await get('/api/backoffice/withdrawals?status=PENDING', support)
    expect(queue.statusCode, queue.body).toBe(200)
    const item = (queue.json().data.list as Array<{ id: number; context: Record<string, unknown> }>).find((w) => w.id === withdrawal.json().data.id)
    expect(item?.context).toEqual({
      cash: 2_000 - 120 - 200,
      deposits: 2,
      deposited: 2_000,
      withdrawals: 0,
      withdrawn: 0,
      turnover_today: 120,
      promotion: null,
      linked_players: 1,
      last_ip: '198.51.100.23',
    })

    // Once paid, the withdrawal counts among the player's withdrawals.
    const paid = await post(`/api/backoffice/withdrawals/${withdrawal.json().data.id}/approve`, { payout_ref: 'PAY-CTX-1' }, finance)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().data.context).toMatchObject({ withdrawals: 1, withdrawn: 200, cash: 1_680 })
  })
})

describe('the member’s history, page by page', () => {
  it('ledger with the money’s direction, deposits and withdrawals, promotions, downline and sessions; 404 for no such member', async () => {
    const upline = await makePlayer(t.db)
    const downline = await makePlayer(t.db, { uplineId: upline.id })
    for (let i = 0; i < 21; i++) await fund(t, upline, 100 + i)
    const token = await loginPlayer(t, upline)
    await t.post('/api/wallet/withdraw', { amount: 150 }, token)

    const ledger = await get(`/api/backoffice/members/${upline.id}/ledger`, support)
    expect(ledger.statusCode, ledger.body).toBe(200)
    expect(ledger.json().data).toMatchObject({ page: 0, size: 20, total: 22 })
    // Newest first: the withdrawal's hold moves cash to withdraw_hold (the member's own accounts: no change).
    expect(ledger.json().data.list[0]).toMatchObject({ from: 'cash', to: 'withdraw_hold', amount: 150, change: 0 })
    expect(ledger.json().data.list[1]).toMatchObject({ from: 'bank_in', to: 'cash', amount: 120, change: 120 })
    const second = await get(`/api/backoffice/members/${upline.id}/ledger?page=1`, support)
    expect(second.json().data.list.map((e: { amount: number }) => e.amount)).toEqual([101, 100])

    const money = await get(`/api/backoffice/members/${upline.id}/money`, support)
    expect(money.json().data.total).toBe(22)
    expect(money.json().data.list[0]).toMatchObject({ txtype: 'WITHDRAW', txamount: 150, txstatus: 'PENDING' })

    const promotions = await get(`/api/backoffice/members/${upline.id}/promotions`, support)
    expect(promotions.json().data).toMatchObject({ list: [], total: 0 })

    const down = await get(`/api/backoffice/members/${upline.id}/downline`, support)
    expect(down.json().data.list).toEqual([expect.objectContaining({ id: downline.id, mobile: downline.mobile, status: 'ACTIVE' })])

    await post('/api/auth/logout', undefined, { token })
    await loginPlayer(t, upline)
    const sessions = await get(`/api/backoffice/members/${upline.id}/sessions`, support)
    expect(sessions.json().data.list.map((s: { live: boolean; revoked_at: string | null }) => [s.live, s.revoked_at !== null])).toEqual([
      [true, false],
      [false, true],
    ])

    for (const tab of ['ledger', 'money', 'promotions', 'downline', 'sessions']) {
      expect((await get(`/api/backoffice/members/99999999/${tab}`)).statusCode).toBe(404)
      expect((await get(`/api/backoffice/members/${upline.id}/${tab}?page=-1`)).statusCode).toBe(400)
    }
  })
})

describe('manual adjustments', () => {
  it('credit and debit up to the four-eyes amount apply at once through the adjustment account, audited with the reason', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const credit = await adjust(player.id, { direction: 'CREDIT', amount: 250.5 }, finance)
    expect(credit.statusCode, credit.body).toBe(200)
    expect(credit.json().data).toMatchObject({ status: 'APPLIED', amount: 250.5, reason: 'ชดเชยระบบขัดข้อง' })
    expect(await balanceOf(t, token)).toBe(250.5)
    const debit = await adjust(player.id, { direction: 'DEBIT', amount: 50.5 }, finance)
    expect(debit.json().data).toMatchObject({ status: 'APPLIED', amount: -50.5 })
    expect(await balanceOf(t, token)).toBe(200)

    const ledger = await get(`/api/backoffice/members/${player.id}/ledger`)
    expect(ledger.json().data.list.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'adjustment', from: 'cash', to: 'adjustment', change: -50.5 }),
      expect.objectContaining({ kind: 'adjustment', from: 'adjustment', to: 'cash', change: 250.5 }),
    ])
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adjustment.apply'), eq(auditLog.targetId, String(player.id))))
      .limit(1)
    expect(entry).toMatchObject({ operatorId: finance.id, after: expect.objectContaining({ amount: 250.5, reason: 'ชดเชยระบบขัดข้อง' }) })
    await expectLedgerOk(t)
  })

  it('a debit beyond the balance, a missing reason, a support operator or a player token change nothing', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    await fund(t, player, 100)
    const before = await t.db.select().from(approvals).where(eq(approvals.playerId, player.id))

    const tooMuch = await adjust(player.id, { direction: 'DEBIT', amount: 100.01 })
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS')
    const noReason = await adjust(player.id, { direction: 'CREDIT', amount: 10, reason: '  ' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().message).toMatch(/เหตุผล/)
    expect((await adjust(player.id, { direction: 'CREDIT', amount: 10 }, support)).statusCode).toBe(403)
    expect((await adjust(player.id, { direction: 'CREDIT', amount: 10 }, { token })).statusCode).toBe(401)
    expect((await adjust(player.id, { direction: 'CREDIT', amount: 0 })).statusCode).toBe(400)
    expect((await adjust(99_999_999, { direction: 'CREDIT', amount: 10 })).statusCode).toBe(404)

    expect(await t.db.select().from(approvals).where(eq(approvals.playerId, player.id))).toEqual(before)
    expect(await balanceOf(t, token)).toBe(100)
  })

  it('the same request id again answers the first adjustment and moves nothing; with other figures it is refused', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const body = { request_id: randomUUID(), direction: 'CREDIT', amount: 75, reason: 'โบนัสตกหล่น' }
    const [first, second] = await Promise.all([
      post(`/api/backoffice/members/${player.id}/adjustments`, body, colleague),
      post(`/api/backoffice/members/${player.id}/adjustments`, body, colleague),
    ])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(second.json().data.id).toBe(first.json().data.id)
    const replay = await post(`/api/backoffice/members/${player.id}/adjustments`, body, colleague)
    expect(replay.json().data.id).toBe(first.json().data.id)
    expect(await balanceOf(t, token)).toBe(75)
    expect(await adjustmentTransfers(replay.json().data.id)).toHaveLength(1)

    const other = await post(`/api/backoffice/members/${player.id}/adjustments`, { ...body, amount: 76 }, colleague)
    expect(other.statusCode).toBe(409)
    expect(await balanceOf(t, token)).toBe(75)
  })

  it('above the four-eyes amount it waits; the requester cannot approve it; a second operator’s approval applies it once', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const requested = await adjust(player.id, { direction: 'CREDIT', amount: THRESHOLD + 1 }, finance)
    expect(requested.json()).toMatchObject({ message: expect.stringMatching(/อีกคน/), data: { status: 'PENDING', requested_by: expect.any(String) } })
    const id = requested.json().data.id as number
    expect(await balanceOf(t, token)).toBe(0)
    expect(await adjustmentTransfers(id)).toHaveLength(0)

    const pending = await get('/api/backoffice/approvals?status=PENDING&kind=ADJUSTMENT', support)
    expect(pending.json().data.list.map((a: { id: number }) => a.id)).toContain(id)

    const self = await post(`/api/backoffice/approvals/${id}/approve`, undefined, finance)
    expect(self.statusCode).toBe(409)
    expect(self.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    expect((await post(`/api/backoffice/approvals/${id}/approve`, undefined, support)).statusCode).toBe(403)

    const [a, b] = await Promise.all([
      post(`/api/backoffice/approvals/${id}/approve`, undefined, colleague),
      post(`/api/backoffice/approvals/${id}/approve`, undefined, colleague),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    expect(await balanceOf(t, token)).toBe(THRESHOLD + 1)
    expect(await adjustmentTransfers(id)).toHaveLength(1)
    const applied = (a.statusCode === 200 ? a : b).json().data
    expect(applied).toMatchObject({ status: 'APPLIED', decided_by: expect.any(String) })
    expect(applied.decided_by).not.toBe(applied.requested_by)
    await expectLedgerOk(t)
  })

  it('a rejected request moves nothing and cannot be approved afterwards', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    const id = (await adjust(player.id, { direction: 'CREDIT', amount: THRESHOLD * 3 }, finance)).json().data.id as number
    const rejected = await post(`/api/backoffice/approvals/${id}/reject`, { reason: 'ยอดไม่ถูกต้อง' }, colleague)
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', reject_reason: 'ยอดไม่ถูกต้อง' })
    expect((await post(`/api/backoffice/approvals/${id}/approve`, undefined, colleague)).statusCode).toBe(409)
    expect(await balanceOf(t, token)).toBe(0)
    expect(await adjustmentTransfers(id)).toHaveLength(0)
  })
})

describe('password reset by an operator', () => {
  it('ends the member’s sessions; the temporary password only opens the choice of a new one, which signs the member in', async () => {
    const player = await makePlayer(t.db)
    const oldSession = await loginPlayer(t, player)
    const reset = await post(`/api/backoffice/members/${player.id}/reset-password`, undefined, support)
    expect(reset.statusCode, reset.body).toBe(200)
    const temporary = temporaryPasswordSent(t, player.mobile)
    expect((await get('/api/user/@me', { token: oldSession })).statusCode).toBe(401)

    // The old password no longer works, and the temporary one opens no session by itself.
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile: player.mobile, password: player.password } })
    expect(old.json().code).toBe('BAD_CREDENTIALS')
    const withTemporary = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile: player.mobile, password: temporary } })
    expect(withTemporary.statusCode).toBe(403)
    expect(withTemporary.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', message: expect.stringMatching(/ตั้งรหัสผ่านใหม่/) })

    const renew = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password/renew', payload: { mobile: player.mobile, ...body } })
    expect((await renew({ password: temporary, new_password: '123456' })).json().code).toBe('PASSWORD_TOO_COMMON')
    expect((await renew({ password: 'wrong-one', new_password: 'ของใหม่ 2026' })).json().code).toBe('BAD_CREDENTIALS')
    expect((await renew({ password: temporary, new_password: '12345' })).statusCode).toBe(400)
    const renewed = await renew({ password: temporary, new_password: 'ของใหม่ 2026' })
    expect(renewed.statusCode, renewed.body).toBe(200)
    expect((await get('/api/user/@me', { token: renewed.json().data.token })).statusCode).toBe(200)

    // Spent: the new password signs in normally, the temporary one does nothing more.
    expect((await renew({ password: temporary, new_password: 'อีกรหัสหนึ่ง 9' })).json().code).toBe('BAD_CREDENTIALS')
    await loginPlayer(t, { mobile: player.mobile, password: 'ของใหม่ 2026' })
    // A password the member chose cannot be "renewed" without a reset.
    expect((await renew({ password: 'ของใหม่ 2026', new_password: 'อีกรหัสหนึ่ง 9' })).json().code).toBe('BAD_CREDENTIALS')

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.reset_password'), eq(auditLog.targetId, String(player.id))))
    expect(entry?.operatorId).toBe(support.id)
    expect(JSON.stringify(entry)).not.toContain(temporary)
  })

  it('two renewals racing with one temporary password: one new password is set, the other is refused', async () => {
    const player = await makePlayer(t.db)
    expect((await post(`/api/backoffice/members/${player.id}/reset-password`, undefined)).statusCode).toBe(200)
    const temporary = temporaryPasswordSent(t, player.mobile)
    const renew = (fresh: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password/renew', payload: { mobile: player.mobile, password: temporary, new_password: fresh } })
    const [a, b] = await Promise.all([renew('ของใหม่ ก 2026'), renew('ของใหม่ ข 2026')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401])
    const winner = a.statusCode === 200 ? 'ของใหม่ ก 2026' : 'ของใหม่ ข 2026'
    await loginPlayer(t, { mobile: player.mobile, password: winner })
  })

  // Last in this file: it moves the clock a day on, which ends every operator session above.
  it('a temporary password older than a day is refused with a message to contact support', async () => {
    const player = await makePlayer(t.db)
    expect((await post(`/api/backoffice/members/${player.id}/reset-password`, undefined)).statusCode).toBe(200)
    const temporary = temporaryPasswordSent(t, player.mobile)
    t.clock.advance(24 * 3_600_000 + 60_000)
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/renew',
      payload: { mobile: player.mobile, password: temporary, new_password: 'ของใหม่ 2026' },
    })
    expect(late.statusCode).toBe(403)
    expect(late.json()).toMatchObject({ code: 'TEMPORARY_PASSWORD_EXPIRED', message: expect.stringMatching(/ติดต่อเจ้าหน้าที่/) })
  })
})
