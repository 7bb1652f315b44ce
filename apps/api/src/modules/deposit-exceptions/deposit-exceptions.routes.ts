import { backofficeMoneyContract, msg } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { DepositExceptionsService } from './deposit-exceptions.service.ts'
import { senderViewOf } from '../deposits/deposit-view.ts'

/** The deposit-exceptions queue (ADR 035): every operator role may look; only roles that decide money resolve. */
export function depositExceptionsRoutes(app: TypedApp, deps: { exceptions: DepositExceptionsService; operator: OperatorGuard }) {
  const { exceptions } = deps
  const c = backofficeMoneyContract

  app.get('/backoffice/deposit-exceptions', { schema: c.exceptions, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await exceptions.exceptions(req.query.status, req.query.page, senderViewOf(req.operator.role))),
  )
  app.post('/backoffice/deposit-exceptions/:id/resolve', { schema: c.resolveException, preHandler: deps.operator('money.decide') }, async (req) =>
    ok(
      await exceptions.resolveException(req.operator, Number(req.params.id), req.body),
      msg(req.body.action === 'CREDIT' ? 'EXCEPTION_CREDITED' : 'EXCEPTION_DISMISSED'),
    ),
  )
}
