import { randomUUID } from 'node:crypto'
import { msg } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { PlayerRow } from '../users/users.repository.ts'
import type { DepositCredit } from './deposit-credit.ts'
import type { DepositExceptionRow, DepositsRepository } from './deposits.repository.ts'

/**
 * The transfers an operator's decision holds (ADR 035, 066): a manual deposit's claim, an unmatched transfer or a
 * confirmed claim credited on a decision, an exception's transfer made a deposit of its own. The deposit desk, the
 * approvals queue and the exceptions queue ask this service, each in its own transaction; it credits through
 * `credit()` like every source.
 */
export function createHeldTransfersService(deps: {
  clock: Clock
  credit: Pick<DepositCredit, 'credit'>
  depositsRepository: Pick<DepositsRepository, 'insert' | 'findById' | 'releaseClaim' | 'hasOpenException' | 'resolveException'>
}) {
  const { clock, depositsRepository } = deps
  return {
    /**
     * An operator's manual deposit: a claim that the transfer with this bank reference exists. It credits nothing
     * (status CLAIMED) until the feed reports the transfer or a second operator confirms it (ADR 035). A reference the
     * feed already stored is refused (BANK_REF_TAKEN): the operator assigns that row instead.
     */
    async claim(tx: Db, input: { player: PlayerRow; amount: bigint; bankRef: string; note: string; operatorId: number }) {
      const now = clock.now()
      const deposit = await depositsRepository.insert(tx, {
        source: 'MANUAL',
        externalId: input.bankRef.trim(),
        // Not a feed body's hash: the feed's report of this reference is compared field by field.
        requestHash: `manual:${randomUUID()}`,
        toAccount: '-',
        fromBankCode: input.player.bankCode,
        fromAccount: input.player.bankAccount,
        fromName: null,
        amount: input.amount,
        occurredAt: now,
        receivedAt: now,
        status: 'CLAIMED',
        // The member it is claimed for; credited only with credited_at.
        playerId: input.player.id,
        note: `operator ${input.operatorId}: ${input.note}`,
      })
      if (!deposit) throw new AppError('BANK_REF_TAKEN')
      return deposit
    },

    /**
     * Credits a held transfer (an unmatched one given to a member, or a claim a second operator confirmed) in the
     * caller's transaction, once: the row is locked and must still be in the state the decision was made on.
     */
    async creditHeld(tx: Db, depositId: number, playerId: number, expected: 'UNMATCHED' | 'CLAIMED') {
      const deposit = await depositsRepository.findById(tx, depositId, true)
      if (!deposit) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_FOUND'))
      if (deposit.status !== expected) throw new AppError('CONFLICT', msg('DEPOSIT_ALREADY_MATCHED'))
      await deps.credit.credit(tx, deposit, playerId, 'ASSIGNED', deposit.note)
      return deposit
    },

    /** A rejected claim gives its reference back, so the real transfer, if it ever comes, is matched afresh. */
    async releaseClaim(tx: Db, depositId: number, approvalId: number) {
      const deposit = await depositsRepository.findById(tx, depositId, true)
      if (deposit?.status === 'CLAIMED') await depositsRepository.releaseClaim(tx, depositId, `${deposit.externalId}#rejected-${approvalId}`)
    },

    /** Locks a transfer's row in the caller's transaction, as the bank feed does before deciding on it. */
    async lock(tx: Db, depositId: number) {
      return depositsRepository.findById(tx, depositId, true)
    },

    /** Whether a feed transfer contradicting this record waits as an open exception. */
    hasOpenException: (tx: Db, depositId: number) => depositsRepository.hasOpenException(tx, depositId),

    /**
     * Makes an exception's transfer a deposit of its own, UNMATCHED until it is assigned, under a reference of its own
     * (the exception's reference is the other record's): once, in the caller's transaction.
     */
    async depositOfException(tx: Db, found: DepositExceptionRow, note: string) {
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
        note,
      })
      if (!deposit) throw new AppError('CONFLICT')
      return deposit
    },

    /** Closes an open exception: credited (as the deposit made of it) or dismissed, by an operator with a reason. */
    resolveException: (tx: Db, id: number, change: Parameters<DepositsRepository['resolveException']>[2]) =>
      depositsRepository.resolveException(tx, id, change),
  }
}
export type HeldTransfersService = ReturnType<typeof createHeldTransfersService>
