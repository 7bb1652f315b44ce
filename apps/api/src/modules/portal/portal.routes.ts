import { gamesContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { PortalService } from './portal.service.ts'

export function portalRoutes(app: TypedApp, deps: { portal: PortalService; requirePlayer: preHandlerAsyncHookHandler }) {
  app.post('/portal/launch', { schema: gamesContract.launch, preHandler: deps.requirePlayer }, async (req) =>
    ok(await deps.portal.launch(req.player, req.body)),
  )
  app.post('/portal/lobby', { schema: gamesContract.lobby, preHandler: deps.requirePlayer }, async (req) => ok(await deps.portal.lobby(req.player, req.body)))
}
