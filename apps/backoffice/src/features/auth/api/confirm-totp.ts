import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

type Route = typeof backofficeOperatorsContract.totpConfirm

/** `POST /backoffice/auth/totp/confirm` with the app's current code: the operator is enrolled. */
export function confirmTotp(body: RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/auth/totp/confirm', { method: 'POST', body })
}

/** Once confirmed, the operator is asked for again as the server now sees it (enrolled), not kept from before. */
export function useConfirmTotp() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: confirmTotp, onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.me.all }) })
}
