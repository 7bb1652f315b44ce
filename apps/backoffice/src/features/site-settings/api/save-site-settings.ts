import type { backofficeSiteContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeSiteContract.save
export type SiteSettingsBody = RequestBody<Route>

/**
 * `POST /backoffice/site` ('site.manage'): saves the form. The theme colours and favicon reach players on their next page
 * load; a change of texts, logo, slides or links waits for a second operator (answered as `pending`, ADR 068).
 */
export function saveSiteSettings(body: SiteSettingsBody): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/site', { method: 'POST', body })
}

/** The settings, and the audit log that records the change. */
export const useSaveSiteSettings = () => useApiMutation(saveSiteSettings, [queryKeys.site.all, queryKeys.audit.all])
