import type { RegisterBody, RegisterResult } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { deviceHeaders } from '../../../lib/device.ts'

/** `POST /auth/register`: `{sms: true, token, otp_ref}` when an SMS OTP must be confirmed, else `{sms: false}`. */
export function register(body: RegisterBody): Promise<RegisterResult> {
  return apiRequest<RegisterResult>('/auth/register', { method: 'POST', body, headers: deviceHeaders() })
}
