/**
 * Time-out and self-exclusion periods (issue 21 §2, ADR 047), without zod: the player app imports this file
 * (`@sanam/contract/exclusion-periods`) to say when a choice would end. A time-out is a short break (24 hours, 7 or 30
 * days), a self-exclusion a long one (6 months, 1 or 5 years, or for good). Either starts at once and cannot be ended
 * early.
 */
import { BANGKOK_OFFSET_MS } from './bangkok.ts'

export const TIME_OUT_PERIODS = ['24H', '7D', '30D'] as const
export const SELF_EXCLUSION_PERIODS = ['6M', '1Y', '5Y', 'PERMANENT'] as const
export const EXCLUSION_PERIODS = [...TIME_OUT_PERIODS, ...SELF_EXCLUSION_PERIODS] as const
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number]
export type ExclusionKind = 'TIME_OUT' | 'SELF_EXCLUSION'

/** Which kind a period is. */
export function exclusionKind(period: ExclusionPeriod): ExclusionKind {
  return (TIME_OUT_PERIODS as readonly string[]).includes(period) ? 'TIME_OUT' : 'SELF_EXCLUSION'
}

/**
 * When a period chosen at `start` ends: hours and days as elapsed time, months and years on the Bangkok calendar (the
 * same time on the same day of the month; the 31st of a shorter month is its last day); null: never.
 */
export function exclusionEnd(period: ExclusionPeriod, start: Date): Date | null {
  const days = { '24H': 1, '7D': 7, '30D': 30 } as const
  if (period in days) return new Date(start.getTime() + days[period as keyof typeof days] * 86_400_000)
  const months = { '6M': 6, '1Y': 12, '5Y': 60 } as const
  if (!(period in months)) return null
  const end = new Date(start.getTime() + BANGKOK_OFFSET_MS)
  const day = end.getUTCDate()
  end.setUTCDate(1)
  end.setUTCMonth(end.getUTCMonth() + months[period as keyof typeof months])
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, last))
  return new Date(end.getTime() - BANGKOK_OFFSET_MS)
}
