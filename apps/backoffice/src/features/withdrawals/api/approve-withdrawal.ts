import type { backofficeContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeContract.approveWithdrawal

/**
 * `POST /backoffice/withdrawals/:id/approve` with the payout's bank reference: pays it, or records the first of two
 * approvals (four-eyes, ADR 031); the answer's message says which.
 */
export function approveWithdrawal({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/withdrawals/${id}/approve`, { method: 'POST', body })
}

/** A paid withdrawal leaves the queue and the member's hold. */
export const useApproveWithdrawal = () => useApiMutation(approveWithdrawal, [queryKeys.withdrawals.all, queryKeys.members.all, queryKeys.dashboard.all])
