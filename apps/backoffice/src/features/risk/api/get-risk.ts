import type { backofficeRiskContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type RiskInboxData = ResponseData<typeof backofficeRiskContract.inbox>
export type RiskCaseData = ResponseData<typeof backofficeRiskContract.case>

/** `GET /backoffice/risk/inbox`: open cases (the oldest due first) and the review alerts no case holds (ADR 089). */
export function useRiskInbox() {
  return useQuery(queryOptions({ queryKey: queryKeys.risk.inbox, queryFn: () => apiRequest<RiskInboxData>('/backoffice/risk/inbox'), refetchInterval: 30_000 }))
}

/** `GET /backoffice/risk/cases/:id`: one case with its evidence and notes. */
export function useRiskCase(id: number) {
  return useQuery(queryOptions({ queryKey: queryKeys.risk.case(id), queryFn: () => apiRequest<RiskCaseData>(`/backoffice/risk/cases/${id}`) }))
}
