import type { backofficePlanContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficePlanContract.propose

/** `POST /backoffice/plan/proposals`: every value of a new version and why; it waits for a second finance operator. */
export function proposePlan(body: RequestBody<Route>): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/plan/proposals', { method: 'POST', body })
}

/** A proposal, an approval or a rejection changes the plan screen and adds to the audit log. */
export const planStale = [queryKeys.plan.all, queryKeys.audit.all] as const

export const useProposePlan = () => useApiMutation(proposePlan, planStale)
