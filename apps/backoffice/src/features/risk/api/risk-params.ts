import type { backofficeRiskContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiAnswer, apiRequest, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'
import { versionDecisions } from '../../../lib/version-decisions.ts'

type Contract = typeof backofficeRiskContract
export type RiskParamsData = ResponseData<Contract['params']>

/** `GET /backoffice/risk/params`: the rules' parameters in force (version 0: the built-in defaults) and the proposal waiting. */
export function useRiskParams() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.risk.params, queryFn: () => apiRequest<RiskParamsData>('/backoffice/risk/params'), refetchInterval: 15_000 }),
  )
}

/** A proposal, an approval or a rejection changes the parameters screen, the alerts' next version and the audit log. */
const stale = [queryKeys.risk.all, queryKeys.audit.all] as const

/** `POST /backoffice/risk/params`: every parameter of a new version and why; it waits for a second operator. */
function proposeRiskParams(body: RequestBody<Contract['proposeParams']>): Promise<ApiAnswer<ResponseData<Contract['proposeParams']>>> {
  return apiAnswer('/backoffice/risk/params', { method: 'POST', body })
}
export const useProposeRiskParams = () => useApiMutation(proposeRiskParams, stale)

/** `POST /backoffice/risk/params/:id/approve` by a second operator (never the author), `…/reject` with a reason. */
const decisions = versionDecisions<{ approve: Contract['approveParams']; reject: Contract['rejectParams'] }>('/backoffice/risk/params', stale)
export const useApproveRiskParams = decisions.useApprove
export const useRejectRiskParams = decisions.useReject
