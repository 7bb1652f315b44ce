import { backofficeRiskContract, msg } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { RiskCasesService } from './risk-cases.service.ts'
import type { RiskService } from './risk.service.ts'

/**
 * The risk desk (issue 39 §2, ADR 089): 'risk.work' reads the inbox and works cases (the compliance role among others:
 * no step here moves money); 'risk.params' proposes the rules' parameters, and a second, different such operator
 * applies them.
 */
export function riskRoutes(app: TypedApp, deps: { risk: RiskService; cases: RiskCasesService; operator: OperatorGuard }) {
  const { risk, cases } = deps
  const c = backofficeRiskContract
  const work = deps.operator('risk.work')
  const params = deps.operator('risk.params')
  const id = (p: { id: string }) => Number(p.id)

  app.get('/backoffice/risk/inbox', { schema: c.inbox, preHandler: work }, async () => ok(await cases.inbox()))
  app.get('/backoffice/risk/cases/:id', { schema: c.case, preHandler: work }, async (req) => ok(await cases.case(id(req.params), req.operator.operatorId)))
  app.post('/backoffice/risk/alerts/:id/case', { schema: c.openFromAlert, preHandler: work }, async (req) =>
    ok(await cases.openFromAlert(req.operator, id(req.params))),
  )
  app.post('/backoffice/risk/cases/:id', { schema: c.update, preHandler: work }, async (req) => ok(await cases.update(req.operator, id(req.params), req.body)))
  app.post('/backoffice/risk/cases/:id/notes', { schema: c.note, preHandler: work }, async (req) =>
    ok(await cases.note(req.operator, id(req.params), req.body.body)),
  )
  app.post('/backoffice/risk/cases/:id/close', { schema: c.close, preHandler: work }, async (req) => {
    const closed = await cases.close(req.operator, id(req.params), req.body)
    return ok(closed, closed.status === 'CLOSED' ? msg('RISK_CASE_CLOSED_DONE') : msg('RISK_CLOSE_PENDING'))
  })
  app.post('/backoffice/risk/cases/:id/close/confirm', { schema: c.confirmClose, preHandler: work }, async (req) =>
    ok(await cases.confirmClose(req.operator, id(req.params)), msg('RISK_CASE_CLOSED_DONE')),
  )
  app.post('/backoffice/risk/cases/:id/close/reject', { schema: c.rejectClose, preHandler: work }, async (req) =>
    ok(await cases.rejectClose(req.operator, id(req.params), req.body.reason)),
  )
  app.get('/backoffice/risk/cases/:id/report', { schema: c.report, preHandler: work }, async (req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sanam-str-case-${id(req.params)}.csv"`)
      // The contract documents the body as text; Fastify sends a stream as it comes.
      .send((await cases.report(req.operator, id(req.params))) as unknown as string),
  )
  app.get('/backoffice/risk/params', { schema: c.params, preHandler: work }, async (req) => ok(await risk.overview(req.operator.operatorId)))
  app.post('/backoffice/risk/params', { schema: c.proposeParams, preHandler: params }, async (req) =>
    ok(await risk.propose(req.operator, req.body), msg('RISK_PARAMS_PROPOSED')),
  )
  app.post('/backoffice/risk/params/:id/approve', { schema: c.approveParams, preHandler: params }, async (req) =>
    ok(await risk.approve(req.operator, id(req.params)), msg('RISK_PARAMS_APPLIED')),
  )
  app.post('/backoffice/risk/params/:id/reject', { schema: c.rejectParams, preHandler: params }, async (req) =>
    ok(await risk.reject(req.operator, id(req.params), req.body.reason)),
  )
}
