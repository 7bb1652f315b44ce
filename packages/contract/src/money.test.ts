import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bahtToSatang, formatSatang, isBahtAmount, MAX_BAHT, nearestSatang, parseSatang, satangToBaht } from './money.ts'

describe('money at the edge', () => {
  it('round-trips every satang amount up to the maximum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: BigInt(MAX_BAHT) * 100n }), (satang) => {
        const baht = satangToBaht(satang)
        expect(isBahtAmount(baht)).toBe(true)
        expect(bahtToSatang(baht)).toBe(satang)
      }),
    )
  })

  it('answers every satang amount as a number that prints with at most two decimals (what the JSON carries)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -BigInt(MAX_BAHT) * 100n, max: BigInt(MAX_BAHT) * 100n }), (satang) => {
        const abs = satang < 0n ? -satang : satang
        const cents = abs % 100n
        const exact = `${satang < 0n ? '-' : ''}${abs / 100n}${cents === 0n ? '' : `.${cents.toString().padStart(2, '0').replace(/0$/, '')}`}`
        expect(String(satangToBaht(satang))).toBe(exact === '-0' ? '0' : exact)
      }),
      { numRuns: 2000 },
    )
    expect(JSON.stringify(satangToBaht(166n))).toBe('1.66')
  })

  // 8e-47 and 1e-9: positive, yet within rounding of 0 satang (the hostile-input fuzzer found 8e-47 reaching the database).
  it.each([NaN, Infinity, -Infinity, -1, -0.01, 0.001, 1.005, MAX_BAHT + 0.01, 1e21, 8.033951204651812e-47, 1e-9])('refuses %s', (value) => {
    expect(isBahtAmount(value)).toBe(false)
    expect(() => bahtToSatang(value)).toThrow(RangeError)
  })

  it.each(['100', null, undefined, {}, [1]])('refuses non-numbers like %j', (value) => {
    expect(isBahtAmount(value)).toBe(false)
  })

  it('keeps the decimals people type', () => {
    expect(bahtToSatang(0.1 + 0.2)).toBe(30n)
    expect(bahtToSatang(19.99)).toBe(1999n)
    expect(bahtToSatang(1_000_000.01)).toBe(100_000_001n)
    expect(satangToBaht(-150n)).toBe(-1.5)
  })
})

describe('money as decimal text', () => {
  it('round-trips every satang amount through its text, exactly, far past what a double holds', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (satang) => {
        const text = formatSatang(satang)
        expect(text).toMatch(/^\d+\.\d{2}$/)
        expect(parseSatang(text)).toBe(satang)
      }),
      { numRuns: 2000 },
    )
  })

  it('formats with exactly two decimals, negatives and huge values included', () => {
    expect(formatSatang(0n)).toBe('0.00')
    expect(formatSatang(5n)).toBe('0.05')
    expect(formatSatang(1250n)).toBe('12.50')
    expect(formatSatang(-5n)).toBe('-0.05')
    expect(formatSatang(-150n)).toBe('-1.50')
    expect(formatSatang(123_456_789_012_345_678_901n)).toBe('1234567890123456789.01')
  })

  it('parses what people and providers write', () => {
    expect(parseSatang('12')).toBe(1200n)
    expect(parseSatang('12.5')).toBe(1250n)
    expect(parseSatang('12.50')).toBe(1250n)
    expect(parseSatang('0.07')).toBe(7n)
    expect(parseSatang('0.00')).toBe(0n)
    expect(parseSatang('007.10')).toBe(710n)
    expect(parseSatang('999999999999999.99')).toBe(99_999_999_999_999_999n)
  })

  it.each(['0.005', '1.005', '12.345', '1e21', '1E2', '-1', '-0.01', '+1', ' 1', '1 ', '1,000', '12.', '.5', '', '0x10', 'NaN', 'Infinity', '١٢'])(
    'refuses %j',
    (text) => {
      expect(parseSatang(text)).toBeNull()
    },
  )

  it('refuses more whole digits than asked for (a huge value is junk, not an amount)', () => {
    expect(parseSatang('1'.repeat(16))).toBeNull()
    expect(parseSatang('1'.repeat(300))).toBeNull()
    expect(parseSatang('9999999999.99', 10)).toBe(999_999_999_999n)
    expect(parseSatang('99999999999', 10)).toBeNull()
  })
})

describe('numbers of baht from configuration', () => {
  it('rounds to the nearest satang', () => {
    expect(nearestSatang(100)).toBe(10_000n)
    expect(nearestSatang(0.1 + 0.2)).toBe(30n)
    expect(nearestSatang(1.006)).toBe(101n)
    expect(nearestSatang(90_000_000_000_000)).toBe(9_000_000_000_000_000n)
    // Past 2^53 satang, the double's value (a rule's "no limit", never an amount).
    expect(nearestSatang(1e21)).toBe(BigInt(1e23))
  })

  it.each([NaN, Infinity, -Infinity])('refuses %s', (value) => {
    expect(() => nearestSatang(value)).toThrow(RangeError)
  })

  it('agrees with the JSON path on every valid amount: the number 0.005 is refused there, not rounded', () => {
    expect(isBahtAmount(0.005)).toBe(false)
    expect(bahtToSatang(12.5)).toBe(parseSatang('12.5'))
  })
})
