import type { Approval } from '@sanam/contract'
import { t } from './i18n/th.ts'

/**
 * What an operator reads after a money action (ADR 035): the server's message (credited, or recorded and waiting),
 * and when it waits, why: the policy's reasons in Thai. Nothing here claims the member was credited when the answer's
 * status is PENDING.
 */
export function moneyOutcomeText(message: string | undefined, approval: Pick<Approval, 'status' | 'reasons'>): string {
  const said = message ?? t(approval.status === 'PENDING' ? 'approvals.waitingGeneric' : 'approvals.appliedGeneric')
  if (approval.status !== 'PENDING' || approval.reasons.length === 0) return said
  return `${said} (${t('approvals.why')}: ${approval.reasons.map((r) => r.text).join(' · ')})`
}
