import type { ConfirmBody } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { deviceHeaders } from '../../../lib/device.ts'

/** `POST /auth/confirm`: turns a pending registration into an account. */
export function confirmOtp(body: ConfirmBody): Promise<null> {
  return apiRequest<null>('/auth/confirm', { method: 'POST', body, headers: deviceHeaders() })
}

/** The OTP confirmation as a mutation. */
export function useConfirmOtpMutation() {
  return useMutation({ mutationFn: confirmOtp })
}
