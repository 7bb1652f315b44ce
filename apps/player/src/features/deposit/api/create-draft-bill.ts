import type { DraftBill } from '@sanam/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { openDraftBillQuery } from './get-open-draft-bill.ts'

/** `POST /wallet/deposit/draft_bill`: a 180 s intent to deposit `amount` baht with a promotion (or none). */
export function createDraftBill(body: { amount: number; promotion: number | null }): Promise<DraftBill> {
  return apiRequest<DraftBill>('/wallet/deposit/draft_bill', { method: 'POST', body })
}

/** Creates the bill; it becomes the open bill. A 409 (a bill already open, another tab's) reads the open bill again. */
export function useCreateDraftBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDraftBill,
    onSuccess: (bill) => queryClient.setQueryData(openDraftBillQuery.queryKey, bill),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: openDraftBillQuery.queryKey })
    },
  })
}
