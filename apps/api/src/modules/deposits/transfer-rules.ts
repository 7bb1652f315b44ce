import { createHash } from 'node:crypto'
import type { BankTransfer } from '@sanam/contract'
import type { PlayerRow } from '../users/users.repository.ts'
import { accountMatches, nameConfirms, nameMatches, parseSenderAccount } from './account-match.ts'

/** sha256 of the fields that define a bank transfer, so a replay can be told from a different transfer with the same id. */
export function transferHash(body: BankTransfer): string {
  const canonical = [
    body.external_id,
    body.to_account,
    body.from_bank_code,
    body.from_account,
    body.from_name ?? '',
    body.amount.toString(),
    new Date(body.occurred_at).toISOString(),
    // Added with ADR 079: only when given, so the hash of a body without it is what it always was.
    ...(body.from_bank_ref ? [body.from_bank_ref] : []),
  ]
  return createHash('sha256').update(canonical.join('\n')).digest('hex')
}

/** What a feed report says of a transfer, as the deposit and exception rows keep it. */
export function transferFacts(body: BankTransfer, requestHash: string, receivedAt: Date) {
  return {
    externalId: body.external_id,
    requestHash,
    toAccount: body.to_account,
    fromBankCode: body.from_bank_code,
    fromAccount: body.from_account,
    fromName: body.from_name ?? null,
    amount: body.amount,
    occurredAt: new Date(body.occurred_at),
    receivedAt,
  }
}

/** The one-credit key of a transfer (ADR 079): `<sending bank code>:<the sending bank's reference>`. */
export const senderRefOf = (sendingBank: string, reference: string) => `${sendingBank}:${reference}`

/**
 * How far apart in time two reports of one transfer may be (ADR 080): a bank notification prints the minute and
 * may reach the forwarder minutes late (Bangkok Bank's carries no time: the phone's is used), the feed the second.
 * Ten minutes covers a late SMS; two transfers of one amount from one sender inside it are told apart by the minute
 * or left to an operator.
 */
export const SAME_TRANSFER_WINDOW_MS = 10 * 60_000

/** An account number's digits, as accounts are compared. */
export const digits = (account: string) => account.replace(/\D/g, '')

/** Whether a transfer's sender can be this member: the registered bank and account, and a name that fits. */
export function senderIsMember(
  sender: { fromBankCode: string; fromAccount: string; fromName: string | null },
  member: Pick<PlayerRow, 'bankCode' | 'bankAccount' | 'firstname' | 'surname'>,
): boolean {
  const parsed = parseSenderAccount(sender.fromAccount)
  if (!parsed || sender.fromBankCode !== member.bankCode || !accountMatches(parsed, member.bankAccount)) return false
  // A masked account shows a few digits many players share: only the name says it is this member.
  return parsed.kind === 'full'
    ? nameMatches(sender.fromName, member.firstname, member.surname)
    : nameConfirms(sender.fromName, member.firstname, member.surname)
}

/**
 * What holds the assignment of a transfer to a member for a second operator (ADR 035; issue 34 §2): a sender that is
 * not the member, or a member registered after the transfer arrived, whose account and name may have been copied from
 * the unmatched queue. Both ways a transfer is given to a member (an unmatched one, an exception's) ask this.
 */
export function assignmentHolds(
  transfer: { fromBankCode: string; fromAccount: string; fromName: string | null; receivedAt: Date },
  member: Pick<PlayerRow, 'bankCode' | 'bankAccount' | 'firstname' | 'surname' | 'createdAt'>,
) {
  return { senderNotMember: !senderIsMember(transfer, member), memberAfterTransfer: member.createdAt.getTime() > transfer.receivedAt.getTime() }
}

/** A transfer a verified slip proves (ADR 079), as the slips module hands it over to be credited. */
export interface SlipTransfer {
  /** `senderRefOf(sending bank, reference)` (a TrueMoney slip: `tmn:<reference>`). */
  senderRef: string
  player: PlayerRow
  amount: bigint
  occurredAt: Date
  /** The number of the pay-in account the receiver was found to be (`payInAccountFor`). */
  payInAccount: string
  fromBankCode: string
  fromAccount: string
  fromName: string | null
}

/**
 * What became of a slip's transfer: CREDITED now; ALREADY_CREDITED to this player (the feed or an earlier slip);
 * CREDITED_TO_OTHER (another member holds it); REVIEW when the stored transfer contradicts the slip, or the member is
 * another account of a restricted person (ADR 047): an operator decides, nothing is credited.
 */
export type SlipCreditResult =
  | { outcome: 'CREDITED' | 'ALREADY_CREDITED' | 'CREDITED_TO_OTHER'; depositId: number }
  | { outcome: 'REVIEW'; reason: 'FEED_DIFFERS' | 'EXCLUDED_PERSON'; depositId: number | null }

/** A transfer a bank notification reported (ADR 080): no bank reference; `key` is the notification's own. */
export interface NotifiedTransfer {
  key: string
  toAccount: string
  fromBankCode: string
  fromAccount: string
  fromName: string | null
  amount: bigint
  occurredAt: Date
}

/**
 * What became of a notified transfer: MATCHED (credited), UNMATCHED (stored, waits for an operator), DUPLICATE
 * (another source reported it: attached to that deposit, no credit), AMBIGUOUS (several transfers fit: nothing stored).
 */
export type NotifiedResult =
  { status: 'MATCHED' | 'UNMATCHED' | 'DUPLICATE'; deposit_id: number; note: string | null } | { status: 'AMBIGUOUS'; candidates: number[] }
