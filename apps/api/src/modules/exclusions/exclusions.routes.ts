import { exclusionContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { ExclusionService } from './exclusions.service.ts'

export function exclusionRoutes(app: TypedApp, deps: { exclusions: ExclusionService; requirePlayer: preHandlerAsyncHookHandler }) {
  /** The player's own time-out or self-exclusion: starts now, ends every session (this one too), cannot be undone early. */
  app.post('/user/@me/exclusion', { schema: exclusionContract.choose, preHandler: deps.requirePlayer }, async (req) =>
    ok(await deps.exclusions.choose(req.player, req.body.period), msg('EXCLUSION_STARTED')),
  )
}
