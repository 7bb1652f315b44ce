import { backofficePayoutsContract, msg, payoutCallbackContract } from '@sanam/contract'
import { ok, pathId } from '../../lib/http.ts'
import type { Clock } from '../../lib/clock.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import { bankFeedSecurity } from '../../plugins/api-docs.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import { requireSignedJson } from '../../plugins/signed-json.ts'
import type { PayoutCallbackService } from './payout-callbacks.service.ts'
import type { PayoutService } from './payouts.service.ts'

/**
 * The payouts the bank's checks held before sending and the ones whose outcome is unknown (ADR 081): the queues with
 * their age, "ask the bank again", send a held one again or refuse it, and the two-operator resolution of an unknown.
 */
export function payoutsRoutes(app: TypedApp, deps: { payouts: PayoutService; operator: OperatorGuard }) {
  const { payouts } = deps
  const read = deps.operator('backoffice.read')
  const money = deps.operator('money.decide')

  app.get('/backoffice/payouts', { schema: backofficePayoutsContract.payouts, preHandler: read }, async (req) =>
    ok(await payouts.list(req.operator.operatorId, req.query.status, req.query.page)),
  )
  app.get('/backoffice/payouts/summary', { schema: backofficePayoutsContract.payoutSummary, preHandler: read }, async () => ok(await payouts.summary()))

  app.post('/backoffice/payouts/:id/recheck', { schema: backofficePayoutsContract.recheckPayout, preHandler: money }, async (req) => {
    const payout = await payouts.askAgain(req.operator, pathId(req.params))
    const note = payout.status === 'PAID' ? 'PAYOUT_ASKED_PAID' : payout.status === 'REJECTED' ? 'PAYOUT_ASKED_REJECTED' : 'PAYOUT_ASKED_STILL_UNKNOWN'
    return ok(payout, msg(note))
  })
  app.post('/backoffice/payouts/:id/propose', { schema: backofficePayoutsContract.proposePayout, preHandler: money }, async (req) =>
    ok(await payouts.propose(req.operator, pathId(req.params), req.body), msg('PAYOUT_PROPOSED')),
  )
  app.post('/backoffice/payouts/:id/confirm', { schema: backofficePayoutsContract.confirmPayout, preHandler: money }, async (req) => {
    const payout = await payouts.confirm(req.operator, pathId(req.params), req.body.proposed_at)
    return ok(payout, msg(payout.status === 'RESOLVED_PAID' ? 'PAYOUT_RESOLVED_PAID' : 'PAYOUT_RESOLVED_REFUNDED'))
  })
  app.post('/backoffice/payouts/:id/send-again', { schema: backofficePayoutsContract.sendPayoutAgain, preHandler: money }, async (req) =>
    ok(await payouts.sendAgain(req.operator, pathId(req.params)), msg('PAYOUT_SENT_AGAIN')),
  )
  app.post('/backoffice/payouts/:id/refuse', { schema: backofficePayoutsContract.refusePayout, preHandler: money }, async (req) =>
    ok(await payouts.refuse(req.operator, pathId(req.params), req.body.reason), msg('PAYOUT_REFUSED')),
  )
}

/**
 * POST /bank/payouts/callback: the payout bank's status callback (ADR 086), signed like the bank feed (ADR 015) with
 * PAYOUT_BANK_CALLBACK_SECRET; unset, every request is 401 (fails closed). It records and asks; it never pays or refunds.
 */
export function payoutCallbackRoutes(app: TypedApp, deps: { callbacks: PayoutCallbackService; secret: string | undefined; clock: Clock }) {
  const { secret } = deps
  requireSignedJson(app, { clock: deps.clock, keyFor: () => (secret ? { secret, scheme: 'timestamped' } : null), security: bankFeedSecurity })
  app.post('/bank/payouts/callback', { schema: payoutCallbackContract.receive }, async (req) => ok(await deps.callbacks.receive(req.body, req.rawBody ?? '')))
}
