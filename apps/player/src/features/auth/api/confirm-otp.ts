import type { ConfirmBody } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /auth/confirm`: turns a pending registration into an account. */
export function confirmOtp(body: ConfirmBody): Promise<null> {
  return apiRequest<null>('/auth/confirm', { method: 'POST', body })
}
