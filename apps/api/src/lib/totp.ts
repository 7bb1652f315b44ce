import { Secret, TOTP } from 'otpauth'

/**
 * TOTP (RFC 6238) through otpauth: 6 digits, 30-second steps, SHA-1, the parameters every authenticator app reads
 * from an otpauth:// link. Codes from one step before or after are accepted for clock drift (ADR 029).
 */
const PERIOD_SECONDS = 30
const DRIFT_STEPS = 1

function totpOf(secret: string, label = '', issuer = '') {
  return new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD_SECONDS, digits: 6, algorithm: 'SHA1', label, issuer })
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// link an authenticator app scans. */
export function totpLink(secret: string, label: string, issuer: string): string {
  return totpOf(secret, label, issuer).toString()
}

/** The time step `code` belongs to, when it is valid at `now` (within the drift allowed); null otherwise. */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS })
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta
}
