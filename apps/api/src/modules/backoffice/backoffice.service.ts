import { bahtToSatang, satangToBaht, type BackofficeWithdrawal, type DepositHistoryQuery } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { filterRange } from '../../lib/bangkok-time.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import type { DepositService } from '../deposits/deposits.service.ts'
import type { DepositsRepository } from '../deposits/deposits.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { MembersService } from '../members/members.service.ts'
import type { WithdrawalService } from '../withdrawals/withdrawals.service.ts'
import type { OperatorActor } from './backoffice-auth.service.ts'
import { parseHead, verifyMoneyAndAudit } from './verify.ts'

/** Operator actions on money. Each runs in one transaction with its audit entry: both happen or neither does. */
export function createBackofficeService(deps: {
  db: Db
  clock: Clock
  ledger: Ledger
  deposits: DepositService
  withdrawals: WithdrawalService
  members: Pick<MembersService, 'withdrawalContexts'>
  auditRepository: Pick<AuditRepository, 'record' | 'verifyChain'>
  depositsRepository: Pick<DepositsRepository, 'list'>
}) {
  const { db, clock, auditRepository, depositsRepository } = deps

  /** Each withdrawal with its player's context (issue 12 §3), read for all of them at once. */
  async function withContext(list: Array<Omit<BackofficeWithdrawal, 'context'>>): Promise<BackofficeWithdrawal[]> {
    const contexts = await deps.members.withdrawalContexts([...new Set(list.map((w) => w.player_id))])
    return list.map((w) => ({ ...w, context: contexts.get(w.player_id)! }))
  }

  async function decideWithdrawal(operator: OperatorActor, id: number, outcome: { approve: true; payoutRef: string } | { approve: false; reason: string }) {
    const result = await inTransaction(db, async (tx) => {
      const decided = outcome.approve
        ? await deps.withdrawals.approve(tx, operator.operatorId, id, outcome.payoutRef)
        : await deps.withdrawals.reject(tx, operator.operatorId, id, outcome.reason)
      if (!decided.replayed) {
        await auditRepository.record(tx, {
          actor: operator,
          action: decided.awaitingSecondApproval ? 'withdrawal.first_approval' : outcome.approve ? 'withdrawal.approve' : 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: String(id),
          before: { status: decided.before.status },
          after: decided.awaitingSecondApproval
            ? { status: decided.row.status, payout_ref: outcome.approve ? outcome.payoutRef : null, awaiting: 'second_approval' }
            : { status: decided.row.status, payout_ref: decided.row.payoutRef, reason: decided.row.reason },
          at: clock.now(),
        })
      }
      return decided.row
    })
    const [decided] = await withContext([await deps.withdrawals.view(result)])
    return decided!
  }

  return {
    approveWithdrawal: (operator: OperatorActor, id: number, payoutRef: string) => decideWithdrawal(operator, id, { approve: true, payoutRef }),
    rejectWithdrawal: (operator: OperatorActor, id: number, reason: string) => decideWithdrawal(operator, id, { approve: false, reason }),
    async listWithdrawals(status: BackofficeWithdrawal['status'], page: number) {
      const found = await deps.withdrawals.list(status, page)
      return { ...found, list: await withContext(found.list) }
    },

    /** The unmatched queue, or the credited history with its filters (issue 12 §4); 20 a page. */
    async deposits(query: { unmatched: true } | (Omit<DepositHistoryQuery, 'page' | 'amount'> & { amount?: number }), page: number, size = 20) {
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
        list: rows.map(({ deposit: d, mobile }) => ({
          id: d.id,
          source: d.source,
          status: d.status,
          external_id: d.externalId,
          to_account: d.toAccount,
          from_bank_code: d.fromBankCode,
          from_account: d.fromAccount,
          from_name: d.fromName,
          amount: satangToBaht(d.amount),
          occurred_at: d.occurredAt.toISOString(),
          received_at: d.receivedAt.toISOString(),
          note: d.note,
          player_id: d.playerId,
          mobile,
          credited_at: d.creditedAt?.toISOString() ?? null,
        })),
        page,
        size,
        total,
      }
    },

    async assignDeposit(operator: OperatorActor, depositId: number, mobile: string) {
      return inTransaction(db, async (tx) => {
        const { before, after, deposit, player } = await deps.deposits.assign(tx, depositId, mobile)
        await auditRepository.record(tx, {
          actor: operator,
          action: 'deposit.assign',
          targetType: 'deposit',
          targetId: String(depositId),
          before,
          after,
          at: clock.now(),
        })
        return { deposit_id: deposit.id, player_id: player.id, amount: satangToBaht(deposit.amount) }
      })
    },

    async manualDeposit(operator: OperatorActor, input: { mobile: string; amount: number; bank_ref: string; note: string }) {
      return inTransaction(db, async (tx) => {
        const { deposit, player } = await deps.deposits.manual(tx, {
          mobile: input.mobile,
          amount: input.amount,
          bankRef: input.bank_ref,
          note: input.note,
          operatorId: operator.operatorId,
        })
        await auditRepository.record(tx, {
          actor: operator,
          action: 'deposit.manual',
          targetType: 'deposit',
          targetId: String(deposit.id),
          after: { player_id: player.id, amount: satangToBaht(deposit.amount), bank_ref: deposit.externalId, note: input.note },
          at: clock.now(),
        })
        return { deposit_id: deposit.id, player_id: player.id, amount: satangToBaht(deposit.amount) }
      })
    },

    /**
     * Every money invariant (DESIGN §3) and the audit log's keyed hash chain (ADR 030, ADR 037), on one read-only
     * snapshot; `head` (`<position>:<hash>`, exported earlier) must still be in the chain. Answers the chain's head.
     */
    async verify(head?: string) {
      const { ok, checked, failures, auditHead } = await db.transaction(
        (tx) => verifyMoneyAndAudit(tx, { ledger: deps.ledger, auditRepository }, parseHead(head)),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
      return { ok, checked, failures, audit_head: auditHead }
    },
  }
}
export type BackofficeService = ReturnType<typeof createBackofficeService>
