import {
  msg,
  SiteSettingsBody,
  type SiteContent,
  type SiteContentVersion,
  type SiteMetadata,
  type SiteSettings,
  type SiteSettingsInput,
  type WebAppManifest,
} from '@sanam/contract'
import { imageSize } from 'image-size'
import { onPrimaryText } from '@sanam/contract/site-theme'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import { rejection, reviewView } from '../../db/reviewed.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import { proposalEntry, refusalEntry, type AuditActor, type AuditRepository } from '../audit/audit.repository.ts'
import { assertSecondOperator, canDecide, type Decider, type SeparateDuties } from '../approvals/money-policy.ts'
import { SITE_CONTENT_KEYS, type SiteContentColumns } from '../../db/schema.ts'
import { svgMedia } from './site-images.ts'
import type { MediaRow, NamedSiteContentVersion, SiteContentVersionRow, SiteRepository, SiteSettingsRow } from './site.repository.ts'

const MEDIA_PREFIX = '/media/'
/** Decided content versions the editor shows. */
const HISTORY_SIZE = 20

/**
 * The columns players read that can carry payment instructions (ADR 068): a change to any waits for a second
 * operator. Built in one key order, so two are compared by their JSON.
 */
function contentColumnsOf(row: SiteContentColumns): SiteContentColumns {
  return Object.fromEntries(SITE_CONTENT_KEYS.map((key) => [key, row[key]])) as SiteContentColumns
}

/** Content columns as the contract carries them (the metadata's shape). */
function contentOf(columns: SiteContentColumns): SiteContent {
  return {
    title: columns.title,
    description: columns.description,
    image: { logo: columns.logoUrl },
    contact: { line: columns.contactLine },
    responsible_play: { help_url: columns.responsiblePlayUrl },
    terms_url: columns.termsUrl,
    slides: columns.slides,
  }
}

function versionOf(row: NamedSiteContentVersion): SiteContentVersion {
  return {
    id: row.id,
    status: row.status,
    content: contentOf(row.content),
    ...reviewView(row),
  }
}

/** What a save did: applied the look, proposed a content version, both or neither. */
export interface SiteSaveOutcome {
  settings: SiteSettings
  lookChanged: boolean
  proposed: boolean
}

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
 *
 * Players read only `site_settings`. An operator's save writes the look (theme colours, favicon) there at once, but a
 * change to the content (texts, logo, slides, links: ADR 068) becomes a PENDING version in `site_content_versions`,
 * copied into `site_settings` only when a second operator who may decide money applies it.
 */
