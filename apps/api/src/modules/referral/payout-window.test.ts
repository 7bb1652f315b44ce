import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, bangkokDay, bangkokDayRange, weekdayOf } from '@sanam/contract/bangkok'
import { payoutWindow } from './payout-window.ts'
import { shareOf } from './referral.service.ts'

const at = (iso: string) => new Date(iso)

describe('Bangkok days', () => {
  it('turn at midnight +07:00, not at midnight UTC', () => {
    expect(bangkokDay(at('2026-11-21T23:59:59.999+07:00'))).toBe('2026-11-21')
    expect(bangkokDay(at('2026-11-22T00:00:00+07:00'))).toBe('2026-11-22')
    // 17:00 UTC is already the next day in Bangkok.
    expect(bangkokDay(at('2026-11-21T16:59:59Z'))).toBe('2026-11-21')
    expect(bangkokDay(at('2026-11-21T17:00:00Z'))).toBe('2026-11-22')
  })

  it('cover [00:00, 24:00) Bangkok time', () => {
    expect(bangkokDayRange('2026-11-21')).toEqual({ start: at('2026-11-20T17:00:00Z'), end: at('2026-11-21T17:00:00Z') })
  })

  it('step across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(weekdayOf('2026-11-20')).toBe(5) // a Friday
  })

  it('every instant falls inside the range of its own day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (instant) => {
        const { start, end } = bangkokDayRange(bangkokDay(instant))
        return start.getTime() <= instant.getTime() && instant.getTime() < end.getTime()
      }),
    )
  })
})

describe('payout windows', () => {
  it('DAY is open every day, each Bangkok day its own period', () => {
    expect(payoutWindow('DAY', at('2026-11-21T23:59:59+07:00'))).toEqual({ open: true, period: '2026-11-21' })
    expect(payoutWindow('DAY', at('2026-11-22T00:00:00+07:00'))).toEqual({ open: true, period: '2026-11-22' })
  })

  it('WEEKEN opens on Friday 00:00 Bangkok time and closes on Saturday 00:00', () => {
    expect(payoutWindow('WEEKEN', at('2026-11-19T23:59:59+07:00'))).toEqual({ open: false, reason: 'NOT_FRIDAY' })
    expect(payoutWindow('WEEKEN', at('2026-11-20T00:00:00+07:00'))).toEqual({ open: true, period: '2026-11-20' })
    expect(payoutWindow('WEEKEN', at('2026-11-20T23:59:59+07:00'))).toEqual({ open: true, period: '2026-11-20' })
    expect(payoutWindow('WEEKEN', at('2026-11-21T00:00:00+07:00'))).toEqual({ open: false, reason: 'NOT_FRIDAY' })
  })

  it('MONTH opens on the 1st only', () => {
    expect(payoutWindow('MONTH', at('2026-11-30T23:59:59+07:00'))).toEqual({ open: false, reason: 'NOT_FIRST' })
    expect(payoutWindow('MONTH', at('2026-12-01T00:00:00+07:00'))).toEqual({ open: true, period: '2026-12-01' })
    expect(payoutWindow('MONTH', at('2026-12-01T23:59:59+07:00'))).toEqual({ open: true, period: '2026-12-01' })
    expect(payoutWindow('MONTH', at('2026-12-02T00:00:00+07:00'))).toEqual({ open: false, reason: 'NOT_FIRST' })
  })
})

describe('shares and masks', () => {
  it('rounds rate (basis points) × turnover down to the satang', () => {
    expect(shareOf(100_000n, 300)).toBe(3_000n)
    expect(shareOf(33_333n, 300)).toBe(999n) // 999.99 satang
    expect(shareOf(199n, 50)).toBe(0n) // 0.995 satang
    expect(shareOf(123_456_789n, 0)).toBe(0n)
    expect(shareOf(123_456_789n, 10_000)).toBe(123_456_789n)
  })

  it('never pays more than the exact share nor a satang less', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10_000 }), (turnover, basisPoints) => {
        const share = shareOf(turnover, basisPoints)
        const exact = turnover * BigInt(basisPoints) // × 10_000
        return share * 10_000n <= exact && exact < (share + 1n) * 10_000n
      }),
    )
  })
})
