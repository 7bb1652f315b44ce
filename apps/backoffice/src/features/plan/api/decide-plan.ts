import type { backofficePlanContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'
import { planStale } from './propose-plan.ts'

type Approve = typeof backofficePlanContract.approve
type Reject = typeof backofficePlanContract.reject

/**
 * `POST /backoffice/plan/proposals/:id/approve`: a second finance operator (never the author: 409
 * FOUR_EYES_SAME_OPERATOR) applies the version by its id; from now on it is the plan.
 */
export function approvePlan({ id }: { id: number }): Promise<ApiAnswer<ResponseData<Approve>>> {
  return apiAnswer(`/backoffice/plan/proposals/${id}/approve`, { method: 'POST' })
}

/** `POST /backoffice/plan/proposals/:id/reject` with a reason: the plan stays as it is. */
export function rejectPlan({ id, ...body }: { id: number } & RequestBody<Reject>): Promise<ApiAnswer<ResponseData<Reject>>> {
  return apiAnswer(`/backoffice/plan/proposals/${id}/reject`, { method: 'POST', body })
}

export const useApprovePlan = () => useApiMutation(approvePlan, planStale)
export const useRejectPlan = () => useApiMutation(rejectPlan, planStale)
