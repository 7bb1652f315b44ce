import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeOperatorsContract.setPhone

/** `POST /backoffice/operators/:id/phone` (owners): the phone an operator's one-time passwords go to (ADR 070). */
export function changeOperatorPhone({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/operators/${id}/phone`, { method: 'POST', body })
}

export const useChangeOperatorPhone = () => useApiMutation(changeOperatorPhone, [queryKeys.operators.all, queryKeys.audit.all])
