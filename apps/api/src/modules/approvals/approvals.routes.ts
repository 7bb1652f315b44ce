import { backofficeMoneyContract, msg } from '@sanam/contract'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { ApprovalsService } from './approvals.service.ts'

/**
 * The approvals queue's operator routes (ADR 035): the queue, a second operator's approval or a refusal, and an
 * adjustment of a member's cash. Only roles that decide money act (finance, ADR 036); every operator role may look.
 */
export function approvalsRoutes(app: TypedApp, deps: { approvals: ApprovalsService; operator: OperatorGuard }) {
  const { approvals } = deps
  const anyOperator = deps.operator('backoffice.read')
  const moneyOperator = deps.operator('money.decide')
  const c = backofficeMoneyContract

  app.post('/backoffice/members/:id/adjustments', { schema: c.requestAdjustment, preHandler: moneyOperator }, async (req) => {
    const adjustment = await approvals.requestAdjustment(req.operator, pathId(req.params), req.body)
    return ok(adjustment, msg(adjustment.status === 'PENDING' ? 'ADJUSTMENT_PENDING' : 'ADJUSTMENT_APPLIED'))
  })
  app.get('/backoffice/approvals', { schema: c.approvals, preHandler: anyOperator }, async (req) =>
    ok(await approvals.approvals(req.operator.operatorId, { status: req.query.status, kind: req.query.kind, playerId: req.query.player_id }, req.query.page)),
  )
  app.post('/backoffice/approvals/:id/approve', { schema: c.approve, preHandler: moneyOperator }, async (req) =>
    ok(await approvals.approve(req.operator, pathId(req.params)), msg('APPROVAL_APPLIED')),
  )
  app.post('/backoffice/approvals/:id/reject', { schema: c.reject, preHandler: moneyOperator }, async (req) =>
    ok(await approvals.reject(req.operator, pathId(req.params), req.body.reason), msg('APPROVAL_REJECTED')),
  )
}
