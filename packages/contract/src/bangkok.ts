/**
 * Bangkok days and times, the one implementation (issue 35 §3): business days, report days, limit periods and payout
 * windows run on Asia/Bangkok time (DESIGN §2). Thailand is UTC+7 all year (no daylight saving since 1920), so a fixed
 * offset is exact and needs no time-zone database; a Bangkok calendar is UTC's shifted by seven hours. Without zod and
 * without Intl, so the API, the web apps (`@sanam/contract/bangkok`), the scripts, e2e and bench all use this file.
 * SQL that groups by Bangkok day builds its interval from BANGKOK_OFFSET_HOURS (apps/api/src/db/bangkok-day.ts).
 */
export const BANGKOK_OFFSET_HOURS = 7
export const HOUR_MS = 3_600_000
export const BANGKOK_OFFSET_MS = BANGKOK_OFFSET_HOURS * HOUR_MS
export const DAY_MS = 24 * HOUR_MS

/** The Bangkok calendar day of an instant, as YYYY-MM-DD. */
export function bangkokDay(at: Date): string {
  return new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10)
}

/** The instants a Bangkok day covers: [start, end), in UTC. */
export function bangkokDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - BANGKOK_OFFSET_MS)
  return { start, end: new Date(start.getTime() + DAY_MS) }
}

/** The day `n` days after `day` (negative for before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** 0 = Sunday ... 5 = Friday, 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay()
}

/** The Monday that starts the (ISO 8601) week holding `day`. */
export function mondayOf(day: string): string {
  // getUTCDay: 0 = Sunday; Monday starts the week, so Sunday is the 7th day.
  return addDays(day, -((weekdayOf(day) + 6) % 7))
}

/** The first day of the month holding `day`. */
export const firstOfMonth = (day: string): string => `${day.slice(0, 7)}-01`

/** The first day of the month after the one holding `day`. */
export function firstOfNextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number]
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

/** A calendar period of the player's limits (ADR 048). */
export type BangkokPeriod = 'DAY' | 'WEEK' | 'MONTH'

/**
 * The Bangkok calendar period that holds `at`, as instants [start, end): the day from 00:00 Bangkok time, the week
 * from Monday 00:00 (ISO 8601 weeks), the month from the 1st at 00:00.
 */
export function bangkokPeriodRange(period: BangkokPeriod, at: Date): { start: Date; end: Date } {
  const day = bangkokDay(at)
  if (period === 'DAY') return bangkokDayRange(day)
  if (period === 'WEEK') {
    const monday = mondayOf(day)
    return { start: bangkokDayRange(monday).start, end: bangkokDayRange(addDays(monday, 7)).start }
  }
  return { start: bangkokDayRange(firstOfMonth(day)).start, end: bangkokDayRange(firstOfNextMonth(day)).start }
}

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text)

/**
 * A back-office filter's bounds (DayOrInstant) as instants: a day is a Bangkok day, included whole at either end; an
 * instant is itself (`to` exclusive).
 */
export function filterRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  return {
    from: from === undefined ? undefined : isDay(from) ? bangkokDayRange(from).start : new Date(from),
    to: to === undefined ? undefined : isDay(to) ? bangkokDayRange(to).end : new Date(to),
  }
}

/** An instant as Bangkok wall time to the minute, as a datetime-local field takes it ('2026-12-01T09:00'). */
export const bangkokWallTime = (at: Date): string => new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 16)

/** Bangkok wall time ('2026-12-01T09:00', seconds optional) as the instant it names. */
export const fromBangkokWallTime = (wall: string): Date => new Date(Date.parse(`${wall.length === 16 ? `${wall}:00` : wall}Z`) - BANGKOK_OFFSET_MS)
