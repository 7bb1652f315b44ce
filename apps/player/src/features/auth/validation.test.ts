import { describe, expect, it } from 'vitest'
import { t } from '../../lib/i18n/index.ts'
import { digitsOnly, isPasswordShort, validateLogin, validateOtp, validateRegister, type RegisterInput } from './validation.ts'

const fields = { mobile: '0812345678', password: 'abcdef', firstname: 'ก', surname: 'ข', bankAccount: '1234567890', bankCode: '004' }
const complete: RegisterInput = { ...fields, adult: true, acceptTerms: true }

describe('sign-in validation (spec §5)', () => {
  it('login needs phone and password', () => {
    expect(validateLogin({ mobile: '', password: 'x' })).toBe('login.required')
    expect(validateLogin({ mobile: '081', password: '' })).toBe('login.required')
    expect(validateLogin({ mobile: ' ', password: 'x' })).toBe('login.required')
    expect(validateLogin({ mobile: '081', password: 'x' })).toBeNull()
    expect(t('login.required')).toBe('กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน')
  })

  it('register needs all six fields, then a password of 6 or more', () => {
    for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
      expect(validateRegister({ ...complete, [key]: '' })).toBe('register.required')
    }
    expect(validateRegister({ ...complete, password: '12345' })).toBe('register.passwordShort')
    expect(validateRegister(complete)).toBeNull()
    // Issue 21 §3: both confirmations, each with its own reason, the same words as the server's.
    expect(validateRegister({ ...complete, adult: false })).toBe('register.adultRequired')
    expect(validateRegister({ ...complete, acceptTerms: false })).toBe('register.termsRequired')
    expect(t('register.adultRequired')).toBe('กรุณายืนยันว่าคุณมีอายุ 20 ปีขึ้นไป')
    expect(t('register.termsRequired')).toBe('กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้งาน')
    expect(t('register.required')).toBe('กรุณากรอกข้อมูลให้ครบถ้วน')
    expect(t('register.passwordShort')).toBe('รหัสผ่านควรมีอย่างน้อย 6 ตัวอักษร')
  })

  it('says "too short" only once something is typed', () => {
    expect(isPasswordShort('')).toBe(false)
    expect(isPasswordShort('12345')).toBe(true)
    expect(isPasswordShort('123456')).toBe(false)
  })

  it('OTP is required; inputs keep digits only', () => {
    expect(validateOtp('')).toBe('otp.required')
    expect(validateOtp('123456')).toBeNull()
    expect(t('otp.required')).toBe('กรุณากรอกรหัส OTP')
    expect(digitsOnly('08-1234 5678x9', 10)).toBe('0812345678')
    expect(digitsOnly('12a3456789', 6)).toBe('123456')
  })
})
