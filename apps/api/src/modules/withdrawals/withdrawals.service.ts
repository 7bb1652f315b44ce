import { createHash } from 'node:crypto'
import { bahtToSatang, msg, satangToBaht, type BackofficeWithdrawal, type Withdrawal, type WithdrawConfig } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Actor } from '../../lib/actor.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import { OPEN_WITHDRAWAL_STATUSES, type WithdrawalRow, type WithdrawalStatus, type WithdrawalsRepository } from './withdrawals.repository.ts'
import type { PlanReader } from '../plan/plan.service.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import { autoApprovalRefusals } from './auto-approval.ts'
import type { AutoApprovalRepository } from './auto-approval.repository.ts'

export interface WithdrawalSettings {
  onePending: boolean
}

const IDEMPOTENCY_SCOPE = 'withdraw'

/** What the player reads of a status: a withdrawal on its way through the bank, or waiting to be, is still PENDING. */
export function playerStatus(status: WithdrawalStatus): Withdrawal['status'] {
  return OPEN_WITHDRAWAL_STATUSES.includes(status) ? 'PENDING' : (status as Withdrawal['status'])
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return { id: row.id, amount: satangToBaht(row.amount), status: playerStatus(row.status), created_at: row.createdAt.toISOString() }
}

function toBackofficeWithdrawal(row: WithdrawalRow, mobile: string): Omit<BackofficeWithdrawal, 'approvals' | 'needs_second_approval' | 'context'> {
  return {
    id: row.id,
    player_id: row.playerId,
    mobile,
    amount: satangToBaht(row.amount),
    bank_code: row.bankCode,
    bank_account: row.bankAccount,
    status: row.status,
    payout_ref: row.payoutRef,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  }
}

/** Who asked for a withdrawal's payout and who decided it: the approvals queue's records, handed in by services.ts (ADR 066). */
export interface WithdrawalApprovals {
  ofWithdrawals(
    db: Db,
    withdrawalIds: number[],
  ): Promise<
    Array<{
      withdrawalId: number | null
      status: string
      requestedBy: number
      requesterName: string
      requestedAt: Date
      decidedBy: number | null
      deciderName: string | null
      decidedAt: Date | null
    }>
  >
}

/**
 * The payout bank an approved withdrawal is handed to (ADR 081), answered by the payouts module and handed in by
 * services.ts; absent when no bank is configured (PAYOUT_BANK unset), where an operator pays by hand and types the
 * reference, as before.
 */
export interface PayoutHandOff {
  /**
   * Records the payout (its own reference, an audit entry) in the caller's transaction, which has just moved the
   * withdrawal to PAYING; the bank is called once it commits.
   */
  handOff(tx: Db, withdrawal: WithdrawalRow, approvedBy: number | null): Promise<void>
  /** Settles once the bank calls started for `withdrawalId` have answered (or failed); at once when none runs. */
  whenSent(withdrawalId: number): Promise<void>
}

/**
 * Who is told of a withdrawal's outcome (the notices module, ADR 087), in its transaction: the player of a payout paid or
 * refused, the desk of a payout whose outcome is unknown.
 */
export interface WithdrawalNotices {
  withdrawalDecided(tx: Db, withdrawal: { playerId: number; withdrawalId: number; amount: bigint; paid: boolean }): Promise<unknown>
  payoutUnknown(tx: Db, withdrawal: { withdrawalId: number; amount: bigint }): Promise<unknown>
}

/**
 * The risk rules at the withdrawal request (issue 39 §1, ADR 089), answered by the risk module and handed in by
 * services.ts: evaluated in the request's transaction, and the player's open case, which the auto-approval refuses on.
 */
export interface WithdrawalRisk {
  onWithdrawalRequested(tx: Db, withdrawalId: number): Promise<unknown>
  openCaseOf(tx: Db, playerId: number): Promise<{ id: number } | undefined>
}

/** What the withdrawal service is given (app.ts wires the real ones; withdrawals.service.test.ts fakes them). */
export interface WithdrawalServiceDeps {
  /** The notices of outcomes (ADR 087); none: nobody is told. */
  notices?: WithdrawalNotices
  db: Db
  ledger: Pick<Ledger, 'transferMany' | 'lockPlayers' | 'balances'>
  clock: Clock
  settings: WithdrawalSettings
  /** The referral plan and limits: the withdrawal minimum when no promotion sets one (ADR 044). */
  plan: PlanReader
  promotions?: Pick<PromotionService, 'withdrawTerms' | 'onWithdrawn'>
  withdrawalsRepository: Pick<
    WithdrawalsRepository,
    'hasPending' | 'insert' | 'findForUpdate' | 'decide' | 'move' | 'list' | 'mobileOf' | 'findIdempotent' | 'saveIdempotent' | 'setAutoRefusals'
  >
  /**
   * The auto-approval's facts (issue 37 §4, ADR 085): with a payout bank, a request every gate lets through goes to the
   * bank at once, without an operator; absent, every withdrawal waits for operators.
   */
  autoApprovalRepository?: AutoApprovalRepository
  /** Where the auto-approval records what it decided and on which facts, before the bank is called. */
  auditRepository?: Pick<AuditRepository, 'record'>
  /** With a payout bank configured, where an approved withdrawal goes instead of being marked paid (ADR 081). */
  payouts?: PayoutHandOff
  playersRepository: Pick<PlayersRepository, 'findById'>
  /** Who approved each withdrawal: the approvals queue's records (ADR 035). */
  approvals?: WithdrawalApprovals
  /** The risk rules and cases (ADR 089); absent, no rule is evaluated. */
  risk?: WithdrawalRisk
}

