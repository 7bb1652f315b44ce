import type { Page, PromotionHistoryItem } from '@sanam/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /promotion/histories?page=` (zero-based): the promotions the player took part in, with bonus and status. */
export function getPromotionHistories(page: number): Promise<Page<PromotionHistoryItem>> {
  return apiRequest<Page<PromotionHistoryItem>>(`/promotion/histories?page=${page}`)
}

export const promotionHistoriesKey = (page: number) => ['promotion', 'histories', page] as const

export const promotionHistoriesQueryOptions = (page: number) =>
  queryOptions({ queryKey: promotionHistoriesKey(page), queryFn: () => getPromotionHistories(page), placeholderData: keepPreviousData })

export function usePromotionHistoriesQuery(page: number) {
  return useQuery(promotionHistoriesQueryOptions(page))
}
