import type { backofficeOperatorsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeOperatorsContract.resetPassword

/**
 * `POST /backoffice/operators/:id/reset-password` (owners): a new one-time password, made by the server and sent by SMS
 * to the operator's own phone (ADR 070); for an owner or finance operator it waits for a second owner.
 */
export function resetOperatorPassword({ id }: { id: number }): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/operators/${id}/reset-password`, { method: 'POST' })
}

export const useResetOperatorPassword = () => useApiMutation(resetOperatorPassword, [queryKeys.operators.all, queryKeys.audit.all])
