import { msg } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { Write } from '../../db/writes.ts'
import type { Clock } from '../../lib/clock.ts'
import type { ExclusionsRepository } from '../exclusions/exclusions.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { LimitsService } from '../limits/limits.service.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { DepositExceptionRow, DepositRow, DepositsRepository } from './deposits.repository.ts'

/**
 * Who tells the player a deposit was credited (the notices module, ADR 087): the notice's writes, which the credit sends
 * with its own (db/writes.ts), in its transaction; once per deposit.
 */
export interface DepositNotices {
  depositCreditedWrites(tx: Db, deposit: { playerId: number; depositId: number; amount: bigint }): Promise<Write[]>
}

/** Who tells the desk a deposit exception was opened (the desk's alerts, ADR 087): in its transaction, once per exception. */
export interface DepositExceptionAlerts {
  exceptionOpened(tx: Db, exception: { exceptionId: number; amount: bigint }): Promise<unknown>
}

export interface DepositCreditDeps {
  /** The player's notice of a credit (ADR 087); none: nobody is told. */
  notices?: DepositNotices
  /** The desk's alert of an exception opened (ADR 087, amended 2026-11-29); none: the desk reads the queue. */
  alerts?: DepositExceptionAlerts
  /** The risk rules of a credited deposit (issue 39 §1, ADR 089), in the credit's transaction; absent, none. */
  risk?: { onDepositCredited(tx: Db, deposit: { id: number; playerId: number }): Promise<unknown> }
  ledger: Pick<Ledger, 'transferMany' | 'lockPlayers'>
  clock: Clock
  /** How long after its time a draft bill is still completed by a transfer (DRAFT_BILL_GRACE_SECONDS). */
  settings: { billGraceSeconds: number }
  /** The player's own deposit limits (ADR 048): a transfer over them is credited and flagged. */
  limits?: Pick<LimitsService, 'depositAllowance'>
  promotions?: Pick<PromotionService, 'onDepositCredited'>
  /** A transfer from a player with a time-out or self-exclusion in force is credited with a note (ADR 047). */
  exclusionsRepository: Pick<ExclusionsRepository, 'activeMany'>
  depositsRepository: Pick<DepositsRepository, 'completableBill' | 'completeBill' | 'markCredited' | 'insertException'>
}

const creditTransfer = (deposit: DepositRow, playerId: number) => ({
  key: `deposit:${deposit.externalId}`,
  from: { house: 'bank_in' as const },
  to: { player: playerId, kind: 'cash' as const },
  amount: deposit.amount,
  kind: 'deposit',
  reference: `deposit:${deposit.id}`,
})

/**
 * The one place a deposit is credited (the bank feed, a notification, a slip, an operator's assignment or confirmed
 * claim alike), in the caller's transaction, after the caller has taken its locks in the one order (the same-transfer
 * lock, then the deposit's row; here the player's cash row, ADR 035, 063).
 */
export function createDepositCredit(deps: DepositCreditDeps) {
  const { ledger, clock, settings, depositsRepository } = deps

  /** The bill a deposit credited now would complete (LIVE, or expired within the grace), if the player has one. */
  const openBillOf = (tx: Db, playerId: number, now = clock.now()) =>
    depositsRepository.completableBill(tx, playerId, new Date(now.getTime() - settings.billGraceSeconds * 1000))

  /**
   * Opens a deposit exception in the caller's transaction (a credit past the player's limit here, a feed transfer that
   * contradicts a record in the intake) and alerts the desk in the same transaction: the alert exists exactly when the
   * exception does. Undefined when its request hash was stored before (no second exception, no second alert).
   */
  async function openException(tx: Db, exception: Parameters<DepositsRepository['insertException']>[1]): Promise<DepositExceptionRow | undefined> {
    const opened = await depositsRepository.insertException(tx, exception)
    if (opened) await deps.alerts?.exceptionOpened(tx, { exceptionId: opened.id, amount: opened.amount })
    return opened
  }

  /** Credits a stored deposit to a player in the caller's transaction, completing the draft bill it answers. */
  async function credit(tx: Db, deposit: DepositRow, playerId: number, status: 'MATCHED' | 'ASSIGNED', note?: string | null) {
    const now = clock.now()
    // A transfer from a restricted player is theirs: it is credited like any (never kept from them, ADR 047), starts no
    // promotion, and carries a note the back-office sees with the deposit.
    if ((await deps.exclusionsRepository.activeMany(tx, [playerId], now)).has(playerId)) {
      note = note ? `${msg('DEPOSIT_DURING_EXCLUSION')} ${note}` : msg('DEPOSIT_DURING_EXCLUSION')
    }
    // The player's credits take turns (the cash row's lock), so each is judged against the deposits credited before it.
    if (deps.limits) await ledger.lockPlayers(tx, [playerId])
    const allowance = deps.limits ? await deps.limits.depositAllowance(tx, playerId) : null
    await ledger.transferMany(tx, [creditTransfer(deposit, playerId)])
    if (allowance && deposit.amount > allowance.remaining) {
      // Money is never kept from the player: the transfer is credited, and the back-office's exceptions queue is told
      // it went past the player's own limit (ADR 048), to be acknowledged by an operator.
      await openException(tx, {
        externalId: deposit.externalId,
        requestHash: `limit:${deposit.id}`,
        toAccount: deposit.toAccount,
        fromBankCode: deposit.fromBankCode,
        fromAccount: deposit.fromAccount,
        fromName: deposit.fromName,
        amount: deposit.amount,
        occurredAt: deposit.occurredAt,
        receivedAt: now,
        depositId: deposit.id,
        reasons: ['DEPOSIT_LIMIT'],
        status: 'OPEN',
        limitDetail: { kind: allowance.kind, limit: allowance.limit.toString(), remaining: allowance.remaining.toString() },
      })
    }
    const bill = await openBillOf(tx, playerId, now)
    if (bill) await depositsRepository.completeBill(tx, bill.id, deposit.id)
    if (bill?.promotionId && deps.promotions) {
      await deps.promotions.onDepositCredited(tx, { playerId, depositId: deposit.id, amount: deposit.amount, promotionId: bill.promotionId })
    }
    // The player's notice goes in the same statement as the credit's mark: no round trip of its own (issue 38 §6).
    const notice = (await deps.notices?.depositCreditedWrites(tx, { playerId, depositId: deposit.id, amount: deposit.amount })) ?? []
    await depositsRepository.markCredited(
      tx,
      deposit.id,
      { status, playerId, creditedAt: now, draftBillId: bill?.id ?? null, ...(note !== undefined ? { note } : {}) },
      notice,
    )
    await deps.risk?.onDepositCredited(tx, { id: deposit.id, playerId })
  }

  return { credit, openBillOf, openException }
}
export type DepositCredit = ReturnType<typeof createDepositCredit>
