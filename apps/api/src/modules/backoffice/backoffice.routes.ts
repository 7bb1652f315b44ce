import { backofficeContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { BackofficeAuthService, OperatorRole } from './backoffice-auth.service.ts'
import type { LinkService } from '../links/links.service.ts'
import type { BackofficeService } from './backoffice.service.ts'

export function backofficeRoutes(
  app: TypedApp,
  deps: {
    auth: BackofficeAuthService
    backoffice: BackofficeService
    links: Pick<LinkService, 'forMember'>
    operator: (roles: OperatorRole[]) => preHandlerAsyncHookHandler
    limitLogin: preHandlerAsyncHookHandler
  },
) {
  const { backoffice } = deps
  const money = deps.operator(['owner', 'finance'])
  const anyone = deps.operator(['owner', 'finance', 'support'])

  app.post('/backoffice/auth/login', { schema: backofficeContract.login, preHandler: deps.limitLogin }, async (req) =>
    ok(await deps.auth.login(req.body.username, req.body.password, req.ip), msg('LOGGED_IN')),
  )

  app.get('/backoffice/withdrawals', { schema: backofficeContract.withdrawals, preHandler: anyone }, async (req) =>
    ok(await backoffice.listWithdrawals(req.query.status, req.query.page)),
  )
  app.post('/backoffice/withdrawals/:id/approve', { schema: backofficeContract.approveWithdrawal, preHandler: money }, async (req) =>
    ok(await backoffice.approveWithdrawal(req.operator, Number(req.params.id), req.body.payout_ref), msg('WITHDRAWAL_APPROVED')),
  )
  app.post('/backoffice/withdrawals/:id/reject', { schema: backofficeContract.rejectWithdrawal, preHandler: money }, async (req) =>
    ok(await backoffice.rejectWithdrawal(req.operator, Number(req.params.id), req.body.reason), msg('WITHDRAWAL_REJECTED')),
  )

  app.get('/backoffice/deposits/unmatched', { schema: backofficeContract.unmatchedDeposits, preHandler: anyone }, async (req) =>
    ok(await backoffice.unmatchedDeposits(req.query.page)),
  )
  app.post('/backoffice/deposits/:id/assign', { schema: backofficeContract.assignDeposit, preHandler: money }, async (req) =>
    ok(await backoffice.assignDeposit(req.operator, Number(req.params.id), req.body.mobile), msg('DEPOSIT_CREDITED')),
  )
  app.post('/backoffice/deposits/manual', { schema: backofficeContract.manualDeposit, preHandler: money }, async (req) =>
    ok(await backoffice.manualDeposit(req.operator, req.body), msg('DEPOSIT_CREDITED')),
  )

  // The member page (issue 12) shows these; every operator role may look.
  app.get('/backoffice/members/:id/links', { schema: backofficeContract.memberLinks, preHandler: anyone }, async (req) =>
    ok(await deps.links.forMember(Number(req.params.id))),
  )

  app.get('/backoffice/ledger/verify', { schema: backofficeContract.ledgerVerify, preHandler: money }, async () => ok(await backoffice.verifyLedger()))
}
