import type { backofficeOperatorsContract } from '@sanam/contract'
import type { RequestQuery, ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

/** The filter (operator, action, target, Bangkok dates; each optional) and the page. */
export type AuditQuery = RequestQuery<typeof backofficeOperatorsContract.audit>
export type AuditPage = ResponseData<typeof backofficeOperatorsContract.audit>

/** `GET /backoffice/audit?operator_id=&action=&target_type=&target_id=&from=&to=&page=`: the log, newest first. */
export const auditEntriesQueryOptions = (query: AuditQuery) => listQueryOptions<AuditPage>(queryKeys.audit.entries(query), '/backoffice/audit', query)
