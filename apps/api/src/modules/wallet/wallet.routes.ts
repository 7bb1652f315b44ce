import { referralContract, walletContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { WalletService } from './wallet.service.ts'

export function walletRoutes(app: TypedApp, deps: { wallet: WalletService; requirePlayer: preHandlerAsyncHookHandler }) {
  app.get('/wallet/v2/balance', { schema: referralContract.balance, preHandler: deps.requirePlayer }, async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    return ok(await deps.wallet.summary(req.player.playerId))
  })

  app.get('/wallet/histories', { schema: walletContract.histories, preHandler: deps.requirePlayer }, async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    return ok(await deps.wallet.history(req.player.playerId, req.query.page))
  })
}
