import { PlanValues } from '@sanam/contract'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestApp, type TestApp } from '../../../test/app.ts'
import { fakePayoutBankCore, inProcessPayoutBank } from '../../../test/fakes/payout-bank.ts'
import { balanceOf, fund, loginPlayer, signedInPlayer, type SignedInPlayer } from '../../../test/money.ts'
import { signInOperator, type SignedInOperator } from '../../../test/operators.ts'
import { auditLog, payouts, players, withdrawals } from '../../db/schema.ts'

// Auto-approval inside the money policy (issue 37 §4, ADR 085), through the routes: with a payout bank, a returning
// player's withdrawal that every gate lets through is paid without an operator; the always-manual cases and anything
// over a cap stay in the operators' queue with the gates' reasons; the caps hold under 50 requests at once; the caps
// are plan values that one operator alone cannot change.

const HOUR = 3_600_000

type Setup = { t: TestApp; bank: ReturnType<typeof fakePayoutBankCore> }

function appWithBank(): Setup {
  const bank = fakePayoutBankCore()
  const t = useTestApp({
    // High enough that the operators' approvals of first withdrawals here need no second operator.
    config: { BACKOFFICE_FOUR_EYES_BAHT: '100000', WITHDRAW_ONE_PENDING: 'false' },
    deps: { payoutBank: inProcessPayoutBank(bank) },
    verifyLedger: 'each',
  })
  return { t, bank }
}

/**
 * 50 requests of `amount` baht from one player at once, all sent before any is answered. They take turns on the
 * player's lock; on PostgreSQL the test pool's 10 connections and 3 s wait answer some 503 on a loaded machine, which
 * must have moved nothing. Answers the accepted withdrawals' rows once the bank calls they started have answered.
 */
async function fiftyAtOnce({ t }: Setup, player: SignedInPlayer, amount: number, atLeast: number) {
  const answers = await Promise.all(Array.from({ length: 50 }, () => t.post('/api/wallet/withdraw', { amount }, player.token)))
  expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 503)).toBe(true)
  const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.id as number)
  // Enough got in for the cap to be what stopped the rest.
  expect(ids.length).toBeGreaterThanOrEqual(atLeast)
  // A 503 made no withdrawal: the player's are the first (paid by an operator) and the accepted ones.
  expect(await t.db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id))).toHaveLength(ids.length + 1)
  await Promise.all(ids.map((id) => t.services.withdrawals.whenSent(id)))
  return t.db.select().from(withdrawals).where(inArray(withdrawals.id, ids))
}

/** A request for `amount` baht; answers the withdrawal's id once the bank calls it started have answered. */
async function withdraw({ t }: Setup, player: SignedInPlayer, amount: number) {
  const res = await t.post('/api/wallet/withdraw', { amount }, player.token)
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().data.id as number
  await t.services.withdrawals.whenSent(id)
  return id
}
const rowOf = async (t: TestApp, id: number) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!

/**
 * A returning player: funded through the bank feed `hours` ago (cash baht), a first withdrawal approved by an operator
 * and paid by the bank, then signed in again now. Nothing deposited since, so nothing is left to wager.
 */
async function returningPlayer(s: Setup, cash = 30_000, hours = 25) {
  const { t, bank } = s
  const player = await signedInPlayer(t, {}, { cash })
  bank.addAccount(player.bankCode, player.bankAccount, `${player.firstname} ${player.surname}`)
  t.clock.advance(hours * HOUR)
  player.token = await loginPlayer(t, player)
  const first = await withdraw(s, player, 100)
  expect((await rowOf(t, first)).autoRefusals).toEqual(expect.arrayContaining(['FIRST_WITHDRAWAL']))
  const operator = await signInOperator(t, 'finance')
  const approved = await t.post(`/api/backoffice/withdrawals/${first}/approve`, {}, operator.token)
  expect(approved.statusCode, approved.body).toBe(200)
  await t.services.withdrawals.whenSent(first)
  expect((await rowOf(t, first)).status).toBe('SUCCESS')
  return player
}

/** Proposes `changes` to the plan as one finance operator; `second` (when given) applies them. */
async function changePlan(t: TestApp, changes: Partial<PlanValues>, second?: SignedInOperator) {
  const author = await signInOperator(t, 'finance')
  const { current } = (await t.get('/api/backoffice/plan', author.token)).json().data
  const values = Object.fromEntries(PlanValues.keyof().options.map((key) => [key, current[key]]))
  const proposed = await t.post('/api/backoffice/plan/proposals', { ...values, ...changes, reason: 'ปรับวงเงินถอนอัตโนมัติ' }, author.token)
  expect(proposed.statusCode, proposed.body).toBe(200)
  const id = proposed.json().data.id as number
  if (!second) return { author, id }
  const applied = await t.post(`/api/backoffice/plan/proposals/${id}/approve`, undefined, second.token)
  expect(applied.statusCode, applied.body).toBe(200)
  return { author, id }
}

