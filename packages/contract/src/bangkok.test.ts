import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, bangkokDay, bangkokDayRange, bangkokPeriodRange, bangkokWallTime, filterRange, fromBangkokWallTime, mondayOf, weekdayOf } from './bangkok.ts'

// Instants from 1970 to 2100, to the millisecond.
const instant = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms))
const day = instant.map(bangkokDay)

describe('the Bangkok day', () => {
  it('turns at 17:00 UTC (midnight in Bangkok), across months and years', () => {
    expect(bangkokDay(new Date('2026-11-25T16:59:59.999Z'))).toBe('2026-11-25')
    expect(bangkokDay(new Date('2026-11-25T17:00:00Z'))).toBe('2026-11-26')
    expect(bangkokDay(new Date('2026-12-31T17:30:00Z'))).toBe('2027-01-01')
    expect(bangkokDay(new Date('2028-02-28T17:00:00Z'))).toBe('2028-02-29')
  })

  it('agrees with the time-zone database at every instant (no daylight saving: +07 all year)', () => {
    const tz = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' })
    fc.assert(fc.property(instant, (at) => bangkokDay(at) === tz.format(at)))
  })

  it('holds every instant of its range, and only those', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const { start, end } = bangkokDayRange(bangkokDay(at))
        return (
          start <= at &&
          at < end &&
          end.getTime() - start.getTime() === 86_400_000 &&
          bangkokDay(start) === bangkokDay(at) &&
          bangkokDay(new Date(start.getTime() - 1)) === addDays(bangkokDay(at), -1)
        )
      }),
    )
  })

  it('adds days as a round trip, and a week keeps the weekday', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -4000, max: 4000 }), (d, n) => {
        return addDays(addDays(d, n), -n) === d && weekdayOf(addDays(d, 7 * Math.trunc(n / 7))) === weekdayOf(d)
      }),
    )
  })
})

describe('the Bangkok periods', () => {
  it('a week runs Monday to Monday, a month 1st to 1st, in Bangkok time', () => {
    const at = new Date('2026-11-29T20:00:00+07:00') // a Sunday
    expect(bangkokPeriodRange('WEEK', at)).toEqual({ start: new Date('2026-11-23T00:00:00+07:00'), end: new Date('2026-11-30T00:00:00+07:00') })
    expect(bangkokPeriodRange('MONTH', new Date('2026-12-31T23:59:59+07:00'))).toEqual({
      start: new Date('2026-12-01T00:00:00+07:00'),
      end: new Date('2027-01-01T00:00:00+07:00'),
    })
    expect(bangkokPeriodRange('DAY', new Date('2026-12-01T00:00:00+07:00')).start).toEqual(new Date('2026-11-30T17:00:00Z'))
  })

  it('every period holds its instant and starts at a Bangkok midnight', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom('DAY' as const, 'WEEK' as const, 'MONTH' as const), (at, period) => {
        const { start, end } = bangkokPeriodRange(period, at)
        const startDay = bangkokDay(start)
        return (
          start <= at &&
          at < end &&
          bangkokDayRange(startDay).start.getTime() === start.getTime() &&
          (period !== 'WEEK' || (weekdayOf(startDay) === 1 && mondayOf(bangkokDay(at)) === startDay)) &&
          (period !== 'MONTH' || startDay.endsWith('-01'))
        )
      }),
    )
  })
})

describe('Bangkok wall time and filter bounds', () => {
  it('a datetime-local value round-trips to the minute', () => {
    expect(bangkokWallTime(new Date('2026-12-31T16:30:00.000Z'))).toBe('2026-12-31T23:30')
    expect(fromBangkokWallTime('2026-12-01T09:00').toISOString()).toBe('2026-12-01T02:00:00.000Z')
    fc.assert(fc.property(instant, (at) => fromBangkokWallTime(bangkokWallTime(at)).getTime() === at.getTime() - (at.getTime() % 60_000)))
  })

  it('a filter day is a whole Bangkok day at either end; an instant is itself', () => {
    expect(filterRange('2026-11-01', '2026-11-02')).toEqual({ from: new Date('2026-11-01T00:00:00+07:00'), to: new Date('2026-11-03T00:00:00+07:00') })
    expect(filterRange('2026-11-01T10:00:00Z', undefined)).toEqual({ from: new Date('2026-11-01T10:00:00Z'), to: undefined })
  })
})
