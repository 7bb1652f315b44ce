import { referralContract, walletContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import { openEventStream } from '../../lib/sse.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import { bearerToken } from '../../plugins/auth.ts'
import type { BalanceStreams } from './balance-stream.ts'
import type { WalletService } from './wallet.service.ts'

export function walletRoutes(
  app: TypedApp,
  deps: { wallet: WalletService; balanceStreams: Pick<BalanceStreams, 'open'>; requirePlayer: preHandlerAsyncHookHandler },
) {
  app.get('/wallet/v2/balance', { schema: referralContract.balance, preHandler: deps.requirePlayer }, async (req) => {
    return ok(await deps.wallet.summary(req.player.playerId))
  })

  // The live balance (ADR 049): Server-Sent Events for as long as the session lives.
  app.get('/wallet/stream', { schema: referralContract.balanceStream, preHandler: deps.requirePlayer }, async (req, reply) => {
    deps.balanceStreams.open(req.player, bearerToken(req) ?? '', () => openEventStream(req, reply))
  })

  app.get('/wallet/histories', { schema: walletContract.histories, preHandler: deps.requirePlayer }, async (req) => {
    return ok(await deps.wallet.history(req.player.playerId, req.query.page))
  })
}
