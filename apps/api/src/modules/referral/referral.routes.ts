import { msg, referralContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { ReferralService } from './referral.service.ts'

/** Invite info, the register page's upline, moves of the referral wallets to cash, and the owner's on-demand accrual of one day. */
export function referralRoutes(
  app: TypedApp,
  deps: { referral: ReferralService; requirePlayer: preHandlerAsyncHookHandler; limitUpline: preHandlerAsyncHookHandler; operator: OperatorGuard },
) {
  const { referral } = deps

  // The register page's upline (ADR 073): no session (a visitor asks), counted per address like registration.
  app.get('/invites/upline', { schema: referralContract.upline, preHandler: deps.limitUpline }, async (req) =>
    ok(await referral.uplineDisplay(Number(req.query.upid))),
  )

  app.get('/invites', { schema: referralContract.invites, preHandler: deps.requirePlayer }, async (req) => {
    return ok(await referral.inviteInfo(req.player.playerId, req.query.page))
  })

  app.post('/wallet/transfer/bonus', { schema: referralContract.transfer, preHandler: deps.requirePlayer }, async (req) =>
    ok(await referral.transfer(req.player.playerId, 'bonus'), msg('REFERRAL_TRANSFERRED')),
  )
  app.post('/wallet/transfer/refund', { schema: referralContract.transfer, preHandler: deps.requirePlayer }, async (req) =>
    ok(await referral.transfer(req.player.playerId, 'refund'), msg('REFERRAL_TRANSFERRED')),
  )

  app.post('/backoffice/jobs/accrue', { schema: referralContract.accrue, preHandler: deps.operator('jobs.run') }, async (req) =>
    ok(await referral.accrueForOperator(req.operator, req.body.day), msg('REFERRAL_ACCRUED')),
  )
}
