import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

type Route = typeof backofficeOperatorsContract.renewPassword
export type RenewPasswordBody = RequestBody<Route>

/**
 * `POST /backoffice/auth/password/renew`: the one-time password an owner gave (a new operator, or one reset) with the
 * operator's own new password and, once enrolled, the code; signs in like the login. A 401 ends no session.
 */
export function renewPassword(body: RenewPasswordBody): Promise<ResponseData<Route>> {
  return apiRequest('/backoffice/auth/password/renew', { method: 'POST', body, redirectOn401: false })
}

export function useRenewPassword() {
  return useMutation({ mutationFn: renewPassword })
}
