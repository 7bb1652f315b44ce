import type { Balance } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from './api-client.ts'

/**
 * `GET /wallet/v2/balance`: cash, the referral bonus and play-refund wallets with their payout terms, turnover.
 * Shared (not a feature's) because the withdraw and referral screens both show it and a withdrawal or a transfer
 * must refresh it wherever it is shown: one key, so one invalidation.
 */
export function getBalance(): Promise<Balance> {
  return apiRequest<Balance>('/wallet/v2/balance')
}

export const balanceKey = ['wallet', 'balance'] as const

export const balanceQueryOptions = () => queryOptions({ queryKey: balanceKey, queryFn: getBalance, staleTime: 0 })

export function useBalanceQuery() {
  return useQuery(balanceQueryOptions())
}
