import { msg, slipsContract } from '@sanam/contract'
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { AppError } from '../../errors.ts'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { DemoBank } from './demo-verifier.ts'
import type { SlipService } from './slips.service.ts'

/**
 * POST /wallet/deposit/slip: a player's slip (the text its QR code holds; the picture never leaves the phone). The
 * answer is the check as it stands: credited, refused with why, or still being checked (ADR 079).
 */
export function slipRoutes(
  app: TypedApp,
  deps: { slips: SlipService; requirePlayer: preHandlerAsyncHookHandler; limitSlips: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
) {
  app.post('/wallet/deposit/slip', { schema: slipsContract.submitSlip, preHandler: deps.requirePlayer }, async (req, reply) => {
    // Each slip costs a verifier call: a player's slips are counted after the session is known.
    await deps.limitSlips(req, reply)
    const check = await deps.slips.submit(req.player, req.body.payload)
    return ok(check, check.message)
  })
}

/** The back-office's slip checks (ADR 079): the lists, and a review item asked again or closed. */
export function slipDeskRoutes(app: TypedApp, deps: { slips: SlipService; operator: OperatorGuard }) {
  const { slips } = deps
  const c = slipsContract
  app.get('/backoffice/slips', { schema: c.slipChecks, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await slips.list(req.query.status, req.query.page)),
  )
  app.post('/backoffice/slips/:id/recheck', { schema: c.recheckSlip, preHandler: deps.operator('money.decide') }, async (req) =>
    ok(await slips.recheck(req.operator, pathId(req.params)), msg('SLIP_RECHECKED')),
  )
  app.post('/backoffice/slips/:id/close', { schema: c.closeSlip, preHandler: deps.operator('money.decide') }, async (req) =>
    ok(await slips.close(req.operator, pathId(req.params), req.body.note), msg('SLIP_CLOSED_BY_DESK')),
  )
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/
/**
 * POST /dev/demo-bank/transfers (demo mode, callers on this machine only): the demo bank makes a transfer from a
 * player's registered account and answers its slip's QR text, which the demo verifier then finds (ADR 079).
 */
export function devDemoBankRoutes(app: TypedApp, deps: { demoBank: DemoBank }) {
  app.post('/dev/demo-bank/transfers', { schema: slipsContract.demoBankTransfer }, async (req) => {
    if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) throw new AppError('NOT_FOUND')
    return ok(await deps.demoBank.transfer({ mobile: req.body.mobile, amountBaht: req.body.amount, toAccount: req.body.to_account ?? null }))
  })
}
