import type { Game } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { useQuery, type QueryDefinition } from '../../../lib/query.ts'

/** `GET /games/fishing`: fishing games of every provider. */
export function getFishingGames(): Promise<Game[]> {
  return apiRequest<Game[]>('/games/fishing')
}

export const fishingGamesQuery: QueryDefinition<Game[]> = { key: ['games', 'fishing'], fetch: getFishingGames, staleMs: 60_000 }

export function useFishingGames() {
  return useQuery(fishingGamesQuery)
}
