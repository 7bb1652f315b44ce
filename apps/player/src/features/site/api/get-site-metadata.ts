import type { SiteMetadata } from '@sanam/contract'
import { apiRequest } from '../../../lib/api-client.ts'

/** `GET /api/site/metadata`: title, description, theme colours, images and contact link, loaded once at start. */
export function getSiteMetadata(signal?: AbortSignal): Promise<SiteMetadata> {
  return apiRequest<SiteMetadata>('/site/metadata', { signal })
}
