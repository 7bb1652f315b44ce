import { checkSignature, type SignatureScheme } from '@sanam/contract/signing'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import type { Clock } from '../lib/clock.ts'
import type { TypedApp } from '../lib/typed-app.ts'
import type { SecurityRequirement } from './api-docs.ts'

// The signing rule itself (ADR 015) is the contract's, shared with every caller that signs (ADR 023).
export type { SignatureScheme }

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for signature checks (signed routes only). */
    rawBody?: string
  }
}

/**
 * Makes every route of this (encapsulated) plugin a signed-JSON route: the JSON parser keeps the raw body, and the
 * signature is checked before validation, so an unsigned request is 401 whatever its body and nothing runs.
 * `keyFor` returns null for a request no secret can exist for (unknown provider): also 401. `security` is how the API
 * document names the signature each route here requires.
 */
export function requireSignedJson(
  app: TypedApp,
  options: { clock: Clock; keyFor: (request: FastifyRequest) => { secret: string; scheme: SignatureScheme } | null; security: SecurityRequirement[] },
) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: options.security }
  })
  keepRawJsonBody(app)
  app.addHook('preValidation', async (req) => {
    const key = options.keyFor(req)
    if (!key) throw new AppError('BAD_SIGNATURE')
    const verdict = checkSignature(key.secret, key.scheme, {
      method: req.method,
      path: req.url,
      body: req.rawBody ?? '',
      headers: req.headers,
      now: options.clock.now(),
    })
    if (verdict === 'bad') throw new AppError('BAD_SIGNATURE')
    if (verdict === 'stale') throw new AppError('SIGNATURE_EXPIRED')
  })
}

/**
 * Makes the JSON parser of this (encapsulated) plugin keep the body exactly as received in `req.rawBody`, for a
 * signature over its bytes (the signed routes above; LINE's webhook, ADR 088). Unreadable JSON is MALFORMED_JSON.
 */
export function keepRawJsonBody(app: TypedApp) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body: string | Buffer, done) => {
    req.rawBody = body.toString()
    try {
      done(null, JSON.parse(req.rawBody))
    } catch {
      done(new AppError('MALFORMED_JSON'), undefined)
    }
  })
}
