// The RTS 12 prompts' rules (issue 39 §3, ADR 090), pure: which prompt is due for a player at `now`, and since when.
// The service reads the facts and records the answers; this decides. One prompt at a time, in the order of PROMPT_ORDER.
import type { CarePromptKind, ReviewEveryMonths } from '@sanam/contract'

/** Review every 6 months unless the player chose 1 or 3. */
export const DEFAULT_REVIEW_MONTHS: ReviewEveryMonths = 6
/** The prompt to players without a deposit limit comes back this many months after their last answer (or registration). */
export const YEARLY_MONTHS = 12
/** Only players active (a credited deposit or a bet) within this many months are offered the review. */
export const ACTIVE_MONTHS = 12

/** What the rules read of one player. */
export interface PromptFacts {
  registeredAt: Date
  hasDepositLimit: boolean
  /** Any credited deposit ever. */
  hasDeposited: boolean
  /** The latest credited deposit or bet, null if none. */
  lastActiveAt: Date | null
  /** When the player last answered each prompt (null: never). */
  lastAnswered: Readonly<Record<CarePromptKind, Date | null>>
  reviewEveryMonths: ReviewEveryMonths
}

/** A prompt due: `period` is the instant it became due (one answer per player, kind and period), `from` the period's start. */
export interface DuePrompt {
  kind: CarePromptKind
  period: Date
  from: Date
}

/** `date` plus `months` calendar months (UTC), the day kept or clamped to the month's last day. */
export function addMonths(date: Date, months: number): Date {
  const out = new Date(date)
  const day = out.getUTCDate()
  out.setUTCDate(1)
  out.setUTCMonth(out.getUTCMonth() + months)
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate()
  out.setUTCDate(Math.min(day, last))
  return out
}

const latest = (...dates: Array<Date | null>): Date | null =>
  dates.reduce<Date | null>((a, b) => (b !== null && (a === null || b.getTime() > a.getTime()) ? b : a), null)

/**
 * The deposit-limit prompt: at registration, before the first deposit, to a player without a deposit limit who never
 * answered it. Due from registration.
 */
function depositLimitPrompt(f: PromptFacts): DuePrompt | null {
  if (f.hasDepositLimit || f.hasDeposited || f.lastAnswered.DEPOSIT_LIMIT !== null) return null
  return { kind: 'DEPOSIT_LIMIT', period: f.registeredAt, from: f.registeredAt }
}

/** The yearly prompt: a player without a deposit limit, 12 months after the last limit prompt answered (or registration). */
function yearlyPrompt(f: PromptFacts, now: Date): DuePrompt | null {
  if (f.hasDepositLimit) return null
  const from = latest(f.registeredAt, f.lastAnswered.DEPOSIT_LIMIT, f.lastAnswered.YEARLY_LIMIT) ?? f.registeredAt
  const due = addMonths(from, YEARLY_MONTHS)
  return now.getTime() >= due.getTime() ? { kind: 'YEARLY_LIMIT', period: due, from } : null
}

/**
 * The account-and-spending review: a player active in the last 12 months, every 6 months (or the 1 or 3 the player
 * chose) after the last review read (or registration). `from` starts the figures it shows.
 */
function reviewPrompt(f: PromptFacts, now: Date): DuePrompt | null {
  if (f.lastActiveAt === null || f.lastActiveAt.getTime() < addMonths(now, -ACTIVE_MONTHS).getTime()) return null
  const from = latest(f.registeredAt, f.lastAnswered.ACCOUNT_REVIEW) ?? f.registeredAt
  const due = addMonths(from, f.reviewEveryMonths)
  return now.getTime() >= due.getTime() ? { kind: 'ACCOUNT_REVIEW', period: due, from } : null
}

/** The one prompt due now, the deposit-limit prompt first, then the yearly one, then the review; null: none. */
export function duePrompt(facts: PromptFacts, now: Date): DuePrompt | null {
  return depositLimitPrompt(facts) ?? yearlyPrompt(facts, now) ?? reviewPrompt(facts, now)
}
