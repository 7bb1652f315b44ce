import { backofficeContract, backofficeOperatorsContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { done, ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { BackofficeAuthService } from './operator-sign-in.service.ts'
import type { LinkService } from '../links/links.service.ts'
import type { BackofficeService } from '../backoffice/backoffice.service.ts'

export function backofficeRoutes(
  app: TypedApp,
  deps: {
    auth: BackofficeAuthService
    backoffice: BackofficeService
    links: Pick<LinkService, 'forMember'>
    operator: OperatorGuard
    limitLogin: preHandlerAsyncHookHandler
  },
) {
  const { backoffice } = deps
  const read = deps.operator('backoffice.read')
  /** Sessions of an operator who has not enrolled TOTP yet reach only these routes. */
  const enrolling = deps.operator('self.session', { whileEnrolling: true })
  const self = backofficeOperatorsContract

  app.post('/backoffice/auth/login', { schema: backofficeContract.login, preHandler: deps.limitLogin }, async (req) =>
    ok(await deps.auth.login(req.body, req.ip), msg('LOGGED_IN')),
  )
  app.post('/backoffice/auth/password/renew', { schema: self.renewPassword, preHandler: deps.limitLogin }, async (req) =>
    ok(await deps.auth.renewPassword(req.body, req.ip), msg('LOGGED_IN')),
  )
  app.post('/backoffice/auth/logout', { schema: self.logout, preHandler: enrolling }, async (req) => {
    await deps.auth.logout(req.operator)
    return done(msg('LOGGED_OUT'))
  })
  app.get('/backoffice/me', { schema: self.me, preHandler: enrolling }, async (req) => ok(await deps.auth.me(req.operator)))
  app.post('/backoffice/auth/totp/start', { schema: self.totpStart, preHandler: enrolling }, async (req) => ok(await deps.auth.startTotp(req.operator)))
  app.post('/backoffice/auth/totp/confirm', { schema: self.totpConfirm, preHandler: enrolling }, async (req) =>
    ok(await deps.auth.confirmTotp(req.operator, req.body.otp), msg('TOTP_ENROLLED')),
  )
  app.post('/backoffice/auth/password', { schema: self.changePassword, preHandler: deps.operator('self.session') }, async (req) => {
    await deps.auth.changePassword(req.operator, req.body.current_password, req.body.new_password)
    return done(msg('OPERATOR_PASSWORD_CHANGED'))
  })

  app.get('/backoffice/withdrawals', { schema: backofficeContract.withdrawals, preHandler: read }, async (req) =>
    ok(await backoffice.listWithdrawals(req.query.status, req.query.page)),
  )
  app.get('/backoffice/deposits/unmatched', { schema: backofficeContract.unmatchedDeposits, preHandler: read }, async (req) =>
    ok(await backoffice.deposits({ unmatched: true }, req.query.page)),
  )
  app.get('/backoffice/deposits', { schema: backofficeContract.depositHistory, preHandler: read }, async (req) => {
    const { page, ...filters } = req.query
    return ok(await backoffice.deposits(filters, page))
  })

  // The member page (issue 12) shows these; every operator role may look.
  app.get('/backoffice/members/:id/links', { schema: backofficeContract.memberLinks, preHandler: read }, async (req) =>
    ok(await deps.links.forMember(Number(req.params.id))),
  )

  app.get('/backoffice/ledger/verify', { schema: backofficeContract.ledgerVerify, preHandler: deps.operator('ledger.verify') }, async (req) =>
    ok(await backoffice.verify(req.query.head)),
  )
}
