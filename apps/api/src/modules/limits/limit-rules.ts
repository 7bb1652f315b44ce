// The rules of the player's own limits (ADR 048), pure: what a change does, when a pending one may be confirmed, what
// is left of a limit, when the session reminder is owed. The service reads and writes; these decide.
import { msg, type LimitKind, type MoneyLimitKind } from '@sanam/contract'
import { bangkokPeriodRange, type BangkokPeriod } from '@sanam/contract/bangkok'

/** A looser limit or a removal waits this long before the player may confirm it. */
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000
/** After it became confirmable, a pending change lapses unconfirmed after this long (the limit in force stays). */
export const CONFIRM_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/** A limit as the rules read it: `value` in force (satang, or minutes for the reminder) and any pending change. */
export interface LimitState {
  kind: LimitKind
  value: bigint
  pendingValue: bigint | null
  pendingRequestedAt: Date | null
  pendingConfirmableAt: Date | null
  pendingLapsesAt: Date | null
}

export interface Pending {
  /** null: the limit is to be removed. */
  value: bigint | null
  requestedAt: Date
  confirmableAt: Date
  lapsesAt: Date
}

/** The period each money limit counts over. */
export const periodOf: Record<MoneyLimitKind, BangkokPeriod> = { DEPOSIT_DAY: 'DAY', DEPOSIT_WEEK: 'WEEK', DEPOSIT_MONTH: 'MONTH', LOSS_DAY: 'DAY' }
export const depositKinds = ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH'] as const satisfies readonly MoneyLimitKind[]
export type DepositKind = (typeof depositKinds)[number]

const periodText: Record<BangkokPeriod, () => string> = {
  DAY: () => msg('LIMIT_PERIOD_DAY'),
  WEEK: () => msg('LIMIT_PERIOD_WEEK'),
  MONTH: () => msg('LIMIT_PERIOD_MONTH'),
}

/** The Thai name of a money limit's period (LIMIT_PERIOD_DAY...), for the texts that name the limit that binds. */
export function depositPeriodText(kind: MoneyLimitKind): string {
  return periodText[periodOf[kind]]()
}

/** The change waiting on a limit at `now`, or null (none, or one that lapsed unconfirmed). */
export function livePending(state: LimitState, now: Date): Pending | null {
  if (!state.pendingRequestedAt || !state.pendingConfirmableAt || !state.pendingLapsesAt) return null
  if (now.getTime() >= state.pendingLapsesAt.getTime()) return null
  return { value: state.pendingValue, requestedAt: state.pendingRequestedAt, confirmableAt: state.pendingConfirmableAt, lapsesAt: state.pendingLapsesAt }
}

export type ChangeDecision =
  /** Set `value` now (a first limit, or a stricter one), dropping anything pending. */
  | { kind: 'apply'; value: bigint }
  /** Leave the value; wait for confirmation after the cooling-off period. */
  | { kind: 'pending'; pending: Pending }
  /** The value asked is the one in force: nothing changes except that a pending change is dropped. */
  | { kind: 'unchanged' }
  /** A removal of a limit the player does not have. */
  | { kind: 'none_to_remove' }

/**
 * What asking for `value` (null: remove) does to the limit the player has (`current`, or none): a first limit or a
 * stricter one (lower: a smaller amount, or a reminder more often) applies at once; a looser one or a removal waits
 * COOLING_OFF_MS and then the player's confirmation, a new request replacing an older one.
 */
export function decideChange(current: LimitState | undefined, value: bigint | null, now: Date): ChangeDecision {
  if (!current) return value === null ? { kind: 'none_to_remove' } : { kind: 'apply', value }
  if (value !== null && value < current.value) return { kind: 'apply', value }
  if (value === current.value) return { kind: 'unchanged' }
  const confirmableAt = new Date(now.getTime() + COOLING_OFF_MS)
  return { kind: 'pending', pending: { value, requestedAt: now, confirmableAt, lapsesAt: new Date(confirmableAt.getTime() + CONFIRM_WINDOW_MS) } }
}

export type ConfirmDecision = { kind: 'apply'; value: bigint | null } | { kind: 'nothing_pending' } | { kind: 'not_yet'; confirmableAt: Date }

/** The player's second word on a pending change: applied only once the cooling-off period is over and before it lapsed. */
export function decideConfirm(state: LimitState | undefined, now: Date): ConfirmDecision {
  const pending = state ? livePending(state, now) : null
  if (!pending) return { kind: 'nothing_pending' }
  if (now.getTime() < pending.confirmableAt.getTime()) return { kind: 'not_yet', confirmableAt: pending.confirmableAt }
  return { kind: 'apply', value: pending.value }
}

/** What is left of a money limit after `used` in its period; never below 0. */
export function remainingOf(limit: bigint, used: bigint): bigint {
  return used >= limit ? 0n : limit - used
}

/** The deposit limit that binds: the smallest remaining amount of the player's deposit limits, or null without one. */
export function depositAllowance(
  limits: ReadonlyArray<{ kind: DepositKind; value: bigint }>,
  used: Readonly<Record<DepositKind, bigint>>,
): { kind: DepositKind; limit: bigint; remaining: bigint } | null {
  let binding: { kind: DepositKind; limit: bigint; remaining: bigint } | null = null
  for (const { kind, value } of limits) {
    const remaining = remainingOf(value, used[kind])
    if (!binding || remaining < binding.remaining) binding = { kind, limit: value, remaining }
  }
  return binding
}

/**
 * When a deposit of `min` (the site's minimum deposit) is possible again while a deposit limit leaves less than that:
 * the latest period end among the limits that do (each resets then), with that limit's kind; null when every limit
 * leaves at least `min`. A message never says "you may deposit 50 more" when the minimum deposit is 100.
 */
export function depositReopens(
  limits: ReadonlyArray<{ kind: DepositKind; value: bigint }>,
  used: Readonly<Record<DepositKind, bigint>>,
  min: bigint,
  ends: Readonly<Record<DepositKind, Date>>,
): { kind: DepositKind; at: Date } | null {
  let latest: { kind: DepositKind; at: Date } | null = null
  for (const { kind, value } of limits) {
    if (remainingOf(value, used[kind]) >= min) continue
    if (!latest || ends[kind].getTime() > latest.at.getTime()) latest = { kind, at: ends[kind] }
  }
  return latest
}

/**
 * How much more the player may stake today under a daily loss limit: the limit minus today's net loss (bets minus
 * wins, so a day's winnings widen it). A bet whose amount is above it is refused (LIMIT_EXCEEDED); at 0 or below every
 * bet is.
 */
export function lossAllowance(limit: bigint, netLossToday: bigint): bigint {
  return limit - netLossToday
}

/** The Bangkok periods a set of money limits counts over at `now`. */
export function periodRanges(now: Date): Record<BangkokPeriod, { start: Date; end: Date }> {
  return { DAY: bangkokPeriodRange('DAY', now), WEEK: bangkokPeriodRange('WEEK', now), MONTH: bangkokPeriodRange('MONTH', now) }
}

/**
 * When the session reminder is next owed: `everyMinutes` after the later of the session's start and the last
 * acknowledgement. Due from then until acknowledged.
 */
export function reminderDueAt(sessionStart: Date, acknowledgedAt: Date | null, everyMinutes: number): Date {
  const from = acknowledgedAt && acknowledgedAt > sessionStart ? acknowledgedAt : sessionStart
  return new Date(from.getTime() + everyMinutes * 60_000)
}
