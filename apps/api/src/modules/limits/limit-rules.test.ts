import { describe, expect, it } from 'vitest'
import { bangkokPeriodRange } from '@sanam/contract/bangkok'
import {
  COOLING_OFF_MS,
  CONFIRM_WINDOW_MS,
  decideChange,
  decideConfirm,
  depositAllowance,
  depositReopens,
  lossAllowance,
  reminderDueAt,
  type LimitState,
} from './limit-rules.ts'

const at = (iso: string) => new Date(iso)
const range = (period: 'DAY' | 'WEEK' | 'MONTH', iso: string) => {
  const r = bangkokPeriodRange(period, at(iso))
  return [r.start.toISOString(), r.end.toISOString()]
}

describe('Bangkok periods of the limits', () => {
  it('a day runs from 00:00 Bangkok time (17:00 UTC the day before)', () => {
    // 23:59:59 Bangkok on 26 November is still the 26th; a second later is the 27th.
    expect(range('DAY', '2026-11-26T16:59:59.999Z')).toEqual(['2026-11-25T17:00:00.000Z', '2026-11-26T17:00:00.000Z'])
    expect(range('DAY', '2026-11-26T17:00:00.000Z')).toEqual(['2026-11-26T17:00:00.000Z', '2026-11-27T17:00:00.000Z'])
  })

  it('a week runs Monday 00:00 to Monday 00:00, Bangkok time', () => {
    // Monday 23 November 2026 00:00 Bangkok = Sunday 22 November 17:00 UTC.
    const week = ['2026-11-22T17:00:00.000Z', '2026-11-29T17:00:00.000Z']
    expect(range('WEEK', '2026-11-22T17:00:00.000Z')).toEqual(week) // the first instant of Monday
    expect(range('WEEK', '2026-11-26T03:00:00.000Z')).toEqual(week) // a Thursday
    expect(range('WEEK', '2026-11-29T16:59:59.999Z')).toEqual(week) // the last instant of Sunday
    // Sunday 22 November, 23:59 Bangkok, belongs to the week before.
    expect(range('WEEK', '2026-11-22T16:59:00.000Z')).toEqual(['2026-11-15T17:00:00.000Z', '2026-11-22T17:00:00.000Z'])
  })

  it('a week across a month and a year end', () => {
    // Thursday 1 January 2026 Bangkok: the week began Monday 29 December 2025.
    expect(range('WEEK', '2025-12-31T18:00:00.000Z')).toEqual(['2025-12-28T17:00:00.000Z', '2026-01-04T17:00:00.000Z'])
  })

  it('a month runs from the 1st at 00:00 Bangkok time, in December too', () => {
    expect(range('MONTH', '2026-11-30T16:59:59.999Z')).toEqual(['2026-10-31T17:00:00.000Z', '2026-11-30T17:00:00.000Z'])
    expect(range('MONTH', '2026-11-30T17:00:00.000Z')).toEqual(['2026-11-30T17:00:00.000Z', '2026-12-31T17:00:00.000Z'])
    expect(range('MONTH', '2026-12-31T17:00:00.000Z')).toEqual(['2026-12-31T17:00:00.000Z', '2027-01-31T17:00:00.000Z'])
    // February of a leap year.
    expect(range('MONTH', '2028-02-29T12:00:00.000Z')).toEqual(['2028-01-31T17:00:00.000Z', '2028-02-29T17:00:00.000Z'])
  })
})

const now = at('2026-11-26T03:00:00Z')
const limit = (value: bigint, pending: Partial<LimitState> = {}): LimitState => ({
  kind: 'DEPOSIT_DAY',
  value,
  pendingValue: null,
  pendingRequestedAt: null,
  pendingConfirmableAt: null,
  pendingLapsesAt: null,
  ...pending,
})

