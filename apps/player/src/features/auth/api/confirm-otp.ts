import type { ConfirmBody } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /auth/confirm`: turns a pending registration into an account. */
export function confirmOtp(body: ConfirmBody): Promise<null> {
  return apiRequest<null>('/auth/confirm', { method: 'POST', body })
}

/** The OTP confirmation as a mutation. */
export function useConfirmOtpMutation() {
  return useMutation({ mutationFn: confirmOtp })
}
