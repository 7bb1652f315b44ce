import type { Withdrawal } from '@sanam/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'

export interface WithdrawalRequest {
  amount: number
  /** One per intent: a double tap, or a retry after a lost answer, is the same withdrawal to the server. */
  idempotencyKey: string
}

/** `POST /wallet/withdraw`: holds the amount and creates a pending withdrawal to the registered account. */
export function createWithdrawal(request: WithdrawalRequest): Promise<ApiAnswer<Withdrawal>> {
  return apiAnswer<Withdrawal>('/wallet/withdraw', { method: 'POST', body: { amount: request.amount }, headers: { 'idempotency-key': request.idempotencyKey } })
}

/** The withdrawal call; after it the balance, the withdrawal terms and the history are out of date. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  })
}
