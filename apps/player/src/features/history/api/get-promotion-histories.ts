import type { Page, PromotionHistoryItem } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { pageQueryOptions } from '../../../lib/api-client.ts'

/** `GET /promotion/histories?page=` (zero-based): the promotions the player took part in, with bonus and status. */
export const promotionHistoriesQueryOptions = (page: number) =>
  pageQueryOptions<Page<PromotionHistoryItem>>(['promotion', 'histories', page], '/promotion/histories', page)

export function usePromotionHistoriesQuery(page: number) {
  return useQuery(promotionHistoriesQueryOptions(page))
}
