import type { Provider } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from './api-client.ts'
import { catalogueFreshness } from './catalogue-freshness.ts'

/** `GET /games/providers`: every provider; the tabs filter and order them (packages/contract lobby rules). */
export function getProviders(): Promise<Provider[]> {
  return apiRequest<Provider[]>('/games/providers')
}

export const providersQuery = queryOptions({ queryKey: ['games', 'providers'], queryFn: getProviders, ...catalogueFreshness })

export function useProviders() {
  return useQuery(providersQuery)
}
