import type { LoginResult, RenewPasswordBody } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { signIn } from './login.ts'

/**
 * `POST /auth/password/renew`: after an operator reset the password, the temporary one and the player's new one; the
 * answer signs the player in like a login. Its 401 is a wrong temporary password, never a lost session.
 */
export function renewPassword(body: RenewPasswordBody): Promise<LoginResult> {
  return signIn('/auth/password/renew', body)
}

export function useRenewPasswordMutation() {
  return useMutation({ mutationFn: renewPassword })
}
