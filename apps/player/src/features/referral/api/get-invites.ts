import type { InviteInfo } from '@sanam/contract'
import { useQuery } from '@tanstack/react-query'
import { pageQueryOptions } from '../../../lib/api-client.ts'

/** `GET /invites?page=`: invite code, level percentages (fractions) and one page of level-1 downlines. */
export const invitesQueryOptions = (page: number) => pageQueryOptions<InviteInfo>(['referral', 'invites', page], '/invites', page)

/** Page 0 also serves the invite tab (code and percentages): both tabs share one call. */
export function useInvitesQuery(page = 0) {
  return useQuery(invitesQueryOptions(page))
}
