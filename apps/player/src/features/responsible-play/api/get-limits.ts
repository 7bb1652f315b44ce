import type { PlayerLimits } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /responsible-play/limits`: each limit in force, any change waiting, and what each money limit has left. */
export function getLimits(): Promise<PlayerLimits> {
  return apiRequest<PlayerLimits>('/responsible-play/limits')
}

export const limitsKey = ['responsible-play', 'limits'] as const

export const limitsQueryOptions = () => queryOptions({ queryKey: limitsKey, queryFn: getLimits, staleTime: 0 })

export function useLimitsQuery() {
  return useQuery(limitsQueryOptions())
}
