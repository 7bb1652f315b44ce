import { describe, expect, it } from 'vitest'
import { decimalOfSatang, parseJsonKeepingNumbers, satangOfDecimal } from './decimal-json.ts'

describe('numbers read as written', () => {
  it('keeps every number token as its text, strings (escapes included) untouched', () => {
    expect(parseJsonKeepingNumbers('{"a": 63727092.34, "b": [0, -1.5, 2e3], "c": "9.99 \\" 1", "d": true, "e": null}')).toEqual({
      a: '63727092.34',
      b: ['0', '-1.5', '2e3'],
      c: '9.99 " 1',
      d: true,
      e: null,
    })
    expect(() => parseJsonKeepingNumbers('{"a": 01}')).toThrow(SyntaxError)
    expect(() => parseJsonKeepingNumbers('{"a": 1.}')).toThrow(SyntaxError)
  })

  it('baht to satang with integers only: up to six places, zeros past the satang; no sign, no exponent', () => {
    expect(satangOfDecimal('63727092.34')).toBe(6_372_709_234n)
    expect(satangOfDecimal('63727092.340000')).toBe(6_372_709_234n)
    expect(satangOfDecimal('0.1')).toBe(10n)
    expect(satangOfDecimal('0')).toBe(0n)
    for (const bad of ['10.001', '10.0000001', '-1', '1e2', '+1', '.5', '1.', ' 1', '', 'NaN']) expect(satangOfDecimal(bad), bad).toBeNull()
    expect(satangOfDecimal(10)).toBeNull()
  })

  it('writes satang back as an exact number token', () => {
    expect(decimalOfSatang(6_372_709_234n)).toBe('63727092.34')
    expect(decimalOfSatang(5n)).toBe('0.05')
    expect(decimalOfSatang(-150n)).toBe('-1.50')
  })
})
