import { ErrorEnvelope, SeamlessAnswer, seamlessBodies, seamlessOps, type SeamlessOp } from '@sanam/contract'
import { z } from 'zod'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { Clock } from '../../lib/clock.ts'
import { providerSecurity } from '../../plugins/api-docs.ts'
import { requireSignedJson, type SignatureScheme } from '../../plugins/signed-json.ts'
import type { SeamlessService } from './seamless.service.ts'

const Params = z.strictObject({ provider: z.string().regex(/^[a-z0-9_]{1,40}$/), op: z.enum(seamlessOps) })

/**
 * POST /seamless/<provider>/<balance|bet|win|rollback>, signed per provider. The body is validated by the service
 * (so a bad body gets a seamless-shaped BAD_REQUEST answer) and every signed call is logged verbatim.
 */
export function seamlessRoutes(
  app: TypedApp,
  deps: { seamless: SeamlessService; clock: Clock; secretFor: (provider: string) => string; signatureFor: (provider: string) => SignatureScheme },
) {
  requireSignedJson(app, {
    clock: deps.clock,
    keyFor: (req) => {
      const provider = (req.params as { provider?: unknown }).provider
      return typeof provider === 'string' ? { secret: deps.secretFor(provider), scheme: deps.signatureFor(provider) } : null
    },
    security: providerSecurity,
  })
  app.post(
    '/seamless/:provider/:op',
    // 400 and 404 come either from the service (seamless shape) or from the error handler (envelope).
    {
      schema: {
        params: Params,
        response: { 200: SeamlessAnswer, 400: z.union([SeamlessAnswer, ErrorEnvelope]), 404: z.union([SeamlessAnswer, ErrorEnvelope]) },
      },
      // The body depends on {op}; the document shows one schema per operation (balance, bet, win, rollback).
      config: { documentedBody: z.union([seamlessBodies.balance, seamlessBodies.bet, seamlessBodies.win, seamlessBodies.rollback]) },
    },
    async (req, reply) => {
      // The request's logger carries its reqId into the service's lines (ADR 051).
      const { httpStatus, answer } = await deps.seamless.handle(req.params.provider, req.params.op as SeamlessOp, req.body, req.rawBody ?? '', req)
      return reply.status(httpStatus).send(answer)
    },
  )
}
