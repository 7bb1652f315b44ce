// Hub88's wallet protocol, the second vendor on the same core (ADR 082), as far as this change takes it: the request
// signature (RSA-SHA256 over the raw body, `X-Hub88-Signature`, base64), the money codec (integers of 1/100,000 of the
// currency unit) and the statuses. Its routes and calls are to come, onto seamless.protocolCall as Evolution's are.
import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import type { SeamlessStatus } from '@sanam/contract'

/** Hub88's answer statuses (its wallet API documentation; confirm the list with Hub88 before going live, ADR 082). */
export const hub88Statuses = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const
export type Hub88Status = (typeof hub88Statuses)[number]

/** Each seamless answer as Hub88's status. */
export const hub88StatusOf: Record<SeamlessStatus, Hub88Status> = {
  OK: 'RS_OK',
  INSUFFICIENT_FUNDS: 'RS_ERROR_NOT_ENOUGH_MONEY',
  // A bet past the player's daily loss limit (ADR 048): Hub88 lists nothing closer; confirm with Hub88.
  LIMIT_EXCEEDED: 'RS_ERROR_NOT_ENOUGH_MONEY',
  INVALID_SESSION: 'RS_ERROR_INVALID_TOKEN',
  PLAYER_BLOCKED: 'RS_ERROR_USER_DISABLED',
  DUPLICATE: 'RS_ERROR_DUPLICATE_TRANSACTION',
  TX_NOT_FOUND: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  ALREADY_SETTLED: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  BAD_REQUEST: 'RS_ERROR_WRONG_SYNTAX',
}

/** Hub88's key from its PEM text (configured, never fetched at run time). */
export function hub88Key(pem: string): KeyObject {
  return createPublicKey(pem)
}

/**
 * Whether `signature` (the `X-Hub88-Signature` header: base64 of an RSA-SHA256 PKCS#1 v1.5 signature) signs exactly
 * these body bytes. A missing, malformed or wrong signature is false; so is any change to a single byte.
 */
export function verifyHub88Signature(body: Buffer | string, signature: unknown, key: KeyObject): boolean {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false
  const bytes = Buffer.from(signature, 'base64')
  // Base64 that does not say the bytes it decodes to exactly (stray bits) is not the signature as sent.
  if (bytes.length === 0 || bytes.toString('base64') !== signature) return false
  try {
    return verify('sha256', typeof body === 'string' ? Buffer.from(body) : body, key, bytes)
  } catch {
    return false
  }
}

/** Hub88's units in one satang: amounts are integers of 1/100,000 of the currency unit, a satang is 1/100. */
export const HUB88_UNITS_PER_SATANG = 1_000n

/**
 * A Hub88 amount (a JSON integer's digits, as decimal-json.ts keeps them) as satang; null when it is not a plain
 * non-negative integer or not a whole number of satang: a sub-satang amount cannot be kept exactly and is refused
 * (RS_ERROR_WRONG_TYPES), never rounded.
 */
export function satangOfHub88(units: unknown): bigint | null {
  if (typeof units !== 'string' || !/^(0|[1-9]\d{0,17})$/.test(units)) return null
  const value = BigInt(units)
  return value % HUB88_UNITS_PER_SATANG === 0n ? value / HUB88_UNITS_PER_SATANG : null
}

/** Satang as Hub88's integer units (a JSON number token). */
export function hub88OfSatang(satang: bigint): string {
  return String(satang * HUB88_UNITS_PER_SATANG)
}
