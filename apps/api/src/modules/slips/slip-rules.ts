// When a verified slip credits (issue 37 §1, ADR 079): pure, so every rule is tested on its own. The verifier's
// facts are the only facts; each rule that fails has its own reason, which the player reads in Thai.
import type { SlipReason } from '@sanam/contract'
import { senderIsMember } from '../deposits/transfer-rules.ts'
import type { PlayerRow } from '../users/users.repository.ts'
import type { VerifiedSlip } from './slip-verifier.ts'

/** A slip older than this is not credited without an operator. */
export const SLIP_MAX_AGE_MS = 24 * 60 * 60_000
/**
 * How far a slip's time may be before its bill was created, or after now: verifiers give the bank's time, often to the
 * minute, and the bank's clock is not ours.
 */
export const SLIP_CLOCK_SLACK_MS = 60_000

export interface SlipRuleFacts {
  slip: VerifiedSlip
  player: Pick<PlayerRow, 'bankCode' | 'bankAccount' | 'firstname' | 'surname'>
  /** Whether the receiver is one of the site's pay-in accounts (active, or retired after the transfer). */
  receiverIsOurs: boolean
  /** The player's open bill (LIVE, or expired within the grace), if any. */
  bill: { amount: bigint; createdAt: Date } | null
  now: Date
  /** The minimum deposit (the plan's). */
  depositMin: bigint
  /** What is left of the player's tightest deposit limit; null without one. */
  limitRemaining: bigint | null
}

/** Why this verified slip may not be credited, or null when every rule holds. */
export function slipRefusal(facts: SlipRuleFacts): SlipReason | null {
  const { slip, bill, now } = facts
  if (!facts.receiverIsOurs) return 'RECEIVER'
  const sender = { fromBankCode: slip.sender.bankCode ?? slip.sendingBank, fromAccount: slip.sender.account ?? '', fromName: slip.sender.name }
  if (!senderIsMember(sender, facts.player)) return 'SENDER'
  const at = slip.occurredAt.getTime()
  if (at < now.getTime() - SLIP_MAX_AGE_MS || at > now.getTime() + SLIP_CLOCK_SLACK_MS) return 'TOO_OLD'
  if (bill) {
    if (at < bill.createdAt.getTime() - SLIP_CLOCK_SLACK_MS) return 'BEFORE_BILL'
    if (slip.amount !== bill.amount) return 'AMOUNT_NOT_BILL'
    return null
  }
  if (slip.amount < facts.depositMin) return 'BELOW_MIN'
  if (facts.limitRemaining !== null && slip.amount > facts.limitRemaining) return 'OVER_LIMIT'
  return null
}
