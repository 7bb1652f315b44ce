import type { backofficeOperatorsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** The body-less changes an owner makes to another operator's access, each its own route. */
export type OperatorAccessChange = 'disable' | 'enable' | 'reset-totp'

/**
 * `POST /backoffice/operators/:id/disable` (its sessions end), `.../enable`, or `.../reset-totp` (a lost authenticator:
 * it enrols again at its next sign-in).
 */
export function updateOperatorAccess({
  id,
  change,
}: {
  id: number
  change: OperatorAccessChange
}): Promise<ApiAnswer<ResponseData<typeof backofficeOperatorsContract.disable>>> {
  return apiAnswer(`/backoffice/operators/${id}/${change}`, { method: 'POST' })
}

export const useUpdateOperatorAccess = () => useApiMutation(updateOperatorAccess, [queryKeys.operators.all, queryKeys.audit.all])
