import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { signatureHeaders } from '@sanam/contract/signing'
import { useTestApp } from '../../../test/app.ts'
import { fakePayoutBankCore, inProcessPayoutBank } from '../../../test/fakes/payout-bank.ts'
import { balanceOf, signedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { payoutCallbacks, payouts, withdrawals } from '../../db/schema.ts'

// A late answer from the payout bank (issue 37 §3, ADR 086): its signed status callback is kept once and never moves
// money by itself; for an unknown payout it triggers the look-up by reference, and only that answer settles it.

const PATH = '/api/bank/payouts/callback'
const SECRET = 'payout-bank-callback-secret-for-tests'
const bank = fakePayoutBankCore()
const t = useTestApp({
  config: { BACKOFFICE_FOUR_EYES_BAHT: '5000', WITHDRAW_ONE_PENDING: 'false', PAYOUT_BANK_CALLBACK_SECRET: SECRET },
  deps: { payoutBank: inProcessPayoutBank(bank) },
  verifyLedger: 'each',
})
let finance: { token: string }
beforeEach(async () => {
  bank.reset()
  finance = await signInOperator(t, 'finance')
})

/** A withdrawal approved and handed to the bank, whose `step` answer is lost: the payout is UNKNOWN. */
async function unknownPayout(amount: number, step: 'initiate' | 'confirm') {
  const player = await signedInPlayer(t, {}, { cash: amount + 500 })
  bank.addAccount(player.bankCode, player.bankAccount, `นาย ${player.firstname} ${player.surname}`)
  const id = (await t.post('/api/wallet/withdraw', { amount }, player.token)).json().data.id as number
  bank.fail(step, step === 'initiate' ? 'timeout' : 'lost')
  expect((await t.post(`/api/backoffice/withdrawals/${id}/approve`, {}, finance.token)).json().data.status).toBe('OUTCOME_UNKNOWN')
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.withdrawalId, id))
  return { player, withdrawalId: id, payout: payout! }
}
const payoutRow = async (id: number) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!
const withdrawalStatus = async (id: number) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status

function callback(body: unknown, headers?: Record<string, string> | null) {
  const raw = JSON.stringify(body)
  const signed = headers === undefined ? signatureHeaders(SECRET, { method: 'POST', path: PATH, body: raw, now: t.clock.now() }) : (headers ?? {})
  return t.request('POST', PATH, { headers: { 'content-type': 'application/json', ...signed }, payload: raw })
}

describe('POST /api/bank/payouts/callback', () => {
  it.each([
    ['unsigned', null],
    ['signed with another secret', signatureHeaders('another-secret-entirely-16', { method: 'POST', path: PATH, body: '{}', now: new Date() })],
  ])('refuses a callback %s (401) and keeps nothing', async (_name, headers) => {
    const { payout } = await unknownPayout(100, 'confirm')
    const res = await callback({ reference: payout.reference, status: 'SUCCESS' }, headers)
    expect(res.statusCode).toBe(401)
    expect(await t.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.reference, payout.reference))).toEqual([])
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'UNKNOWN' })
  })

  it('refuses a signed body that is not a callback: 400 in Thai, nothing kept', async () => {
    const res = await callback({ reference: 'snm-lower', status: 'SUCCESS' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('เลขอ้างอิงการจ่ายเงินไม่ถูกต้อง')
    expect(await t.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.reference, 'snm-lower'))).toEqual([])
  })

  it('leaves an unknown payout unknown when the callback says paid but the look-up by reference does not', async () => {
    const { player, withdrawalId, payout } = await unknownPayout(200, 'initiate')
    const finds = bank.calls.find
    const res = await callback({ reference: payout.reference, status: 'SUCCESS', bank_reference: 'BANKLATE1' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ replay: false })
    // The callback asked the bank once; the bank does not know the reference: nothing settles, nothing is refunded.
    expect(bank.calls.find).toBe(finds + 1)
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'UNKNOWN', checks: 1, bankReference: null })
    expect(await withdrawalStatus(withdrawalId)).toBe('OUTCOME_UNKNOWN')
    expect(await balanceOf(t, player.token)).toBe(500)
    const [kept] = await t.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.reference, payout.reference))
    expect(kept).toMatchObject({ reportedStatus: 'SUCCESS', bankReference: 'BANKLATE1', payoutId: payout.id, outcome: 'UNKNOWN' })
  })

  it('settles an unknown payout once when the look-up confirms the callback, and ignores the same callback again', async () => {
    const { player, withdrawalId, payout } = await unknownPayout(300, 'confirm')
    const body = { reference: payout.reference, status: 'SUCCESS', bank_reference: 'BANKLATE2' }
    const raw = JSON.stringify(body)
    const headers = signatureHeaders(SECRET, { method: 'POST', path: PATH, body: raw, now: t.clock.now() })
    const first = await callback(body, headers)
    expect(first.json().data).toEqual({ replay: false })
    const paid = await payoutRow(payout.id)
    // Settled by the bank's own look-up answer (its reference), not the callback's words.
    expect(paid).toMatchObject({ status: 'PAID', bankReference: bank.paidFor(payout.reference)[0]!.bankReference })
    expect(await withdrawalStatus(withdrawalId)).toBe('SUCCESS')

    const finds = bank.calls.find
    const replay = await callback(body, headers)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().data).toEqual({ replay: true })
    expect(bank.calls.find).toBe(finds)
    // Another callback about the settled payout: kept, asks nothing, changes nothing.
    expect((await callback({ ...body, status: 'REJECTED', error_code: 'LATE' })).json().data).toEqual({ replay: false })
    expect(bank.calls.find).toBe(finds)
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'PAID', updatedAt: paid.updatedAt })
    expect(bank.paidFor(payout.reference)).toHaveLength(1)
    expect(await balanceOf(t, player.token)).toBe(500)
    expect(await t.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.reference, payout.reference))).toHaveLength(2)
  })

  it('keeps a callback about a reference that is not ours and changes nothing', async () => {
    const res = await callback({ reference: 'SNM000000000DEADBEEF', status: 'SUCCESS' })
    expect(res.json().data).toEqual({ replay: false })
    const [kept] = await t.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.reference, 'SNM000000000DEADBEEF'))
    expect(kept).toMatchObject({ payoutId: null, outcome: null })
  })
})

describe('POST /api/bank/payouts/callback without a secret', () => {
  const unset = useTestApp({ deps: { payoutBank: inProcessPayoutBank(fakePayoutBankCore()) } })
  it('refuses every callback (401): a forgotten secret fails closed', async () => {
    const raw = JSON.stringify({ reference: 'SNM000000001ABCDEF01', status: 'SUCCESS' })
    const headers = signatureHeaders(SECRET, { method: 'POST', path: PATH, body: raw, now: unset.clock.now() })
    const res = await unset.request('POST', PATH, { headers: { 'content-type': 'application/json', ...headers }, payload: raw })
    expect(res.statusCode).toBe(401)
  })
})
