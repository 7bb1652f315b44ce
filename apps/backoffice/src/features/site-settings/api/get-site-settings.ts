import type { backofficeSiteContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type SiteSettings = ResponseData<typeof backofficeSiteContract.get>
export type SiteContentVersion = NonNullable<SiteSettings['pending']>

/**
 * `GET /backoffice/site`: the site's title, texts, theme, images and links as players are served them now, the change
 * waiting for a second operator and the latest decided ones.
 */
export function getSiteSettings(): Promise<SiteSettings> {
  return apiRequest('/backoffice/site')
}

export function useSiteSettings() {
  return useQuery({ queryKey: queryKeys.site.settings, queryFn: getSiteSettings })
}
