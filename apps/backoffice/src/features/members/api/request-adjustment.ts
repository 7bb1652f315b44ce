import type { backofficeMembersContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeMembersContract.requestAdjustment
export type AdjustmentRequest = RequestBody<Route>

/**
 * `POST /backoffice/members/:id/adjustments`: credits or debits the member's cash at once, or waits for a second
 * operator (four-eyes). `request_id` is made when the dialog opens: the same id again is answered with the first one.
 */
export function requestAdjustment({ id, ...body }: { id: number } & AdjustmentRequest): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/members/${id}/adjustments`, { method: 'POST', body })
}

export const useRequestAdjustment = () => useApiMutation(requestAdjustment, [queryKeys.members.all, queryKeys.adjustments.all])
