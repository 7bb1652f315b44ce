import type { backofficeMoneyContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../api-client.ts'
import { queryKeys } from '../query-keys.ts'

/** By status and kind (the approvals queue) or by member (their history's tab), and the page. */
export type ApprovalsQuery = RequestQuery<typeof backofficeMoneyContract.approvals>
export type ApprovalPage = ResponseData<typeof backofficeMoneyContract.approvals>

/**
 * `GET /backoffice/approvals?status=&kind=&player_id=&page=`: operators' money actions (ADR 035), newest first. In lib
 * because two features use it: the approvals queue and the member's history.
 */
export const approvalsQueryOptions = (query: ApprovalsQuery) => listQueryOptions<ApprovalPage>(queryKeys.approvals.list(query), '/backoffice/approvals', query)
