import type { backofficeContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeContract.assignDeposit

/** `POST /backoffice/deposits/:id/assign`: credits an unmatched transfer to the member with this phone, once. */
export function assignDeposit({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/deposits/${id}/assign`, { method: 'POST', body })
}

/** The transfer moves from the queue to the history, and the member's balance changes. */
export const useAssignDeposit = () => useApiMutation(assignDeposit, [queryKeys.deposits.all, queryKeys.members.all, queryKeys.dashboard.all])
