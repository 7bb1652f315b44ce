import { bahtToSatang, type BackofficeWithdrawal, type DepositHistoryQuery } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { filterRange } from '../../lib/bangkok-time.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import { toBackofficeDeposit } from '../deposits/deposits.service.ts'
import type { DepositsRepository } from '../deposits/deposits.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { MembersService } from '../members/members.service.ts'
import type { WithdrawalService } from '../withdrawals/withdrawals.service.ts'
import { parseHead, verifyMoneyAndAudit } from '../ledger/verify.ts'

/**
 * The back-office's reads of the money queues and the ledger check. Operator actions that move money are the money
 * desk's (ADR 035).
 */
export function createBackofficeService(deps: {
  db: Db
  ledger: Ledger
  withdrawals: Pick<WithdrawalService, 'list' | 'view'>
  members: Pick<MembersService, 'withdrawalContexts'>
  auditRepository: Pick<AuditRepository, 'record' | 'verifyChain'>
  depositsRepository: Pick<DepositsRepository, 'list'>
}) {
  const { db, auditRepository, depositsRepository } = deps

  /** Each withdrawal with its player's context (issue 12 §3), read for all of them at once. */
  async function withContext(list: Array<Omit<BackofficeWithdrawal, 'context'>>): Promise<BackofficeWithdrawal[]> {
    const contexts = await deps.members.withdrawalContexts([...new Set(list.map((w) => w.player_id))])
    return list.map((w) => ({ ...w, context: contexts.get(w.player_id)! }))
  }

  return {
    /** One withdrawal with its approvals and its player's context, as the queue shows it. */
    async withdrawal(id: number): Promise<BackofficeWithdrawal> {
      const [found] = await withContext([await deps.withdrawals.view(id)])
      return found!
    },
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
        list: rows.map(({ deposit, mobile }) => toBackofficeDeposit(deposit, mobile)),
        page,
        size,
        total,
      }
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
