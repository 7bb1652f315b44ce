import { describe, expect, it } from 'vitest'
import { maskLineId, maskMobile, maskMobileForStrangers } from './mobile-mask.ts'

describe('masking a mobile', () => {
  it('hides the middle three digits for a signed-in reader and all but the last four for a stranger', () => {
    expect(maskMobile('0812345678')).toBe('081-xxx-5678')
    expect(maskMobileForStrangers('0812345678')).toBe('xxx-xxx-5678')
  })

  it('shows no digit of something that is not a 10-digit mobile', () => {
    for (const odd of ['not a phone', '081234567', '08123456789', '']) {
      expect(maskMobile(odd)).toBe('xxx-xxx-xxxx')
      expect(maskMobileForStrangers(odd)).toBe('xxx-xxx-xxxx')
    }
  })
})

describe('masking a LINE id', () => {
  it('keeps the first four and the last four characters of a user, group or room id', () => {
    expect(maskLineId(`U${'0a'.repeat(14)}1b2c`)).toBe('U0a0…1b2c')
    expect(maskLineId(`C${'f'.repeat(32)}`)).toBe('Cfff…ffff')
  })

  it('shows no character of something that is not a LINE id', () => {
    for (const odd of ['0812345678', `U${'0'.repeat(31)}`, `X${'0'.repeat(32)}`, `U${'G'.repeat(32)}`, '']) expect(maskLineId(odd)).toBe('xxxx…xxxx')
  })
})
