import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
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

/** Seals and opens TOTP secrets at rest (ADR 036): the database holds only what this key can open. */
export interface TotpSecretBox {
  seal(secret: string): string
  /** The secret a `seal` made; throws for anything else (a value in clear, another key's, a tampered one). */
  open(sealed: string): string
  /** Whether `value` was sealed (with any key): a secret in clear from before encryption is not. */
  isSealed(value: string): boolean
}

const SEALED_PREFIX = 'v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

/** The 32-byte key of TOTP_ENCRYPTION_KEY: 64 hex digits or base64 of 32 bytes; null for anything else. */
export function totpKeyBytes(text: string): Buffer | null {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : /^[A-Za-z0-9+/]{43}=?$/.test(text) ? Buffer.from(text, 'base64') : null
  return key?.length === 32 ? key : null
}

/**
 * AES-256-GCM through node:crypto: `v1:` and base64 of a random 96-bit nonce, the 128-bit tag and the ciphertext. The
 * tag makes a changed or foreign value fail to open rather than yield a wrong secret.
 */
export function totpSecretBox(keyText: string): TotpSecretBox {
  const key = totpKeyBytes(keyText)
  if (!key) throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64')
  return {
    seal(secret) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
    },
    open(sealed) {
      if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('TOTP secret is not sealed')
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
    },
    isSealed: (value) => value.startsWith(SEALED_PREFIX),
  }
}
