import { limitsContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { LimitsService } from './limits.service.ts'

/** The player's own limits and the session reminder (ADR 048). Answers are the player's own state: never cached. */
export function limitsRoutes(app: TypedApp, deps: { limits: LimitsService; requirePlayer: preHandlerAsyncHookHandler }) {
  const { limits } = deps
  const player = { preHandler: deps.requirePlayer }
  app.get('/responsible-play/limits', { schema: limitsContract.limits, ...player }, async (req) => {
    return ok(await limits.limits(req.player))
  })
  app.post('/responsible-play/limits', { schema: limitsContract.setLimit, ...player }, async (req) => {
    const { data, message } = await limits.set(req.player, req.body)
    return ok(data, message)
  })
  app.post('/responsible-play/limits/confirm', { schema: limitsContract.confirmLimit, ...player }, async (req) => {
    const { data, message } = await limits.confirm(req.player, req.body.kind)
    return ok(data, message)
  })
  app.post('/responsible-play/limits/cancel', { schema: limitsContract.cancelLimit, ...player }, async (req) => {
    const { data, message } = await limits.cancel(req.player, req.body.kind)
    return ok(data, message)
  })
  app.get('/responsible-play/session', { schema: limitsContract.session, ...player }, async (req) => {
    return ok(await limits.session(req.player))
  })
  app.post('/responsible-play/session/acknowledge', { schema: limitsContract.acknowledge, ...player }, async (req) =>
    ok(await limits.acknowledge(req.player), msg('REMINDER_ACKNOWLEDGED')),
  )
}
