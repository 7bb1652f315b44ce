import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { TypedApp } from '../lib/typed-app.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for signature checks (signed routes only). */
    rawBody?: string
  }
}

/** `sha256=<hex HMAC-SHA256 of body>`, compared in constant time. */
export function signatureValid(secret: string, rawBody: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest()
  const given = Buffer.from(header.slice(7), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function signBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`
}

/**
 * Makes every route of this (encapsulated) plugin a signed-JSON route: the JSON parser keeps the raw body, and
 * `X-Signature` is checked before validation, so an unsigned request is 401 whatever its body and nothing runs.
 * `secretFor` returns null for a request no secret can exist for (unknown provider): also 401.
 */
export function requireSignedJson(app: TypedApp, secretFor: (request: FastifyRequest) => string | null) {
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
    const secret = secretFor(req)
    if (!secret || !signatureValid(secret, req.rawBody ?? '', req.headers['x-signature'])) throw new AppError('BAD_SIGNATURE')
  })
}
