import type { UserMe } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'
import { useQuery, type QueryDefinition } from '../../../lib/query.ts'

/** `GET /user/@me`: the logged-in player. */
export function getCurrentUser(): Promise<UserMe> {
  return apiRequest<UserMe>('/user/@me')
}

export const currentUserQuery: QueryDefinition<UserMe> = { key: ['user', 'me'], fetch: getCurrentUser, staleMs: 0 }

/** The current player, loaded on mount. */
export function useCurrentUserQuery() {
  return useQuery(currentUserQuery)
}
