import {
  type MoneyLimitKind,
  bahtToSatang,
  msg,
  satangToBaht,
  type AdjustmentBody,
  type Approval,
  type ApprovalKind,
  type DepositException,
  type HoldReasonCode,
  type Reconciliation,
  type ReconciliationAccount,
  type ResolveExceptionBody,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import { bangkokDay, bangkokDayRange } from '../../lib/bangkok-time.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { DepositExceptionRow, DepositsRepository } from '../deposits/deposits.repository.ts'
import { depositPeriodText } from '../limits/limit-rules.ts'
import { senderIsMember, toBackofficeDeposit, type DepositService } from '../deposits/deposits.service.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PlanReader } from '../plan/plan.service.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import type { WithdrawalService } from '../withdrawals/withdrawals.service.ts'
import type { ApprovalRow, MoneyDeskRepository } from './approvals.repository.ts'
import { assertSecondOperator, holdReasons, type MoneyAction, type SeparateDuties } from './money-policy.ts'

const PAGE_SIZE = 20

/** How each kind of action is audited: its target, and the action names of its steps. */
const AUDIT: Record<ApprovalKind, { target: string; apply: string; request: string; approve: string; reject: string }> = {
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
const targetOf = (row: ApprovalRow) => String(row.kind === 'ADJUSTMENT' ? row.playerId : (row.depositId ?? row.withdrawalId))

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

const digits = (account: string) => account.replace(/\D/g, '')
type ExceptionReason = DepositException['reasons'][number]['code']

/**
 * The money desk (ADR 035): every operator action that moves money (a manual deposit, the assignment of an unmatched
 * transfer, an adjustment either way, a withdrawal's payout) is asked of one policy (`holdReasons`), recorded as one
 * approval row, applied at once or held for a second, different operator; with the exceptions queue and the daily
 * reconciliation of each pay-in account. Each step runs in one transaction with its audit entry.
 */
export function createMoneyDeskService(deps: {
  db: Db
  clock: Clock
  ledger: Pick<Ledger, 'transferMany' | 'lockPlayers'>
  deposits: Pick<DepositService, 'claim' | 'creditHeld' | 'releaseClaim'>
  withdrawals: Pick<WithdrawalService, 'forDecision' | 'settle'>
  separateDuties: SeparateDuties
  moneyDeskRepository: Pick<MoneyDeskRepository, 'lockOperator' | 'dayTotals' | 'insert' | 'byRequestId' | 'find' | 'pendingFor' | 'decide' | 'page'>
  depositsRepository: Pick<
    DepositsRepository,
    'findById' | 'insert' | 'hasOpenException' | 'exceptionForUpdate' | 'resolveException' | 'exceptionsPage' | 'reconciliationDay'
  >
  playersRepository: Pick<PlayersRepository, 'findByMobile' | 'findById'>
  auditRepository: Pick<AuditRepository, 'record'>
  /** The referral plan and limits: the four-eyes threshold in satang (ADR 035, ADR 044). */
  plan: PlanReader
}) {
  const { db, clock, ledger, moneyDeskRepository: repo, depositsRepository, playersRepository, auditRepository, separateDuties } = deps
  /** Why each action waits, in Thai, with the threshold in force now. */
  async function holdTexts(tx: Db = db): Promise<Record<HoldReasonCode, string>> {
    const limit = satangToBaht((await deps.plan.current(tx)).fourEyesAbove)
    return {
      UNCONFIRMED_DEPOSIT: msg('HOLD_UNCONFIRMED_DEPOSIT'),
      SENDER_NOT_MEMBER: msg('HOLD_SENDER_NOT_MEMBER'),
      ABOVE_THRESHOLD: msg('HOLD_ABOVE_THRESHOLD', { limit }),
      OPERATOR_DAILY_TOTAL: msg('HOLD_OPERATOR_DAILY_TOTAL', { limit }),
      MEMBER_DAILY_TOTAL: msg('HOLD_MEMBER_DAILY_TOTAL', { limit }),
    }
  }
  const exceptionTexts = { AMOUNT: msg('EXCEPTION_AMOUNT'), SENDER: msg('EXCEPTION_SENDER'), PAY_IN_ACCOUNT: msg('EXCEPTION_PAY_IN_ACCOUNT') }
  /** A reason's text; DEPOSIT_LIMIT names the member's limit and what was left of it (ADR 048). */
  function exceptionText(code: ExceptionReason, e: DepositExceptionRow): string {
    if (code !== 'DEPOSIT_LIMIT') return exceptionTexts[code]
    const detail = e.limitDetail
    if (!detail) return msg('EXCEPTION_DEPOSIT_LIMIT', { period: '', limit: 0n, remaining: 0n })
    return msg('EXCEPTION_DEPOSIT_LIMIT', {
      period: depositPeriodText(detail.kind as MoneyLimitKind),
      limit: BigInt(detail.limit),
      remaining: BigInt(detail.remaining),
    })
  }
  /** A flag on a transfer already credited (DEPOSIT_LIMIT): it is acknowledged, never credited again. */
  const creditedAlready = (e: DepositExceptionRow) => e.reasons.includes('DEPOSIT_LIMIT')

  async function memberByMobile(tx: Db, mobile: string) {
    const player = await playersRepository.findByMobile(tx, mobile)
    if (!player) throw new AppError('NOT_FOUND', msg('MOBILE_NOT_FOUND'))
    return player
  }

  /** Moves the money of an action being applied (alone, or by the second operator), once. */
  async function apply(tx: Db, row: ApprovalRow, operatorId: number) {
    switch (row.kind) {
      case 'MANUAL_DEPOSIT':
        await deps.deposits.creditHeld(tx, row.depositId!, row.playerId, 'CLAIMED')
        return
      case 'ASSIGN_DEPOSIT':
        await deps.deposits.creditHeld(tx, row.depositId!, row.playerId, 'UNMATCHED')
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
        await deps.withdrawals.settle(tx, operatorId, row.withdrawalId!, { approve: true, payoutRef: row.payoutRef! })
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
    await separateDuties.assertMayDecideMoney(tx, { operatorId: actor.operatorId, at })
    // The member's totals and balance take turns with the member's other money movements.
    await ledger.lockPlayers(tx, [action.playerId])
    const { start, end } = bangkokDayRange(bangkokDay(at))
    const totals = await repo.dayTotals(tx, { operatorId: actor.operatorId, playerId: action.playerId, start, end })
    const reasons = holdReasons(action, totals, (await deps.plan.current(tx)).fourEyesAbove)
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
      await assertSecondOperator(tx, separateDuties, { firstId: row.requestedBy, secondId: actor.operatorId, at })
      if (row.kind === 'MANUAL_DEPOSIT' && (await depositsRepository.hasOpenException(tx, row.depositId!))) {
        throw new AppError('CONFLICT', msg('CLAIM_CONTRADICTED'))
      }
    } else {
      await separateDuties.assertMayDecideMoney(tx, { operatorId: actor.operatorId, at })
    }
    const decided = await repo.decide(tx, row.id, {
      status: outcome.approve ? 'APPLIED' : 'REJECTED',
      decidedBy: actor.operatorId,
      decidedAt: at,
      decisionNote: outcome.approve ? null : outcome.reason,
    })
    if (!decided) throw new AppError('CONFLICT')
    if (outcome.approve) await apply(tx, { ...decided, payoutRef: outcome.payoutRef ?? decided.payoutRef }, actor.operatorId)
    else if (row.kind === 'MANUAL_DEPOSIT') await deps.deposits.releaseClaim(tx, row.depositId!, row.id)
    else if (row.kind === 'WITHDRAWAL') await deps.withdrawals.settle(tx, actor.operatorId, row.withdrawalId!, { approve: false, reason: outcome.reason })
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
    if (peek.depositId !== null) await depositsRepository.findById(tx, peek.depositId, true)
    if (peek.withdrawalId !== null) await deps.withdrawals.forDecision(tx, peek.withdrawalId)
    const row = (await repo.find(tx, id, true))!
    if (row.status !== 'PENDING') throw new AppError('CONFLICT')
    return row
  }

  function toApproval(r: Awaited<ReturnType<MoneyDeskRepository['page']>>['rows'][number], texts: Record<HoldReasonCode, string>): Approval {
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

  async function exceptionView(id: number, tx: Db = db): Promise<DepositException> {
    const { rows } = await depositsRepository.exceptionsPage(tx, { ids: [id] }, 0, 1)
    if (!rows[0]) throw new AppError('NOT_FOUND', msg('EXCEPTION_NOT_FOUND'))
    return toException(rows[0])
  }

  function toException(r: Awaited<ReturnType<DepositsRepository['exceptionsPage']>>['rows'][number]): DepositException {
    const e = r.exception
    return {
      id: e.id,
      status: e.status,
      reasons: (e.reasons as ExceptionReason[]).map((code) => ({ code, text: exceptionText(code, e) })),
      transfer: {
        external_id: e.externalId,
        to_account: e.toAccount,
        from_bank_code: e.fromBankCode,
        from_account: e.fromAccount,
        from_name: e.fromName,
        amount: satangToBaht(e.amount),
        occurred_at: e.occurredAt.toISOString(),
        received_at: e.receivedAt.toISOString(),
      },
      existing: toBackofficeDeposit(r.deposit, r.mobile),
      resolved_by: r.resolvedBy,
      resolved_at: e.resolvedAt?.toISOString() ?? null,
      resolution_note: e.resolutionNote,
      credited_deposit_id: e.creditedDepositId,
    }
  }

  /** The answer of a deposit action: the transfer, and the action applied or waiting. */
  async function depositAnswer(tx: Db, row: ApprovalRow) {
    return {
      deposit_id: row.depositId!,
      player_id: row.playerId,
      amount: satangToBaht(row.amount),
      status: row.status,
      approval: await approvalView(row.id, tx),
    }
  }

  return {
    /**
     * A manual deposit: a claim that a transfer with this bank reference exists. It waits (credits nothing) until the
     * feed reports that transfer from the member's account, or a second operator confirms it.
     */
    async manualDeposit(actor: AuditActor, input: { mobile: string; amount: number; bank_ref: string; note: string }) {
      return inTransaction(db, async (tx) => {
        await repo.lockOperator(tx, actor.operatorId)
        const player = await memberByMobile(tx, input.mobile)
        const deposit = await deps.deposits.claim(tx, {
          player,
          amount: bahtToSatang(input.amount),
          bankRef: input.bank_ref,
          note: input.note,
          operatorId: actor.operatorId,
        })
        const row = await request(tx, actor, {
          kind: 'MANUAL_DEPOSIT',
          playerId: player.id,
          amount: deposit.amount,
          note: input.note,
          unconfirmed: true,
          depositId: deposit.id,
          audit: () => ({ after: { bank_ref: deposit.externalId, note: input.note } }),
        })
        return depositAnswer(tx, row!)
      })
    },

    /** Gives an unmatched transfer to a member: at once when the sender is the member and nothing else holds it. */
    async assignDeposit(actor: AuditActor, depositId: number, mobile: string) {
      return inTransaction(db, async (tx) => {
        await repo.lockOperator(tx, actor.operatorId)
        const deposit = await depositsRepository.findById(tx, depositId, true)
        if (!deposit) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_FOUND'))
        if (deposit.status !== 'UNMATCHED') throw new AppError('CONFLICT', msg('DEPOSIT_ALREADY_MATCHED'))
        if (await repo.pendingFor(tx, { depositId })) throw new AppError('CONFLICT', msg('DEPOSIT_APPROVAL_WAITING'))
        const player = await memberByMobile(tx, mobile)
        const row = await request(tx, actor, {
          kind: 'ASSIGN_DEPOSIT',
          playerId: player.id,
          amount: deposit.amount,
          note: '',
          senderNotMember: !senderIsMember(deposit, player),
          depositId,
          audit: (r) => ({
            before: { status: 'UNMATCHED', player_id: null },
            after: { status: r.status === 'APPLIED' ? 'ASSIGNED' : 'UNMATCHED', player_id: player.id, bank_ref: deposit.externalId },
          }),
        })
        return depositAnswer(tx, row!)
      })
    },

    /**
     * A manual adjustment of the member's cash through the ledger's adjustment account, with a mandatory reason. The
     * request id makes a resent request answer the first one; with other figures it is IDEMPOTENCY_MISMATCH.
     */
    async requestAdjustment(actor: AuditActor, playerId: number, body: AdjustmentBody): Promise<Approval> {
      const amount = bahtToSatang(body.amount) * (body.direction === 'DEBIT' ? -1n : 1n)
      // Players are never deleted: a member that exists now still does inside the transaction.
      if (!(await playersRepository.findById(db, playerId))) throw new AppError('NOT_FOUND')
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

    /** The first approval of a withdrawal asks the policy; if it waits, a different operator's approval pays it. */
    async approveWithdrawal(actor: AuditActor, id: number, payoutRef: string) {
      await inTransaction(db, async (tx) => {
        await repo.lockOperator(tx, actor.operatorId)
        const withdrawal = await deps.withdrawals.forDecision(tx, id)
        // The same decision again (a retried click): answer it, move nothing.
        if (withdrawal.status === 'SUCCESS') return
        if (withdrawal.status !== 'PENDING') throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
        const pending = await repo.pendingFor(tx, { withdrawalId: id })
        if (pending) {
          await decidePending(tx, actor, pending, { approve: true, payoutRef })
          return
        }
        await request(tx, actor, {
          kind: 'WITHDRAWAL',
          playerId: withdrawal.playerId,
          amount: withdrawal.amount,
          note: '',
          withdrawalId: id,
          payoutRef,
          audit: (r) => ({ before: { status: 'PENDING' }, after: { status: r.status === 'APPLIED' ? 'SUCCESS' : 'PENDING', payout_ref: payoutRef } }),
        })
      })
    },

    /** Refuses a withdrawal (waiting for a second approval or not): the money returns to the player's cash. */
    async rejectWithdrawal(actor: AuditActor, id: number, reason: string) {
      await inTransaction(db, async (tx) => {
        const withdrawal = await deps.withdrawals.forDecision(tx, id)
        if (withdrawal.status === 'FAIL') return
        if (withdrawal.status !== 'PENDING') throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
        const pending = await repo.pendingFor(tx, { withdrawalId: id })
        if (pending) {
          await decidePending(tx, actor, pending, { approve: false, reason })
          return
        }
        await separateDuties.assertMayDecideMoney(tx, { operatorId: actor.operatorId, at: clock.now() })
        await deps.withdrawals.settle(tx, actor.operatorId, id, { approve: false, reason })
        await auditRepository.record(tx, {
          actor,
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: String(id),
          before: { status: 'PENDING' },
          after: { status: 'FAIL', reason },
          at: clock.now(),
        })
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

    async approvals(filter: { status?: Approval['status']; kind?: ApprovalKind; playerId?: number }, page: number) {
      const { rows, total } = await repo.page(db, filter, page, PAGE_SIZE)
      const texts = await holdTexts()
      return { list: rows.map((r) => toApproval(r, texts)), page, size: PAGE_SIZE, total }
    },

    async exceptions(status: DepositException['status'], page: number) {
      const { rows, total } = await depositsRepository.exceptionsPage(db, { status }, page, PAGE_SIZE)
      return { list: rows.map(toException), page, size: PAGE_SIZE, total }
    },

    /**
     * Resolves an exception with a reason: CREDIT makes the transfer a deposit of its own and gives it to the member
     * it belongs to through the policy (as an assignment); DISMISS closes it. Either is audited.
     */
    async resolveException(actor: AuditActor, id: number, body: ResolveExceptionBody) {
      return inTransaction(db, async (tx) => {
        await repo.lockOperator(tx, actor.operatorId)
        const found = await depositsRepository.exceptionForUpdate(tx, id)
        if (!found) throw new AppError('NOT_FOUND', msg('EXCEPTION_NOT_FOUND'))
        if (found.status !== 'OPEN') throw new AppError('CONFLICT')
        if (body.action === 'CREDIT' && creditedAlready(found)) throw new AppError('CONFLICT', msg('EXCEPTION_DEPOSIT_LIMIT_NO_CREDIT'))
        const at = clock.now()
        let approval: ApprovalRow | undefined
        if (body.action === 'CREDIT') {
          const player = await memberByMobile(tx, body.mobile)
          const deposit = await depositsRepository.insert(tx, {
            source: 'BANK_FEED',
            externalId: `${found.externalId}#exception-${found.id}`,
            requestHash: found.requestHash,
            toAccount: found.toAccount,
            fromBankCode: found.fromBankCode,
            fromAccount: found.fromAccount,
            fromName: found.fromName,
            amount: found.amount,
            occurredAt: found.occurredAt,
            receivedAt: found.receivedAt,
            feedAt: found.receivedAt,
            status: 'UNMATCHED',
            note: body.reason,
          })
          if (!deposit) throw new AppError('CONFLICT')
          approval = await request(tx, actor, {
            kind: 'ASSIGN_DEPOSIT',
            playerId: player.id,
            amount: deposit.amount,
            note: body.reason,
            senderNotMember: !senderIsMember(deposit, player),
            depositId: deposit.id,
            audit: () => ({ after: { exception_id: found.id, bank_ref: found.externalId } }),
          })
          await depositsRepository.resolveException(tx, id, {
            status: 'CREDITED',
            resolvedBy: actor.operatorId,
            resolvedAt: at,
            resolutionNote: body.reason,
            creditedDepositId: deposit.id,
          })
        } else {
          await depositsRepository.resolveException(tx, id, { status: 'DISMISSED', resolvedBy: actor.operatorId, resolvedAt: at, resolutionNote: body.reason })
        }
        await auditRepository.record(tx, {
          actor,
          action: body.action === 'CREDIT' ? 'deposit.exception_credit' : 'deposit.exception_dismiss',
          targetType: 'deposit_exception',
          targetId: String(id),
          before: { status: 'OPEN', deposit_id: found.depositId },
          after: { status: body.action === 'CREDIT' ? 'CREDITED' : 'DISMISSED', reason: body.reason, approval_id: approval?.id ?? null },
          at,
        })
        return { exception: await exceptionView(id, tx), approval: approval ? await approvalView(approval.id, tx) : null }
      })
    },

    /**
     * One Bangkok day per pay-in account, by the transfers' time: the bank feed's total against the credited deposits,
     * with every difference (a transfer not credited, an exception, a credit no transfer confirms, a claim waiting).
     */
    async reconciliation(day: string): Promise<Reconciliation> {
      const { start, end } = bangkokDayRange(day)
      const found = await depositsRepository.reconciliationDay(db, start, end)
      const lines = new Map<string | null, ReconciliationAccount>()
      const line = (account: string | null) => {
        let existing = lines.get(account)
        if (!existing) {
          const known = found.accounts.find((a) => a.accountNumber === account)
          existing = {
            account,
            bank_code: known?.bankCode ?? null,
            account_name: known?.accountName ?? null,
            feed_total: 0,
            feed_count: 0,
            credited_total: 0,
            credited_count: 0,
            difference: 0,
            differences: [],
          }
          lines.set(account, existing)
        }
        return existing
      }
      for (const a of found.accounts) line(a.accountNumber)
      const totals = new Map<ReconciliationAccount, { feed: bigint; credited: bigint }>()
      const add = (l: ReconciliationAccount, side: 'feed' | 'credited', amount: bigint) => {
        const t = totals.get(l) ?? { feed: 0n, credited: 0n }
        t[side] += amount
        totals.set(l, t)
        if (side === 'feed') l.feed_count += 1
        else l.credited_count += 1
      }
      const texts = {
        NOT_CREDITED: msg('RECON_NOT_CREDITED'),
        EXCEPTION: msg('RECON_EXCEPTION'),
        WITHOUT_FEED: msg('RECON_WITHOUT_FEED'),
        CLAIM_PENDING: msg('RECON_CLAIM_PENDING'),
      }
      const differ = (
        l: ReconciliationAccount,
        kind: keyof typeof texts,
        amount: bigint,
        ids: { deposit?: number; exception?: number },
        externalId: string,
        playerId: number | null,
      ) =>
        l.differences.push({
          kind,
          text: texts[kind],
          amount: satangToBaht(amount),
          deposit_id: ids.deposit ?? null,
          exception_id: ids.exception ?? null,
          external_id: externalId,
          player_id: playerId,
        })
      for (const d of found.deposits) {
        if (d.status === 'REJECTED') continue
        const l = line(d.feedAt ? digits(d.toAccount) : null)
        if (d.feedAt) add(l, 'feed', d.amount)
        if (d.creditedAt) add(l, 'credited', d.amount)
        if (d.feedAt && !d.creditedAt) differ(l, 'NOT_CREDITED', d.amount, { deposit: d.id }, d.externalId, null)
        if (!d.feedAt && d.creditedAt) differ(l, 'WITHOUT_FEED', d.amount, { deposit: d.id }, d.externalId, d.playerId)
        if (d.status === 'CLAIMED') differ(l, 'CLAIM_PENDING', d.amount, { deposit: d.id }, d.externalId, d.playerId)
      }
      // A credited exception is counted as the deposit made of it.
      // A deposit-limit flag is on a credited transfer, counted above as its deposit.
      for (const e of found.exceptions) {
        if (e.status === 'CREDITED' || creditedAlready(e)) continue
        const l = line(digits(e.toAccount))
        add(l, 'feed', e.amount)
        differ(l, 'EXCEPTION', e.amount, { exception: e.id, deposit: e.depositId }, e.externalId, null)
      }
      const accounts = [...lines.values()].map((l) => {
        const t = totals.get(l) ?? { feed: 0n, credited: 0n }
        return { ...l, feed_total: satangToBaht(t.feed), credited_total: satangToBaht(t.credited), difference: satangToBaht(t.feed - t.credited) }
      })
      return { day, accounts }
    },
  }
}
export type MoneyDeskService = ReturnType<typeof createMoneyDeskService>
