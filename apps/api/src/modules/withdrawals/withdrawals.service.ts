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
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.ts'
import type { PlanReader } from '../plan/plan.service.ts'

export interface WithdrawalSettings {
  onePending: boolean
}

const IDEMPOTENCY_SCOPE = 'withdraw'

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return { id: row.id, amount: satangToBaht(row.amount), status: row.status, created_at: row.createdAt.toISOString() }
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

/** What the withdrawal service is given (app.ts wires the real ones; withdrawals.service.test.ts fakes them). */
export interface WithdrawalServiceDeps {
  db: Db
  ledger: Pick<Ledger, 'transferMany' | 'lockPlayers' | 'balances'>
  clock: Clock
  settings: WithdrawalSettings
  /** The referral plan and limits: the withdrawal minimum when no promotion sets one (ADR 044). */
  plan: PlanReader
  promotions?: Pick<PromotionService, 'withdrawTerms' | 'onWithdrawn'>
  withdrawalsRepository: Pick<
    WithdrawalsRepository,
    'hasPending' | 'insert' | 'findForUpdate' | 'decide' | 'list' | 'mobileOf' | 'findIdempotent' | 'saveIdempotent'
  >
  playersRepository: Pick<PlayersRepository, 'findById'>
  /** Who approved each withdrawal: the approvals queue's records (ADR 035). */
  approvals?: WithdrawalApprovals
}

/**
 * Withdrawals: a request holds the money (cash → withdraw_hold); an operator pays it out (hold → bank_out) or
 * refuses it (hold → cash). An unknown payout outcome simply stays PENDING and held: never refunded by itself.
 */
export function createWithdrawalService(deps: WithdrawalServiceDeps) {
  const { db, ledger, clock, settings, withdrawalsRepository, playersRepository } = deps

  /**
   * Pays out (hold → bank_out) or refunds (hold → cash) a PENDING withdrawal once, in the caller's transaction: the
   * conditional status update, then the ledger. Whether one operator may do it is the money desk's decision (ADR 035).
   */
  async function settle(tx: Db, operatorId: number, id: number, outcome: { approve: true; payoutRef: string } | { approve: false; reason: string }) {
    const row = await withdrawalsRepository.decide(tx, id, {
      status: outcome.approve ? 'SUCCESS' : 'FAIL',
      decidedBy: operatorId,
      decidedAt: clock.now(),
      ...(outcome.approve ? { payoutRef: outcome.payoutRef } : { reason: outcome.reason }),
    })
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
    return row
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
