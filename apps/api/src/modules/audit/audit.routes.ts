import { backofficeOperatorsContract } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { AuditService } from './audit.service.ts'

/** The audit log screen's reads: every operator role may look (issue 12 §6). */
export function auditRoutes(app: TypedApp, deps: { audit: AuditService; anyOperator: preHandlerAsyncHookHandler }) {
  app.get('/backoffice/audit', { schema: backofficeOperatorsContract.audit, preHandler: deps.anyOperator }, async (req) => ok(await deps.audit.list(req.query)))
  app.get('/backoffice/audit/actions', { schema: backofficeOperatorsContract.auditActions, preHandler: deps.anyOperator }, async () =>
    ok(await deps.audit.actions()),
  )
}
