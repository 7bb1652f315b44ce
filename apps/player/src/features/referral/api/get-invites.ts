import type { InviteInfo } from '@sanam/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /invites?page=`: invite code, level percentages (fractions) and one page of level-1 downlines. */
export function getInvites(page: number): Promise<InviteInfo> {
  return apiRequest<InviteInfo>(`/invites?page=${page}`)
}

export const invitesKey = (page: number) => ['referral', 'invites', page] as const

export const invitesQueryOptions = (page: number) =>
  queryOptions({ queryKey: invitesKey(page), queryFn: () => getInvites(page), placeholderData: keepPreviousData })

/** Page 0 also serves the invite tab (code and percentages): both tabs share one call. */
export function useInvitesQuery(page = 0) {
  return useQuery(invitesQueryOptions(page))
}
