import { bankTransferOf, msg, walletContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { AppError } from '../../errors.ts'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import { bankFeedSecurity } from '../../plugins/api-docs.ts'
import { requireSignedJson } from '../../plugins/signed-json.ts'
import type { Clock } from '../../lib/clock.ts'
import type { DepositService } from './deposits.service.ts'
import type { TransferIntakeService } from './transfer-intake.service.ts'

export function depositRoutes(app: TypedApp, deps: { deposits: DepositService; requirePlayer: preHandlerAsyncHookHandler }) {
  const { deposits } = deps
  app.get('/wallet/deposit/config', { schema: walletContract.depositConfig, preHandler: deps.requirePlayer }, async () => ok(await deposits.config()))

  app.get('/wallet/deposit/bank', { schema: walletContract.depositBank, preHandler: deps.requirePlayer }, async () => ok(await deposits.bank()))

  app.post('/wallet/deposit/draft_bill', { schema: walletContract.createDraftBill, preHandler: deps.requirePlayer }, async (req) =>
    ok(await deposits.createDraftBill(req.player, req.body.amount, req.body.promotion), msg('DRAFT_BILL_CREATED')),
  )

  // The open bill, so the deposit page shows it again after a reload (ADR 071): the live one, one just expired, or null.
  app.get('/wallet/deposit/draft_bill', { schema: walletContract.openDraftBill, preHandler: deps.requirePlayer }, async (req) =>
    ok(await deposits.openDraftBill(req.player)),
  )

  app.post('/wallet/deposit/draft_bill/cancel', { schema: walletContract.cancelDraftBill, preHandler: deps.requirePlayer }, async (req) => {
    await deposits.cancelDraftBill(req.player)
    return done(msg('PROMOTION_CANCELLED'))
  })

  // The slip check: where it begins (the server's cursor), then polls that send it back (404: not yet).
  app.get('/wallet/deposit/status/:userId/cursor', { schema: walletContract.depositCheckCursor, preHandler: deps.requirePlayer }, async (req) => {
    return ok(await deposits.checkCursor(req.player, Number(req.params.userId)))
  })
  app.post('/wallet/deposit/status/:userId', { schema: walletContract.depositStatus, preHandler: deps.requirePlayer }, async (req) => {
    return ok(await deposits.status(req.player, Number(req.params.userId), req.body.after))
  })
}

/**
 * POST /bank/transfers: the signed bank feed (see requireSignedJson): an unsigned or stale request stores nothing.
 * The feed is our own documented API, so it has one scheme, the timestamped one (ADR 015).
 */
export function bankFeedRoutes(app: TypedApp, deps: { intake: TransferIntakeService; secret: string; clock: Clock }) {
  requireSignedJson(app, { clock: deps.clock, keyFor: () => ({ secret: deps.secret, scheme: 'timestamped' }), security: bankFeedSecurity })
  // The request's logger carries its reqId into the service's line (ADR 051).
  app.post('/bank/transfers', { schema: walletContract.bankTransfer }, async (req) => ok(await deps.intake.receiveTransfer(bankTransferOf(req.body), req.log)))
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/**
 * GET /dev/bank-account: lets the demo feed script send a transfer from a player's registered account. Demo only,
 * and only for callers on this machine: it tells a player's bank account number to whoever asks.
 */
export function devBankRoutes(app: TypedApp, deps: { intake: TransferIntakeService }) {
  app.get('/dev/bank-account', { schema: walletContract.devBankAccount }, async (req) => {
    // The socket's own address, not req.ip: behind TRUST_PROXY a forwarded-for header could claim to be local.
    if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) throw new AppError('NOT_FOUND')
    return ok(await deps.intake.devBankAccount(req.query.mobile))
  })
}
