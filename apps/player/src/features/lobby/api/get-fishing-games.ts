import type { Game } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { catalogueFreshness } from '../../../lib/catalogue-freshness.ts'

/** `GET /games/fishing`: fishing games of every provider. */
export function getFishingGames(): Promise<Game[]> {
  return apiRequest<Game[]>('/games/fishing')
}

export const fishingGamesQuery = queryOptions({ queryKey: ['games', 'fishing'], queryFn: getFishingGames, ...catalogueFreshness })

export function useFishingGames() {
  return useQuery(fishingGamesQuery)
}