describe('changing a limit', () => {
  it('a first limit and a stricter one apply at once', () => {
    expect(decideChange(undefined, 50_000n, now)).toEqual({ kind: 'apply', value: 50_000n })
    expect(decideChange(limit(50_000n), 30_000n, now)).toEqual({ kind: 'apply', value: 30_000n })
  })

  it('a looser one or a removal waits 24 hours, then may be confirmed for 7 days', () => {
    for (const value of [80_000n, null]) {
      const decided = decideChange(limit(50_000n), value, now)
      expect(decided).toEqual({
        kind: 'pending',
        pending: {
          value,
          requestedAt: now,
          confirmableAt: new Date(now.getTime() + COOLING_OFF_MS),
          lapsesAt: new Date(now.getTime() + COOLING_OFF_MS + CONFIRM_WINDOW_MS),
        },
      })
    }
  })

  it('the same value changes nothing; removing what is not there is refused', () => {
    expect(decideChange(limit(50_000n), 50_000n, now)).toEqual({ kind: 'unchanged' })
    expect(decideChange(undefined, null, now)).toEqual({ kind: 'none_to_remove' })
  })

  it('a confirmation counts only after 24 hours and before the change lapses', () => {
    const decided = decideChange(limit(50_000n), 80_000n, now)
    if (decided.kind !== 'pending') throw new Error('expected pending')
    const state = limit(50_000n, {
      pendingValue: decided.pending.value,
      pendingRequestedAt: decided.pending.requestedAt,
      pendingConfirmableAt: decided.pending.confirmableAt,
      pendingLapsesAt: decided.pending.lapsesAt,
    })
    const later = (ms: number) => new Date(now.getTime() + ms)
    expect(decideConfirm(state, later(COOLING_OFF_MS - 1))).toEqual({ kind: 'not_yet', confirmableAt: decided.pending.confirmableAt })
    expect(decideConfirm(state, later(COOLING_OFF_MS))).toEqual({ kind: 'apply', value: 80_000n })
    expect(decideConfirm(state, later(COOLING_OFF_MS + CONFIRM_WINDOW_MS))).toEqual({ kind: 'nothing_pending' })
    expect(decideConfirm(limit(50_000n), later(COOLING_OFF_MS))).toEqual({ kind: 'nothing_pending' })
  })
})

describe('what a limit leaves', () => {
  it('the deposit limit that binds is the one with the least left, never below 0', () => {
    const limits = [
      { kind: 'DEPOSIT_DAY' as const, value: 100_000n },
      { kind: 'DEPOSIT_WEEK' as const, value: 300_000n },
      { kind: 'DEPOSIT_MONTH' as const, value: 1_000_000n },
    ]
    expect(depositAllowance(limits, { DEPOSIT_DAY: 20_000n, DEPOSIT_WEEK: 250_000n, DEPOSIT_MONTH: 250_000n })).toEqual({
      kind: 'DEPOSIT_WEEK',
      limit: 300_000n,
      remaining: 50_000n,
    })
    expect(depositAllowance(limits, { DEPOSIT_DAY: 150_000n, DEPOSIT_WEEK: 150_000n, DEPOSIT_MONTH: 150_000n })?.remaining).toBe(0n)
    expect(depositAllowance([], { DEPOSIT_DAY: 0n, DEPOSIT_WEEK: 0n, DEPOSIT_MONTH: 0n })).toBeNull()
  })

  it('the loss allowance is the limit less the net loss: a day ahead widens it', () => {
    expect(lossAllowance(10_000n, 4_000n)).toBe(6_000n)
    expect(lossAllowance(10_000n, -5_000n)).toBe(15_000n)
    expect(lossAllowance(10_000n, 12_000n)).toBe(-2_000n)
  })

  it('the reminder is owed N minutes after the session began, then N minutes after each acknowledgement', () => {
    const start = at('2026-11-26T03:00:00Z')
    expect(reminderDueAt(start, null, 30)).toEqual(at('2026-11-26T03:30:00Z'))
    expect(reminderDueAt(start, at('2026-11-26T03:41:00Z'), 30)).toEqual(at('2026-11-26T04:11:00Z'))
    // An acknowledgement from before this session (none can be, but a clock may say so) never moves it earlier.
    expect(reminderDueAt(start, at('2026-11-26T02:00:00Z'), 30)).toEqual(at('2026-11-26T03:30:00Z'))
  })
})

describe('depositReopens', () => {
  const ends = {
    DEPOSIT_DAY: new Date('2026-11-29T17:00:00Z'),
    DEPOSIT_WEEK: new Date('2026-11-29T17:00:00Z'),
    DEPOSIT_MONTH: new Date('2026-11-30T17:00:00Z'),
  }
  const limits = [
    { kind: 'DEPOSIT_DAY' as const, value: 100_000n },
    { kind: 'DEPOSIT_MONTH' as const, value: 500_000n },
  ]
  it('is null while every limit leaves at least the minimum deposit', () => {
    expect(depositReopens(limits, { DEPOSIT_DAY: 90_000n, DEPOSIT_WEEK: 0n, DEPOSIT_MONTH: 90_000n }, 10_000n, ends)).toBeNull()
  })
  it('is the latest reset among the limits that leave less than the minimum', () => {
    expect(depositReopens(limits, { DEPOSIT_DAY: 95_000n, DEPOSIT_WEEK: 0n, DEPOSIT_MONTH: 95_000n }, 10_000n, ends)).toEqual({
      kind: 'DEPOSIT_DAY',
      at: ends.DEPOSIT_DAY,
    })
    expect(depositReopens(limits, { DEPOSIT_DAY: 95_000n, DEPOSIT_WEEK: 0n, DEPOSIT_MONTH: 495_000n }, 10_000n, ends)).toEqual({
      kind: 'DEPOSIT_MONTH',
      at: ends.DEPOSIT_MONTH,
    })
  })
})
