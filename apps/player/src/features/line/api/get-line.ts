import type { LineState } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { freshQueryOptions } from '../../../lib/api-client.ts'

/** `GET /line`: whether the site offers LINE, whether the player linked it, and which notices go there (ADR 088). */
export const lineKey = ['line'] as const

export const lineQueryOptions = () => freshQueryOptions<LineState>(lineKey, '/line')

export function useLineQuery() {
  return useQuery(lineQueryOptions())
}
