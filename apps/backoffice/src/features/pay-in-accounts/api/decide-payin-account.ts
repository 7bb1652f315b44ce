import type { backofficePayinContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/** The body-less steps of a version, each its own route: activate (a second finance operator), reject, retire. */
export type PayinStep = 'activate' | 'reject' | 'retire'

/** `POST /backoffice/payin-accounts/:id/activate`, `.../reject` or `.../retire`. */
export function decidePayinAccount({ id, step }: { id: number; step: PayinStep }): Promise<ApiAnswer<ResponseData<typeof backofficePayinContract.activate>>> {
  return apiAnswer(`/backoffice/payin-accounts/${id}/${step}`, { method: 'POST' })
}

export const useDecidePayinAccount = () => useApiMutation(decidePayinAccount, [queryKeys.payin.all, queryKeys.audit.all])
