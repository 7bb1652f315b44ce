import type { UplineDisplay } from '@sanam/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /invites/upline?upid=` (ADR 073): who a registration link's `u` names, as the server lets a visitor see it (masked). */
export const uplineQueryOptions = (u: string) =>
  queryOptions({ queryKey: ['register', 'upline', u], queryFn: () => apiRequest<UplineDisplay>(`/invites/upline?upid=${encodeURIComponent(u)}`) })

/** The upline of the link, when it has a `u`. */
export function useUplineQuery(u: string | null) {
  return useQuery({ ...uplineQueryOptions(u ?? ''), enabled: u !== null })
}
