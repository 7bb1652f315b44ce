import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeOperatorsContract.resetPassword

/** `POST /backoffice/operators/:id/reset-password` (owners): a new password for another operator; its sessions end. */
export function resetOperatorPassword({ id, ...body }: { id: number } & RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer(`/backoffice/operators/${id}/reset-password`, { method: 'POST', body })
}

export const useResetOperatorPassword = () => useApiMutation(resetOperatorPassword, [queryKeys.operators.all, queryKeys.audit.all])
