import type { SlipCheck } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'

/**
 * `POST /wallet/deposit/slip` (ADR 079): the text of a slip's QR code, never its picture. The answer is the check as
 * it stands: CREDITED, REFUSED with why, CHECKING (the server asks the bank again by itself), MANUAL_REVIEW; its
 * `message` says so in Thai.
 */
export function submitSlip(payload: string): Promise<SlipCheck> {
  return apiRequest<SlipCheck>('/wallet/deposit/slip', { method: 'POST', body: { payload } })
}
