import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest, queryString } from '../api-client.ts'
import { queryKeys } from '../query-keys.ts'

/** By status and kind (the approvals queue) or by member (their history's tab), and the page. */
export type ApprovalsQuery = RequestQuery<typeof backofficeMoneyContract.approvals>
export type ApprovalPage = ResponseData<typeof backofficeMoneyContract.approvals>

/**
 * `GET /backoffice/approvals?status=&kind=&player_id=&page=`: operators' money actions (ADR 035), newest first. In lib
 * because two features use it: the approvals queue and the member's history.
 */
export function getApprovals(query: ApprovalsQuery): Promise<ApprovalPage> {
  return apiRequest(`/backoffice/approvals${queryString(query)}`)
}

export const approvalsQueryOptions = (query: ApprovalsQuery) =>
  queryOptions({ queryKey: queryKeys.approvals.list(query), queryFn: () => getApprovals(query), placeholderData: keepPreviousData })
