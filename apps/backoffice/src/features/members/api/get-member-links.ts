import type { backofficeContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type MemberLinks = ResponseData<typeof backofficeContract.memberLinks>

/** `GET /backoffice/members/:id/links`: members sharing the account holder's name, a device or an address. */
export function getMemberLinks(id: number): Promise<MemberLinks> {
  return apiRequest(`/backoffice/members/${id}/links`)
}

export const memberLinksQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.members.links(id), queryFn: () => getMemberLinks(id) })

export function useMemberLinks(id: number) {
  return useQuery(memberLinksQueryOptions(id))
}
