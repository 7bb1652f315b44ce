import { lineContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { AppError } from '../../errors.ts'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import { lineWebhookSecurity } from '../../plugins/api-docs.ts'
import { keepRawJsonBody } from '../../plugins/signed-json.ts'
import type { LineService } from './line.service.ts'
import { lineSignatureValid, LineWebhookBody } from './line-webhook.ts'

/** The player's LINE on the account page (ADR 088): its state, the notices chosen, linking and unlinking. */
export function lineRoutes(app: TypedApp, deps: { line: LineService; requirePlayer: preHandlerAsyncHookHandler }) {
  const { line } = deps
  const player = { preHandler: deps.requirePlayer }
  app.get('/line', { schema: lineContract.state, ...player }, async (req) => ok(await line.state(req.player)))
  app.post('/line/notices', { schema: lineContract.notices, ...player }, async (req) =>
    ok(await line.chooseNotices(req.player, req.body.notices), msg('LINE_NOTICES_SAVED')),
  )
  app.post('/line/link', { schema: lineContract.link, ...player }, async (req) => ok(await line.startLink(req.player, req.body.link_token)))
  app.post('/line/unlink', { schema: lineContract.unlink, ...player }, async (req) => ok(await line.unlink(req.player), msg('LINE_UNLINKED')))
}

/**
 * `POST /line/webhook` (ADR 088), in a plugin of its own: the raw body is kept, `x-line-signature` checked on it with
 * the channel secret before anything is read (401 otherwise, and always while LINE is off: `channelSecret` null), a
 * redelivered event ignored, and the answer given before any call to LINE.
 */
export function lineWebhookRoutes(app: TypedApp, deps: { line: LineService; channelSecret: string | null }) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: lineWebhookSecurity }
  })
  keepRawJsonBody(app)
  app.addHook('preValidation', async (req) => {
    const signature = req.headers['x-line-signature']
    if (!deps.channelSecret || !lineSignatureValid(deps.channelSecret, req.rawBody ?? '', typeof signature === 'string' ? signature : undefined))
      throw new AppError('BAD_SIGNATURE')
  })
  app.post('/line/webhook', { schema: { ...lineContract.webhook, body: LineWebhookBody } }, async (req) => {
    await deps.line.receive(req.body.events)
    return done('OK')
  })
}
