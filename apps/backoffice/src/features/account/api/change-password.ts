import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { useMutation } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'

type Route = typeof backofficeOperatorsContract.changePassword

/** `POST /backoffice/auth/password`: the operator's own password; the server ends every other session of theirs. */
export function changePassword(body: RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/auth/password', { method: 'POST', body })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
