import { randomUUID } from 'node:crypto'
import { bangkokDay } from '@sanam/contract/bangkok'
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { balanceOf, loginPlayer, OPERATOR_ACCOUNT, postTransfer, transferBody, transfersWhere } from '../../../test/money.ts'
import { auditLog, transfers } from '../../db/schema.ts'
import { signInOperator } from '../../../test/operators.ts'

// Issue 18 §1 and §3, ADR 035: no one operator moves money alone. A manual deposit is a claim the bank feed or a
// second operator confirms; a stranger's transfer given to a member waits; splitting into actions at the threshold
// gains nothing; a feed transfer contradicting a record is an exception, never a silent DUPLICATE; each pay-in account
// is reconciled per Bangkok day.

const THRESHOLD = 20_000
const t = useTestApp({ config: { BACKOFFICE_FOUR_EYES_BAHT: String(THRESHOLD) }, verifyLedger: 'each' })

type Operator = Awaited<ReturnType<typeof signInOperator>>
/** Fresh operators for each test: the policy counts each operator's Bangkok day. */
const operators = async () => ({ first: await signInOperator(t, 'finance'), second: await signInOperator(t, 'finance') })

const manual = (as: Operator, mobile: string, amount: number, bankRef = `KBANK-${randomUUID()}`) =>
  t.post('/api/backoffice/deposits/manual', { mobile, amount, bank_ref: bankRef, note: 'สลิปจากไลน์' }, as.token)
const adjust = (as: Operator, playerId: number, amount: number, direction = 'CREDIT') =>
  t.post(`/api/backoffice/members/${playerId}/adjustments`, { request_id: randomUUID(), direction, amount, reason: 'ชดเชยระบบขัดข้อง' }, as.token)
const approve = (as: Operator, id: number) => t.post(`/api/backoffice/approvals/${id}/approve`, undefined, as.token)
const depositCredits = async (depositId: number) =>
  (await transfersWhere(t, and(eq(transfers.kind, 'deposit'), eq(transfers.reference, `deposit:${depositId}`)))).length
const member = async () => {
  const player = await makePlayer(t.db)
  return { ...player, token: await loginPlayer(t, player) }
}
const today = () => bangkokDay(t.clock.now())

