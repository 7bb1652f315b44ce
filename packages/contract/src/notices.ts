/**
 * What Sanam tells a player and the desk (issue 38 §1, §4; ADR 087), without zod: the back-office imports this file
 * (`@sanam/contract/notices`) for its alert list.
 */
import type { OperatorPermission } from './schemas/backoffice-permissions.ts'

// The notices a player can be sent are `NOTICE_KINDS` (notice-kinds.ts, exported with the LINE schemas): the player's
// LINE preferences name them and the LINE module's port answers per kind.

/**
 * The desk's alerts (ADR 087): who may act on each (the permission of the screen it links to; the list shows an alert
 * only to the roles holding it) and where. Their Thai texts are the catalogue's `DESK_ALERT_<kind>` and `..._TODO`.
 */
export const DESK_ALERTS = {
  WITHDRAWAL_WAITING: { permission: 'money.decide', path: '/withdrawals' },
  DEPOSIT_EXCEPTION: { permission: 'money.decide', path: '/exceptions' },
  PAYOUT_UNKNOWN: { permission: 'money.decide', path: '/payouts' },
  RECONCILIATION_DIFFERENCE: { permission: 'reports.read', path: '/reconciliation' },
  FAILOVER: { permission: 'ledger.verify', path: '/dashboard' },
  SMS_NO_CREDIT: { permission: 'operators.manage', path: '/outbox' },
  SMS_UNAUTHORIZED: { permission: 'operators.manage', path: '/outbox' },
  LINE_QUOTA: { permission: 'operators.manage', path: '/outbox' },
  LINE_UNAUTHORIZED: { permission: 'operators.manage', path: '/outbox' },
} as const satisfies Record<string, { permission: OperatorPermission; path: string }>
export type DeskAlertKind = keyof typeof DESK_ALERTS

export const isDeskAlertKind = (kind: string): kind is DeskAlertKind => Object.hasOwn(DESK_ALERTS, kind)
