import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'
import { moneyActionStale } from './approve-approval.ts'

type Route = typeof backofficeMoneyContract.reject

/** `POST /backoffice/approvals/:id/reject` with a reason: nothing is credited; a claim frees its reference, a withdrawal its money. */
export function rejectApproval({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/approvals/${id}/reject`, { method: 'POST', body })
}

export const useRejectApproval = () => useApiMutation(rejectApproval, moneyActionStale)
