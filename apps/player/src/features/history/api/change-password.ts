import type { ChangePasswordBody } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'

/** `POST /user/@me/password`: changes the password; the server ends every session of the player, this one too. */
export function changePassword(body: ChangePasswordBody): Promise<ApiAnswer<unknown>> {
  return apiAnswer<unknown>('/user/@me/password', { method: 'POST', body })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
