import type { backofficeCatalogueContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type CatalogueProviders = ResponseData<typeof backofficeCatalogueContract.providers>
export type CatalogueGames = ResponseData<typeof backofficeCatalogueContract.games>

/** `GET /backoffice/catalogue/providers`: every provider in lobby order, with how many games it has. */
export function getCatalogueProviders(): Promise<CatalogueProviders> {
  return apiRequest('/backoffice/catalogue/providers')
}

/** `GET /backoffice/catalogue/providers/:code/games`: one provider's games in their order. */
export function getCatalogueGames(provider: string): Promise<CatalogueGames> {
  return apiRequest(`/backoffice/catalogue/providers/${encodeURIComponent(provider)}/games`)
}

export const useCatalogueProviders = () => useQuery(queryOptions({ queryKey: queryKeys.catalogue.providers, queryFn: getCatalogueProviders }))
export const useCatalogueGames = (provider: string | undefined) =>
  useQuery(
    queryOptions({ queryKey: queryKeys.catalogue.games(provider ?? ''), queryFn: () => getCatalogueGames(provider ?? ''), enabled: provider !== undefined }),
  )
