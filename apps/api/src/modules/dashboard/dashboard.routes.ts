import { backofficeDashboardContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { DashboardService } from './dashboard.service.ts'

/** The back-office dashboard: every operator role may look. */
export function dashboardRoutes(app: TypedApp, deps: { dashboard: DashboardService; anyOperator: preHandlerAsyncHookHandler }) {
  app.get('/backoffice/dashboard', { schema: backofficeDashboardContract.summary, preHandler: deps.anyOperator }, async () =>
    ok(await deps.dashboard.summary()),
  )
}
