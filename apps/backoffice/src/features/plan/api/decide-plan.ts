import type { backofficePlanContract } from '@sanam/contract'
import { versionDecisions } from '../../../lib/version-decisions.ts'
import { planStale } from './propose-plan.ts'

/**
 * `POST /backoffice/plan/proposals/:id/approve`: a second finance operator applies the version by its id; from now on
 * it is the plan. `…/reject` with a reason: the plan stays as it is.
 */
const decisions = versionDecisions<typeof backofficePlanContract>('/backoffice/plan/proposals', planStale)
export const useApprovePlan = decisions.useApprove
export const useRejectPlan = decisions.useReject
