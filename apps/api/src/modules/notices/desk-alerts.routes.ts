import { backofficeAlertsContract } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { DeskAlertsService } from './desk-alerts.service.ts'

/** The desk's alert list (ADR 087): every operator reads the alerts its role can act on, and marks one read. */
export function deskAlertsRoutes(app: TypedApp, deps: { deskAlerts: DeskAlertsService; operator: OperatorGuard }) {
  app.get('/backoffice/alerts', { schema: backofficeAlertsContract.list, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await deps.deskAlerts.list(req.operator)),
  )
  app.post('/backoffice/alerts/:id/read', { schema: backofficeAlertsContract.read, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await deps.deskAlerts.read(req.operator, Number(req.params.id))),
  )
}
