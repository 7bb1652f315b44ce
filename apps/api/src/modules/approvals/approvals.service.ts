import {
  bahtToSatang,
  msg,
  satangToBaht,
  type AdjustmentBody,
  type Approval,
  type ApprovalKind,
  type AuditAction,
  type DeskAction,
  type HoldReasonCode,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { ApprovalRow, ApprovalsRepository } from './approvals.repository.ts'
import {
  assertMayDecideMoney,
  assertSecondOperator,
  canDecide,
  withCanDecide,
  holdReasons,
  type Decider,
  type MoneyAction,
  type SeparateDuties,
} from './money-policy.ts'

const PAGE_SIZE = 20

/** How each kind of action is audited: its target, and the action names of its steps. */
const AUDIT: Record<ApprovalKind, { target: string; apply: AuditAction; request: AuditAction; approve: AuditAction; reject: AuditAction }> = {
  MANUAL_DEPOSIT: { target: 'deposit', apply: 'deposit.manual', request: 'deposit.manual', approve: 'deposit.manual_confirm', reject: 'deposit.manual_reject' },
  ASSIGN_DEPOSIT: {
    target: 'deposit',
    apply: 'deposit.assign',
    request: 'deposit.assign_request',
    approve: 'deposit.assign_approve',
    reject: 'deposit.assign_reject',
  },
  ADJUSTMENT: { target: 'member', apply: 'adjustment.apply', request: 'adjustment.request', approve: 'adjustment.approve', reject: 'adjustment.reject' },
  WITHDRAWAL: {
    target: 'withdrawal',
    apply: 'withdrawal.approve',
    request: 'withdrawal.first_approval',
    approve: 'withdrawal.approve',
    reject: 'withdrawal.reject',
  },
}
/** What approving a waiting action does, as a refusal names it: paying a withdrawal, or any other money action. */
const actionOf = (row: Pick<ApprovalRow, 'kind'>): DeskAction => (row.kind === 'WITHDRAWAL' ? 'withdrawal' : 'money')
/** `operatorId` as the second operator of the waiting action `row`. */
const decider = (row: Pick<ApprovalRow, 'kind' | 'requestedBy'>, operatorId: number, at: Date): Decider => ({
  firstId: row.requestedBy,
  secondId: operatorId,
  at,
  action: actionOf(row),
})
const targetOf = (row: ApprovalRow) => String(row.kind === 'ADJUSTMENT' ? row.playerId : (row.depositId ?? row.withdrawalId))

/**
 * What the approvals queue moves when an action is applied or refused, answered by the modules that own it (ADR 066):
 * the deposits module credits or gives back a transfer, the withdrawals module pays or releases a withdrawal. The
 * queue imports neither; services.ts hands them in.
 */
export interface ApprovalTargets {
  deposits: {
    /** Locks the transfer's row first, as the bank feed does. */
    lock(tx: Db, depositId: number): Promise<unknown>
    creditHeld(tx: Db, depositId: number, playerId: number, expected: 'UNMATCHED' | 'CLAIMED'): Promise<unknown>
    releaseClaim(tx: Db, depositId: number, approvalId: number): Promise<unknown>
    /** Whether a feed transfer contradicts the claim (an open exception on it). */
    hasOpenException(tx: Db, depositId: number): Promise<boolean>
  }
  /** Whether the member an adjustment is for exists (players are never deleted). */
  members: { exists(tx: Db, playerId: number): Promise<boolean> }
  withdrawals: {
    /** Locks the withdrawal's row first; NOT_FOUND when there is none. */
    forDecision(tx: Db, id: number): Promise<unknown>
    /** An approval pays it (by hand with `payoutRef`, or through the payout bank, ADR 081); a refusal refunds it. */
    settle(tx: Db, operatorId: number, id: number, outcome: { approve: true; payoutRef: string | null } | { approve: false; reason: string }): Promise<unknown>
  }
}

/** One operator's money action as the policy is asked about it. */
interface ActionRequest extends MoneyAction {
  kind: ApprovalKind
  playerId: number
  note: string
  depositId?: number
  withdrawalId?: number
  payoutRef?: string
  requestId?: string
  /** What the audit entry says besides the action's own figures. */
  audit?: (row: ApprovalRow) => { before?: Record<string, unknown>; after?: Record<string, unknown> }
}

/**
 * The approvals queue (ADR 035, ADR 066): every operator action that moves money (a manual deposit, the assignment of an
 * unmatched transfer, an adjustment either way, a withdrawal's payout) is asked of one policy (`holdReasons`), recorded
 * as one approval row, applied at once or held for a second, different operator (`assertSecondOperator`). The modules
 * that own the targets start the actions (`request`, in their transaction) and move the money when told (`targets`).
 * Each step runs in one transaction with its audit entry.
 */
export function createApprovalsService(deps: {
  db: Db
  clock: Clock
  ledger: Pick<Ledger, 'transferMany' | 'lockPlayers'>
  targets: ApprovalTargets
  separateDuties: SeparateDuties
  approvalsRepository: Pick<
    ApprovalsRepository,
    'lockOperator' | 'dayTotals' | 'insert' | 'byRequestId' | 'find' | 'pendingFor' | 'decide' | 'page' | 'completeClaim' | 'withdrawalApprovals'
  >
  auditRepository: Pick<AuditRepository, 'record'>
  /** The referral plan and limits: the four-eyes threshold in satang now (ADR 035, ADR 044). */
  plan: { fourEyesAbove(tx?: Db): Promise<bigint> }
}) {
  const { db, clock, ledger, approvalsRepository: repo, auditRepository, separateDuties } = deps
  /** Why each action waits, in Thai, with the threshold in force now. */
  async function holdTexts(tx: Db = db): Promise<Record<HoldReasonCode, string>> {
    const limit = satangToBaht(await deps.plan.fourEyesAbove(tx))
    return {
      UNCONFIRMED_DEPOSIT: msg('HOLD_UNCONFIRMED_DEPOSIT'),
      SENDER_NOT_MEMBER: msg('HOLD_SENDER_NOT_MEMBER'),
      MEMBER_AFTER_TRANSFER: msg('HOLD_MEMBER_AFTER_TRANSFER'),
      ABOVE_THRESHOLD: msg('HOLD_ABOVE_THRESHOLD', { limit }),
      OPERATOR_DAILY_TOTAL: msg('HOLD_OPERATOR_DAILY_TOTAL', { limit }),
      MEMBER_DAILY_TOTAL: msg('HOLD_MEMBER_DAILY_TOTAL', { limit }),
      RISK_CASE_OPEN: msg('HOLD_RISK_CASE_OPEN'),
    }
  }

  /** Moves the money of an action being applied (alone, or by the second operator), once. */
  async function apply(tx: Db, row: ApprovalRow, operatorId: number) {
    switch (row.kind) {
      case 'MANUAL_DEPOSIT':
        await deps.targets.deposits.creditHeld(tx, row.depositId!, row.playerId, 'CLAIMED')
        return
      case 'ASSIGN_DEPOSIT':
        await deps.targets.deposits.creditHeld(tx, row.depositId!, row.playerId, 'UNMATCHED')
        return
      case 'ADJUSTMENT': {
        const credit = row.amount > 0n
        await ledger.transferMany(tx, [
          {
            key: `adjustment:${row.id}`,
            from: credit ? { house: 'adjustment' } : { player: row.playerId, kind: 'cash' },
            to: credit ? { player: row.playerId, kind: 'cash' } : { house: 'adjustment' },
            amount: credit ? row.amount : -row.amount,
            kind: 'adjustment',
            reference: `adjustment:${row.id}`,
          },
        ])
        return
      }
      case 'WITHDRAWAL':
        await deps.targets.withdrawals.settle(tx, operatorId, row.withdrawalId!, { approve: true, payoutRef: row.payoutRef })
    }
  }

  async function audit(
    tx: Db,
    actor: AuditActor,
    row: ApprovalRow,
    step: 'apply' | 'request' | 'approve' | 'reject',
    extra: { before?: object; after?: object },
  ) {
    await auditRepository.record(tx, {
      actor,
      action: AUDIT[row.kind][step],
      targetType: AUDIT[row.kind].target,
      targetId: targetOf(row),
      before: extra.before ?? null,
      after: {
        approval_id: row.id,
        kind: row.kind,
        player_id: row.playerId,
        amount: satangToBaht(row.amount),
        approval_status: row.status,
        reasons: row.reasons,
        ...(row.note ? { reason: row.note } : {}),
        ...extra.after,
      },
      at: clock.now(),
    })
  }

  /**
   * Asks the policy about one action in the caller's transaction (which holds the operator's lock and the target's
   * row) and records it: applied now when nothing holds it, PENDING with the reasons otherwise. Undefined when its
   * request id was taken meanwhile.
   */
  async function request(tx: Db, actor: AuditActor, action: ActionRequest): Promise<ApprovalRow | undefined> {
    const at = clock.now()
    await assertMayDecideMoney(tx, separateDuties, { operatorId: actor.operatorId, at, action: action.kind === 'WITHDRAWAL' ? 'withdrawal' : 'money' })
    // The member's totals and balance take turns with the member's other money movements.
    await ledger.lockPlayers(tx, [action.playerId])
    const { start, end } = bangkokDayRange(bangkokDay(at))
    const totals = await repo.dayTotals(tx, { operatorId: actor.operatorId, playerId: action.playerId, start, end })
    const reasons = holdReasons(action, totals, await deps.plan.fourEyesAbove(tx))
    const row = await repo.insert(tx, {
      kind: action.kind,
      playerId: action.playerId,
      amount: action.amount,
      note: action.note,
      reasons,
      status: reasons.length > 0 ? 'PENDING' : 'APPLIED',
      requestId: action.requestId ?? null,
      depositId: action.depositId ?? null,
      withdrawalId: action.withdrawalId ?? null,
      payoutRef: action.payoutRef ?? null,
      requestedBy: actor.operatorId,
      createdAt: at,
    })
    if (!row) return undefined
    if (row.status === 'APPLIED') await apply(tx, row, actor.operatorId)
    await audit(tx, actor, row, row.status === 'APPLIED' ? 'apply' : 'request', action.audit?.(row) ?? {})
    return row
  }

  /** The second operator's approval or any money operator's rejection of a PENDING action whose target is locked. */
  async function decidePending(
    tx: Db,
    actor: AuditActor,
    row: ApprovalRow,
    outcome: { approve: true; payoutRef?: string } | { approve: false; reason: string },
  ) {
    const at = clock.now()
    if (outcome.approve) {
      await assertSecondOperator(tx, separateDuties, decider(row, actor.operatorId, at))
      if (row.kind === 'MANUAL_DEPOSIT' && (await deps.targets.deposits.hasOpenException(tx, row.depositId!))) {
        throw new AppError('CONFLICT', msg('CLAIM_CONTRADICTED'))
      }
    } else {
      await assertMayDecideMoney(tx, separateDuties, { operatorId: actor.operatorId, at, action: actionOf(row) })
    }
    const decided = await repo.decide(tx, row.id, {
      status: outcome.approve ? 'APPLIED' : 'REJECTED',
      decidedBy: actor.operatorId,
      decidedAt: at,
      decisionNote: outcome.approve ? null : outcome.reason,
    })
    if (!decided) throw new AppError('CONFLICT')
    if (outcome.approve) await apply(tx, { ...decided, payoutRef: outcome.payoutRef ?? decided.payoutRef }, actor.operatorId)
    else if (row.kind === 'MANUAL_DEPOSIT') await deps.targets.deposits.releaseClaim(tx, row.depositId!, row.id)
    else if (row.kind === 'WITHDRAWAL')
      await deps.targets.withdrawals.settle(tx, actor.operatorId, row.withdrawalId!, { approve: false, reason: outcome.reason })
    await audit(tx, actor, decided, outcome.approve ? 'approve' : 'reject', {
      before: { status: 'PENDING', requested_by: row.requestedBy },
      after: outcome.approve
        ? { status: 'APPLIED', ...(outcome.payoutRef ? { payout_ref: outcome.payoutRef } : {}) }
        : { status: 'REJECTED', reason: outcome.reason },
    })
    return decided
  }

  /** Locks what a decision on `id` changes, the target first (the bank feed and the queues lock it first too). */
  async function lockedPending(tx: Db, id: number) {
    const peek = await repo.find(tx, id)
    if (!peek) throw new AppError('NOT_FOUND', msg('APPROVAL_NOT_FOUND'))
    if (peek.depositId !== null) await deps.targets.deposits.lock(tx, peek.depositId)
    if (peek.withdrawalId !== null) await deps.targets.withdrawals.forDecision(tx, peek.withdrawalId)
    const row = (await repo.find(tx, id, true))!
    if (row.status !== 'PENDING') throw new AppError('CONFLICT')
    return row
  }

  function toApproval(r: Awaited<ReturnType<ApprovalsRepository['page']>>['rows'][number], texts: Record<HoldReasonCode, string>): Approval {
    const a = r.approval
    return {
      id: a.id,
      kind: a.kind,
      status: a.status,
      player_id: a.playerId,
      mobile: r.mobile,
      amount: satangToBaht(a.amount),
      reason: a.note,
      reasons: (a.reasons as HoldReasonCode[]).map((code) => ({ code, text: texts[code] })),
      deposit_id: a.depositId,
      withdrawal_id: a.withdrawalId,
      reference: a.kind === 'WITHDRAWAL' ? a.payoutRef : r.bankRef,
      requested_by: r.requestedBy,
      requested_by_id: a.requestedBy,
      decided_by: r.decidedBy,
      reject_reason: a.decisionNote,
      created_at: a.createdAt.toISOString(),
      decided_at: a.decidedAt?.toISOString() ?? null,
    }
  }

  async function approvalView(id: number, tx: Db = db): Promise<Approval> {
    const { rows } = await repo.page(tx, { ids: [id] }, 0, 1)
    if (!rows[0]) throw new AppError('NOT_FOUND', msg('APPROVAL_NOT_FOUND'))
    return toApproval(rows[0], await holdTexts(tx))
  }

  return {
    /** Serialises one operator's money requests for the rest of the caller's transaction. */
    lockOperator: (tx: Db, operatorId: number) => repo.lockOperator(tx, operatorId),
    request,
    decidePending,
    /** The waiting action on a withdrawal or a transfer, locked, if any. */
    pendingFor: (tx: Db, target: { withdrawalId: number } | { depositId: number }) => repo.pendingFor(tx, target),
    /** An action as the queue shows it. */
    view: approvalView,
    /** The bank feed completed a manual deposit (a claim): its waiting action is applied, by no operator. */
    completeClaim: (tx: Db, depositId: number, at: Date) => repo.completeClaim(tx, depositId, at),
    /** Each withdrawal's approval (who asked, who decided), for the withdrawal queue. */
    withdrawalApprovals: (tx: Db, withdrawalIds: number[]) => repo.withdrawalApprovals(tx, withdrawalIds),

    /**
     * A manual adjustment of the member's cash through the ledger's adjustment account, with a mandatory reason. The
     * request id makes a resent request answer the first one; with other figures it is IDEMPOTENCY_MISMATCH.
     */
    async requestAdjustment(actor: AuditActor, playerId: number, body: AdjustmentBody): Promise<Approval> {
      const amount = bahtToSatang(body.amount) * (body.direction === 'DEBIT' ? -1n : 1n)
      // Players are never deleted: a member that exists now still does inside the transaction.
      if (!(await deps.targets.members.exists(db, playerId))) throw new AppError('NOT_FOUND')
      return inTransaction(db, async (tx) => {
        await repo.lockOperator(tx, actor.operatorId)
        const replay = async () => {
          const earlier = await repo.byRequestId(tx, body.request_id)
          if (!earlier) return undefined
          if (earlier.kind !== 'ADJUSTMENT' || earlier.playerId !== playerId || earlier.amount !== amount || earlier.note !== body.reason) {
            throw new AppError('IDEMPOTENCY_MISMATCH')
          }
          return approvalView(earlier.id, tx)
        }
        const earlier = await replay()
        if (earlier) return earlier
        const row = await request(tx, actor, { kind: 'ADJUSTMENT', playerId, amount, note: body.reason, requestId: body.request_id })
        if (row) return approvalView(row.id, tx)
        // A request with the same id by another operator committed first: answer that one.
        const first = await replay()
        if (!first) throw new AppError('CONFLICT')
        return first
      })
    },

    /** A second, different operator applies a waiting action. Of two racing approvals one applies, the other is 409. */
    async approve(actor: AuditActor, id: number): Promise<Approval> {
      return inTransaction(db, async (tx) => {
        await decidePending(tx, actor, await lockedPending(tx, id), { approve: true })
        return approvalView(id, tx)
      })
    },

    /** Any money operator refuses a waiting action, with a reason: a claim gives its reference back, a withdrawal its money. */
    async reject(actor: AuditActor, id: number, reason: string): Promise<Approval> {
      return inTransaction(db, async (tx) => {
        await decidePending(tx, actor, await lockedPending(tx, id), { approve: false, reason })
        return approvalView(id, tx)
      })
    },

    /** A page of the queue; each waiting action says whether `operatorId` may approve it now (ADR 075). */
    async approvals(operatorId: number, filter: { status?: Approval['status']; kind?: ApprovalKind; playerId?: number }, page: number) {
      const { rows, total } = await repo.page(db, filter, page, PAGE_SIZE)
      const texts = await holdTexts()
      const at = clock.now()
      const views = rows.map((r) => ({ ...toApproval(r, texts), row: r.approval }))
      const answered = await withCanDecide(db, separateDuties, views, (v) => (v.status === 'PENDING' ? decider(v.row, operatorId, at) : undefined))
      const list = answered.map(({ row: _row, ...view }) => view)
      return { list, page, size: PAGE_SIZE, total }
    },
    /** Whether `operatorId` may approve the waiting action `row` now, as its approval would answer (ADR 075). */
    canApprove: async (tx: Db, row: ApprovalRow, operatorId: number) => (await canDecide(tx, separateDuties, [decider(row, operatorId, clock.now())]))[0]!,
  }
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>
