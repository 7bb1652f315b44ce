import type { backofficePayinContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficePayinContract.propose
export type PayinDetails = RequestBody<Route>

/**
 * `POST /backoffice/payin-accounts` (a new account) or `POST /backoffice/payin-accounts/:id/change` (new details for a
 * live one): either way a pending version a second finance operator activates.
 */
export function proposePayinAccount({ replaces, ...body }: PayinDetails & { replaces?: number }): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(replaces === undefined ? '/backoffice/payin-accounts' : `/backoffice/payin-accounts/${replaces}/change`, { method: 'POST', body })
}

export const useProposePayinAccount = () => useApiMutation(proposePayinAccount, [queryKeys.payin.all, queryKeys.audit.all])
