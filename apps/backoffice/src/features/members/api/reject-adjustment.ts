import type { backofficeMembersContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeMembersContract.rejectAdjustment

/** `POST /backoffice/adjustments/:id/reject` with a reason: nothing is applied. */
export function rejectAdjustment({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/adjustments/${id}/reject`, { method: 'POST', body })
}

export const useRejectAdjustment = () => useApiMutation(rejectAdjustment, [queryKeys.adjustments.all, queryKeys.members.all])