describe('a manual deposit is a claim', () => {
  it('one finance operator alone credits nothing with an invented reference; a second operator confirms it once', async () => {
    const { first, second } = await operators()
    const player = await member()
    const res = await manual(first, player.mobile, 1_000_000 / 100, 'KBANK-invented')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      message: expect.stringMatching(/ธนาคารยืนยัน/),
      data: { status: 'PENDING', approval: { kind: 'MANUAL_DEPOSIT', reasons: [{ code: 'UNCONFIRMED_DEPOSIT', text: expect.any(String) }] } },
    })
    const { approval, deposit_id } = res.json().data
    expect(await balanceOf(t, player.token)).toBe(0)

    // The queue shows what waits, for whom, how much, who asked and why.
    const queue = await t.get('/api/backoffice/approvals?status=PENDING&kind=MANUAL_DEPOSIT', (await signInOperator(t, 'support')).token)
    expect(queue.json().data.list.find((a: { id: number }) => a.id === approval.id)).toMatchObject({
      player_id: player.id,
      mobile: player.mobile,
      amount: 10_000,
      requested_by: first.username,
      reference: 'KBANK-invented',
      reasons: [{ code: 'UNCONFIRMED_DEPOSIT', text: 'ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้' }],
    })

    const self = await approve(first, approval.id)
    expect(self.json()).toMatchObject({ code: 'FOUR_EYES_SAME_OPERATOR' })
    expect(await balanceOf(t, player.token)).toBe(0)

    const confirmed = await approve(second, approval.id)
    expect(confirmed.json()).toMatchObject({ data: { status: 'APPLIED', decided_by: second.username } })
    expect(await balanceOf(t, player.token)).toBe(10_000)
    expect((await approve(second, approval.id)).statusCode).toBe(409)
    expect(await depositCredits(deposit_id)).toBe(1)
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(deposit_id)))
    ).filter((a) => a.targetType === 'deposit')
    expect(actions.map((a) => [a.action, a.operatorId])).toEqual([
      ['deposit.manual', first.id],
      ['deposit.manual_confirm', second.id],
    ])
  })

  it('the bank feed’s transfer with that reference, amount and the member’s account completes it, once', async () => {
    const { first, second } = await operators()
    const player = await member()
    const ref = `KBANK-${randomUUID()}`
    const { approval, deposit_id } = (await manual(first, player.mobile, 700, ref)).json().data
    const body = transferBody(player, { external_id: ref, amount: 700 })
    expect((await postTransfer(t, body)).json().data).toEqual({ status: 'MATCHED', deposit_id })
    expect((await postTransfer(t, body)).json().data).toEqual({ status: 'MATCHED', deposit_id })
    expect(await balanceOf(t, player.token)).toBe(700)
    // Completed by the feed: nothing is left for a second operator to credit again.
    const done = (await t.get(`/api/backoffice/approvals?kind=MANUAL_DEPOSIT&player_id=${player.id}`, first.token)).json().data.list[0]
    expect(done).toMatchObject({ id: approval.id, status: 'APPLIED', decided_by: null, reject_reason: 'BANK_FEED' })
    expect((await approve(second, approval.id)).statusCode).toBe(409)
    expect(await depositCredits(deposit_id)).toBe(1)
  })

  it('a rejected claim credits nothing and gives its reference back to the real transfer', async () => {
    const { first, second } = await operators()
    const player = await member()
    const ref = `KBANK-${randomUUID()}`
    const { approval } = (await manual(first, player.mobile, 300, ref)).json().data
    const rejected = await t.post(`/api/backoffice/approvals/${approval.id}/reject`, { reason: 'ไม่พบยอดในบัญชี' }, second.token)
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', reject_reason: 'ไม่พบยอดในบัญชี' })
    expect(await balanceOf(t, player.token)).toBe(0)
    expect((await postTransfer(t, transferBody(player, { external_id: ref, amount: 300 }))).json().data.status).toBe('MATCHED')
    expect(await balanceOf(t, player.token)).toBe(300)
  })
})

describe('splitting gains nothing', () => {
  it('three adjustments at the threshold in one day: the first applies, the later ones wait', async () => {
    const { first } = await operators()
    const answers = []
    for (const player of [await member(), await member(), await member()]) answers.push((await adjust(first, player.id, THRESHOLD)).json().data)
    expect(answers.map((a) => a.status)).toEqual(['APPLIED', 'PENDING', 'PENDING'])
    expect(answers[1].reasons).toEqual([{ code: 'OPERATOR_DAILY_TOTAL', text: expect.stringContaining(THRESHOLD.toLocaleString('en-US')) }])
    // A debit counts too; another operator's day is its own.
    expect((await adjust(first, answers[0].player_id, 1, 'DEBIT')).json().data.status).toBe('PENDING')
    const { second } = await operators()
    expect((await adjust(second, answers[0].player_id, 1, 'DEBIT')).json().data.status).toBe('APPLIED')
  })

  it('a member’s total received from operators that day passing the threshold waits, whoever asks', async () => {
    const { first, second } = await operators()
    const player = await member()
    expect((await adjust(first, player.id, THRESHOLD / 2)).json().data.status).toBe('APPLIED')
    const later = (await adjust(second, player.id, THRESHOLD / 2 + 1)).json().data
    expect(later).toMatchObject({ status: 'PENDING', reasons: [{ code: 'MEMBER_DAILY_TOTAL' }] })
    expect(await balanceOf(t, player.token)).toBe(THRESHOLD / 2)
  })

  it('a single action above the threshold waits', async () => {
    const { first } = await operators()
    const player = await member()
    expect((await adjust(first, player.id, THRESHOLD + 1)).json().data).toMatchObject({ status: 'PENDING', reasons: [{ code: 'ABOVE_THRESHOLD' }] })
  })
})

