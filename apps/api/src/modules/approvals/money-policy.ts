import type { HoldReasonCode } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'

/**
 * The one four-eyes rule (ADR 035). No other code decides whether a second operator is needed: every operator action
 * that moves money asks this function, with the facts only its kind knows (a manual deposit is never confirmed by
 * the bank when it is asked for; an assignment knows whether the sender is the member) and the Bangkok day's totals.
 */
export interface MoneyAction {
  /** Satang to the member (negative: a debit adjustment). */
  amount: bigint
  /** A manual deposit no bank-feed transfer confirms. */
  unconfirmed?: boolean
  /** An assigned transfer whose sender account or name is not the member's. */
  senderNotMember?: boolean
  /**
   * An assigned transfer that arrived before the member registered (issue 34 §2): its account and name may have been
   * copied from the unmatched queue, so matching the sender proves nothing.
   */
  memberAfterTransfer?: boolean
}

export interface DayTotals {
  /** The operator's money actions this Bangkok day before this one, either direction, satang. */
  operator: bigint
  /** What the member received from operators' actions this Bangkok day before this one, satang. */
  member: bigint
}

const abs = (n: bigint) => (n < 0n ? -n : n)

/**
 * Why the action waits for a second, different operator; empty when its requester may apply it alone. `threshold`
 * is BACKOFFICE_FOUR_EYES_BAHT in satang: more than it in one action, or the day's totals passing it with this
 * action, waits (three actions of exactly the threshold: the first applies, the second and third wait).
 */
export function holdReasons(action: MoneyAction, totals: DayTotals, threshold: bigint): HoldReasonCode[] {
  const reasons: HoldReasonCode[] = []
  if (action.unconfirmed) reasons.push('UNCONFIRMED_DEPOSIT')
  if (action.senderNotMember) reasons.push('SENDER_NOT_MEMBER')
  if (action.memberAfterTransfer) reasons.push('MEMBER_AFTER_TRANSFER')
  const size = abs(action.amount)
  if (size > threshold) reasons.push('ABOVE_THRESHOLD')
  else {
    if (totals.operator + size > threshold) reasons.push('OPERATOR_DAILY_TOTAL')
    if (action.amount > 0n && totals.member + action.amount > threshold) reasons.push('MEMBER_DAILY_TOTAL')
  }
  return reasons
}

/**
 * Separate duties (issue 18 §2, ADR 036), as a four-eyes decision receives them from the operators module: whether an
 * operator may decide money now, and may complete four-eyes with the other operator.
 */
export interface SeparateDuties {
  assertMayDecideMoney(tx: Db, input: { operatorId: number; counterpartId?: number; at: Date }): Promise<void>
}

/**
 * The one "second, different operator" rule of every four-eyes decision (approvals, the plan, pay-in accounts,
 * promotions): the operator who completes it is never the one who asked (FOUR_EYES_SAME_OPERATOR, with
 * `sameOperatorText` where the screen says it its own way), may decide money now, and is not related to the first
 * (ADR 036). `firstId` is null for what no operator asked (a seeded version): then only the second's own duties count.
 */
export async function assertSecondOperator(
  tx: Db,
  separateDuties: SeparateDuties,
  input: { firstId: number | null; secondId: number; at: Date; sameOperatorText?: string },
): Promise<void> {
  if (input.firstId === input.secondId) throw new AppError('FOUR_EYES_SAME_OPERATOR', input.sameOperatorText)
  await separateDuties.assertMayDecideMoney(tx, {
    operatorId: input.secondId,
    ...(input.firstId === null ? {} : { counterpartId: input.firstId }),
    at: input.at,
  })
}
