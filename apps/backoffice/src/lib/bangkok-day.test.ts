import { describe, expect, it } from 'vitest'
import { bangkokDay } from './bangkok-day.ts'

describe('the Bangkok day', () => {
  it('turns at 17:00 UTC (midnight in Bangkok), whatever the browser zone', () => {
    expect(bangkokDay(new Date('2026-11-25T16:59:59Z'))).toBe('2026-11-25')
    expect(bangkokDay(new Date('2026-11-25T17:00:00Z'))).toBe('2026-11-26')
    expect(bangkokDay(new Date('2026-12-31T17:30:00Z'))).toBe('2027-01-01')
  })
})
