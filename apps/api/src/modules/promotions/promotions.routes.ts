import { promotionsContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { PromotionService } from './promotions.service.ts'

export function promotionRoutes(app: TypedApp, deps: { promotions: PromotionService; requirePlayer: preHandlerAsyncHookHandler }) {
  app.get('/promotion', { schema: promotionsContract.list, preHandler: deps.requirePlayer }, async (req) =>
    ok({ list: await deps.promotions.list(req.player.playerId) }),
  )
  app.get('/promotion/histories', { schema: promotionsContract.histories, preHandler: deps.requirePlayer }, async (req) =>
    ok(await deps.promotions.histories(req.player.playerId, req.query.page)),
  )
}
