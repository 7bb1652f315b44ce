import type { Page, WalletHistoryItem } from '@sanam/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /wallet/histories?page=` (zero-based): the player's deposits and withdrawals, newest first. */
export function getWalletHistories(page: number): Promise<Page<WalletHistoryItem>> {
  return apiRequest<Page<WalletHistoryItem>>(`/wallet/histories?page=${page}`)
}

/** Under ['wallet'], so a withdrawal (which invalidates ['wallet']) refreshes the history too. */
export const walletHistoriesKey = (page: number) => ['wallet', 'histories', page] as const

export const walletHistoriesQueryOptions = (page: number) =>
  // The previous page stays on screen while the next one loads: the table does not jump to a spinner.
  queryOptions({ queryKey: walletHistoriesKey(page), queryFn: () => getWalletHistories(page), placeholderData: keepPreviousData })

export function useWalletHistoriesQuery(page: number) {
  return useQuery(walletHistoriesQueryOptions(page))
}
