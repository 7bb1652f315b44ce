import type { LoginResult, RenewPasswordBody } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { keepDeviceToken, signInHeaders } from '../../../lib/device.ts'

/**
 * `POST /auth/password/renew`: after an operator reset the password, the temporary one and the player's new one; the
 * answer signs the player in like a login. Its 401 is a wrong temporary password, never a lost session.
 */
export async function renewPassword(body: RenewPasswordBody): Promise<LoginResult> {
  const result = await apiRequest<LoginResult>('/auth/password/renew', { method: 'POST', body, redirectOn401: false, headers: signInHeaders() })
  keepDeviceToken(result.device_token)
  return result
}

export function useRenewPasswordMutation() {
  return useMutation({ mutationFn: renewPassword })
}
