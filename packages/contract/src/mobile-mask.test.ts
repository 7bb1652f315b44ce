import { describe, expect, it } from 'vitest'
import { maskMobile, maskMobileForStrangers } from './mobile-mask.ts'

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
