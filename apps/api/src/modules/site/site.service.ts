import { msg, type SiteMetadata } from '@sanam/contract'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { MediaRow, SiteRepository } from './site.repository.ts'

/** Site metadata and media. Metadata changes rarely, so it is cached for a few seconds. */
export function createSiteService(deps: { db: Db; cacheMs?: number; now?: () => number; siteRepository: Pick<SiteRepository, 'findSettings' | 'findMedia'> }) {
  const { siteRepository } = deps
  const cacheMs = deps.cacheMs ?? 5000
  const now = deps.now ?? Date.now
  const cached = new LRUCache<'metadata', SiteMetadata>({ max: 1, ttl: cacheMs, ttlResolution: 0, perf: { now } })

  return {
    async metadata(): Promise<SiteMetadata> {
      const hit = cached.get('metadata')
      if (hit) return hit
      const row = await siteRepository.findSettings(deps.db)
      if (!row) throw new AppError('NOT_FOUND', msg('SITE_NOT_CONFIGURED'))
      const value: SiteMetadata = {
        title: row.title,
        description: row.description,
        theme: { primary: row.themePrimary, background: row.themeBackground },
        image: { favicon: row.faviconUrl, logo: row.logoUrl },
        contact: { line: row.contactLine },
        slides: row.slides,
      }
      cached.set('metadata', value)
      return value
    },
    async siteName(): Promise<string> {
      return (await this.metadata()).title
    },
    async media(path: string): Promise<MediaRow> {
      if (path.length > 200) throw new AppError('NOT_FOUND')
      const row = await siteRepository.findMedia(deps.db, path)
      if (!row) throw new AppError('NOT_FOUND')
      return row
    },
  }
}
export type SiteService = ReturnType<typeof createSiteService>
