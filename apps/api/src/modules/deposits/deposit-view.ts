import { mayOperator, satangToBaht, type BackofficeDeposit, type OperatorRole } from '@sanam/contract'
import { statementAccount, statementName } from './account-match.ts'
import type { DepositRow } from './deposits.repository.ts'

/**
 * How much of a sender an operator sees (issue 34 §2): `full` for those who decide money, `statement` for the others,
 * the account and name masked as a bank statement shows them, so a support operator cannot hand an accomplice what
 * to register with.
 */
export type SenderView = 'full' | 'statement'

/** Senders in full to the roles that decide money; as a statement shows them to the others. */
export const senderViewOf = (role: OperatorRole): SenderView => (mayOperator(role, 'money.decide') ? 'full' : 'statement')

/** A deposit as the back-office shows it, with the credited member's phone. */
export function toBackofficeDeposit(d: DepositRow, mobile: string | null, view: SenderView = 'full'): BackofficeDeposit {
  return {
    id: d.id,
    source: d.source,
    status: d.status,
    external_id: d.externalId,
    to_account: d.toAccount,
    from_bank_code: d.fromBankCode,
    ...senderAsSeen(d, view),
    amount: satangToBaht(d.amount),
    occurred_at: d.occurredAt.toISOString(),
    received_at: d.receivedAt.toISOString(),
    note: d.note,
    player_id: d.playerId,
    mobile,
    credited_at: d.creditedAt?.toISOString() ?? null,
  }
}

/** A sender's account and name as `view` shows them. */
export function senderAsSeen(sender: { fromAccount: string; fromName: string | null }, view: SenderView) {
  return view === 'full'
    ? { from_account: sender.fromAccount, from_name: sender.fromName }
    : { from_account: statementAccount(sender.fromAccount), from_name: statementName(sender.fromName) }
}
