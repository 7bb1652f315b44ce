import type { backofficeContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

type Route = typeof backofficeContract.login
export type LoginBody = RequestBody<Route>

/**
 * `POST /backoffice/auth/login`: username and password, and the TOTP code once enrolled. Its 401 means a wrong
 * password or that the code is needed (`OTP_REQUIRED`), so it never ends a session. A success also sets this
 * browser's device token (ADR 069) as an HttpOnly cookie the browser sends back with the next sign-in by itself: the
 * app neither reads nor keeps it.
 */
export function login(body: LoginBody): Promise<ResponseData<Route>> {
  return apiRequest('/backoffice/auth/login', { method: 'POST', body, redirectOn401: false })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
