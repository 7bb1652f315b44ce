import { bankNotificationsContract } from '@sanam/contract'
import { ok } from '../../lib/http.ts'
import type { Clock } from '../../lib/clock.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import { bankFeedSecurity } from '../../plugins/api-docs.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import { requireSignedJson } from '../../plugins/signed-json.ts'
import type { BankNotificationService } from './bank-notifications.service.ts'

/**
 * POST /bank/notifications: a forwarded bank notification, signed like the bank feed (ADR 015) with its own secret.
 * No secret (unset outside demo mode): every request is refused, nothing stored (fails closed, ADR 080).
 */
export function bankNotificationRoutes(app: TypedApp, deps: { notifications: BankNotificationService; secret: string | null; clock: Clock }) {
  const { secret } = deps
  requireSignedJson(app, { clock: deps.clock, keyFor: () => (secret ? { secret, scheme: 'timestamped' } : null), security: bankFeedSecurity })
  app.post('/bank/notifications', { schema: bankNotificationsContract.receive }, async (req) => ok(await deps.notifications.receive(req.body)))
}

/** GET /backoffice/bank-notifications: the day's forwarded notifications for the desk, read by every operator role. */
export function bankNotificationDeskRoutes(app: TypedApp, deps: { notifications: BankNotificationService; operator: OperatorGuard }) {
  app.get('/backoffice/bank-notifications', { schema: bankNotificationsContract.list, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await deps.notifications.list(req.query)),
  )
}
