import { msg, type BackofficeWithdrawal } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { ApprovalsService } from '../approvals/approvals.service.ts'
import { assertMayDecideMoney, assertNoRiskHold, withCanDecide, type SeparateDuties } from '../approvals/money-policy.ts'
import { refusalEntry, type AuditActor, type AuditRepository } from '../audit/audit.repository.ts'
import type { MembersService } from '../members/members.service.ts'
import type { WithdrawalService } from './withdrawals.service.ts'

/**
 * The operators' withdrawal queue (ADR 031, ADR 035): each withdrawal with its approvals and its player's context; a
 * payout is asked of the approvals queue (held for a second, different operator when the policy says so); a refusal
 * returns the money to the player's cash.
 */
export function createWithdrawalDeskService(deps: {
  db: Db
  clock: Clock
  approvals: Pick<ApprovalsService, 'lockOperator' | 'request' | 'pendingFor' | 'decidePending'>
  withdrawals: Pick<WithdrawalService, 'forDecision' | 'settle' | 'list' | 'view' | 'paysThroughBank' | 'whenSent'>
  members: Pick<MembersService, 'withdrawalContexts'>
  separateDuties: SeparateDuties
  auditRepository: Pick<AuditRepository, 'record'>
  /** The player's open risk case (issue 39 §2, ADR 089): its withdrawals wait for it to close. */
  risk?: { openCaseOf(tx: Db, playerId: number): Promise<{ id: number } | undefined> }
}) {
  const { db, clock, approvals, withdrawals, separateDuties, auditRepository } = deps

  /** Each withdrawal with its player's context (issue 12 §3), read for all of them at once. */
  async function withContext(list: Array<Omit<BackofficeWithdrawal, 'context'>>): Promise<BackofficeWithdrawal[]> {
    const contexts = await deps.members.withdrawalContexts([...new Set(list.map((w) => w.player_id))])
    return list.map((w) => ({ ...w, context: contexts.get(w.player_id)! }))
  }

  return {
    /** One withdrawal with its approvals and its player's context, as the queue shows it. */
    async withdrawal(id: number): Promise<BackofficeWithdrawal> {
      const [found] = await withContext([await withdrawals.view(id)])
      return found!
    },
    /**
     * A page of the queue; each waiting withdrawal says whether `operatorId` may approve it now (ADR 075): the first
     * approval as its operator's own duties allow, the second as the four-eyes rule does with the first approver.
     */
    async listWithdrawals(operatorId: number, status: BackofficeWithdrawal['status'], page: number) {
      const found = await withdrawals.list(status, page)
      const list = await withContext(found.list)
      const at = clock.now()
      const decided = await withCanDecide(db, separateDuties, list, (w) =>
        w.status === 'PENDING'
          ? { firstId: w.needs_second_approval ? (w.approvals[0]?.operator_id ?? null) : null, secondId: operatorId, at, action: 'withdrawal' }
          : undefined,
      )
      return { ...found, list: decided }
    },

    /**
     * The first approval of a withdrawal asks the policy; if it waits, a different operator's approval pays it: by hand
     * with the operator's reference, or, with a payout bank (ADR 081), by handing it to the bank, whose first answer
     * this waits for (the bank calls are bounded by PAYOUT_BANK_TIMEOUT_MS each).
     */
    async approveWithdrawal(actor: AuditActor, id: number, typedRef: string | undefined) {
      const throughBank = withdrawals.paysThroughBank()
      if (!throughBank && !typedRef) throw new AppError('VALIDATION_FAILED', msg('WITHDRAWAL_PAYOUT_REF_REQUIRED'))
      // With a bank the reference is the bank's answer: one typed by hand would name no transfer.
      const payoutRef = throughBank ? undefined : typedRef
      await inTransaction(db, async (tx) => {
        await approvals.lockOperator(tx, actor.operatorId)
        const withdrawal = await withdrawals.forDecision(tx, id)
        // The same decision again (a retried click): answer it, move nothing.
        if (
          withdrawal.status === 'SUCCESS' ||
          (throughBank && withdrawal.status !== 'PENDING' && withdrawal.status !== 'FAIL' && withdrawal.status !== 'CANCEL')
        )
          return
        if (withdrawal.status !== 'PENDING') throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
        const pending = await approvals.pendingFor(tx, { withdrawalId: id })
        const riskCase = await deps.risk?.openCaseOf(tx, withdrawal.playerId)
        if (pending) {
          assertNoRiskHold(riskCase)
          await approvals.decidePending(tx, actor, pending, { approve: true, ...(payoutRef ? { payoutRef } : {}) })
          return
        }
        await approvals.request(tx, actor, {
          kind: 'WITHDRAWAL',
          playerId: withdrawal.playerId,
          amount: withdrawal.amount,
          note: '',
          withdrawalId: id,
          riskCaseOpen: riskCase !== undefined,
          ...(payoutRef ? { payoutRef } : {}),
          audit: (r) => ({
            before: { status: 'PENDING' },
            after: { status: r.status !== 'APPLIED' ? 'PENDING' : throughBank ? 'PAYING' : 'SUCCESS', ...(payoutRef ? { payout_ref: payoutRef } : {}) },
          }),
        })
      })
      await withdrawals.whenSent(id)
    },

    /** Refuses a withdrawal (waiting for a second approval or not): the money returns to the player's cash. */
    async rejectWithdrawal(actor: AuditActor, id: number, reason: string) {
      await inTransaction(db, async (tx) => {
        const withdrawal = await withdrawals.forDecision(tx, id)
        if (withdrawal.status === 'FAIL') return
        if (withdrawal.status !== 'PENDING') throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
        const pending = await approvals.pendingFor(tx, { withdrawalId: id })
        if (pending) {
          await approvals.decidePending(tx, actor, pending, { approve: false, reason })
          return
        }
        await assertMayDecideMoney(tx, separateDuties, { operatorId: actor.operatorId, at: clock.now(), action: 'withdrawal' })
        await withdrawals.settle(tx, actor.operatorId, id, { approve: false, reason })
        const target = { action: 'withdrawal.reject', targetType: 'withdrawal', id } as const
        await auditRepository.record(tx, refusalEntry(actor, clock.now(), target, reason, { refused: 'FAIL' }))
      })
    },
  }
}
export type WithdrawalDeskService = ReturnType<typeof createWithdrawalDeskService>
