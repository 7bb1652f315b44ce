import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiRequest, queryString } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** The filter (operator, action, target, Bangkok dates; each optional) and the page. */
export type AuditQuery = RequestQuery<typeof backofficeOperatorsContract.audit>
export type AuditPage = ResponseData<typeof backofficeOperatorsContract.audit>

/** `GET /backoffice/audit?operator_id=&action=&target_type=&target_id=&from=&to=&page=`: the log, newest first. */
export function getAuditEntries(query: AuditQuery): Promise<AuditPage> {
  return apiRequest(`/backoffice/audit${queryString(query)}`)
}

export const auditEntriesQueryOptions = (query: AuditQuery) =>
  queryOptions({ queryKey: queryKeys.audit.entries(query), queryFn: () => getAuditEntries(query), placeholderData: keepPreviousData })