/**
 * Withdrawals: a request holds the money (cash → withdraw_hold); an operator pays it out (hold → bank_out) or
 * refuses it (hold → cash). With a payout bank (ADR 081) an approval hands it to the bank; an unknown outcome stays
 * OUTCOME_UNKNOWN and held: never refunded by itself.
 */
export function createWithdrawalService(deps: WithdrawalServiceDeps) {
  const { db, ledger, clock, settings, withdrawalsRepository, playersRepository } = deps

  /**
   * Records a withdrawal's outcome once, in the caller's transaction: the conditional status update from one of `from`,
   * then the ledger: paid (hold → bank_out) or refunded (hold → cash). The payouts module calls it with the bank's
   * answer (ADR 081); `settle` with an operator's decision.
   */
  async function record(
    tx: Db,
    id: number,
    outcome: { approve: true; payoutRef: string } | { approve: false; reason: string },
    by: { decidedBy: number | null; from: WithdrawalStatus[] },
  ) {
    const row = await withdrawalsRepository.decide(
      tx,
      id,
      {
        status: outcome.approve ? 'SUCCESS' : 'FAIL',
        decidedBy: by.decidedBy,
        decidedAt: clock.now(),
        ...(outcome.approve ? { payoutRef: outcome.payoutRef } : { reason: outcome.reason }),
      },
      by.from,
    )
    if (!row) throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
    // The player's money requests take turns on the player's lock (a release moves hold and cash together).
    await ledger.lockPlayers(tx, [row.playerId])
    await ledger.transferMany(tx, [
      outcome.approve
        ? {
            key: `withdraw:${id}:approve`,
            from: { player: row.playerId, kind: 'withdraw_hold' },
            to: { house: 'bank_out' },
            amount: row.amount,
            kind: 'withdraw_payout',
            reference: `withdrawal:${id}`,
          }
        : {
            key: `withdraw:${id}:reject`,
            from: { player: row.playerId, kind: 'withdraw_hold' },
            to: { player: row.playerId, kind: 'cash' },
            amount: row.amount,
            kind: 'withdraw_release',
            reference: `withdrawal:${id}`,
          },
    ])
    await deps.notices?.withdrawalDecided(tx, { playerId: row.playerId, withdrawalId: id, amount: row.amount, paid: outcome.approve })
    return row
  }

  /**
   * Hands an approved PENDING withdrawal to the payout bank (ADR 081), in the caller's transaction, which holds the
   * withdrawal's row and whatever approval allowed it: the withdrawal becomes PAYING, the payout is recorded with its
   * reference and audit entry, and the bank is called once the transaction commits. The money stays held until the
   * bank answers. The one hand-off the operators' approval and the auto-approval (issue 37 §4, `approvedBy` null) use.
   */
  async function sendToBank(tx: Db, id: number, approvedBy: number | null) {
    if (!deps.payouts) throw new AppError('CONFLICT', msg('PAYOUT_BANK_NOT_CONFIGURED'))
    const row = await withdrawalsRepository.move(tx, id, ['PENDING'], 'PAYING', null)
    if (!row) throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
    await deps.payouts.handOff(tx, row, approvedBy)
    return row
  }

  /**
   * An operator's decision on a PENDING withdrawal, once, in the caller's transaction. A refusal refunds it; an approval
   * pays it: through the payout bank when one is configured (ADR 081), else as paid by hand with the operator's
   * reference. Whether one operator may do it is the money desk's decision (ADR 035).
   */
  async function settle(tx: Db, operatorId: number, id: number, outcome: { approve: true; payoutRef?: string | null } | { approve: false; reason: string }) {
    if (!outcome.approve) return record(tx, id, outcome, { decidedBy: operatorId, from: ['PENDING'] })
    if (deps.payouts) return sendToBank(tx, id, operatorId)
    if (!outcome.payoutRef) throw new AppError('VALIDATION_FAILED', msg('WITHDRAWAL_PAYOUT_REF_REQUIRED'))
    return record(tx, id, { approve: true, payoutRef: outcome.payoutRef }, { decidedBy: operatorId, from: ['PENDING'] })
  }

  /**
   * The auto-approval (issue 37 §4, ADR 085), in the request's transaction, which holds the player's lock: only with a
   * payout bank. The gates read their facts under the player's lock and the site's budget lock (so neither 50 requests
   * of one player nor two players at once pass a cap); the answer is kept on the withdrawal (the reasons the desk
   * reads, or none); a withdrawal every gate lets through is audited and handed to the bank, which is called only once
   * this transaction commits. Anything else stays PENDING for operators, as without a bank.
   */
  async function autoApprove(tx: Db, row: WithdrawalRow) {
    const facts = deps.autoApprovalRepository
    if (!deps.payouts || !facts) return
    await facts.lockSiteBudget(tx)
    const now = clock.now()
    const found = { amount: row.amount, ...(await facts.facts(tx, row.id, now)), openRiskCase: (await deps.risk?.openCaseOf(tx, row.playerId)) !== undefined }
    const caps = (await deps.plan.current(tx)).autoApproval
    const reasons = autoApprovalRefusals(found, caps, now)
    await withdrawalsRepository.setAutoRefusals(tx, row.id, reasons)
    if (reasons.length > 0) return
    await deps.auditRepository?.record(tx, {
      actor: null,
      action: 'withdrawal.auto_approve',
      targetType: 'withdrawal',
      targetId: String(row.id),
      after: {
        player_id: row.playerId,
        amount: row.amount.toString(),
        caps: Object.fromEntries(Object.entries(caps).map(([k, v]) => [k, String(v)])),
        facts: Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v])),
      },
      at: now,
    })
    await sendToBank(tx, row.id, null)
  }

  /** Who approved each of `ids` (the requester, then the second operator) and whether one still waits for a second. */
  async function approvalsOf(ids: number[]) {
    const found = deps.approvals ? await deps.approvals.ofWithdrawals(db, ids) : []
    return new Map(
      found.map((a) => [
        a.withdrawalId!,
        {
          waiting: a.status === 'PENDING',
          approvals: [
            { operator_id: a.requestedBy, username: a.requesterName, at: a.requestedAt.toISOString() },
            ...(a.decidedBy !== null && a.deciderName !== null && a.decidedAt
              ? [{ operator_id: a.decidedBy, username: a.deciderName, at: a.decidedAt.toISOString() }]
              : []),
          ],
        },
      ]),
    )
  }

  /** The back-office's view of withdrawals without their player's context, which the back-office service adds. */
  async function backofficeViews(rows: Array<{ withdrawal: WithdrawalRow; mobile: string }>): Promise<Array<Omit<BackofficeWithdrawal, 'context'>>> {
    const approvals = await approvalsOf(rows.map((r) => r.withdrawal.id))
    return rows.map(({ withdrawal, mobile }) => {
      const mine = approvals.get(withdrawal.id)
      return { ...toBackofficeWithdrawal(withdrawal, mobile), approvals: mine?.approvals ?? [], needs_second_approval: mine?.waiting ?? false }
    })
  }

  return {
    /**
     * The minimum and, under a MAX_WITHDRAW promotion, the one amount allowed; what may be withdrawn now and what
     * holds the rest (ADR 072): nothing while a promotion's target is not met, else the mandatory amount or the cash
     * balance in whole baht (withdrawals are whole baht).
     */
    async config(playerId: number): Promise<WithdrawConfig> {
      const terms = deps.promotions ? await deps.promotions.withdrawTerms(db, playerId) : undefined
      const min = terms ? terms.min : (await deps.plan.current()).withdrawMin
      const cash = (await ledger.balances(db, playerId)).cash
      const withdrawable = terms?.held ? 0n : terms?.mandatory ? terms.value : (cash / 100n) * 100n
      return {
        min_withdraw: satangToBaht(min),
        options: { mandatory: terms?.mandatory ?? false, value: satangToBaht(terms?.value ?? 0n) },
        withdrawable: satangToBaht(withdrawable),
        held_by: terms?.held ? { title: terms.held.title, type: terms.held.type, left: satangToBaht(terms.held.left) } : null,
      }
    },

    /**
     * Holds the amount and creates a PENDING withdrawal to the registered account. With an Idempotency-Key the
     * first answer is kept: the same key and body replays it, the same key with another body is 409.
     */
    async request(actor: Actor, amountBaht: number, idempotencyKey?: string): Promise<Withdrawal> {
      const requestHash = createHash('sha256')
        .update(JSON.stringify({ amount: amountBaht }))
        .digest('hex')
      return inTransaction(db, async (tx) => {
        // One withdrawal request per player at a time: the second waits here and then sees the first one's row.
        await ledger.lockPlayers(tx, [actor.playerId])
        if (idempotencyKey) {
          const prior = await withdrawalsRepository.findIdempotent(tx, actor.playerId, IDEMPOTENCY_SCOPE, idempotencyKey)
          if (prior) {
            if (prior.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH')
            return prior.response as Withdrawal
          }
        }
        if (!Number.isInteger(amountBaht)) throw new AppError('RULE_REFUSED', msg('WITHDRAWAL_WHOLE_BAHT'))
        const terms = deps.promotions ? await deps.promotions.withdrawTerms(tx, actor.playerId) : undefined
        if (terms?.blocked) throw new AppError('RULE_REFUSED', terms.blocked)
        const min = satangToBaht(terms ? terms.min : (await deps.plan.current(tx)).withdrawMin)
        if (amountBaht < min) throw new AppError('RULE_REFUSED', msg('WITHDRAWAL_BELOW_MIN', { min }))
        if (terms?.mandatory && bahtToSatang(amountBaht) !== terms.value) {
          throw new AppError('RULE_REFUSED', msg('WITHDRAWAL_PROMOTION_AMOUNT', { value: terms.value }))
        }
        if (settings.onePending && (await withdrawalsRepository.hasPending(tx, actor.playerId))) {
          throw new AppError('CONFLICT', msg('WITHDRAWAL_PENDING'))
        }
        const player = await playersRepository.findById(tx, actor.playerId)
        if (!player) throw new AppError('UNAUTHORIZED')
        const amount = bahtToSatang(amountBaht)
        const row = await withdrawalsRepository.insert(tx, {
          playerId: player.id,
          amount,
          bankCode: player.bankCode,
          bankAccount: player.bankAccount,
          createdAt: clock.now(),
        })
        await ledger.transferMany(tx, [
          {
            key: `withdraw:${row.id}:hold`,
            from: { player: player.id, kind: 'cash' },
            to: { player: player.id, kind: 'withdraw_hold' },
            amount,
            kind: 'withdraw_hold',
            reference: `withdrawal:${row.id}`,
          },
        ])
        await deps.promotions?.onWithdrawn(tx, player.id)
        await deps.risk?.onWithdrawalRequested(tx, row.id)
        await autoApprove(tx, row)
        const answer = toWithdrawal(row)
        if (idempotencyKey) {
          await withdrawalsRepository.saveIdempotent(tx, {
            playerId: actor.playerId,
            scope: IDEMPOTENCY_SCOPE,
            key: idempotencyKey,
            requestHash,
            statusCode: 200,
            response: answer,
            createdAt: clock.now(),
          })
        }
        return answer
      })
    },

    /** The withdrawal locked for a decision in the caller's transaction; NOT_FOUND when there is none. */
    async forDecision(tx: Db, id: number) {
      const row = await withdrawalsRepository.findForUpdate(tx, id)
      if (!row) throw new AppError('NOT_FOUND', msg('WITHDRAWAL_NOT_FOUND'))
      return row
    },
    settle,
    record,
    sendToBank,
    /** Whether approvals go to a payout bank (ADR 081): the desk asks no reference then. */
    paysThroughBank: () => deps.payouts !== undefined,
    /** Settles once the bank has answered the payout started for `id` (at once without one). */
    whenSent: (id: number) => deps.payouts?.whenSent(id) ?? Promise.resolve(),
    /** A payout step that moves no money (ADR 081): PAYING, PAYOUT_HELD or OUTCOME_UNKNOWN, from one of `from`. */
    async move(tx: Db, id: number, from: WithdrawalStatus[], to: 'PAYING' | 'PAYOUT_HELD' | 'OUTCOME_UNKNOWN', reason: string | null) {
      const row = await withdrawalsRepository.move(tx, id, from, to, reason)
      if (!row) throw new AppError('CONFLICT', msg('WITHDRAWAL_ALREADY_DECIDED'))
      if (to === 'OUTCOME_UNKNOWN') await deps.notices?.payoutUnknown(tx, { withdrawalId: id, amount: row.amount })
      return row
    },

    async list(status: WithdrawalRow['status'], page: number, size = 20) {
      const { rows, total } = await withdrawalsRepository.list(db, status, page, size)
      return { list: await backofficeViews(rows), page, size, total }
    },
    /** One withdrawal as the back-office shows it, with its approvals. */
    async view(id: number) {
      const row = await withdrawalsRepository.findForUpdate(db, id)
      if (!row) throw new AppError('NOT_FOUND', msg('WITHDRAWAL_NOT_FOUND'))
      const [view] = await backofficeViews([{ withdrawal: row, mobile: await withdrawalsRepository.mobileOf(db, row.playerId) }])
      return view!
    },
  }
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>
