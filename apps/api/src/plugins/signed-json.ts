import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { Clock } from '../lib/clock.ts'
import type { TypedApp } from '../lib/typed-app.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for signature checks (signed routes only). */
    rawBody?: string
  }
}

/**
 * How a caller signs (ADR 015). `timestamped`: `X-Timestamp: <unix seconds>` and `X-Signature: sha256=<hex HMAC of
 * "METHOD\npath\ntimestamp\nbody">`, refused more than five minutes off our clock. `body`: `X-Signature` over the raw
 * body only, for a provider that cannot do better (set per provider, never the default).
 */
export type SignatureScheme = 'timestamped' | 'body'
export const signatureSchemes = ['timestamped', 'body'] as const

/** How far a timestamped request's clock may be from ours, either way. */
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

/** `sha256=<hex HMAC-SHA256 of body>`, compared in constant time (the `body` scheme). */
export function signatureValid(secret: string, rawBody: string, header: unknown): boolean {
  return sameSignature(header, hmac(secret, rawBody))
}

/** The `body` scheme's header value. */
export function signBody(secret: string, rawBody: string): string {
  return `sha256=${hmac(secret, rawBody).toString('hex')}`
}

/** The headers of a request signed with `scheme` at `now` (what providers, the bank feed script and tests send). */
export function signatureHeaders(
  secret: string,
  request: { method: string; path: string; body: string; now: Date; scheme?: SignatureScheme },
): Record<string, string> {
  if (request.scheme === 'body') return { 'x-signature': signBody(secret, request.body) }
  const timestamp = String(Math.floor(request.now.getTime() / 1000))
  return { 'x-timestamp': timestamp, 'x-signature': `sha256=${hmac(secret, signedText(request.method, request.path, timestamp, request.body)).toString('hex')}` }
}

/**
 * Checks one request: 'ok', 'bad' (no, malformed or wrong signature or timestamp) or 'stale' (signed correctly but
 * more than SIGNATURE_MAX_SKEW_MS from `now`). The signature is checked before the time, so an unsigned request is
 * 'bad' whatever its timestamp says.
 */
export function checkSignature(
  secret: string,
  scheme: SignatureScheme,
  request: { method: string; path: string; body: string; headers: Record<string, unknown>; now: Date },
): 'ok' | 'bad' | 'stale' {
  const header = request.headers['x-signature']
  if (scheme === 'body') return signatureValid(secret, request.body, header) ? 'ok' : 'bad'
  const timestamp = request.headers['x-timestamp']
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return 'bad'
  if (!sameSignature(header, hmac(secret, signedText(request.method, request.path, timestamp, request.body)))) return 'bad'
  return Math.abs(request.now.getTime() - Number(timestamp) * 1000) > SIGNATURE_MAX_SKEW_MS ? 'stale' : 'ok'
}

/**
 * Makes every route of this (encapsulated) plugin a signed-JSON route: the JSON parser keeps the raw body, and the
 * signature is checked before validation, so an unsigned request is 401 whatever its body and nothing runs.
 * `keyFor` returns null for a request no secret can exist for (unknown provider): also 401.
 */
export function requireSignedJson(app: TypedApp, options: { clock: Clock; keyFor: (request: FastifyRequest) => { secret: string; scheme: SignatureScheme } | null }) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body: string | Buffer, done) => {
    req.rawBody = body.toString()
    try {
      done(null, JSON.parse(req.rawBody))
    } catch {
      done(new AppError('MALFORMED_JSON'), undefined)
    }
  })
  app.addHook('preValidation', async (req) => {
    const key = options.keyFor(req)
    if (!key) throw new AppError('BAD_SIGNATURE')
    const verdict = checkSignature(key.secret, key.scheme, { method: req.method, path: req.url, body: req.rawBody ?? '', headers: req.headers, now: options.clock.now() })
    if (verdict === 'bad') throw new AppError('BAD_SIGNATURE')
    if (verdict === 'stale') throw new AppError('SIGNATURE_EXPIRED')
  })
}
