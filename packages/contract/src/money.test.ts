import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bahtToSatang, decimalTextToSatang, isBahtAmount, MAX_BAHT, satangToBaht, satangToDecimalText } from './money.ts'

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

  it.each([NaN, Infinity, -Infinity, -1, -0.01, 0.001, 1.005, MAX_BAHT + 0.01, 1e21])('refuses %s', (value) => {
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

describe('decimal text of baht (the seamless wire format)', () => {
  it('round-trips every satang amount up to the maximum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: BigInt(MAX_BAHT) * 100n }), (satang) => {
        expect(decimalTextToSatang(satangToDecimalText(satang))).toBe(satang)
      }),
    )
  })

  it.each([
    ['12.50', 1250n],
    ['12.5', 1250n],
    ['7', 700n],
    ['0.01', 1n],
    ['0.00', 0n],
  ])('reads %s as %s satang', (text, satang) => {
    expect(decimalTextToSatang(text)).toBe(satang)
  })

  it.each(['', '-1', '1.005', '1e3', ' 1', '123456789', '1.'])('refuses %j', (text) => {
    expect(() => decimalTextToSatang(text)).toThrow(RangeError)
  })

  it('prints two decimals', () => {
    expect([satangToDecimalText(0n), satangToDecimalText(1250n), satangToDecimalText(-150n)]).toEqual(['0.00', '12.50', '-1.50'])
  })
})
