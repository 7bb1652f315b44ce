import { backofficePromotionsContract, msg } from '@sanam/contract'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { PromotionsAdminService } from './promotions-admin.service.ts'

/**
 * The promotions editor (issue 20 §1): owners and finance draft, edit, schedule and disable ('promotions.manage');
 * a version is published or rejected by a money operator other than its author ('money.decide').
 */
export function promotionsAdminRoutes(app: TypedApp, deps: { admin: PromotionsAdminService; operator: OperatorGuard }) {
  const { admin } = deps
  const manage = deps.operator('promotions.manage')
  const decide = deps.operator('money.decide')
  const c = backofficePromotionsContract
  app.get('/backoffice/promotions', { schema: c.list, preHandler: manage }, async (req) => ok({ list: await admin.list(req.operator.operatorId) }))
  app.get('/backoffice/promotions/choices', { schema: c.choices, preHandler: manage }, async () => ok(await admin.choices()))
  app.post('/backoffice/promotions', { schema: c.create, preHandler: manage }, async (req) =>
    ok(await admin.create(req.operator, req.body), msg('PROMOTION_PROPOSED')),
  )
  app.post('/backoffice/promotions/:id/versions', { schema: c.propose, preHandler: manage }, async (req) =>
    ok(await admin.propose(req.operator, pathId(req.params), req.body), msg('PROMOTION_PROPOSED')),
  )
  app.post('/backoffice/promotions/:id/disable', { schema: c.disable, preHandler: manage }, async (req) =>
    ok(await admin.disable(req.operator, pathId(req.params), req.body.reason), msg('PROMOTION_DISABLED')),
  )
  app.post('/backoffice/promotion-versions/:id/publish', { schema: c.publish, preHandler: decide }, async (req) =>
    ok(await admin.publish(req.operator, pathId(req.params)), msg('PROMOTION_PUBLISHED')),
  )
  app.post('/backoffice/promotion-versions/:id/reject', { schema: c.reject, preHandler: decide }, async (req) =>
    ok(await admin.reject(req.operator, pathId(req.params), req.body.reason), msg('PROMOTION_REJECTED')),
  )
}
