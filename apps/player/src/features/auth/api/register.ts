import type { RegisterBody, RegisterResult } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { deviceHeaders } from '../../../lib/device.ts'

/** `POST /auth/register`: `{sms: true, token, otp_ref}` when an SMS OTP must be confirmed, else `{sms: false}`. */
export function register(body: RegisterBody): Promise<RegisterResult> {
  return apiRequest<RegisterResult>('/auth/register', { method: 'POST', body, headers: deviceHeaders() })
}

/** The registration call as a mutation (also used to resend the OTP). */
export function useRegisterMutation() {
  return useMutation({ mutationFn: register })
}
