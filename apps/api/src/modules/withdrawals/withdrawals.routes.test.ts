import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, bearer, fund, signedInPlayer } from '../../../test/money.ts'
import { auditLog, withdrawals } from '../../db/schema.ts'
import { operatorForFile } from '../../../test/operators.ts'

const t = useTestApp({ verifyLedger: 'end' })
// Only finance decides money (ADR 036).
const operator = operatorForFile(t, 'finance')

const withdraw = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/wallet/withdraw', headers: { ...bearer(token), ...headers }, payload: payload as object })

describe('POST /api/wallet/withdraw', () => {
  it('holds the amount and creates a PENDING withdrawal to the registered account', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 1000 })
    const config = await t.get('/api/wallet/withdraw', token)
    expect(config.json().data).toEqual({ min_withdraw: 100, options: { mandatory: false, value: 0 }, withdrawable: 1000, held_by: null })

    const res = await withdraw(token, { amount: 300 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, message: 'ได้รับคำขอถอนเงินแล้ว', data: { amount: 300, status: 'PENDING' } })
    expect(await balanceOf(t, token)).toBe(700)
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id))
    expect(row).toMatchObject({ bankCode: player.bankCode, bankAccount: player.bankAccount, amount: 30_000n })
    expect((await t.services.ledger.balances(t.db, player.id)).withdraw_hold).toBe(30_000n)
  })

  it.each([
    ['below the minimum', { amount: 99 }, 422, 'ยอดถอนขั้นต่ำ 100 บาท'],
    ['above the balance', { amount: 600 }, 422, 'ยอดเงินไม่เพียงพอ'],
    ['not whole baht', { amount: 150.5 }, 422, 'จำนวนเงินถอนต้องเป็นจำนวนเต็มบาท'],
    ['amount as a string', { amount: '200' }, 400, null],
    ['a negative amount', { amount: -200 }, 400, null],
    ['0.001', { amount: 0.001 }, 400, null],
    ['no amount', {}, 400, null],
    ['an extra field', { amount: 200, bank_account: '1234567890' }, 400, 'มีข้อมูลที่ระบบไม่รู้จัก'],
  ])('refuses %s and changes nothing', async (_name, payload, status, message) => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 500 })
    const res = await withdraw(token, payload)
    expect(res.statusCode).toBe(status)
    if (message) expect(res.json().message).toBe(message)
    expect(await balanceOf(t, token)).toBe(500)
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id))).toHaveLength(0)
  })

  it('allows one pending withdrawal at a time', async () => {
    const { token } = await signedInPlayer(t, {}, { cash: 1000 })
    expect((await withdraw(token, { amount: 100 })).statusCode).toBe(200)
    const second = await withdraw(token, { amount: 100 })
    expect(second.statusCode).toBe(409)
    expect(await balanceOf(t, token)).toBe(900)
  })

  it('honours Idempotency-Key: same key and body replays, same key with another body is 409', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 1000 })
    const first = await withdraw(token, { amount: 200 }, { 'idempotency-key': 'key-1' })
    const again = await withdraw(token, { amount: 200 }, { 'idempotency-key': 'key-1' })
    expect(again.statusCode).toBe(200)
    expect(again.json().data).toEqual(first.json().data)
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id))).toHaveLength(1)
    expect(await balanceOf(t, token)).toBe(800)

    const other = await withdraw(token, { amount: 300 }, { 'idempotency-key': 'key-1' })
    expect(other.statusCode).toBe(409)
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH')
    expect(await balanceOf(t, token)).toBe(800)

    expect((await withdraw(token, { amount: 200 }, { 'idempotency-key': 'x'.repeat(300) })).statusCode).toBe(400)
  })

  it('keys are per player: the same key from another player is a new request', async () => {
    const a = await signedInPlayer(t, {}, { cash: 500 })
    const b = await signedInPlayer(t, {}, { cash: 500 })
    expect((await withdraw(a.token, { amount: 100 }, { 'idempotency-key': 'shared' })).statusCode).toBe(200)
    expect((await withdraw(b.token, { amount: 100 }, { 'idempotency-key': 'shared' })).statusCode).toBe(200)
    expect(await balanceOf(t, b.token)).toBe(400)
  })

  it('refuses a locked player', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 500 })
    const { players } = await import('../../db/schema.ts')
    await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, player.id))
    const res = await withdraw(token, { amount: 100 })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ACCOUNT_LOCKED')
    await t.db.update(players).set({ status: 'ACTIVE' }).where(eq(players.id, player.id))
    expect(await balanceOf(t, token)).toBe(500)
  })
})

