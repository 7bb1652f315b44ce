import type { backofficePlanContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type PlanOverview = ResponseData<typeof backofficePlanContract.overview>

/** `GET /backoffice/plan`: the referral plan and limits in force, the proposal waiting, and the decided versions. */
export function getPlan(): Promise<PlanOverview> {
  return apiRequest('/backoffice/plan')
}

export const planQueryOptions = () => queryOptions({ queryKey: queryKeys.plan.all, queryFn: getPlan })
