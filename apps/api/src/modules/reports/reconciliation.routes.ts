import { backofficeMoneyContract } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { ReconciliationService } from './reconciliation.ts'

/** The daily reconciliation (ADR 035): a check, for the roles that verify the ledger. */
export function reconciliationRoutes(app: TypedApp, deps: { reconciliation: ReconciliationService; operator: OperatorGuard }) {
  app.get('/backoffice/reconciliation', { schema: backofficeMoneyContract.reconciliation, preHandler: deps.operator('ledger.verify') }, async (req) =>
    ok(await deps.reconciliation.reconciliation(req.query.day)),
  )
}