describe('auto-approval with a payout bank', () => {
  const s = appWithBank()
  const { t, bank } = s
  beforeEach(() => bank.reset())

  it('pays a returning player’s withdrawal through the bank without an operator, audited before the bank was called', async () => {
    const player = await returningPlayer(s)
    const before = await balanceOf(t, player.token)
    const id = await withdraw(s, player, 1_000)
    const row = await rowOf(t, id)
    expect(row).toMatchObject({ status: 'SUCCESS', autoRefusals: [], decidedBy: null, payoutRef: expect.stringMatching(/^BANKTXN/) })
    const payout = (await t.db.select().from(payouts).where(eq(payouts.withdrawalId, id)))[0]!
    expect(payout).toMatchObject({ status: 'PAID', approvedBy: null })
    expect(bank.paidFor(payout.reference)).toHaveLength(1)
    // The payouts' entries name the withdrawal too: the auto-approval's comes first, then the hand-off, then the bank's answer.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id)
    expect(audit.map((a) => [a.action, a.operatorId])).toEqual([
      ['withdrawal.auto_approve', null],
      ['payout.send', null],
      ['payout.paid', null],
    ])
    expect(await balanceOf(t, player.token)).toBe(before - 1_000)
  })

  it('keeps the first withdrawal ever in the queue, with the reasons for the desk', async () => {
    const player = await signedInPlayer(t, {}, { cash: 2_000 })
    t.clock.advance(25 * HOUR)
    player.token = await loginPlayer(t, player)
    const initiated = bank.calls.initiate
    const id = await withdraw(s, player, 500)
    // Its deposit is not wagered either: the desk reads every reason, not only the first.
    expect(await rowOf(t, id)).toMatchObject({ status: 'PENDING', autoRefusals: ['FIRST_WITHDRAWAL', 'WAGERING_BELOW_DEPOSITS'] })
    expect(bank.calls.initiate).toBe(initiated)
  })

  it('keeps the first withdrawal after a bank-account change in the queue', async () => {
    const player = await returningPlayer(s)
    await t.db
      .update(players)
      .set({ bankAccount: '9' + player.bankAccount.slice(1) })
      .where(eq(players.id, player.id))
    const id = await withdraw(s, player, 500)
    expect(await rowOf(t, id)).toMatchObject({ status: 'PENDING', autoRefusals: ['FIRST_AFTER_ACCOUNT_CHANGE'] })
  })

  it('keeps a withdrawal in the queue when the player deposited since the last one and has not wagered it', async () => {
    const player = await returningPlayer(s)
    await fund(t, player, 1_000)
    const id = await withdraw(s, player, 500)
    expect((await rowOf(t, id)).autoRefusals).toEqual(['WAGERING_BELOW_DEPOSITS'])
  })

  it('keeps a withdrawal over 5,000 baht in the queue', async () => {
    const player = await returningPlayer(s)
    const id = await withdraw(s, player, 5_001)
    expect(await rowOf(t, id)).toMatchObject({ status: 'PENDING', autoRefusals: ['OVER_PAYOUT_CAP'] })
  })

  it('lets no more than 3 of 50 withdrawals of one player at once through (the count cap)', async () => {
    const player = await returningPlayer(s)
    const rows = await fiftyAtOnce(s, player, 100, 4)
    const auto = rows.filter((r) => r.autoRefusals?.length === 0)
    expect(auto).toHaveLength(3)
    expect(auto.every((r) => r.status === 'SUCCESS')).toBe(true)
    expect(rows.filter((r) => r.status === 'PENDING')).toHaveLength(rows.length - 3)
    expect(rows.filter((r) => r.status === 'PENDING').every((r) => r.autoRefusals!.includes('OVER_PLAYER_DAILY_COUNT'))).toBe(true)
  })
})

