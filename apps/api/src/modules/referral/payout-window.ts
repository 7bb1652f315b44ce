import type { PayoutInterval } from '@sanam/contract'
import { bangkokDay, weekdayOf } from '@sanam/contract/bangkok'

const FRIDAY = 5

export type PayoutWindow = { open: true; period: string } | { open: false; reason: 'NOT_FRIDAY' | 'NOT_FIRST' }

/**
 * Whether a move to the main wallet may happen at `now`, and the period it counts against. The period is the Bangkok
 * day itself: with DAY every day is its own period; WEEKEN opens only on Fridays and MONTH only on the 1st, so
 * "once a week" and "once a month" are also "once on that day" (one row per player, wallet and period).
 */
export function payoutWindow(interval: PayoutInterval, now: Date): PayoutWindow {
  const day = bangkokDay(now)
  if (interval === 'WEEKEN' && weekdayOf(day) !== FRIDAY) return { open: false, reason: 'NOT_FRIDAY' }
  if (interval === 'MONTH' && day.slice(8, 10) !== '01') return { open: false, reason: 'NOT_FIRST' }
  return { open: true, period: day }
}
