import type { Game } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { catalogueFreshness } from '../../../lib/catalogue-freshness.ts'

/** `GET /games/recommends`: the games the operator recommends, with their popularity. */
export function getPopularGames(): Promise<Game[]> {
  return apiRequest<Game[]>('/games/recommends')
}

export const popularGamesQuery = queryOptions({ queryKey: ['games', 'recommends'], queryFn: getPopularGames, ...catalogueFreshness })

export function usePopularGames() {
  return useQuery(popularGamesQuery)
}
