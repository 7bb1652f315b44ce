import type { backofficeMoneyContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/**
 * `POST /backoffice/approvals/:id/approve`: a second operator (never the one who asked: 409 FOUR_EYES_SAME_OPERATOR)
 * applies a waiting money action.
 */
export function approveApproval({ id }: { id: number }): Promise<ApiAnswer<ResponseData<typeof backofficeMoneyContract.approve>>> {
  return apiAnswer(`/backoffice/approvals/${id}/approve`, { method: 'POST' })
}

/** The action moves money: the queue, the deposits, the withdrawals, the member's balance and the dashboard change. */
export const moneyActionStale = [
  queryKeys.approvals.all,
  queryKeys.members.all,
  queryKeys.deposits.all,
  queryKeys.withdrawals.all,
  queryKeys.exceptions.all,
  queryKeys.dashboard.all,
] as const

export const useApproveApproval = () => useApiMutation(approveApproval, moneyActionStale)
