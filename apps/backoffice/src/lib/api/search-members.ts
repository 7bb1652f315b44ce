import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { listQueryOptions } from '../api-client.ts'
import { queryKeys } from '../query-keys.ts'

export type MemberSearchPage = ResponseData<typeof backofficeMembersContract.search>

/**
 * `GET /backoffice/members?q=`: members by phone, name, bank account or invite code. In lib because two features use
 * it: the members page and the deposits page's member picker. Nothing is asked until there is something to search for.
 */
export const memberSearchQueryOptions = (q: string, page: number) =>
  listQueryOptions<MemberSearchPage>(queryKeys.members.search(q, page), '/backoffice/members', { q, page }, { enabled: q !== '' })

export function useMemberSearch(q: string, page = 0) {
  return useQuery(memberSearchQueryOptions(q, page))
}
