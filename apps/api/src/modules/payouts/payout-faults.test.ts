import { eq, inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { atDepth } from '../../../test/depth.ts'
import { fakePayoutBankCore, inProcessPayoutBank, type PayoutFault, type PayoutStep } from '../../../test/fakes/payout-bank.ts'
import { signedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { rowsOf } from '../../db/rows.ts'
import { inTransaction } from '../../db/transaction.ts'
import { payouts, withdrawals } from '../../db/schema.ts'
import type { AuditActor } from '../audit/audit.repository.ts'

// Issue 37 §3 / ADR 081: payouts under a random fault at every step (inquire, initiate, confirm, each look-up), with
// the job, "ask the bank again", sending a held one again, refusing it and two operators' resolution in random order.
// Over 1,000 runs: no reference is paid twice by the bank, no withdrawal is refunded while the bank paid it (no
// refund of an unknown), every SUCCESS is money the bank moved, and the ledger is exact.

/** The 1,000 runs at the full depth (ADR 103); 200 at the sample depth, fast-check's seed new each run. */
const RUNS = Number(process.env.PAYOUT_FAULT_RUNS ?? atDepth({ sample: 200, full: 1_000 }))
const bank = fakePayoutBankCore()
const t = useTestApp({
  // One operator approves every run alone: the four-eyes rule itself is the route tests' subject.
  config: { BACKOFFICE_FOUR_EYES_BAHT: '100000000', WITHDRAW_ONE_PENDING: 'false' },
  deps: { payoutBank: inProcessPayoutBank(bank) },
})
const PLAYERS = 8
const players: Array<{ id: number; bankCode: string; bankAccount: string }> = []
let financeA: AuditActor
let financeB: AuditActor
let funded = 0n

beforeAll(async () => {
  for (let i = 0; i < PLAYERS; i++) {
    const p = await signedInPlayer(t, {}, { cash: 100_000 })
    bank.addAccount(p.bankCode, p.bankAccount, `${p.firstname} ${p.surname}`)
    players.push(p)
    funded += 10_000_000n
  }
  financeA = { operatorId: (await signInOperator(t, 'finance')).id, ip: null }
  financeB = { operatorId: (await signInOperator(t, 'finance')).id, ip: null }
}, 120_000)

const faultArb = fc.constantFrom<PayoutFault>('ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'error', 'timeout', 'hang', 'lost', 'reject', 'garbled', 'mismatch')
const actionArb = fc.constantFrom('job', 'ask', 'resolve', 'sendAgain', 'refuse', 'proposeOnly')
type PayoutRun = {
  player: number
  amount: number
  faults: { inquire: PayoutFault; initiate: PayoutFault; confirm: PayoutFault }
  finds: PayoutFault[]
  actions: Array<'job' | 'ask' | 'resolve' | 'sendAgain' | 'refuse' | 'proposeOnly'>
}
const runArb: fc.Arbitrary<PayoutRun> = fc.record({
  player: fc.nat(PLAYERS - 1),
  amount: fc.integer({ min: 100, max: 900 }),
  faults: fc.record({ inquire: faultArb, initiate: faultArb, confirm: faultArb }),
  /** The faults of the look-ups by reference, in order. */
  finds: fc.array(faultArb, { maxLength: 4 }),
  actions: fc.array(actionArb, { maxLength: 5 }),
})

/**
 * One run that ends in each way a payout can stand, run before the random ones: the random runs reach them too, but
 * only most of the time (one seed in CI left a state unreached), and the check below asks for every one of them.
 */
const unreachable: PayoutFault[] = ['error', 'error', 'error', 'error']
const ok = { inquire: 'ok', initiate: 'ok', confirm: 'ok' } as const
const everyState: PayoutRun[] = [
  { player: 0, amount: 100, faults: ok, finds: [], actions: [] }, // PAID
  { player: 1, amount: 100, faults: { ...ok, initiate: 'reject' }, finds: [], actions: [] }, // REJECTED
  { player: 2, amount: 100, faults: { ...ok, inquire: 'mismatch' }, finds: [], actions: [] }, // HELD: the name differs
  { player: 3, amount: 100, faults: { ...ok, confirm: 'lost' }, finds: unreachable, actions: [] }, // UNKNOWN
  { player: 4, amount: 100, faults: { ...ok, confirm: 'lost' }, finds: unreachable, actions: ['resolve'] }, // RESOLVED_PAID
  { player: 5, amount: 100, faults: { ...ok, initiate: 'timeout' }, finds: unreachable, actions: ['resolve'] }, // RESOLVED_REFUNDED
]

it(`keeps every payout single and every refund safe over ${RUNS} randomised runs of faults`, async () => {
  const { services } = t
  const seen: number[] = []
  /** How each run's payout stood before the run was closed: the faults reached every state. */
  const outcomes = new Map<string, number>()
  await fc.assert(
    fc.asyncProperty(runArb, async (run) => {
      bank.reset()
      let finds = 0
      bank.faultFor = (step: PayoutStep) =>
        step === 'find' ? (run.finds[finds++] ?? 'ok') : step === 'inquire' || step === 'initiate' || step === 'confirm' ? run.faults[step] : 'ok'
      const player = players[run.player]!
      const requested = await services.withdrawals.request({ playerId: player.id } as Parameters<typeof services.withdrawals.request>[0], run.amount)
      seen.push(requested.id)
      // Approved: handed to the bank by the one hand-off both the operators' approval (the route tests) and the
      // auto-approval use, then the bank's first answers awaited. A player's later withdrawals may pass the
      // auto-approval's gates (ADR 085) and be handed over by the request itself.
      const [asked] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, requested.id))
      if (asked!.status === 'PENDING') {
        await inTransaction(t.db, async (tx) => {
          await services.withdrawals.forDecision(tx, requested.id)
          await services.withdrawals.sendToBank(tx, requested.id, financeA.operatorId)
        })
      }
      await services.withdrawals.whenSent(requested.id)
      const payoutRow = async () => (await t.db.select().from(payouts).where(eq(payouts.withdrawalId, requested.id)))[0]!
      /** What an operator reads on the bank statement: the money left, or it did not (the fake bank's own record). */
      const statement = (reference: string) => bank.paidFor(reference)[0]

      for (const action of run.actions) {
        const p = await payoutRow()
        const attempt = async (fn: () => Promise<unknown>) => {
          try {
            await fn()
          } catch (error) {
            // A refusal because the payout is no longer in the state the action needs is the answer, not a failure.
            if ((error as { code?: string }).code !== 'CONFLICT') throw error
          }
        }
        if (action === 'job') {
          t.clock.advance(61 * 60_000)
          await services.payouts.recheckDue(t.db)
          await services.payouts.idle()
        } else if (action === 'ask' && p.status === 'UNKNOWN') await attempt(() => services.payouts.askAgain(financeB, p.id))
        else if (action === 'sendAgain' && p.status === 'HELD') await attempt(() => services.payouts.sendAgain(financeB, p.id))
        else if (action === 'refuse' && p.status === 'HELD') await attempt(() => services.payouts.refuse(financeB, p.id, 'ชื่อบัญชีไม่ตรง'))
        else if ((action === 'resolve' || action === 'proposeOnly') && p.status === 'UNKNOWN') {
          const paid = statement(p.reference)
          const proposed = await services.payouts.propose(
            financeA,
            p.id,
            paid ? { outcome: 'PAID', bank_reference: paid.bankReference, note: '' } : { outcome: 'NOT_PAID', note: 'ไม่พบรายการในบัญชี' },
          )
          // The same operator can never complete it.
          await expect(services.payouts.confirm(financeA, p.id, proposed.proposal!.at)).rejects.toMatchObject({ code: 'FOUR_EYES_SAME_OPERATOR' })
          if (action === 'resolve') await attempt(() => services.payouts.confirm(financeB, p.id, proposed.proposal!.at))
        }
      }

      // This run's withdrawal: the bank paid it at most once, and what Sanam says matches what the bank did.
      const p = await payoutRow()
      const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, requested.id))
      const moved = bank.paidFor(p.reference)
      expect(moved.length, 'paid twice').toBeLessThanOrEqual(1)
      if (w!.status === 'SUCCESS') expect(moved.length, `SUCCESS without money moved (${p.status})`).toBe(1)
      if (w!.status === 'FAIL') {
        expect(moved, `refunded while the bank paid (${p.status})`).toHaveLength(0)
        // Refunded only on the bank's word or two operators' (or a held one refused: nothing was ever sent).
        expect(['REJECTED', 'RESOLVED_REFUNDED']).toContain(p.status)
      }
      if (p.status === 'HELD') expect(bank.initiated.size === 0 || ![...bank.initiated.values()].some((i) => i.reference === p.reference)).toBe(true)
      expect(['PENDING', 'PAYING']).not.toContain(w!.status)

      // Left held or unknown, the run ends as the desk would end it: from the statement, by two operators (so later
      // runs' jobs do not carry it, and the totals below compare settled money).
      if (p.status === 'HELD') await services.payouts.refuse(financeB, p.id, 'ปิดรายการ')
      if (p.status === 'UNKNOWN') {
        const paid = statement(p.reference)
        const proposed = await services.payouts.propose(
          financeA,
          p.id,
          paid ? { outcome: 'PAID', bank_reference: paid.bankReference, note: '' } : { outcome: 'NOT_PAID', note: 'ไม่พบรายการในบัญชี' },
        )
        await services.payouts.confirm(financeB, p.id, proposed.proposal!.at)
      }
      outcomes.set(p.status, (outcomes.get(p.status) ?? 0) + 1)
    }),
    {
      numRuns: everyState.length + RUNS,
      examples: everyState.map((run) => [run]),
      seed: process.env.PAYOUT_FAULT_SEED ? Number(process.env.PAYOUT_FAULT_SEED) : undefined,
    },
  )

  // Over all runs: every reference paid at most once, Sanam's paid rows are exactly the bank's movements, and the
  // ledger holds: what came in is the players' balances plus what was paid out.
  const references = new Map<string, number>()
  for (const m of bank.moved) references.set(m.reference, (references.get(m.reference) ?? 0) + 1)
  expect([...references.values()].filter((n) => n > 1)).toEqual([])
  const rows = await t.db.select().from(payouts).where(inArray(payouts.withdrawalId, seen))
  expect(rows).toHaveLength(seen.length)
  const byWithdrawal = new Map((await t.db.select().from(withdrawals).where(inArray(withdrawals.id, seen))).map((w) => [w.id, w]))
  const sanamPaid = rows.filter((p) => byWithdrawal.get(p.withdrawalId)!.status === 'SUCCESS').reduce((sum, p) => sum + p.amount, 0n)
  // Every run closed: what the bank moved is exactly what Sanam recorded as paid.
  expect(sanamPaid).toBe(bank.moved.reduce((sum, m) => sum + m.amount, 0n))

  const verified = await services.ledger.verify(t.db)
  expect(verified.failures).toEqual([])
  const [money] = rowsOf<{ balances: string; paid_out: string; came_in: string }>(
    await t.db.execute(sql`
      select (select coalesce(sum(balance), 0) from accounts where player_id is not null)::text as balances,
             (select coalesce(sum(amount), 0) from transfers where kind = 'withdraw_payout')::text as paid_out,
             (select coalesce(sum(amount), 0) from transfers where kind = 'deposit')::text as came_in`),
  )
  expect(BigInt(money!.balances) + BigInt(money!.paid_out)).toBe(BigInt(money!.came_in))
  expect(BigInt(money!.came_in)).toBe(funded)
  expect(BigInt(money!.paid_out)).toBe(sanamPaid)
  console.info(`payout fault runs: ${RUNS}; before closing: ${JSON.stringify(Object.fromEntries(outcomes))}`)
  // The faults reached each way a payout can stand.
  for (const status of ['PAID', 'REJECTED', 'HELD', 'UNKNOWN', 'RESOLVED_PAID', 'RESOLVED_REFUNDED'])
    expect(outcomes.get(status) ?? 0, status).toBeGreaterThan(0)
}, 900_000)
