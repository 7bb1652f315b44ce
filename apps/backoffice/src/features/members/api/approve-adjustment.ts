import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** `POST /backoffice/adjustments/:id/approve`: a second operator (not the one who asked) applies a waiting adjustment. */
export function approveAdjustment({ id }: { id: number }): Promise<ApiAnswer<ResponseData<typeof backofficeMembersContract.approveAdjustment>>> {
  return apiAnswer(`/backoffice/adjustments/${id}/approve`, { method: 'POST' })
}

/** The queue, the member's history tab and the member's balance change. */
export const useApproveAdjustment = () => useApiMutation(approveAdjustment, [queryKeys.adjustments.all, queryKeys.members.all])
