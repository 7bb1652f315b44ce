import type { Balance } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /wallet/v2/balance`: cash balance, referral bonus and play-amount refund remaining, turnover. */
export function getBalance(): Promise<Balance> {
  return apiRequest<Balance>('/wallet/v2/balance')
}

export const balanceQuery = queryOptions({ queryKey: ['wallet', 'balance'], queryFn: getBalance, staleTime: 0 })

export function useBalance() {
  return useQuery(balanceQuery)
}