describe('assigning an unmatched transfer', () => {
  it('a stranger’s transfer given to a member whose account did not send it waits for a second operator', async () => {
    const { first, second } = await operators()
    const player = await member()
    const stranger = { bankCode: '030', bankAccount: `09${Date.now().toString().slice(-8)}` }
    const { deposit_id } = (await postTransfer(t, transferBody(stranger, { amount: 1_500 }))).json().data
    const res = await t.post(`/api/backoffice/deposits/${deposit_id}/assign`, { mobile: player.mobile }, first.token)
    expect(res.json()).toMatchObject({
      message: expect.stringMatching(/อีกคน/),
      data: { status: 'PENDING', approval: { reasons: [{ code: 'SENDER_NOT_MEMBER' }] } },
    })
    expect(await balanceOf(t, player.token)).toBe(0)
    // While it waits nobody else can give the transfer away.
    const other = await member()
    expect((await t.post(`/api/backoffice/deposits/${deposit_id}/assign`, { mobile: other.mobile }, second.token)).statusCode).toBe(409)
    expect((await approve(first, res.json().data.approval.id)).json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    expect((await approve(second, res.json().data.approval.id)).statusCode).toBe(200)
    expect(await balanceOf(t, player.token)).toBe(1_500)
    expect(await depositCredits(deposit_id)).toBe(1)
  })
})

describe('racing approvals', () => {
  it('two operators approving one waiting action at once: one applies, the other gets 409, the money moves once', async () => {
    for (let round = 0; round < 4; round++) {
      const { first, second } = await operators()
      const third = await signInOperator(t, 'finance')
      const player = await member()
      const { approval, deposit_id } = (await manual(first, player.mobile, 250 + round)).json().data
      const answers = await Promise.all([approve(second, approval.id), approve(third, approval.id)])
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' / ')).toEqual([200, 409])
      expect(await depositCredits(deposit_id)).toBe(1)
      expect(await balanceOf(t, player.token)).toBe(250 + round)
    }
  })
})

describe('deposit exceptions', () => {
  it('a feed transfer contradicting a manual claim is an exception with both records, counted, and resolving it credits the right member once', async () => {
    const { first, second } = await operators()
    const claimant = await member()
    const sender = await member()
    const ref = `KBANK-x-${randomUUID()}`
    const claim = (await manual(first, claimant.mobile, 100, ref)).json().data
    const before = (await t.get('/api/backoffice/dashboard', first.token)).json().data.today.deposit_exceptions as number

    const feed = await postTransfer(t, transferBody(sender, { external_id: ref, amount: 50_000 }))
    expect(feed.json().data).toEqual({ status: 'EXCEPTION', deposit_id: claim.deposit_id, exception_id: expect.any(Number) })
    const exceptionId = feed.json().data.exception_id as number
    expect(await balanceOf(t, claimant.token)).toBe(0)
    expect(await balanceOf(t, sender.token)).toBe(0)
    expect((await t.get('/api/backoffice/dashboard', first.token)).json().data.today.deposit_exceptions).toBe(before + 1)

    const queue = (await t.get('/api/backoffice/deposit-exceptions', first.token)).json().data.list
    expect(queue.find((e: { id: number }) => e.id === exceptionId)).toMatchObject({
      status: 'OPEN',
      reasons: [{ code: 'AMOUNT' }, { code: 'SENDER' }],
      transfer: { external_id: ref, amount: 50_000, from_account: sender.bankAccount },
      existing: { id: claim.deposit_id, status: 'CLAIMED', amount: 100, player_id: claimant.id },
    })
    // The claim the bank contradicts cannot be confirmed while the exception is open.
    expect((await approve(second, claim.approval.id)).statusCode).toBe(409)

    const resolved = await t.post(
      `/api/backoffice/deposit-exceptions/${exceptionId}/resolve`,
      { action: 'CREDIT', mobile: sender.mobile, reason: 'ยอดของผู้โอนจริง' },
      first.token,
    )
    expect(resolved.statusCode, resolved.body).toBe(200)
    expect(resolved.json().data).toMatchObject({ exception: { status: 'CREDITED' }, approval: { status: 'PENDING', reasons: [{ code: 'ABOVE_THRESHOLD' }] } })
    expect((await t.post(`/api/backoffice/deposit-exceptions/${exceptionId}/resolve`, { action: 'DISMISS', reason: 'ซ้ำ' }, second.token)).statusCode).toBe(409)
    const approval = resolved.json().data.approval.id as number
    expect((await approve(second, approval)).statusCode).toBe(200)
    expect((await approve(second, approval)).statusCode).toBe(409)
    expect(await balanceOf(t, sender.token)).toBe(50_000)
    expect(await balanceOf(t, claimant.token)).toBe(0)
    expect((await t.get('/api/backoffice/dashboard', first.token)).json().data.today.deposit_exceptions).toBe(before)
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.exception_credit'), eq(auditLog.targetId, String(exceptionId))))
    expect(audited).toMatchObject({ operatorId: first.id, after: expect.objectContaining({ reason: 'ยอดของผู้โอนจริง' }) })
  })

  it('the same transfer reported again is still DUPLICATE, and a dismissed exception credits nobody', async () => {
    const { first } = await operators()
    const player = await member()
    const body = transferBody(player, { amount: 400 })
    expect((await postTransfer(t, body)).json().data.status).toBe('MATCHED')
    expect((await postTransfer(t, { ...body, from_name: 'สมชาย' })).json().data.status).toBe('DUPLICATE')
    const contradicting = (await postTransfer(t, { ...body, to_account: '9991234567' })).json().data
    expect(contradicting.status).toBe('EXCEPTION')
    const dismissed = await t.post(
      `/api/backoffice/deposit-exceptions/${contradicting.exception_id}/resolve`,
      { action: 'DISMISS', reason: 'รายการทดสอบของธนาคาร' },
      first.token,
    )
    expect(dismissed.json().data).toMatchObject({ exception: { status: 'DISMISSED', resolution_note: 'รายการทดสอบของธนาคาร' }, approval: null })
    expect(await balanceOf(t, player.token)).toBe(400)
  })
})

