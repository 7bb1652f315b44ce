import type { Approval } from '@sanam/contract'
import type { MessageKey } from '../../lib/i18n/th.ts'
import { movesMoney, type Role } from '../../lib/operator.ts'

/**
 * Why this operator may not approve this waiting action, or undefined when it may (ADR 035). The requester never
 * completes its own four-eyes; the server refuses it too (409 FOUR_EYES_SAME_OPERATOR), the screen says it first.
 */
export function approveBlock(
  approval: Pick<Approval, 'status' | 'requested_by_id'>,
  me: { operator_id: number; role: Role } | undefined,
): MessageKey | undefined {
  if (!me || approval.status !== 'PENDING' || !movesMoney(me.role)) return undefined
  return approval.requested_by_id === me.operator_id ? 'approvals.ownRequest' : undefined
}

/** The decision's note in Thai: the bank feed's confirmation of a manual deposit, a rejection's reason, or nothing. */
export function decisionNote(approval: Pick<Approval, 'status' | 'reject_reason' | 'decided_by'>): { key: MessageKey } | { text: string } | undefined {
  if (approval.reject_reason === 'BANK_FEED') return { key: 'approvals.bankFeed' }
  if (approval.reject_reason) return { text: approval.reject_reason }
  if (approval.status === 'APPLIED' && approval.decided_by === null) return { key: 'approvals.alone' }
  return undefined
}
