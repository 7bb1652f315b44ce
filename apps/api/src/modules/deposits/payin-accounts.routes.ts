import { backofficePayinContract, msg } from '@sanam/contract'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { PayinAccountsService } from './payin-accounts.service.ts'

/**
 * Pay-in accounts in the back-office: every operator may look; 'payin.manage' (owner, finance) proposes, changes,
 * rejects and retires; only a second operator holding 'money.decide' activates (four eyes).
 */
export function payinAccountsRoutes(app: TypedApp, deps: { payin: PayinAccountsService; operator: OperatorGuard }) {
  const { payin } = deps
  const manager = deps.operator('payin.manage')
  const c = backofficePayinContract
  app.get('/backoffice/payin-accounts', { schema: c.list, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await payin.list(req.operator.operatorId)),
  )
  app.post('/backoffice/payin-accounts', { schema: c.propose, preHandler: manager }, async (req) =>
    ok(await payin.propose(req.operator, req.body), msg('PAYIN_PROPOSED')),
  )
  app.post('/backoffice/payin-accounts/:id/change', { schema: c.change, preHandler: manager }, async (req) =>
    ok(await payin.change(req.operator, pathId(req.params), req.body), msg('PAYIN_PROPOSED')),
  )
  app.post('/backoffice/payin-accounts/:id/activate', { schema: c.activate, preHandler: deps.operator('money.decide') }, async (req) =>
    ok(await payin.activate(req.operator, pathId(req.params)), msg('PAYIN_ACTIVATED')),
  )
  app.post('/backoffice/payin-accounts/:id/reject', { schema: c.reject, preHandler: manager }, async (req) =>
    ok(await payin.reject(req.operator, pathId(req.params)), msg('PAYIN_REJECTED')),
  )
  app.post('/backoffice/payin-accounts/:id/retire', { schema: c.retire, preHandler: manager }, async (req) =>
    ok(await payin.retire(req.operator, pathId(req.params)), msg('PAYIN_RETIRED')),
  )
}
