import { describe, expect, it } from 'vitest'
import { formatBaht, formatBahtWord, formatDateTime } from './format.ts'

describe('Thai formats (spec §9)', () => {
  it('shows balances with the baht sign, two decimals and Thai grouping', () => {
    expect(formatBaht(1234.5)).toBe('฿1,234.50')
    expect(formatBaht(0)).toBe('฿0.00')
    expect(formatBaht(Number.NaN)).toBe('฿0.00')
  })

  it('shows bonus and refund with two decimals and บาท', () => {
    expect(formatBahtWord(300)).toBe('300.00 บาท')
  })

  it('dates in the Buddhist era, Bangkok time', () => {
    expect(formatDateTime('2026-11-21T17:30:00.000Z')).toMatch(/22 พ\.ย\. 2569.*00:30/)
    expect(formatDateTime('nonsense')).toBe('nonsense')
  })
})
