import { createPrivateKey, hash, randomBytes, randomInt, timingSafeEqual, type JsonWebKey, type KeyObject } from 'node:crypto'

/** An opaque, unguessable token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 of `value`'s UTF-8 bytes; the one-shot `hash` (no Hash object a call), since every request's token takes it. */
export function sha256(value: string): Buffer {
  return hash('sha256', value, 'buffer')
}

export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A string of `length` characters drawn uniformly from `alphabet`. */
export function randomString(alphabet: string, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

export function randomDigits(length: number): string {
  return randomString('0123456789', length)
}

/** No 0/O, 1/I/L: codes people read aloud or type from a screenshot. */
export const UNAMBIGUOUS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A private key given as a JWK (JSON) or PEM, as a setting holds it; throws when it is neither. */
export function privateKeyOf(value: string): KeyObject {
  const text = value.trim()
  return text.startsWith('{') ? createPrivateKey({ key: JSON.parse(text) as JsonWebKey, format: 'jwk' }) : createPrivateKey(text)
}