describe('daily reconciliation', () => {
  it('lists per pay-in account the feed total against credited deposits, and every difference', async () => {
    const { first, second } = await operators()
    const player = await member()
    const day = today()
    const at = new Date(t.clock.now().getTime()).toISOString()
    const unmatched = (await postTransfer(t, transferBody({ bankCode: '030', bankAccount: '0001113335' }, { amount: 12.25, occurred_at: at }))).json().data
      .deposit_id
    const claim = (await manual(first, player.mobile, 7)).json().data
    const confirmed = (await manual(first, player.mobile, 3)).json().data
    await approve(second, confirmed.approval.id)

    const res = await t.get(`/api/backoffice/reconciliation?day=${day}`, first.token)
    expect(res.statusCode, res.body).toBe(200)
    const accounts = res.json().data.accounts as Array<{ account: string | null; differences: Array<{ kind: string; deposit_id: number | null }> }>
    const ours = accounts.find((a) => a.account === OPERATOR_ACCOUNT)!
    expect(ours.differences).toContainEqual(expect.objectContaining({ kind: 'NOT_CREDITED', deposit_id: unmatched, amount: 12.25 }))
    const noFeed = accounts.find((a) => a.account === null)!
    expect(noFeed.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'CLAIM_PENDING', deposit_id: claim.deposit_id }),
        expect.objectContaining({ kind: 'WITHOUT_FEED', deposit_id: confirmed.deposit_id }),
      ]),
    )
    const support = await signInOperator(t, 'support')
    expect((await t.get(`/api/backoffice/reconciliation?day=${day}`, support.token)).statusCode).toBe(403)
    expect((await t.get('/api/backoffice/reconciliation?day=2026-13-45', first.token)).statusCode).toBe(400)
    const empty = (await t.get('/api/backoffice/reconciliation?day=2020-01-01', first.token)).json().data.accounts
    expect(empty.every((a: { differences: unknown[] }) => a.differences.length === 0)).toBe(true)
    // Records without feed facts are the operators' word only.
    expect(await transfersWhere(t, like(transfers.reference, `deposit:${claim.deposit_id}`))).toHaveLength(0)
  })
})
