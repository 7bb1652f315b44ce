import type { backofficeContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeContract.rejectWithdrawal

/** `POST /backoffice/withdrawals/:id/reject` with a reason: the held amount goes back to the member's cash. */
export function rejectWithdrawal({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/withdrawals/${id}/reject`, { method: 'POST', body })
}

export const useRejectWithdrawal = () => useApiMutation(rejectWithdrawal, [queryKeys.withdrawals.all, queryKeys.members.all, queryKeys.dashboard.all])
