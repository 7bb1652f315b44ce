import type { Page, WalletHistoryItem } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { pageQueryOptions } from '../../../lib/api-client.ts'

/**
 * `GET /wallet/histories?page=` (zero-based): the player's deposits and withdrawals, newest first. Under ['wallet'], so
 * a withdrawal (which invalidates ['wallet']) refreshes the history too.
 */
export const walletHistoriesQueryOptions = (page: number) => pageQueryOptions<Page<WalletHistoryItem>>(['wallet', 'histories', page], '/wallet/histories', page)

export function useWalletHistoriesQuery(page: number) {
  return useQuery(walletHistoriesQueryOptions(page))
}
