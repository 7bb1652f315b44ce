import { backofficePlanContract, msg } from '@sanam/contract'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { PlanService } from './plan.service.ts'

/**
 * The referral plan and limits in the back-office (ADR 044): every operator role reads them; 'plan.manage' proposes a
 * version and turns one down; only a second operator who decides money ('money.decide') applies one.
 */
export function planRoutes(app: TypedApp, deps: { plan: PlanService; operator: OperatorGuard }) {
  const { plan } = deps
  const c = backofficePlanContract

  app.get('/backoffice/plan', { schema: c.overview, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await plan.overview(req.operator.operatorId)),
  )
  app.post('/backoffice/plan/proposals', { schema: c.propose, preHandler: deps.operator('plan.manage') }, async (req) =>
    ok(await plan.propose(req.operator, req.body), msg('PLAN_PROPOSED')),
  )
  app.post('/backoffice/plan/proposals/:id/approve', { schema: c.approve, preHandler: deps.operator('money.decide') }, async (req) =>
    ok(await plan.approve(req.operator, pathId(req.params)), msg('PLAN_APPLIED')),
  )
  app.post('/backoffice/plan/proposals/:id/reject', { schema: c.reject, preHandler: deps.operator('plan.manage') }, async (req) =>
    ok(await plan.reject(req.operator, pathId(req.params), req.body.reason), msg('PLAN_REJECTED')),
  )
}
