import type { backofficeSiteContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Route = typeof backofficeSiteContract.save
export type SiteSettingsBody = RequestBody<Route>

/** `POST /backoffice/site` ('site.manage'): saves every setting at once; players see it on their next page load. */
export function saveSiteSettings(body: SiteSettingsBody): Promise<ApiAnswer<ResponseData<Route>>> {
  return apiAnswer('/backoffice/site', { method: 'POST', body })
}

/** The settings, and the audit log that records the change. */
export const useSaveSiteSettings = () => useApiMutation(saveSiteSettings, [queryKeys.site.all, queryKeys.audit.all])
