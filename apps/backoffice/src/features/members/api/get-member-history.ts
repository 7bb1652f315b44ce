import type { backofficeMembersContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** The member's paged lists, each `GET /backoffice/members/:id/<list>?page=`, with the page each answers. */
export interface MemberHistoryPages {
  ledger: ResponseData<typeof backofficeMembersContract.ledger>
  money: ResponseData<typeof backofficeMembersContract.money>
  promotions: ResponseData<typeof backofficeMembersContract.promotions>
  downline: ResponseData<typeof backofficeMembersContract.downline>
  sessions: ResponseData<typeof backofficeMembersContract.sessions>
}
export type MemberHistoryList = keyof MemberHistoryPages

/**
 * One page of one of the member's lists: every ledger transfer, deposits and withdrawals as the member sees them,
 * promotions, the friends they invited, their sessions. Newest first.
 */
export const memberHistoryQueryOptions = <List extends MemberHistoryList>(id: number, list: List, page: number) =>
  listQueryOptions<MemberHistoryPages[List]>(queryKeys.members.history(id, list, page), `/backoffice/members/${id}/${list}`, { page })
