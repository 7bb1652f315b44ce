/**
 * The sign-in forms' checks (spec §5), as pure functions returning a catalogue key, or null when the input
 * passes. The server checks everything again; these only save a round trip and say it in the spec's words.
 */
import type { MessageKey } from '../../lib/i18n/index.ts'

/** Spec §9. */
export const MIN_PASSWORD_LENGTH = 6
export const OTP_LENGTH = 6

export function validateLogin(input: { mobile: string; password: string }): MessageKey | null {
  return input.mobile.trim() === '' || input.password === '' ? 'login.required' : null
}

/** Spec §5: a password under 6 characters shows an inline message (not while the field is still empty). */
export function isPasswordShort(password: string): boolean {
  return password.length > 0 && password.length < MIN_PASSWORD_LENGTH
}

export interface RegisterInput {
  mobile: string
  password: string
  firstname: string
  surname: string
  bankAccount: string
  bankCode: string
  adult: boolean
  acceptTerms: boolean
}

/** Every field required first ('please fill in all information'), then the password length, then both confirmations. */
export function validateRegister(input: RegisterInput): MessageKey | null {
  const required = [input.mobile, input.password, input.firstname, input.surname, input.bankAccount, input.bankCode]
  if (required.some((value) => value.trim() === '')) return 'register.required'
  if (isPasswordShort(input.password)) return 'register.passwordShort'
  if (!input.adult) return 'register.adultRequired'
  if (!input.acceptTerms) return 'register.termsRequired'
  return null
}

export function validateOtp(code: string): MessageKey | null {
  return code.trim() === '' ? 'otp.required' : null
}

/** Keeps the digits of `value`, at most `max` of them: phone, account and OTP inputs take digits only. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max)
}
