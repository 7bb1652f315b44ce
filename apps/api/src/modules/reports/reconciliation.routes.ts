import { backofficeMoneyContract } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { ReconciliationService } from './reconciliation.ts'

/** The daily reconciliation (ADR 035): a check, for the roles that verify the ledger; and the desk's arrivals per source. */
export function reconciliationRoutes(app: TypedApp, deps: { reconciliation: ReconciliationService; operator: OperatorGuard }) {
  app.get('/backoffice/reconciliation', { schema: backofficeMoneyContract.reconciliation, preHandler: deps.operator('ledger.verify') }, async (req) =>
    ok(await deps.reconciliation.reconciliation(req.query.day)),
  )
  // The deposit desk's count of today's transfers per source (ADR 086): every operator who reads the desk.
  app.get('/backoffice/deposit-sources', { schema: backofficeMoneyContract.depositSources, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await deps.reconciliation.depositSources(req.query.day)),
  )
}
