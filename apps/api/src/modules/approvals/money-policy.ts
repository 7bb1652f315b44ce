import { msg, type CanDecide, type DeskAction, type ErrorCode, type HoldReasonCode } from '@sanam/contract'
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
  /** A withdrawal of a player with an open risk case (issue 39 §2, ADR 089): it waits until the case is closed. */
  riskCaseOpen?: boolean
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
  if (action.riskCaseOpen) reasons.push('RISK_CASE_OPEN')
  const size = abs(action.amount)
  if (size > threshold) reasons.push('ABOVE_THRESHOLD')
  else {
    if (totals.operator + size > threshold) reasons.push('OPERATOR_DAILY_TOTAL')
    if (action.amount > 0n && totals.member + action.amount > threshold) reasons.push('MEMBER_DAILY_TOTAL')
  }
  return reasons
}

/**
 * Why an operator may not decide money now, as the operators module answers it (ADR 036, ADR 070): too new until
 * `until` (NEW_OPERATOR_HOURS after its creation or a reset), or possibly one person with the counterpart, named,
 * with `until` when the tie lapses by itself (a reset or role change) and none when it never does (a creation).
 */
export type DutyRefusal = { code: 'OPERATOR_TOO_NEW'; until: Date } | { code: 'FOUR_EYES_RELATED_OPERATOR'; counterpart: string; until?: Date | undefined }

/**
 * Separate duties (issue 18 §2, ADR 036), as a four-eyes decision receives them from the operators module: why an
 * operator may not decide money now, or complete four-eyes with the other operator; undefined when it may.
 */
export interface SeparateDuties {
  /** For one operator: why it may not decide now, or with each counterpart (null: nobody asked first), in order. */
  moneyRefusals(tx: Db, input: { operatorId: number; counterpartIds: ReadonlyArray<number | null>; at: Date }): Promise<Array<DutyRefusal | undefined>>
}

/** One operator about to decide an item `firstId` asked for (null: no operator asked, a seeded version). */
export interface Decider {
  firstId: number | null
  secondId: number
  at: Date
  /** What deciding it does, as the refusal names it (ADR 075). */
  action: DeskAction
}

/** A refusal as the decision throws it and the queue shows it. */
export type Refusal = { code: ErrorCode; reason: string; until?: Date | undefined }

/**
 * The one "second, different operator" rule of every four-eyes decision (approvals, withdrawals, the plan, pay-in
 * accounts, promotions, site content, operator changes): the operator who completes it is never the one who asked
 * (FOUR_EYES_SAME_OPERATOR), may decide money now (OPERATOR_TOO_NEW), and is not related to the first
 * (FOUR_EYES_RELATED_OPERATOR, ADR 036, ADR 070). Each refusal's Thai text names the action, when it ends and who may
 * decide instead (ADR 075). One answer per decision, in order: undefined where the operator may decide.
 */
export async function decideRefusals(tx: Db, separateDuties: SeparateDuties, inputs: readonly Decider[]): Promise<Array<Refusal | undefined>> {
  // A queue asks for one operator at one instant: one call per (operator, instant), not per item.
  const groups = new Map<string, number[]>()
  for (const [i, input] of inputs.entries()) {
    const key = `${input.secondId}@${input.at.getTime()}`
    groups.set(key, [...(groups.get(key) ?? []), i])
  }
  const refusals: Array<Refusal | undefined> = inputs.map(() => undefined)
  for (const indexes of groups.values()) {
    const { secondId, at } = inputs[indexes[0]!]!
    const duties = await separateDuties.moneyRefusals(tx, { operatorId: secondId, counterpartIds: indexes.map((i) => inputs[i]!.firstId), at })
    for (const [n, i] of indexes.entries()) refusals[i] = refusalOf(inputs[i]!, duties[n])
  }
  return refusals
}

function refusalOf(input: Decider, duty: DutyRefusal | undefined): Refusal | undefined {
  const { action } = input
  if (input.firstId === input.secondId) return { code: 'FOUR_EYES_SAME_OPERATOR', reason: msg('DECIDE_OWN', { action }) }
  if (!duty) return undefined
  if (duty.code === 'OPERATOR_TOO_NEW') return { code: duty.code, reason: msg('DECIDE_TOO_NEW', { action, until: duty.until }), until: duty.until }
  return { code: duty.code, reason: msg('DECIDE_RELATED', { action, proposer: duty.counterpart, until: duty.until }), until: duty.until }
}

/** `decideRefusals` for one decision. */
export async function decideRefusal(tx: Db, separateDuties: SeparateDuties, input: Decider): Promise<Refusal | undefined> {
  const [refusal] = await decideRefusals(tx, separateDuties, [input])
  return refusal
}

/** Refuses the decision when `decideRefusal` does, with its code and text. */
export async function assertSecondOperator(tx: Db, separateDuties: SeparateDuties, input: Decider): Promise<void> {
  const refusal = await decideRefusal(tx, separateDuties, input)
  if (refusal) throw new AppError(refusal.code, refusal.reason)
}

/** Refuses a money action an operator starts alone (a first approval, a refusal) while it may decide no money. */
export function assertMayDecideMoney(tx: Db, separateDuties: SeparateDuties, input: { operatorId: number; at: Date; action: DeskAction }) {
  return assertSecondOperator(tx, separateDuties, { firstId: null, secondId: input.operatorId, at: input.at, action: input.action })
}

/**
 * What the queues answer with each waiting item (ADR 075): whether `secondId` may decide it now, as the decision
 * itself would answer (the same `decideRefusals`), with the reason and the instant the refusal ends.
 */
export async function canDecide(tx: Db, separateDuties: SeparateDuties, inputs: readonly Decider[]): Promise<CanDecide[]> {
  return (await decideRefusals(tx, separateDuties, inputs)).map(asCanDecide)
}

/**
 * `items` as a queue answers them (ADR 075): each one `deciderOf` names a decision for (a waiting item) with its
 * `can_decide`, the others as they are; one batched read of the policy for the whole page.
 */
export async function withCanDecide<T extends object>(
  tx: Db,
  separateDuties: SeparateDuties,
  items: readonly T[],
  deciderOf: (item: T) => Decider | undefined,
): Promise<Array<T | (T & { can_decide: CanDecide })>> {
  const waiting = items.flatMap((item) => {
    const decider = deciderOf(item)
    return decider ? [{ item, decider }] : []
  })
  const answers = await canDecide(
    tx,
    separateDuties,
    waiting.map((w) => w.decider),
  )
  const byItem = new Map(waiting.map((w, i) => [w.item, answers[i]!]))
  return items.map((item) => {
    const can = byItem.get(item)
    return can ? { ...item, can_decide: can } : item
  })
}

/** A refusal (or none) as the queues answer it. */
export function asCanDecide(refusal: Refusal | undefined): CanDecide {
  if (!refusal) return { ok: true }
  return { ok: false, reason: refusal.reason, ...(refusal.until ? { until: refusal.until.toISOString() } : {}) }
}

/**
 * While a risk case of the player is open (issue 39 §2, ADR 089) no withdrawal of theirs is paid: the first approval
 * records it waiting with RISK_CASE_OPEN (`holdReasons`), and neither a second approval nor the auto-approval pays it
 * until the case is closed. Refuses with the case named.
 */
export function assertNoRiskHold(openCase: { id: number } | undefined): void {
  if (openCase) throw new AppError('RULE_REFUSED', msg('RISK_CASE_HOLD', { caseId: openCase.id }))
}
