import type { Provider } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { useQuery, type QueryDefinition } from '../../../lib/query.ts'

/** `GET /games/providers/recommends`: the providers the operator recommends, in its order. */
export function getPopularProviders(): Promise<Provider[]> {
  return apiRequest<Provider[]>('/games/providers/recommends')
}

export const popularProvidersQuery: QueryDefinition<Provider[]> = { key: ['games', 'providers', 'recommends'], fetch: getPopularProviders, staleMs: 60_000 }

export function usePopularProviders() {
  return useQuery(popularProvidersQuery)
}
