import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeOperatorsContract.setRole

/** `POST /backoffice/operators/:id/role` (owners): another role for another operator. */
export function changeOperatorRole({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/operators/${id}/role`, { method: 'POST', body })
}

export const useChangeOperatorRole = () => useApiMutation(changeOperatorRole, [queryKeys.operators.all, queryKeys.audit.all])
