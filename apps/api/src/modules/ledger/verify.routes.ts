import { backofficeContract } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { LedgerCheck } from './verify.ts'

/** The ledger and audit chain check, for the roles that verify the ledger (ADR 030, ADR 037). */
export function ledgerVerifyRoutes(app: TypedApp, deps: { check: LedgerCheck; operator: OperatorGuard }) {
  app.get('/backoffice/ledger/verify', { schema: backofficeContract.ledgerVerify, preHandler: deps.operator('ledger.verify') }, async (req) =>
    ok(await deps.check.verify(req.query.head)),
  )
}
