import type { Approval } from '@sanam/contract'
import type { MessageKey } from '../../lib/i18n/th.ts'

/** The decision's note in Thai: the bank feed's confirmation of a manual deposit, a rejection's reason, or nothing. */
export function decisionNote(approval: Pick<Approval, 'status' | 'reject_reason' | 'decided_by'>): { key: MessageKey } | { text: string } | undefined {
  if (approval.reject_reason === 'BANK_FEED') return { key: 'approvals.bankFeed' }
  if (approval.reject_reason) return { text: approval.reject_reason }
  if (approval.status === 'APPLIED' && approval.decided_by === null) return { key: 'approvals.alone' }
  return undefined
}
