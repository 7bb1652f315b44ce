import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type MemberProfile = ResponseData<typeof backofficeMembersContract.profile>

/** `GET /backoffice/members/:id`: who the member is, their balances, sign-in and sessions. */
export function getMember(id: number): Promise<MemberProfile> {
  return apiRequest(`/backoffice/members/${id}`)
}

export const memberQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.members.profile(id), queryFn: () => getMember(id) })

export function useMember(id: number) {
  return useQuery(memberQueryOptions(id))
}
