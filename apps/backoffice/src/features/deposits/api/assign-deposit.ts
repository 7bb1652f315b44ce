import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeMoneyContract.assignDeposit

/**
 * `POST /backoffice/deposits/:id/assign`: gives an unmatched transfer to the member with this phone, once. Credited at
 * once (status APPLIED), or waiting for a second operator (PENDING, with the reasons: the sender is not the member, the
 * amount or the day's totals are above the four-eyes amount).
 */
export function assignDeposit({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/deposits/${id}/assign`, { method: 'POST', body })
}

/** The transfer moves from the queue to the history or into the approvals queue; the member's balance may change. */
export const useAssignDeposit = () =>
  useApiMutation(assignDeposit, [queryKeys.deposits.all, queryKeys.members.all, queryKeys.approvals.all, queryKeys.dashboard.all])
