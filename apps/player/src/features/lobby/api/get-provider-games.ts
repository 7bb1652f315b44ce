import type { Game } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { catalogueFreshness } from '../../../lib/catalogue-freshness.ts'

/** `GET /games/{provider}`: one provider's games. */
export function getProviderGames(provider: string): Promise<Game[]> {
  return apiRequest<Game[]>(`/games/${encodeURIComponent(provider)}`)
}

export function providerGamesQuery(provider: string) {
  return queryOptions({ queryKey: ['games', 'provider', provider], queryFn: () => getProviderGames(provider), ...catalogueFreshness })
}

/** The games of `provider`; `null` loads nothing. */
export function useProviderGames(provider: string | null) {
  return useQuery({ ...providerGamesQuery(provider ?? ''), enabled: provider !== null })
}
