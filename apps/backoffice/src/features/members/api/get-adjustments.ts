import type { backofficeMembersContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest, queryString } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** By status (the approval queue) or by member (their history's tab), and the page. */
export type AdjustmentsQuery = RequestQuery<typeof backofficeMembersContract.adjustments>
export type AdjustmentPage = ResponseData<typeof backofficeMembersContract.adjustments>

/** `GET /backoffice/adjustments?status=&player_id=&page=`: manual adjustments, newest first. */
export function getAdjustments(query: AdjustmentsQuery): Promise<AdjustmentPage> {
  return apiRequest(`/backoffice/adjustments${queryString(query)}`)
}

export const adjustmentsQueryOptions = (query: AdjustmentsQuery) =>
  queryOptions({ queryKey: queryKeys.adjustments.list(query), queryFn: () => getAdjustments(query), placeholderData: keepPreviousData })
