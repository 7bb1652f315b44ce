/// <reference types="node" />
// Node typings for this file only: the rest of the contract is also bundled into the browser apps.
/**
 * The signing rule of the bank feed and the seamless wallet (ADR 015), as callers sign and as the server checks:
 * the one implementation for the server's verifier, the demo provider, tests, e2e, bench and scripts (ADR 023).
 * Node only (node:crypto): import it as `@sanam/contract/signing`, never from the browser apps.
 *
 * `timestamped`: `X-Timestamp: <unix seconds>` and `X-Signature: sha256=<hex HMAC-SHA256 of
 * "METHOD\npath\ntimestamp\nbody">`, refused more than five minutes off the server's clock. `body`: `X-Signature` over
 * the raw body only, for a provider that cannot do better (set per provider, never the default).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export type SignatureScheme = 'timestamped' | 'body'
export const signatureSchemes = ['timestamped', 'body'] as const

/** How far a timestamped request's clock may be from the server's, either way. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000

const SIGNATURE = /^sha256=[0-9a-f]{64}$/i
const TIMESTAMP = /^\d{1,12}$/

function hmac(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text, 'utf8').digest()
}

function sameSignature(header: unknown, expected: Buffer): boolean {
  if (typeof header !== 'string' || !SIGNATURE.test(header)) return false
  const given = Buffer.from(header.slice(7), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** What a timestamped signature covers: the method, the path as sent (with any query), the timestamp and the body. */
export function signedText(method: string, path: string, timestamp: string, rawBody: string): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${rawBody}`
}

/** The `body` scheme's header value: `sha256=<hex HMAC-SHA256 of the body>`. */
export function signBody(secret: string, rawBody: string): string {
  return `sha256=${hmac(secret, rawBody).toString('hex')}`
}

/** The headers of a request signed with `scheme` (default `timestamped`) at `now`. */
export function signatureHeaders(
  secret: string,
  request: { method: string; path: string; body: string; now: Date; scheme?: SignatureScheme },
): Record<string, string> {
  if (request.scheme === 'body') return { 'x-signature': signBody(secret, request.body) }
  const timestamp = String(Math.floor(request.now.getTime() / 1000))
  return {
    'x-timestamp': timestamp,
    'x-signature': `sha256=${hmac(secret, signedText(request.method, request.path, timestamp, request.body)).toString('hex')}`,
  }
}

/**
 * Checks one request: 'ok', 'bad' (no, malformed or wrong signature or timestamp) or 'stale' (signed correctly but
 * more than SIGNATURE_MAX_SKEW_MS from `now`). Signatures are compared in constant time, and the signature is checked
 * before the time, so an unsigned request is 'bad' whatever its timestamp says.
 */
export function checkSignature(
  secret: string,
  scheme: SignatureScheme,
  request: { method: string; path: string; body: string; headers: Record<string, unknown>; now: Date },
): 'ok' | 'bad' | 'stale' {
  const header = request.headers['x-signature']
  if (scheme === 'body') return sameSignature(header, hmac(secret, request.body)) ? 'ok' : 'bad'
  const timestamp = request.headers['x-timestamp']
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return 'bad'
  if (!sameSignature(header, hmac(secret, signedText(request.method, request.path, timestamp, request.body)))) return 'bad'
  return Math.abs(request.now.getTime() - Number(timestamp) * 1000) > SIGNATURE_MAX_SKEW_MS ? 'stale' : 'ok'
}
