import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeMoneyContract.resolveException
export type ResolveExceptionBody = RequestBody<Route>

/**
 * `POST /backoffice/deposit-exceptions/:id/resolve` with a reason: CREDIT gives the transfer to the member with this
 * phone as a deposit of its own (through the money policy: it may wait for a second operator), DISMISS closes it.
 */
export function resolveDepositException({ id, body }: { id: number; body: ResolveExceptionBody }): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/deposit-exceptions/${id}/resolve`, { method: 'POST', body })
}

export const useResolveDepositException = () =>
  useApiMutation(resolveDepositException, [
    queryKeys.exceptions.all,
    queryKeys.approvals.all,
    queryKeys.deposits.all,
    queryKeys.members.all,
    queryKeys.reconciliation.all,
    queryKeys.dashboard.all,
  ])
