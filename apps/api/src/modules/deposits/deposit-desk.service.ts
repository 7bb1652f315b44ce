import { bahtToSatang, msg, satangToBaht, type DepositHistoryQuery } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import { filterRange } from '@sanam/contract/bangkok'
import type { ApprovalRow } from '../approvals/approvals.repository.ts'
import type { ApprovalsService } from '../approvals/approvals.service.ts'
import type { AuditActor } from '../audit/audit.repository.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import type { DepositsRepository } from './deposits.repository.ts'
import { toBackofficeDeposit, type SenderView } from './deposit-view.ts'
import type { HeldTransfersService } from './held-transfers.service.ts'
import { assignmentHolds } from './transfer-rules.ts'

/** A member by phone number, for an operator's money action; NOT_FOUND with the phone's own text. */
export async function memberByMobile(playersRepository: Pick<PlayersRepository, 'findByMobile'>, tx: Db, mobile: string) {
  const player = await playersRepository.findByMobile(tx, mobile)
  if (!player) throw new AppError('NOT_FOUND', msg('MOBILE_NOT_FOUND'))
  return player
}

/**
 * The operators' deposits: the unmatched queue and the credited history (issue 12 §4), and their actions (ADR 035): a manual deposit (a claim the bank feed or a second operator confirms) and
 * the assignment of an unmatched transfer to a member, each asked of the approvals queue in the same transaction.
 */
export function createDepositDeskService(deps: {
  db: Db
  approvals: Pick<ApprovalsService, 'lockOperator' | 'request' | 'pendingFor' | 'view'>
  deposits: Pick<HeldTransfersService, 'claim'>
  depositsRepository: Pick<DepositsRepository, 'findById' | 'list'>
  playersRepository: Pick<PlayersRepository, 'findByMobile'>
}) {
  const { db, approvals, deposits, depositsRepository } = deps
  const memberByMobileIn = (tx: Db, mobile: string) => memberByMobile(deps.playersRepository, tx, mobile)

  /** The answer of a deposit action: the transfer, and the action applied or waiting. */
  async function depositAnswer(tx: Db, row: ApprovalRow) {
    return {
      deposit_id: row.depositId!,
      player_id: row.playerId,
      amount: satangToBaht(row.amount),
      status: row.status,
      approval: await approvals.view(row.id, tx),
    }
  }

  return {
    /**
     * The unmatched queue, or the credited history with its filters (issue 12 §4); 20 a page. Senders as `view` shows
     * them: in full to those who decide money, as a statement shows them to the others (issue 34 §2).
     */
    async deposits(
      query: { unmatched: true } | (Omit<DepositHistoryQuery, 'page' | 'amount'> & { amount?: number }),
      page: number,
      view: SenderView,
      size = 20,
    ) {
      const { from, to } = 'unmatched' in query ? {} : filterRange(query.from, query.to)
      const { rows, total } = await depositsRepository.list(
        db,
        'unmatched' in query
          ? { status: 'UNMATCHED' }
          : { credited: true, player: query.q, amount: query.amount === undefined ? undefined : bahtToSatang(query.amount), ref: query.ref, from, to },
        page,
        size,
      )
      return {
        list: rows.map(({ deposit, mobile }) => toBackofficeDeposit(deposit, mobile, view)),
        page,
        size,
        total,
      }
    },

    /**
     * A manual deposit: a claim that a transfer with this bank reference exists. It waits (credits nothing) until the
     * feed reports that transfer from the member's account, or a second operator confirms it.
     */
    async manualDeposit(actor: AuditActor, input: { mobile: string; amount: number; bank_ref: string; note: string }) {
      return inTransaction(db, async (tx) => {
        await approvals.lockOperator(tx, actor.operatorId)
        const player = await memberByMobileIn(tx, input.mobile)
        const deposit = await deposits.claim(tx, {
          player,
          amount: bahtToSatang(input.amount),
          bankRef: input.bank_ref,
          note: input.note,
          operatorId: actor.operatorId,
        })
        const row = await approvals.request(tx, actor, {
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

    /**
     * Gives an unmatched transfer to a member: at once only when the sender is the member, the member registered before
     * the transfer arrived, and nothing else holds it (assignmentHolds).
     */
    async assignDeposit(actor: AuditActor, depositId: number, mobile: string) {
      return inTransaction(db, async (tx) => {
        await approvals.lockOperator(tx, actor.operatorId)
        const deposit = await depositsRepository.findById(tx, depositId, true)
        if (!deposit) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_FOUND'))
        if (deposit.status !== 'UNMATCHED') throw new AppError('CONFLICT', msg('DEPOSIT_ALREADY_MATCHED'))
        if (await approvals.pendingFor(tx, { depositId })) throw new AppError('CONFLICT', msg('DEPOSIT_APPROVAL_WAITING'))
        const player = await memberByMobileIn(tx, mobile)
        const row = await approvals.request(tx, actor, {
          kind: 'ASSIGN_DEPOSIT',
          playerId: player.id,
          amount: deposit.amount,
          note: '',
          ...assignmentHolds(deposit, player),
          depositId,
          audit: (r) => ({
            before: { status: 'UNMATCHED', player_id: null },
            after: { status: r.status === 'APPLIED' ? 'ASSIGNED' : 'UNMATCHED', player_id: player.id, bank_ref: deposit.externalId },
          }),
        })
        return depositAnswer(tx, row!)
      })
    },
  }
}
export type DepositDeskService = ReturnType<typeof createDepositDeskService>
