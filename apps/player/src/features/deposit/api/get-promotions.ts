import type { Promotion } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /promotion`: the offers this player may take (spec §3 Promotion). */
export function getPromotions(): Promise<Promotion[]> {
  return apiRequest<{ list: Promotion[] }>('/promotion').then((data) => data.list)
}

export const promotionsQuery = queryOptions({ queryKey: ['promotions'], queryFn: getPromotions, staleTime: 60_000 })

/** The promotions; also what the promotion page lists (the app layer hands it there). */
export function usePromotions() {
  return useQuery(promotionsQuery)
}
