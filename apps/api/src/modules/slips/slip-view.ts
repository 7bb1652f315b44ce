// How a slip check reads (ADR 079): to the player, its state and any refusal in Thai; to the desk, the sender and
// receiver as a bank statement shows them.
import { msg, satangToBaht, type BackofficeSlipCheck, type SlipCheck, type SlipReason } from '@sanam/contract'
import { statementAccount, statementName } from '../deposits/account-match.ts'
import type { SlipCheckRow } from './slips.repository.ts'

type RefusalReason = Exclude<SlipReason, 'ALREADY_CREDITED' | 'FEED_DIFFERS' | 'EXCLUDED_PERSON' | 'VERIFIER_UNKNOWN'>
/** What the player reads of each refusal. */
const refusalText: Record<RefusalReason, string> = {
  NOT_FOUND: msg('SLIP_REASON_NOT_FOUND'),
  RECEIVER: msg('SLIP_REASON_RECEIVER'),
  SENDER: msg('SLIP_REASON_SENDER'),
  TOO_OLD: msg('SLIP_REASON_TOO_OLD'),
  BEFORE_BILL: msg('SLIP_REASON_BEFORE_BILL'),
  AMOUNT_NOT_BILL: msg('SLIP_REASON_AMOUNT_NOT_BILL'),
  BELOW_MIN: msg('SLIP_REASON_BELOW_MIN'),
  OVER_LIMIT: msg('SLIP_REASON_OVER_LIMIT'),
  CREDITED_TO_OTHER: msg('SLIP_REASON_CREDITED_TO_OTHER'),
}

/** The Thai text of a check's state. */
function messageOf(check: SlipCheckRow): string {
  switch (check.status) {
    case 'CREDITED':
      return check.reason === 'ALREADY_CREDITED' || !check.facts
        ? msg('SLIP_REASON_ALREADY_CREDITED')
        : msg('SLIP_CREDITED', { amount: BigInt(check.facts.amount) })
    case 'REFUSED':
      return refusalText[(check.reason ?? 'NOT_FOUND') as RefusalReason] ?? msg('SLIP_REASON_NOT_FOUND')
    case 'CHECKING':
      return msg('SLIP_CHECKING')
    case 'MANUAL_REVIEW':
      return msg('SLIP_MANUAL_REVIEW')
    case 'CLOSED':
      return msg('SLIP_CLOSED')
  }
}

export function toSlipCheck(check: SlipCheckRow): SlipCheck {
  return {
    id: check.id,
    status: check.status,
    reason: check.reason as SlipReason | null,
    message: messageOf(check),
    amount: check.facts ? satangToBaht(BigInt(check.facts.amount)) : null,
    deposit_id: check.depositId,
  }
}

/** A check as the desk lists it: the sender as a statement shows it (the desk needs no more to judge a slip). */
export function toBackofficeSlipCheck(check: SlipCheckRow, mobile: string | null): BackofficeSlipCheck {
  const facts = check.facts
  const party = (p: { bankCode: string | null; account: string | null; name: string | null } | undefined) =>
    p ? [p.bankCode, p.account ? statementAccount(p.account) : null, statementName(p.name)].filter(Boolean).join(' ') || null : null
  return {
    ...toSlipCheck(check),
    player_id: check.playerId,
    mobile,
    slip_key: check.slipKey,
    verifier: check.verifier,
    verifier_code: check.verifierCode,
    attempts: check.attempts,
    next_attempt_at: check.nextAttemptAt?.toISOString() ?? null,
    occurred_at: facts?.occurredAt ?? null,
    sender: party(facts?.sender),
    receiver: facts ? [facts.receiver.bankCode, facts.receiver.account, facts.receiver.name].filter(Boolean).join(' ') || null : null,
    created_at: check.createdAt.toISOString(),
    close_note: check.closeNote,
  }
}
