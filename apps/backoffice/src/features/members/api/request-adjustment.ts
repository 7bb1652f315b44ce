import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeMoneyContract.requestAdjustment
export type AdjustmentRequest = RequestBody<Route>

/**
 * `POST /backoffice/members/:id/adjustments`: credits or debits the member's cash at once, or waits for a second
 * operator (the money policy, ADR 035: the answer's status and message say which). `request_id` is made when the
 * dialog opens: the same id again is answered with the first one.
 */
export function requestAdjustment({ id, ...body }: { id: number } & AdjustmentRequest): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/members/${id}/adjustments`, { method: 'POST', body })
}

export const useRequestAdjustment = () => useApiMutation(requestAdjustment, [queryKeys.members.all, queryKeys.approvals.all, queryKeys.dashboard.all])
