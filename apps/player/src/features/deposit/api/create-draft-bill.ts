import type { DraftBill } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /wallet/deposit/draft_bill`: a 180 s intent to deposit `amount` baht with a promotion (or none). */
export function createDraftBill(body: { amount: number; promotion: number | null }): Promise<DraftBill> {
  return apiRequest<DraftBill>('/wallet/deposit/draft_bill', { method: 'POST', body })
}

export function useCreateDraftBill() {
  return useMutation({ mutationFn: createDraftBill })
}
