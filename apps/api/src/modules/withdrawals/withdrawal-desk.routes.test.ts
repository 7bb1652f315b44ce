import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { bearer, expectLedgerOk, fund, loginPlayer, transfersWhere } from '../../../test/money.ts'
import { auditLog, transfers } from '../../db/schema.ts'
import { signInOperator } from '../../../test/operators.ts'

// Issue 12 §3, ADR 031: above BACKOFFICE_FOUR_EYES_BAHT a withdrawal is paid only when a second, different operator
// approves; the first approval is visible to everyone; an approval racing a rejection resolves to exactly one outcome.

const THRESHOLD = 1_000
const t = useTestApp({ config: { BACKOFFICE_FOUR_EYES_BAHT: String(THRESHOLD), WITHDRAW_ONE_PENDING: 'false' } })
/** Two finance operators: only finance decides money (ADR 036), and four-eyes takes two different ones. */
let colleague: { id: number; token: string; username: string }
let finance: { id: number; token: string; username: string }
beforeAll(async () => {
  colleague = await signInOperator(t, 'finance')
  finance = await signInOperator(t, 'finance')
})

/** A funded player with a pending withdrawal of `amount` baht. */
async function pendingWithdrawal(amount: number) {
  const player = await makePlayer(t.db)
  await fund(t, player, amount + 500)
  const token = await loginPlayer(t, player)
  const res = await t.post('/api/wallet/withdraw', { amount }, token)
  expect(res.statusCode, res.body).toBe(200)
  return { id: res.json().data.id as number, player, token }
}
const approve = (id: number, as: { token: string }, ref = 'PAYOUT-REF') =>
  t.app.inject({ method: 'POST', url: `/api/backoffice/withdrawals/${id}/approve`, headers: bearer(as.token), payload: { payout_ref: ref } })
const reject = (id: number, as: { token: string }) =>
  t.app.inject({ method: 'POST', url: `/api/backoffice/withdrawals/${id}/reject`, headers: bearer(as.token), payload: { reason: 'ชื่อบัญชีไม่ตรง' } })
const payouts = async (id: number) => (await transfersWhere(t, and(eq(transfers.reference, `withdrawal:${id}`), eq(transfers.kind, 'withdraw_payout')))).length
const pendingItem = async (id: number, as: { token: string }) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/backoffice/withdrawals?status=PENDING', headers: bearer(as.token) })).json().data.list as Array<{
      id: number
    }>
  ).find((w) => w.id === id)

describe('four-eyes withdrawals', () => {
  it(`pays at or below ${THRESHOLD} baht on one approval`, async () => {
    const { id } = await pendingWithdrawal(THRESHOLD)
    const res = await approve(id, finance)
    expect(res.json()).toMatchObject({ success: true, message: 'อนุมัติการถอนแล้ว', data: { status: 'SUCCESS', needs_second_approval: false } })
    expect(await payouts(id)).toBe(1)
  })

  it('holds a larger one after the first approval, shows it to both operators, refuses the same operator twice, and pays on the second', async () => {
    const { id, token } = await pendingWithdrawal(THRESHOLD + 1)
    const first = await approve(id, colleague, 'KBANK-777')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().message).toBe('บันทึกการอนุมัติครั้งแรกแล้ว ยอดนี้ต้องให้ผู้ใช้งานอีกคนอนุมัติก่อนจ่ายเงิน')
    expect(first.json().data).toMatchObject({
      status: 'PENDING',
      needs_second_approval: true,
      approvals: [{ operator_id: colleague.id, username: colleague.username }],
    })
    expect(await payouts(id)).toBe(0)
    for (const viewer of [colleague, finance]) expect(await pendingItem(id, viewer)).toMatchObject({ approvals: [{ username: colleague.username }] })

    const again = await approve(id, colleague)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    expect(await payouts(id)).toBe(0)

    const second = await approve(id, finance, 'KBANK-777')
    expect(second.json()).toMatchObject({ message: 'อนุมัติการถอนแล้ว', data: { status: 'SUCCESS', payout_ref: 'KBANK-777' } })
    expect(second.json().data.approvals.map((a: { operator_id: number }) => a.operator_id)).toEqual([colleague.id, finance.id])
    expect(await payouts(id)).toBe(1)
    // A retried click on a paid withdrawal answers it again and moves nothing.
    expect((await approve(id, finance)).json().data.status).toBe('SUCCESS')
    expect(await payouts(id)).toBe(1)

    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, String(id))))
    ).map((a) => [a.action, a.operatorId])
    expect(actions).toEqual([
      ['withdrawal.first_approval', colleague.id],
      ['withdrawal.approve', finance.id],
    ])
    const history = (await t.get('/api/wallet/histories', token)).json().data.list
    expect(history).toContainEqual(expect.objectContaining({ txtype: 'WITHDRAW', txamount: THRESHOLD + 1, txstatus: 'SUCCESS' }))
    await expectLedgerOk(t)
  })

  it('lets either operator reject after a first approval, refunding the player', async () => {
    const { id, token } = await pendingWithdrawal(THRESHOLD + 250)
    await approve(id, colleague)
    const res = await reject(id, finance)
    expect(res.json().data).toMatchObject({ status: 'FAIL' })
    expect((await approve(id, finance)).statusCode).toBe(409)
    expect(await payouts(id)).toBe(0)
    const balance = (await t.get('/api/wallet/v2/balance', token)).json().data.balance
    expect(balance).toBe(THRESHOLD + 250 + 500)
    await expectLedgerOk(t)
  })

  it('resolves a second approval racing a rejection to exactly one outcome, in both orders', async () => {
    for (let round = 0; round < 6; round++) {
      const { id, token } = await pendingWithdrawal(THRESHOLD + 10 + round)
      await approve(id, colleague)
      // Sent in both orders: approve first on even rounds, reject first on odd ones.
      const [a, r] =
        round % 2 === 0
          ? await Promise.all([approve(id, finance), reject(id, colleague)])
          : await Promise.all([reject(id, colleague), approve(id, finance)]).then(([x, y]) => [y, x] as const)
      const winners = [a, r].filter((res) => res.statusCode === 200)
      expect(winners, `round ${round}: ${a.body} / ${r.body}`).toHaveLength(1)
      expect([a, r].find((res) => res.statusCode !== 200)?.statusCode).toBe(409)
      const paid = await payouts(id)
      const balance = (await t.get('/api/wallet/v2/balance', token)).json().data.balance
      if (a.statusCode === 200) expect([paid, balance]).toEqual([1, 500])
      else expect([paid, balance]).toEqual([0, THRESHOLD + 10 + round + 500])
    }
    await expectLedgerOk(t)
  })
})
