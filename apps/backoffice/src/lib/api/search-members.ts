import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { listQueryOptions } from '../api-client.ts'
import { queryKeys } from '../query-keys.ts'

export type MemberSearchPage = ResponseData<typeof backofficeMembersContract.search>

/**
 * `GET /backoffice/members?q=`: members by phone, name, bank account or invite code, newest first. In lib because two
 * features use it: the members page (which lists the newest members before any search: `all`) and the deposits page's
 * member picker, which asks nothing until there is something to search for.
 */
export const memberSearchQueryOptions = (q: string, page: number, options: { all?: boolean } = {}) =>
  listQueryOptions<MemberSearchPage>(queryKeys.members.search(q, page), '/backoffice/members', { q, page }, { enabled: options.all === true || q !== '' })

export function useMemberSearch(q: string, page = 0, options: { all?: boolean } = {}) {
  return useQuery(memberSearchQueryOptions(q, page, options))
}
