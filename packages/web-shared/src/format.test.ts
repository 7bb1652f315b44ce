import { describe, expect, it } from 'vitest'
import {
  amountDigits,
  formatAccountNumber,
  formatAmount,
  formatAmountInput,
  formatBaht,
  formatBahtWord,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatNumber,
  formatPercent,
  formatProgressPercent,
  formatWhole,
} from './format.ts'

describe('Thai formats (spec §9)', () => {
  it('shows balances with the baht sign, two decimals and Thai grouping', () => {
    expect(formatBaht(1234.5)).toBe('฿1,234.50')
    expect(formatBaht(0)).toBe('฿0.00')
    expect(formatBaht(Number.NaN)).toBe('฿0.00')
    expect(formatBaht(1234567.5)).toBe('฿1,234,567.50')
    expect(formatBaht(-20)).toBe('-฿20.00')
  })

  it('shows bonus and refund with two decimals and บาท', () => {
    expect(formatBahtWord(300)).toBe('300.00 บาท')
    expect(formatBahtWord(1000.5)).toBe('1,000.50 บาท')
    expect(formatAmount(1000)).toBe('1,000.00')
  })

  it('dates in the Buddhist era, Bangkok time', () => {
    expect(formatDateTime('2026-11-21T17:30:00.000Z')).toMatch(/22 พ\.ย\. 2569.*00:30/)
    expect(formatDateTime('nonsense')).toBe('nonsense')
    expect(formatDateTime(null)).toBe('–')
  })

  it('operators read times to the second, and the dashboard its Bangkok days without shifting them', () => {
    expect(formatDateTimeSeconds('2026-11-23T17:30:05.000Z')).toMatch(/24 พ\.ย\. 2569.*00:30:05/)
    expect(formatDateTimeSeconds(undefined)).toBe('–')
    expect(formatDay('2026-11-22')).toBe('22 พ.ย.')
  })

  it('date only: the Bangkok day, Buddhist era, no time', () => {
    // 17:30 UTC is already the next day in Bangkok.
    expect(formatDate('2026-11-21T17:30:00.000Z')).toBe('22 พ.ย. 2569')
    expect(formatDate('nonsense')).toBe('nonsense')
  })

  it('the amount being typed: digits only, grouped by thousands', () => {
    expect(amountDigits('1,5a00')).toBe('1500')
    expect(amountDigits('007')).toBe('7')
    expect(amountDigits('0')).toBe('0')
    expect(amountDigits('-12.50')).toBe('1250')
    expect(formatAmountInput('1234567')).toBe('1,234,567')
    expect(formatAmountInput('')).toBe('')
    expect(formatWhole(300)).toBe('300')
  })

  it("a promotion's numbers: grouped, with only the decimals they have (up to two)", () => {
    expect(formatNumber(1000.5)).toBe('1,000.5')
    expect(formatNumber(300)).toBe('300')
    expect(formatNumber(12.345)).toBe('12.35')
    expect(formatNumber(Number.NaN)).toBe('0')
  })

  it('referral levels as percentages, up to hundredths of a percent', () => {
    expect(formatPercent(0.03)).toBe('3%')
    expect(formatPercent(0.125)).toBe('12.5%')
    expect(formatPercent(0.0325)).toBe('3.25%')
    expect(formatPercent(0)).toBe('0%')
    expect(formatProgressPercent(37.51)).toBe('37.51%')
    expect(formatProgressPercent(100)).toBe('100%')
  })

  it('prints a 10-digit account the way Thai banks do, and any other length as it is', () => {
    expect(formatAccountNumber('1234567890')).toBe('123-4-56789-0')
    expect(formatAccountNumber('123456789012')).toBe('123456789012')
    expect(formatAccountNumber('0812345678')).toBe('081-2-34567-8')
  })
})
