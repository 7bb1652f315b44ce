import type { backofficeSiteContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Approve = typeof backofficeSiteContract.approve
type Reject = typeof backofficeSiteContract.reject

/**
 * `POST /backoffice/site/versions/:id/approve` ('money.decide'): a second operator (never the author: 409
 * FOUR_EYES_SAME_OPERATOR) applies the change of content by its id; players see it on their next page load.
 */
export function approveSiteVersion({ id }: { id: number }): Promise<ApiAnswer<ResponseData<Approve>>> {
  return apiAnswer(`/backoffice/site/versions/${id}/approve`, { method: 'POST' })
}

/** `POST /backoffice/site/versions/:id/reject` with a reason: players keep what they see. */
export function rejectSiteVersion({ id, ...body }: { id: number } & RequestBody<Reject>): Promise<ApiAnswer<ResponseData<Reject>>> {
  return apiAnswer(`/backoffice/site/versions/${id}/reject`, { method: 'POST', body })
}

/** A decision changes the settings screen and adds to the audit log. */
const stale = [queryKeys.site.all, queryKeys.audit.all] as const
export const useApproveSiteVersion = () => useApiMutation(approveSiteVersion, stale)
export const useRejectSiteVersion = () => useApiMutation(rejectSiteVersion, stale)
