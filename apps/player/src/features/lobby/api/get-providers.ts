import type { Provider } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { useQuery, type QueryDefinition } from '../../../lib/query.ts'

/** `GET /games/providers`: every provider; the tabs filter and order them (packages/contract lobby rules). */
export function getProviders(): Promise<Provider[]> {
  return apiRequest<Provider[]>('/games/providers')
}

export const providersQuery: QueryDefinition<Provider[]> = { key: ['games', 'providers'], fetch: getProviders, staleMs: 60_000 }

export function useProviders() {
  return useQuery(providersQuery)
}
