import type { backofficeOperatorsContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type AuditActions = ResponseData<typeof backofficeOperatorsContract.auditActions>

/** `GET /backoffice/audit/actions`: every action name the log holds, for the filter. */
export function getAuditActions(): Promise<AuditActions> {
  return apiRequest('/backoffice/audit/actions')
}

export const auditActionsQueryOptions = () => queryOptions({ queryKey: queryKeys.audit.actions, queryFn: getAuditActions })

export function useAuditActions() {
  return useQuery(auditActionsQueryOptions())
}
