import type { UserMe } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /user/@me`: the logged-in player. */
export function getCurrentUser(): Promise<UserMe> {
  return apiRequest<UserMe>('/user/@me')
}

export const currentUserQuery = queryOptions({ queryKey: ['user', 'me'], queryFn: getCurrentUser, staleTime: 0 })

/** The current player, loaded on mount. */
export function useCurrentUserQuery() {
  return useQuery(currentUserQuery)
}
