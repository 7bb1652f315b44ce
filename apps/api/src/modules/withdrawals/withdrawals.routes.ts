import { msg, walletContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { AppError } from '../../errors.ts'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { WithdrawalService } from './withdrawals.service.ts'

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

export function withdrawalRoutes(app: TypedApp, deps: { withdrawals: WithdrawalService; requirePlayer: preHandlerAsyncHookHandler }) {
  app.get('/wallet/withdraw', { schema: walletContract.withdrawConfig, preHandler: deps.requirePlayer }, async (req) =>
    ok(await deps.withdrawals.config(req.player.playerId)),
  )

  app.post('/wallet/withdraw', { schema: walletContract.createWithdrawal, preHandler: deps.requirePlayer }, async (req) => {
    const key = req.headers['idempotency-key']
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      throw new AppError('VALIDATION_FAILED', msg('IDEMPOTENCY_KEY_INVALID'))
    }
    return ok(await deps.withdrawals.request(req.player, req.body.amount, key), msg('WITHDRAWAL_REQUESTED'))
  })
}
