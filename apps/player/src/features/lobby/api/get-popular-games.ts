import type { Game } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { useQuery, type QueryDefinition } from '../../../lib/query.ts'

/** `GET /games/recommends`: the games the operator recommends, with their popularity. */
export function getPopularGames(): Promise<Game[]> {
  return apiRequest<Game[]>('/games/recommends')
}

export const popularGamesQuery: QueryDefinition<Game[]> = { key: ['games', 'recommends'], fetch: getPopularGames, staleMs: 60_000 }

export function usePopularGames() {
  return useQuery(popularGamesQuery)
}
