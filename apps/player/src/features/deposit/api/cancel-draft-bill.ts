import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { openDraftBillQuery } from './get-open-draft-bill.ts'

/** `POST /wallet/deposit/draft_bill/cancel`: drops the player's live draft bill (404 when there is none). */
export function cancelDraftBill(): Promise<null> {
  return apiRequest<null>('/wallet/deposit/draft_bill/cancel', { method: 'POST' })
}

/** Cancels the bill; there is no open bill after it (nor after a 404: it was already gone). */
export function useCancelDraftBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelDraftBill,
    onSettled: (_data, error) => {
      if (!error || (error instanceof ApiError && error.status === 404)) queryClient.setQueryData(openDraftBillQuery.queryKey, null)
    },
  })
}
