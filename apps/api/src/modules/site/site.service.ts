import { msg, SiteSettingsBody, type SiteMetadata, type SiteSettings, type SiteSettingsInput, type WebAppManifest } from '@sanam/contract'
import { imageSize } from 'image-size'
import { onPrimaryText } from '@sanam/contract/site-theme'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import { svgMedia } from './site-images.ts'
import type { MediaRow, SiteRepository, SiteSettingsRow } from './site.repository.ts'

const MEDIA_PREFIX = '/media/'

/** The metadata the apps load, from the settings row. */
function metadataOf(row: SiteSettingsRow): SiteMetadata {
  return {
    title: row.title,
    description: row.description,
    theme: { primary: row.themePrimary, background: row.themeBackground, on_primary: onPrimaryText(row.themePrimary) },
    image: { favicon: row.faviconUrl, logo: row.logoUrl },
    contact: { line: row.contactLine },
    responsible_play: { help_url: row.responsiblePlayUrl },
    terms_url: row.termsUrl,
    slides: row.slides,
  }
}

/**
 * Site metadata, media and the back-office's site settings (issue 20 §3). Metadata changes rarely, so each process
 * caches it for `cacheMs` (5 s): a save clears this process's copy at once, and every other process reads the new
 * row when its copy expires, so a change reaches every player's next page load within that time.
 */
export function createSiteService(deps: {
  db: Db
  cacheMs?: number
  now?: () => number
  siteRepository: Pick<SiteRepository, 'findSettings' | 'findSettingsForUpdate' | 'saveSettings' | 'existingMedia' | 'findMedia' | 'putMedia'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { siteRepository, auditRepository } = deps
  const cacheMs = deps.cacheMs ?? 5000
  const now = deps.now ?? Date.now
  const cached = new LRUCache<'metadata', SiteMetadata>({ max: 1, ttl: cacheMs, ttlResolution: 0, perf: { now } })

  async function settingsRow(): Promise<SiteSettingsRow> {
    const row = await siteRepository.findSettings(deps.db)
    if (!row) throw new AppError('NOT_FOUND', msg('SITE_NOT_CONFIGURED'))
    return row
  }

  const settingsOf = (row: SiteSettingsRow): SiteSettings => ({ ...metadataOf(row), updated_at: row.updatedAt.toISOString() })

  return {
    async metadata(): Promise<SiteMetadata> {
      const hit = cached.get('metadata')
      if (hit) return hit
      const value = metadataOf(await settingsRow())
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

    /** Whether the site has its settings yet: a new database has none until the seed saves the defaults. */
    async configured(): Promise<boolean> {
      return (await siteRepository.findSettings(deps.db)) !== undefined
    },

    /**
     * Stores images Sanam draws itself (the default logo, slides, banners and tiles the seed makes), each with Kanit
     * embedded for its Thai text, under `/media/<path>`; an operator replaces them with uploads. Answers their URLs.
     */
    async storeDrawnImages(images: ReadonlyArray<{ path: string; svg: string }>): Promise<string[]> {
      const at = new Date(now())
      const rows = await svgMedia(images, at)
      await inTransaction(deps.db, async (tx) => {
        for (const row of rows) await siteRepository.putMedia(tx, row)
      })
      return rows.map((row) => `${MEDIA_PREFIX}${row.path}`)
    },

    /**
     * The player app's web app manifest, from the settings: name, colours and icons (the favicon and the logo) as the
     * operator set them. A drawn SVG fits any size; an uploaded picture declares the size read from its bytes.
     */
    async manifest(): Promise<WebAppManifest> {
      const site = await this.metadata()
      const icons = await Promise.all(
        [site.image.favicon, site.image.logo].map(async (src) => {
          const file = await siteRepository.findMedia(deps.db, src.slice(MEDIA_PREFIX.length))
          if (!file) return null
          if (file.contentType === 'image/svg+xml') return { src, sizes: 'any', type: file.contentType, purpose: 'any' as const }
          const { width, height } = imageSize(file.body)
          return { src, sizes: `${width}x${height}`, type: file.contentType, purpose: 'any' as const }
        }),
      )
      return {
        id: '/',
        name: site.title,
        short_name: site.title,
        description: site.description,
        lang: 'th',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: site.theme.background,
        theme_color: site.theme.background,
        icons: icons.filter((icon) => icon !== null),
      }
    },

    /** The settings as the back-office editor loads them. */
    async settings(): Promise<SiteSettings> {
      return settingsOf(await settingsRow())
    },

    /**
     * Saves every setting at once, checked by the contract's schema here too (the seed calls this without a route):
     * a theme whose text the player app could not show at WCAG AA is refused with its ratio, and every image must be
     * one Sanam stores. Audited with before and after in the same transaction; `actor` null is the system (the seed).
     */
    async save(actor: AuditActor | null, input: SiteSettingsInput): Promise<SiteSettings> {
      const parsed = SiteSettingsBody.safeParse(input)
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
        throw new AppError('VALIDATION_FAILED', errors[0]?.message, errors)
      }
      const body = parsed.data
      const images = [body.image.logo, body.image.favicon, ...body.slides]
      const stored = await siteRepository.existingMedia(
        deps.db,
        images.map((url) => url.slice(MEDIA_PREFIX.length)),
      )
      const missing = images.find((url) => !stored.has(url.slice(MEDIA_PREFIX.length)))
      if (missing) throw new AppError('VALIDATION_FAILED', msg('SITE_IMAGE_MISSING'), [{ path: 'image', message: msg('SITE_IMAGE_MISSING') }])

      const at = new Date(now())
      const saved = await inTransaction(deps.db, async (tx) => {
        const before = await siteRepository.findSettingsForUpdate(tx)
        const row = await siteRepository.saveSettings(tx, {
          title: body.title,
          description: body.description,
          themePrimary: body.theme.primary,
          themeBackground: body.theme.background,
          logoUrl: body.image.logo,
          faviconUrl: body.image.favicon,
          contactLine: body.contact.line,
          responsiblePlayUrl: body.responsible_play.help_url,
          termsUrl: body.terms_url,
          slides: body.slides,
          updatedAt: at,
        })
        await auditRepository.record(tx, {
          actor,
          action: 'site.update',
          targetType: 'site',
          targetId: '1',
          before: before ? metadataOf(before) : null,
          after: metadataOf(row),
          at,
        })
        return row
      })
      cached.delete('metadata')
      return settingsOf(saved)
    },
  }
}
export type SiteService = ReturnType<typeof createSiteService>
