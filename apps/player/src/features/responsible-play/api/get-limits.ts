import type { PlayerLimits } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { freshQueryOptions } from '../../../lib/api-client.ts'

/** `GET /responsible-play/limits`: each limit in force, any change waiting, and what each money limit has left. */
export const limitsKey = ['responsible-play', 'limits'] as const

export const limitsQueryOptions = () => freshQueryOptions<PlayerLimits>(limitsKey, '/responsible-play/limits')

export function useLimitsQuery() {
  return useQuery(limitsQueryOptions())
}
