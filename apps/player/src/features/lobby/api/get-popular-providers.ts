import type { Provider } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { catalogueFreshness } from '../../../lib/catalogue-freshness.ts'

/** `GET /games/providers/recommends`: the providers the operator recommends, in its order. */
export function getPopularProviders(): Promise<Provider[]> {
  return apiRequest<Provider[]>('/games/providers/recommends')
}

export const popularProvidersQuery = queryOptions({ queryKey: ['games', 'providers', 'recommends'], queryFn: getPopularProviders, ...catalogueFreshness })

export function usePopularProviders() {
  return useQuery(popularProvidersQuery)
}