export function createSiteService(deps: {
  db: Db
  cacheMs?: number
  now?: () => number
  /** The money desk's separate duties (ADR 036): who may complete a four-eyes decision, and with whom. */
  separateDuties: SeparateDuties
  siteRepository: Pick<
    SiteRepository,
    | 'findSettings'
    | 'findSettingsForUpdate'
    | 'saveSettings'
    | 'existingMedia'
    | 'findMedia'
    | 'putMedia'
    | 'insertPendingContent'
    | 'findContentVersion'
    | 'pendingContent'
    | 'contentHistory'
    | 'decideContent'
  >
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { siteRepository, auditRepository } = deps
  const cacheMs = deps.cacheMs ?? 5000
  const now = deps.now ?? Date.now
  const cached = new LRUCache<'metadata', SiteMetadata>({ max: 1, ttl: cacheMs, ttlResolution: 0, perf: { now } })

  async function settingsRow(db: Db = deps.db): Promise<SiteSettingsRow> {
    const row = await siteRepository.findSettings(db)
    if (!row) throw new AppError('NOT_FOUND', msg('SITE_NOT_CONFIGURED'))
    return row
  }

  /**
   * The settings players are served now, the content version waiting (with whether `operatorId` may apply it now, ADR
   * 075), and the latest decided ones.
   */
  async function settingsOf(db: Db, row: SiteSettingsRow, operatorId: number | undefined): Promise<SiteSettings> {
    const pending = await siteRepository.pendingContent(db)
    const history = await siteRepository.contentHistory(db, HISTORY_SIZE)
    const mayApply =
      pending && operatorId !== undefined && (await canDecide(db, deps.separateDuties, [decider(pending.proposedBy, operatorId, new Date(now()))]))[0]
    const waiting = pending ? { ...versionOf(pending), ...(mayApply ? { can_decide: mayApply } : {}) } : null
    return { ...metadataOf(row), updated_at: row.updatedAt.toISOString(), pending: waiting, history: history.map(versionOf) }
  }

  /**
   * The second key (ADR 068): the operator applying a content version is not its author, nor too new or one person
   * with it (ADR 036, ADR 070): the money policy's one four-eyes rule.
   */
  const assertSecondKey = (tx: Db, approver: AuditActor, authorId: number, at: Date) =>
    assertSecondOperator(tx, deps.separateDuties, decider(authorId, approver.operatorId, at))
  const decider = (authorId: number, operatorId: number, at: Date): Decider => ({ firstId: authorId, secondId: operatorId, at, action: 'site' })

  /** Locks a PENDING content version for a decision; a decided one answers 409, an unknown one 404. */
  async function lockedPending(tx: Db, id: number): Promise<SiteContentVersionRow> {
    const row = await siteRepository.findContentVersion(tx, id, true)
    if (!row) throw new AppError('NOT_FOUND', msg('SITE_VERSION_NOT_FOUND'))
    if (row.status !== 'PENDING') throw new AppError('CONFLICT', msg('SITE_VERSION_NOT_FOUND'))
    return row
  }

  async function lockedSettings(tx: Db): Promise<SiteSettingsRow> {
    const row = await siteRepository.findSettingsForUpdate(tx)
    if (!row) throw new AppError('NOT_FOUND', msg('SITE_NOT_CONFIGURED'))
    return row
  }

  const withoutId = ({ id: _id, ...row }: SiteSettingsRow) => row

  return {
    /** From the cache; on a miss read on `db` (a caller inside a transaction passes it: the embedded database has one connection). */
    async metadata(db: Db = deps.db): Promise<SiteMetadata> {
      const hit = cached.get('metadata')
      if (hit) return hit
      const value = metadataOf(await settingsRow(db))
      cached.set('metadata', value)
      return value
    },
    async siteName(db: Db = deps.db): Promise<string> {
      return (await this.metadata(db)).title
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

    /** The settings as the back-office editor loads them, with the content version waiting for a second operator. */
    async settings(operatorId: number): Promise<SiteSettings> {
      return settingsOf(deps.db, await settingsRow(), operatorId)
    },

    /**
     * Saves the editor's form, checked by the contract's schema here too (the seed calls this without a route): a theme
     * whose text the player app could not show at WCAG AA is refused with its ratio, and every image must be one Sanam
     * stores. The look (theme colours, favicon) applies at once, audited `site.update` with before and after; a change
     * to the content becomes a PENDING version (`site.propose`) that players do not see until a second operator
     * applies it (ADR 068). One transaction: a refused proposal (another one waiting) changes nothing. `actor` null is
     * the system (the seed, on a database without settings, and only there): it writes everything at once.
     */
    async save(actor: AuditActor | null, input: SiteSettingsInput): Promise<SiteSaveOutcome> {
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

      const look = { themePrimary: body.theme.primary, themeBackground: body.theme.background, faviconUrl: body.image.favicon }
      const content = contentColumnsOf({
        title: body.title,
        description: body.description,
        logoUrl: body.image.logo,
        contactLine: body.contact.line,
        responsiblePlayUrl: body.responsible_play.help_url,
        termsUrl: body.terms_url,
        slides: body.slides,
      })
      const at = new Date(now())
      const outcome = await inTransaction(deps.db, async (tx) => {
        const before = await siteRepository.findSettingsForUpdate(tx)
        if (actor === null) {
          // The system (the seed on a new database): everything at once, as no operator is involved. Never over settings
          // players are already served: those change only by an operator, under two keys.
          if (before) throw new Error('the system saves the site settings on a new database only')
          const row = await siteRepository.saveSettings(tx, { ...look, ...content, updatedAt: at })
          await auditRepository.record(tx, {
            actor,
            action: 'site.update',
            targetType: 'site',
            targetId: '1',
            before: before ? metadataOf(before) : null,
            after: metadataOf(row),
            at,
          })
          return { row, lookChanged: true, proposed: false }
        }
        if (!before) throw new AppError('NOT_FOUND', msg('SITE_NOT_CONFIGURED'))
        const lookChanged =
          before.themePrimary !== look.themePrimary || before.themeBackground !== look.themeBackground || before.faviconUrl !== look.faviconUrl
        let row = before
        if (lookChanged) {
          row = await siteRepository.saveSettings(tx, { ...withoutId(before), ...look, updatedAt: at })
          await auditRepository.record(tx, {
            actor,
            action: 'site.update',
            targetType: 'site',
            targetId: '1',
            before: metadataOf(before),
            after: metadataOf(row),
            at,
          })
        }
        let proposed = false
        if (JSON.stringify(contentColumnsOf(before)) !== JSON.stringify(content)) {
          const version = await siteRepository.insertPendingContent(tx, { status: 'PENDING', content, proposedBy: actor.operatorId, createdAt: at })
          if (!version) throw new AppError('CONFLICT', msg('SITE_PENDING_EXISTS'))
          const target = { action: 'site.propose', targetType: 'site_content_version', id: version.id } as const
          await auditRepository.record(tx, proposalEntry(actor, at, target, contentOf(before), { values: contentOf(content) }))
          proposed = true
        }
        return { row, lookChanged, proposed }
      })
      if (outcome.lookChanged) cached.delete('metadata')
      return { settings: await settingsOf(deps.db, outcome.row, actor?.operatorId), lookChanged: outcome.lookChanged, proposed: outcome.proposed }
    },

    /**
     * A second operator applies a PENDING content version by its id: never its author, never one too new or related
     * to it (assertSecondKey). What was reviewed is what goes live: a version is never edited. This process's players
     * see it at their next load, every other process's within the metadata cache's few seconds.
     */
    async approve(actor: AuditActor, id: number): Promise<SiteSettings> {
      const at = new Date(now())
      const row = await inTransaction(deps.db, async (tx) => {
        // The settings row first, as a save locks it: the two never wait on each other in opposite orders.
        const before = await lockedSettings(tx)
        const version = await lockedPending(tx, id)
        await assertSecondKey(tx, actor, version.proposedBy, at)
        const after = await siteRepository.saveSettings(tx, { ...withoutId(before), ...contentColumnsOf(version.content), updatedAt: at })
        await siteRepository.decideContent(tx, id, { status: 'APPLIED', decidedBy: actor.operatorId, decidedAt: at })
        await auditRepository.record(tx, {
          actor,
          action: 'site.apply',
          targetType: 'site_content_version',
          targetId: String(id),
          before: metadataOf(before),
          after: { version: id, ...metadataOf(after) },
          at,
        })
        return after
      })
      cached.delete('metadata')
      return settingsOf(deps.db, row, actor.operatorId)
    },

    /** Turns a PENDING content version down, with a reason (its author withdrawing it included): players see nothing new. */
    async reject(actor: AuditActor, id: number, reason: string): Promise<SiteSettings> {
      const at = new Date(now())
      await inTransaction(deps.db, async (tx) => {
        const version = await lockedPending(tx, id)
        await siteRepository.decideContent(tx, id, rejection(actor.operatorId, at, reason))
        const target = { action: 'site.reject', targetType: 'site_content_version', id } as const
        await auditRepository.record(tx, refusalEntry(actor, at, target, reason, { held: contentOf(version.content) }))
      })
      return this.settings(actor.operatorId)
    },
  }
}
export type SiteService = ReturnType<typeof createSiteService>
