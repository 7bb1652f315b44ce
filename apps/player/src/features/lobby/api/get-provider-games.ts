import type { Game } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { useQuery, type QueryDefinition } from '../../../lib/query.ts'

/** `GET /games/{provider}`: one provider's games. */
export function getProviderGames(provider: string): Promise<Game[]> {
  return apiRequest<Game[]>(`/games/${encodeURIComponent(provider)}`)
}

export function providerGamesQuery(provider: string): QueryDefinition<Game[]> {
  return { key: ['games', 'provider', provider], fetch: () => getProviderGames(provider), staleMs: 60_000 }
}

/** The games of `provider`; `null` loads nothing. */
export function useProviderGames(provider: string | null) {
  return useQuery(provider === null ? null : providerGamesQuery(provider))
}
