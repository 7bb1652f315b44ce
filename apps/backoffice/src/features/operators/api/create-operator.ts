import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeOperatorsContract.create
export type NewOperator = RequestBody<Route>

/** `POST /backoffice/operators` (owners): a new operator with a username, its own phone and a role (ADR 070). */
export function createOperator(body: NewOperator): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/operators', { method: 'POST', body })
}

/** The list, and the audit log that records it. */
export const useCreateOperator = () => useApiMutation(createOperator, [queryKeys.operators.all, queryKeys.audit.all])
