import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, queryString } from '../api-client.ts'
import { queryKeys } from '../query-keys.ts'

export type MemberSearchPage = ResponseData<typeof backofficeMembersContract.search>

/**
 * `GET /backoffice/members?q=`: members by phone, name, bank account or invite code. In lib because two features use
 * it: the members page and the deposits page's member picker.
 */
export function searchMembers(q: string, page: number): Promise<MemberSearchPage> {
  return apiRequest(`/backoffice/members${queryString({ q, page })}`)
}

/** Nothing is asked until there is something to search for. */
export const memberSearchQueryOptions = (q: string, page: number) =>
  queryOptions({ queryKey: queryKeys.members.search(q, page), queryFn: () => searchMembers(q, page), enabled: q !== '', placeholderData: keepPreviousData })

export function useMemberSearch(q: string, page = 0) {
  return useQuery(memberSearchQueryOptions(q, page))
}