describe('back-office decisions', () => {
  const op = (path: string, payload: unknown, token = operator.token) => t.post(`/api/backoffice/withdrawals/${path}`, payload as object, token)

  it('approves: the hold is paid out, the decision is idempotent and audited', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 1000 })
    const { id } = (await withdraw(token, { amount: 400 })).json().data
    const listed = await t.get('/api/backoffice/withdrawals?status=PENDING', operator.token)
    expect(listed.json().data.list.map((w: { id: number }) => w.id)).toContain(id)

    const approve = await op(`${id}/approve`, { payout_ref: 'SCB-778899' })
    expect(approve.statusCode).toBe(200)
    expect(approve.json().data).toMatchObject({ id, status: 'SUCCESS', payout_ref: 'SCB-778899', mobile: player.mobile })
    expect((await op(`${id}/approve`, { payout_ref: 'SCB-778899' })).statusCode).toBe(200)
    expect((await op(`${id}/reject`, { reason: 'late' })).statusCode).toBe(409)

    const balances = await t.services.ledger.balances(t.db, player.id)
    expect(balances).toMatchObject({ cash: 60_000n, withdraw_hold: 0n })
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'withdrawal.approve', before: { status: 'PENDING' } })

    const history = (await t.get('/api/wallet/histories?page=0', token)).json().data
    expect(history.list[0]).toMatchObject({ txtype: 'WITHDRAW', txamount: 400, txstatus: 'SUCCESS' })
  })

  it('rejects: the money returns to cash, and approving afterwards is 409', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 1000 })
    const { id } = (await withdraw(token, { amount: 250 })).json().data
    const reject = await op(`${id}/reject`, { reason: 'ชื่อบัญชีไม่ตรง' })
    expect(reject.json().data).toMatchObject({ status: 'FAIL', reason: 'ชื่อบัญชีไม่ตรง' })
    expect(await balanceOf(t, token)).toBe(1000)
    expect((await op(`${id}/approve`, { payout_ref: 'X' })).statusCode).toBe(409)
    expect((await t.services.ledger.balances(t.db, player.id)).withdraw_hold).toBe(0n)
    expect((await withdraw(token, { amount: 100 })).statusCode).toBe(200)
  })

  it('needs an operator: players and strangers are refused, bad ids are 400, unknown 404', async () => {
    const { token } = await signedInPlayer(t, {}, { cash: 500 })
    const { id } = (await withdraw(token, { amount: 100 })).json().data
    expect((await op(`${id}/approve`, { payout_ref: 'X' }, token)).statusCode).toBe(401)
    expect((await t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: 'X' })).statusCode).toBe(401)
    expect((await op('abc/approve', { payout_ref: 'X' })).statusCode).toBe(400)
    expect((await op('99999999/approve', { payout_ref: 'X' })).statusCode).toBe(404)
    expect((await op(`${id}/approve`, {})).statusCode).toBe(400)
    expect(await balanceOf(t, token)).toBe(400)
  })

  it('refuses a wrong operator.token password with the same 401 as an unknown operator', async () => {
    const wrong = await t.post('/api/backoffice/auth/login', { username: 'admin', password: 'nope-nope-nope' })
    const unknown = await t.post('/api/backoffice/auth/login', { username: 'ghost', password: 'nope-nope-nope' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
  })
})

describe('GET /api/wallet/histories', () => {
  it("lists only the caller's deposits and withdrawals, newest first, paged", async () => {
    const { token, ...player } = await signedInPlayer(t)
    const other = await signedInPlayer(t, {}, { cash: 700 })
    for (let i = 0; i < 21; i++) {
      await fund(t, player, 100 + i)
      t.clock.advance(1000)
    }
    await withdraw(token, { amount: 100 })
    const page0 = (await t.get('/api/wallet/histories?page=0', token)).json().data
    expect(page0).toMatchObject({ page: 0, size: 20, total: 22 })
    expect(page0.list).toHaveLength(20)
    expect(page0.list[0]).toMatchObject({ txtype: 'WITHDRAW', txamount: 100, txstatus: 'PENDING' })
    expect(page0.list[1]).toMatchObject({ txtype: 'DEPOSIT', txamount: 120, txstatus: 'SUCCESS' })
    const page1 = (await t.get('/api/wallet/histories?page=1', token)).json().data
    expect(page1.list).toHaveLength(2)
    expect(page1.list.at(-1)).toMatchObject({ txamount: 100 })
    const otherHistory = (await t.get('/api/wallet/histories', other.token)).json().data
    expect(otherHistory.total).toBe(1)
    expect((await t.get('/api/wallet/histories?page=-1', token)).statusCode).toBe(400)
  })
})
