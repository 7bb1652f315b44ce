import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../../../test/app.ts'
import { fakePayoutBankCore, inProcessPayoutBank } from '../../../test/fakes/payout-bank.ts'
import { balanceOf, signedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { auditLog, payouts } from '../../db/schema.ts'

// Payouts through a bank (issue 37 §3, ADR 081), through the routes: the approval hands the withdrawal to the bank
// (after the same four-eyes rules as before), the name check comes before anything is sent, only the bank's explicit
// refusal refunds, and an unknown waits in its own queue until the bank's answer or two operators resolve it.

// High enough that the day's approvals in this file stay under it (the operator's daily total counts too).
const THRESHOLD = 5_000
const bank = fakePayoutBankCore()
const t = useTestApp({
  config: { BACKOFFICE_FOUR_EYES_BAHT: String(THRESHOLD), WITHDRAW_ONE_PENDING: 'false' },
  deps: { payoutBank: inProcessPayoutBank(bank) },
  verifyLedger: 'each',
})
type Operator = { id: number; token: string; username: string }
let financeA: Operator
let financeB: Operator
// Fresh sessions for each test: a test that moves the clock by hours would leave the last ones idle past their limit.
beforeEach(async () => {
  bank.reset()
  financeA = await signInOperator(t, 'finance')
  financeB = await signInOperator(t, 'finance')
})

/** A member whose bank knows the account (under the registered name), with a withdrawal of `amount` waiting. */
async function withdrawal(amount: number, cash = amount + 500) {
  const player = await signedInPlayer(t, {}, { cash })
  bank.addAccount(player.bankCode, player.bankAccount, `นาย ${player.firstname} ${player.surname}`)
  const res = await t.post('/api/wallet/withdraw', { amount }, player.token)
  expect(res.statusCode, res.body).toBe(200)
  return { id: res.json().data.id as number, player }
}
const approve = (id: number, as: Operator) => t.post(`/api/backoffice/withdrawals/${id}/approve`, {}, as.token)
const payoutOf = async (withdrawalId: number) => (await t.db.select().from(payouts).where(eq(payouts.withdrawalId, withdrawalId)))[0]!
const queue = async (status: 'HELD' | 'UNKNOWN', as: Operator = financeA) =>
  (await t.get(`/api/backoffice/payouts?status=${status}`, as.token)).json().data.list as Array<Record<string, unknown> & { id: number; withdrawal_id: number }>
const playerStatus = async (token: string) =>
  ((await t.get('/api/wallet/histories', token)).json().data.list as Array<{ txtype: string; txstatus: string }>).find((h) => h.txtype === 'WITHDRAW')?.txstatus

async function dueChecks(tt: TestApp = t) {
  const taken = await tt.services.payouts.recheckDue(tt.db)
  await tt.services.payouts.idle()
  return taken
}

describe('payouts through a bank', () => {
  it('pays an approved withdrawal through the bank: the reference stored and audited before the call, paid once, SUCCESS with the bank’s reference', async () => {
    const { id, player } = await withdrawal(300)
    const res = await approve(id, financeA)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ message: 'อนุมัติการถอนแล้ว', data: { status: 'SUCCESS', payout_ref: expect.stringMatching(/^BANKTXN/) } })
    const payout = await payoutOf(id)
    expect(payout).toMatchObject({ status: 'PAID', reference: expect.stringMatching(/^SNM\d{9}[0-9A-F]{8}$/), accountName: `นาย สมชาย ทดสอบ` })
    expect(bank.paidFor(payout.reference)).toEqual([{ reference: payout.reference, amount: 30_000n, bankReference: payout.bankReference }])
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['withdrawal.approve', 'payout.send', 'payout.paid']))
    expect(await playerStatus(player.token)).toBe('SUCCESS')
    expect(await balanceOf(t, player.token)).toBe(500)
  })

  it('holds a payout whose account name is not the member’s: nothing sent, the reason in Thai; a refusal refunds it', async () => {
    const { id, player } = await withdrawal(200)
    const initiates = bank.calls.initiate
    bank.fail('inquire', 'mismatch')
    const res = await approve(id, financeA)
    expect(res.json()).toMatchObject({ message: 'อนุมัติแล้ว ส่งคำสั่งจ่ายเงินให้ธนาคารแล้ว', data: { status: 'PAYOUT_HELD' } })
    expect(res.json().data.reason).toBe('ชื่อบัญชีที่ธนาคารแจ้ง (นาย ผู้อื่น ไม่ใช่สมาชิก) ไม่ตรงกับชื่อที่สมาชิกลงทะเบียนไว้ ยังไม่ได้ส่งเงิน รอผู้ใช้งานตรวจสอบ')
    expect(bank.calls.initiate).toBe(initiates)
    expect(await playerStatus(player.token)).toBe('PENDING')
    expect(await balanceOf(t, player.token)).toBe(500)
    const held = (await queue('HELD')).find((p) => p.withdrawal_id === id)!
    expect(held).toMatchObject({ status: 'HELD', error_code: 'NAME_MISMATCH', account_name: 'นาย ผู้อื่น ไม่ใช่สมาชิก', member_name: 'สมชาย ทดสอบ' })
    const refused = await t.post(`/api/backoffice/payouts/${held.id}/refuse`, { reason: 'ชื่อบัญชีไม่ตรงกับสมาชิก' }, financeA.token)
    expect(refused.json()).toMatchObject({ message: 'ปฏิเสธการถอนแล้ว ไม่มีเงินออกจากบัญชี คืนเงินเข้ากระเป๋าหลักแล้ว', data: { status: 'RESOLVED_REFUNDED' } })
    expect(await balanceOf(t, player.token)).toBe(700)
    expect(await playerStatus(player.token)).toBe('FAIL')
  })

  it('holds a payout when the name check gets no answer (nothing sent), and pays it when sent again', async () => {
    const { id } = await withdrawal(150)
    bank.fail('inquire', 'error')
    expect((await approve(id, financeA)).json().data.status).toBe('PAYOUT_HELD')
    const held = (await queue('HELD')).find((p) => p.withdrawal_id === id)!
    expect(held.reason).toBe('ธนาคารไม่ตอบการตรวจชื่อบัญชี (INQUIRY_ERROR) ยังไม่ได้ส่งเงิน ส่งให้ธนาคารอีกครั้งหรือปฏิเสธการถอนได้')
    const again = await t.post(`/api/backoffice/payouts/${held.id}/send-again`, undefined, financeB.token)
    expect(again.json()).toMatchObject({ message: 'ส่งรายการให้ธนาคารอีกครั้งแล้ว', data: { status: 'PAID' } })
    expect(bank.paidFor(held.reference as string)).toHaveLength(1)
  })

  it('refunds on the bank’s explicit refusal (initiate, confirm, or the account at the inquiry), and only then', async () => {
    for (const [step, fault] of [
      ['initiate', 'reject'],
      ['confirm', 'reject'],
      ['inquire', 'reject'],
    ] as const) {
      const { id, player } = await withdrawal(100)
      bank.fail(step, fault)
      const res = await approve(id, financeA)
      expect(res.json().data, `${step}`).toMatchObject({ status: 'FAIL', reason: expect.stringContaining('ธนาคารปฏิเสธการโอน') })
      expect(bank.paidFor((await payoutOf(id)).reference)).toHaveLength(0)
      expect(await balanceOf(t, player.token)).toBe(600)
    }
  })

  it('leaves a lost confirm answer OUTCOME_UNKNOWN (money held, the player sees pending), asks again with back-off, and a later PAID answer settles it', async () => {
    const { id, player } = await withdrawal(400)
    bank.fail('confirm', 'lost')
    const res = await approve(id, financeA)
    expect(res.json().data).toMatchObject({ status: 'OUTCOME_UNKNOWN', reason: expect.stringContaining('ไม่ทราบผลการโอนจากธนาคาร (CONFIRM_LOST)') })
    const payout = await payoutOf(id)
    // The bank did move the money: Sanam must neither refund nor pay again.
    expect(bank.paidFor(payout.reference)).toHaveLength(1)
    expect(await balanceOf(t, player.token)).toBe(500)
    expect(await playerStatus(player.token)).toBe('PENDING')

    t.clock.advance(30_000)
    const listed = (await queue('UNKNOWN')).find((p) => p.withdrawal_id === id)!
    expect(listed).toMatchObject({ status: 'UNKNOWN', age_seconds: 30, checks: 0, reference: payout.reference })
    expect((await t.get('/api/backoffice/payouts/summary', financeA.token)).json().data).toMatchObject({ bank: 'fake', unknown: expect.any(Number) })

    // Not due yet; then due, and the bank's look-up fails: still unknown, the next look-up further off.
    expect(await dueChecks()).toBe(0)
    t.clock.advance(60_000)
    bank.fail('find', 'timeout')
    expect(await dueChecks()).toBeGreaterThanOrEqual(1)
    expect(await payoutOf(id)).toMatchObject({ status: 'UNKNOWN', checks: 1 })
    t.clock.advance(5 * 60_000)
    await dueChecks()
    expect(await payoutOf(id)).toMatchObject({ status: 'PAID', bankReference: bank.paidFor(payout.reference)[0]!.bankReference })
    expect(await playerStatus(player.token)).toBe('SUCCESS')
    expect(bank.paidFor(payout.reference)).toHaveLength(1)
  })

  it('never refunds an unknown the bank says it does not know: "ask the bank again" leaves it unknown', async () => {
    const { id, player } = await withdrawal(120)
    bank.fail('initiate', 'timeout')
    expect((await approve(id, financeA)).json().data.status).toBe('OUTCOME_UNKNOWN')
    const payout = await payoutOf(id)
    const asked = await t.post(`/api/backoffice/payouts/${payout.id}/recheck`, undefined, financeB.token)
    expect(asked.json()).toMatchObject({ message: 'ธนาคารยังไม่ยืนยันผล ระบบจะถามอีกครั้งโดยอัตโนมัติ', data: { status: 'UNKNOWN', checks: 1 } })
    for (let i = 0; i < 5; i++) {
      t.clock.advance(61 * 60_000)
      await dueChecks()
    }
    expect(await payoutOf(id)).toMatchObject({ status: 'UNKNOWN' })
    expect(await balanceOf(t, player.token)).toBe(500)
  })

  it('is resolved by two operators: one proposes from the statement, the same one cannot confirm, a second one does', async () => {
    const { id, player } = await withdrawal(250)
    bank.fail('confirm', 'hang')
    const approved = await approve(id, financeA)
    expect(approved.json().data?.status, approved.body).toBe('OUTCOME_UNKNOWN')
    const payout = await payoutOf(id)
    expect(bank.paidFor(payout.reference)).toHaveLength(0)

    const proposed = await t.post(`/api/backoffice/payouts/${payout.id}/propose`, { outcome: 'NOT_PAID', note: 'ไม่พบรายการในบัญชีเดินสะพัด' }, financeA.token)
    expect(proposed.json()).toMatchObject({ message: 'บันทึกข้อเสนอแล้ว รอผู้ใช้งานฝ่ายการเงินอีกคนยืนยัน', data: { status: 'UNKNOWN' } })
    const proposal = proposed.json().data.proposal
    expect(proposal).toMatchObject({ outcome: 'NOT_PAID', by: financeA.username })
    expect(await balanceOf(t, player.token)).toBe(500)
    // The queue tells each operator whether it may confirm (ADR 075).
    expect((await queue('UNKNOWN', financeA)).find((p) => p.id === payout.id)?.can_decide).toMatchObject({ ok: false })
    expect((await queue('UNKNOWN', financeB)).find((p) => p.id === payout.id)?.can_decide).toEqual({ ok: true })

    const own = await t.post(`/api/backoffice/payouts/${payout.id}/confirm`, { proposed_at: proposal.at }, financeA.token)
    expect(own.statusCode).toBe(409)
    expect(own.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    const stale = await t.post(`/api/backoffice/payouts/${payout.id}/confirm`, { proposed_at: '2020-01-01T00:00:00.000Z' }, financeB.token)
    expect(stale.json().code).toBe('CONFLICT')

    const confirmed = await t.post(`/api/backoffice/payouts/${payout.id}/confirm`, { proposed_at: proposal.at }, financeB.token)
    expect(confirmed.json()).toMatchObject({ message: 'ยืนยันแล้วว่าไม่ได้จ่าย คืนเงินเข้ากระเป๋าหลักของสมาชิกแล้ว', data: { status: 'RESOLVED_REFUNDED' } })
    expect(await balanceOf(t, player.token)).toBe(750)
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['payout.unknown', 'payout.propose', 'payout.resolve']))
  })

  it('resolves an unknown as paid with the statement’s reference, and a later bank answer changes nothing', async () => {
    const { id, player } = await withdrawal(220)
    bank.fail('confirm', 'lost')
    await approve(id, financeA)
    const payout = await payoutOf(id)
    const p = await t.post(`/api/backoffice/payouts/${payout.id}/propose`, { outcome: 'PAID', bank_reference: 'STMT-778899' }, financeB.token)
    const ok = await t.post(`/api/backoffice/payouts/${payout.id}/confirm`, { proposed_at: p.json().data.proposal.at }, financeA.token)
    expect(ok.json()).toMatchObject({ message: 'ยืนยันแล้วว่าจ่ายเงินสำเร็จ', data: { status: 'RESOLVED_PAID', bank_reference: 'STMT-778899' } })
    expect(await playerStatus(player.token)).toBe('SUCCESS')
    expect(await t.services.payouts.recheck(payout.id)).toBe('RESOLVED_PAID')
    expect(await balanceOf(t, player.token)).toBe(500)
  })

  it('refuses resolutions and sends that do not fit the payout’s state, and operators without money duties', async () => {
    const { id } = await withdrawal(110)
    await approve(id, financeA)
    const paid = await payoutOf(id)
    expect((await t.post(`/api/backoffice/payouts/${paid.id}/propose`, { outcome: 'NOT_PAID', note: 'x' }, financeA.token)).json().code).toBe('CONFLICT')
    expect((await t.post(`/api/backoffice/payouts/${paid.id}/send-again`, undefined, financeA.token)).json().code).toBe('CONFLICT')
    expect((await t.post(`/api/backoffice/payouts/${paid.id}/propose`, { outcome: 'PAID' }, financeA.token)).statusCode).toBe(400)
    const support = await signInOperator(t, 'support')
    expect((await t.post(`/api/backoffice/payouts/${paid.id}/recheck`, undefined, support.token)).statusCode).toBe(403)
    expect((await t.post(`/api/backoffice/payouts/999999/recheck`, undefined, financeA.token)).statusCode).toBe(404)
  })

  it(`keeps the four-eyes rule: above ${THRESHOLD} baht the bank hears nothing until a second, different operator approves`, async () => {
    const { id } = await withdrawal(THRESHOLD + 1)
    const calls = bank.calls.inquire
    expect((await approve(id, financeA)).json().data).toMatchObject({ status: 'PENDING', needs_second_approval: true })
    expect(bank.calls.inquire).toBe(calls)
    expect((await approve(id, financeA)).json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    expect((await approve(id, financeB)).json().data).toMatchObject({ status: 'SUCCESS' })
    expect(bank.paidFor((await payoutOf(id)).reference)).toHaveLength(1)
  })
})

describe('without a payout bank', () => {
  const manual = useTestApp()
  it('keeps today’s manual payout: the operator types the reference, and an approval without one is refused in Thai', async () => {
    const player = await signedInPlayer(manual, {}, { cash: 500 })
    const id = (await manual.post('/api/wallet/withdraw', { amount: 100 }, player.token)).json().data.id
    const finance = await signInOperator(manual, 'finance')
    const missing = await manual.post(`/api/backoffice/withdrawals/${id}/approve`, {}, finance.token)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('กรุณาระบุเลขอ้างอิงการโอน')
    const paid = await manual.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: 'KBANK-1' }, finance.token)
    expect(paid.json().data).toMatchObject({ status: 'SUCCESS', payout_ref: 'KBANK-1' })
    expect((await manual.get('/api/backoffice/payouts/summary', finance.token)).json().data).toEqual({
      bank: null,
      held: 0,
      unknown: 0,
      oldest_unknown_seconds: 0,
    })
  })
})
