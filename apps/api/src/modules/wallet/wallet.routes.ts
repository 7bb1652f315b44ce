import { referralContract, satangToBaht, walletContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { Db } from '../../db/client.ts'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { ReferralService } from '../referral/referral.service.ts'
import { walletRepository } from './wallet.repository.ts'

export const HISTORY_PAGE_SIZE = 20

export function walletRoutes(
  app: TypedApp,
  deps: {
    db: Db
    requirePlayer: preHandlerAsyncHookHandler
    referral: Pick<ReferralService, 'walletSummary'>
  },
) {
  app.get('/wallet/v2/balance', { schema: referralContract.balance, preHandler: deps.requirePlayer }, async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    return ok(await deps.referral.walletSummary(req.player.playerId))
  })

  app.get('/wallet/histories', { schema: walletContract.histories, preHandler: deps.requirePlayer }, async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    const page = req.query.page
    const { rows, total } = await walletRepository.history(deps.db, req.player.playerId, page, HISTORY_PAGE_SIZE)
    return ok({
      list: rows.map((r) => ({ id: r.id, txtype: r.txtype, txamount: satangToBaht(BigInt(r.amount)), txstatus: r.status, created_at: new Date(r.created_at).toISOString() })),
      page,
      size: HISTORY_PAGE_SIZE,
      total,
    })
  })
}
