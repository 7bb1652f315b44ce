import type { backofficeSiteContract } from '@sanam/contract'
import { queryKeys } from '../../../lib/query-keys.ts'
import { versionDecisions } from '../../../lib/version-decisions.ts'

/**
 * `POST /backoffice/site/versions/:id/approve` ('money.decide'): a second operator applies the change of content by
 * its id; players see it on their next page load. `…/reject` with a reason: players keep what they see. A decision
 * changes the settings screen and adds to the audit log.
 */
const decisions = versionDecisions<typeof backofficeSiteContract>('/backoffice/site/versions', [queryKeys.site.all, queryKeys.audit.all])
export const useApproveSiteVersion = decisions.useApprove
export const useRejectSiteVersion = decisions.useReject
