import type { Balance } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { freshQueryOptions } from './api-client.ts'

/**
 * `GET /wallet/v2/balance`: cash, the referral bonus and play-refund wallets with their payout terms, turnover.
 * Shared (not a feature's) because the withdraw and referral screens both show it and a withdrawal or a transfer
 * must refresh it wherever it is shown: one key, so one invalidation.
 */
export const balanceKey = ['wallet', 'balance'] as const

export const balanceQueryOptions = () => freshQueryOptions<Balance>(balanceKey, '/wallet/v2/balance')

export function useBalanceQuery() {
  return useQuery(balanceQueryOptions())
}
