import { backofficeReportsContract } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { ReportsService } from './reports.service.ts'

/** The reports (issue 20 §5) for the roles that read them ('reports.read'): as JSON, and as a CSV file streamed. */
export function reportsRoutes(app: TypedApp, deps: { reports: ReportsService; operator: OperatorGuard }) {
  const reader = deps.operator('reports.read')
  app.get('/backoffice/reports/:report', { schema: backofficeReportsContract.show, preHandler: reader }, async (req) =>
    ok(await deps.reports.table(req.params.report, req.query)),
  )
  app.get('/backoffice/reports/:report/csv', { schema: backofficeReportsContract.csv, preHandler: reader }, async (req, reply) => {
    const { report } = req.params
    const { from, to } = req.query
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sanam-${report}-${from}-${to}.csv"`)
        // The contract documents the body as text; Fastify sends a stream as it comes (no serializing, no length).
        .send(deps.reports.csv(report, req.query) as unknown as string)
    )
  })
}
