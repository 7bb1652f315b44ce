import { backofficeOutboxContract, msg } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { OutboxService } from './outbox.service.ts'

/**
 * The desk's view of the outbox (ADR 083): every operator reads what went, failed and waits today; one who handles
 * members may send a failed notice again (audited; never a code).
 */
export function outboxRoutes(app: TypedApp, deps: { outbox: OutboxService; operator: OperatorGuard }) {
  app.get('/backoffice/outbox', { schema: backofficeOutboxContract.today, preHandler: deps.operator('backoffice.read') }, async () =>
    ok(await deps.outbox.today()),
  )
  app.post('/backoffice/outbox/:id/resend', { schema: backofficeOutboxContract.resend, preHandler: deps.operator('members.handle') }, async (req) =>
    ok(await deps.outbox.resend(req.operator, Number(req.params.id)), msg('OUTBOX_RESENT')),
  )
}
