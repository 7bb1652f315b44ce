/**
 * Business days and payout intervals run on Asia/Bangkok time (DESIGN §2). Thailand is UTC+7 all year (no daylight
 * saving since 1920), so a fixed offset is exact and needs no time-zone database.
 */
const OFFSET_MS = 7 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** The Bangkok calendar day of an instant, as YYYY-MM-DD. */
export function bangkokDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10)
}

/** The instants a Bangkok day covers: [start, end), in UTC. */
export function bangkokDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS)
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
    // getUTCDay: 0 = Sunday; Monday starts the week, so Sunday is the 7th day.
    const monday = addDays(day, -((weekdayOf(day) + 6) % 7))
    return { start: bangkokDayRange(monday).start, end: bangkokDayRange(addDays(monday, 7)).start }
  }
  const [year, month] = day.split('-').map(Number) as [number, number]
  const first = `${year}-${String(month).padStart(2, '0')}-01`
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  return { start: bangkokDayRange(first).start, end: bangkokDayRange(next).start }
}