describe('the auto-approval caps as plan values', () => {
  const s = appWithBank()
  const { t } = s

  it('one operator alone cannot change the caps: the proposal waits, the author cannot apply it, the caps stay', async () => {
    const { author, id } = await changePlan(t, { auto_payout_max: 50_000 })
    const self = await t.post(`/api/backoffice/plan/proposals/${id}/approve`, undefined, author.token)
    expect(self.statusCode).toBe(409)
    expect(self.json().code).toBe('FOUR_EYES_SAME_OPERATOR')
    const { current, pending } = (await t.get('/api/backoffice/plan', author.token)).json().data
    expect(current).toMatchObject({ auto_payout_max: 5_000, auto_player_day_total: 20_000, auto_player_day_count: 3, auto_site_hour_budget: 100_000 })
    expect(pending).toMatchObject({ id, auto_payout_max: 50_000 })
    await t.post(`/api/backoffice/plan/proposals/${id}/reject`, { reason: 'ไม่อนุมัติ' }, author.token)
  })

  it('lets no more than 20,000 baht of 50 withdrawals of one player at once through (the total cap)', async () => {
    await changePlan(t, { auto_player_day_count: 100 }, await signInOperator(t, 'finance'))
    const player = await returningPlayer(s, 200_000)
    const rows = await fiftyAtOnce(s, player, 3_000, 7)
    const auto = rows.filter((r) => r.autoRefusals?.length === 0)
    expect(auto).toHaveLength(6)
    expect(auto.reduce((sum, r) => sum + r.amount, 0n)).toBe(1_800_000n)
    expect(rows.filter((r) => r.status === 'PENDING').every((r) => r.autoRefusals!.includes('OVER_PLAYER_DAILY_TOTAL'))).toBe(true)
  })

  it('trips the breaker when the hour’s auto budget is spent: every withdrawal then waits, whoever asks', async () => {
    t.clock.advance(2 * HOUR)
    await changePlan(t, { auto_site_hour_budget: 1_500 }, await signInOperator(t, 'finance'))
    const [a, b] = [await returningPlayer(s), await returningPlayer(s)]
    a.token = await loginPlayer(t, a)
    const first = await withdraw(s, a, 1_000)
    expect(await rowOf(t, first)).toMatchObject({ status: 'SUCCESS', autoRefusals: [] })
    const second = await withdraw(s, b, 1_000)
    expect(await rowOf(t, second)).toMatchObject({ status: 'PENDING', autoRefusals: ['SITE_HOURLY_BUDGET_SPENT'] })
    t.clock.advance(HOUR)
    b.token = await loginPlayer(t, b)
    const later = await withdraw(s, b, 400)
    expect(await rowOf(t, later)).toMatchObject({ status: 'SUCCESS', autoRefusals: [] })
  })
})

describe('auto-approval without a payout bank', () => {
  const t = useTestApp({ config: { WITHDRAW_ONE_PENDING: 'false' } })

  it('asks nothing: every withdrawal waits for operators, as before', async () => {
    const player = await signedInPlayer(t, {}, { cash: 2_000 })
    const res = await t.post('/api/wallet/withdraw', { amount: 500 }, player.token)
    const row = (await t.db.select().from(withdrawals).where(eq(withdrawals.id, res.json().data.id)))[0]!
    expect(row).toMatchObject({ status: 'PENDING', autoRefusals: null })
  })
})

describe('the dashboard’s payout figures', () => {
  const s = appWithBank()
  const { t, bank } = s

  it('shows the auto-approval rate, request-to-paid time (p50, p95) and the unknowns’ count and age', async () => {
    // The first withdrawal waits for an operator, who pays it at once (0 s on the hand-moved clock).
    const player = await returningPlayer(s)
    // Two are paid without an operator (0 s); one over the cap waits 10 minutes for an operator; one more is lost.
    await withdraw(s, player, 1_000)
    await withdraw(s, player, 1_000)
    const big = await withdraw(s, player, 5_001)
    t.clock.advance(600_000)
    const finance = await signInOperator(t, 'finance')
    expect((await t.post(`/api/backoffice/withdrawals/${big}/approve`, {}, finance.token)).statusCode).toBe(200)
    await t.services.withdrawals.whenSent(big)
    bank.fail('confirm', 'lost')
    player.token = await loginPlayer(t, player)
    const lost = await withdraw(s, player, 1_000)
    expect((await rowOf(t, lost)).status).toBe('OUTCOME_UNKNOWN')
    t.clock.advance(90_000)
    const { payouts: figures } = (await t.get('/api/backoffice/dashboard', finance.token)).json().data
    expect(figures).toEqual({
      auto_approval_percent: 60,
      auto_approved: 3,
      auto_asked: 5,
      // Paid after 0, 0, 0 and 600 s: p95 lies between the last two (PostgreSQL's percentile_cont).
      paid_p50_seconds: 0,
      paid_p95_seconds: 510,
      unknown_count: 1,
      unknown_oldest_seconds: 90,
    })
  })
})
