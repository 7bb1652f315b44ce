import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /wallet/deposit/draft_bill/cancel`: drops the player's live draft bill (404 when there is none). */
export function cancelDraftBill(): Promise<null> {
  return apiRequest<null>('/wallet/deposit/draft_bill/cancel', { method: 'POST' })
}

export function useCancelDraftBill() {
  return useMutation({ mutationFn: cancelDraftBill })
}
