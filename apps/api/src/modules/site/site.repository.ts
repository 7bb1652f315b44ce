import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { media, siteContentVersions, siteSettings } from '../../db/schema.ts'
import { decidedWithReviewers, insertPendingVersion, pendingWithReviewers, withReviewerNames } from '../../db/reviewed.ts'
import { rowWhere } from '../../db/rows.ts'

export type SiteSettingsRow = typeof siteSettings.$inferSelect
export type MediaRow = typeof media.$inferSelect
export type SiteContentVersionRow = typeof siteContentVersions.$inferSelect
export type NewSiteContentVersion = typeof siteContentVersions.$inferInsert
/** A version with the names of who proposed and who decided it. */
export type NamedSiteContentVersion = SiteContentVersionRow & { proposedByName: string; decidedByName: string | null }

/** Every content version has its author (proposed_by is required): the join always finds the name. */
const authored = (r: { version: SiteContentVersionRow; proposedBy: string | null; decidedBy: string | null }): NamedSiteContentVersion => {
  const row = withReviewerNames(r)
  return { ...row, proposedByName: row.proposedByName! }
}

export const siteRepository = {
  async findSettings(db: Db): Promise<SiteSettingsRow | undefined> {
    return rowWhere(db, siteSettings, eq(siteSettings.id, 1))
  },
  /** The settings row locked for a change (the one row, id 1). */
  async findSettingsForUpdate(db: Db): Promise<SiteSettingsRow | undefined> {
    return rowWhere(db, siteSettings, eq(siteSettings.id, 1), true)
  },
  /** Writes the one settings row, inserting it on a fresh database. */
  async saveSettings(db: Db, settings: Omit<typeof siteSettings.$inferInsert, 'id'>): Promise<SiteSettingsRow> {
    const [row] = await db
      .insert(siteSettings)
      .values({ ...settings, id: 1 })
      .onConflictDoUpdate({ target: siteSettings.id, set: settings })
      .returning()
    return row!
  },
  /** Which of `paths` (without the /media/ prefix) are stored. */
  async existingMedia(db: Db, paths: readonly string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set()
    const rows = await db
      .select({ path: media.path })
      .from(media)
      .where(inArray(media.path, [...paths]))
    return new Set(rows.map((r) => r.path))
  },
  /** Inserts a PENDING content version; undefined when another one is waiting (one at a time, ADR 068). */
  async insertPendingContent(db: Db, row: NewSiteContentVersion): Promise<SiteContentVersionRow | undefined> {
    return insertPendingVersion(db, siteContentVersions, row)
  },
  async findContentVersion(db: Db, id: number, forUpdate = false): Promise<SiteContentVersionRow | undefined> {
    return rowWhere(db, siteContentVersions, eq(siteContentVersions.id, id), forUpdate)
  },
  async pendingContent(db: Db): Promise<NamedSiteContentVersion | undefined> {
    const row = await pendingWithReviewers(db, siteContentVersions)
    return row && authored(row)
  },
  /** Decided versions, newest first (at most `limit`). */
  async contentHistory(db: Db, limit: number): Promise<NamedSiteContentVersion[]> {
    const rows = await decidedWithReviewers(db, siteContentVersions, siteContentVersions.decidedAt, limit)
    return rows.map(authored)
  },
  async decideContent(
    db: Db,
    id: number,
    patch: Pick<NewSiteContentVersion, 'status' | 'decidedBy' | 'decidedAt' | 'rejectReason'>,
  ): Promise<SiteContentVersionRow> {
    const [row] = await db.update(siteContentVersions).set(patch).where(eq(siteContentVersions.id, id)).returning()
    return row!
  },
  async findMedia(db: Db, path: string): Promise<MediaRow | undefined> {
    return rowWhere(db, media, eq(media.path, path))
  },
  async putMedia(db: Db, row: typeof media.$inferInsert): Promise<void> {
    await db
      .insert(media)
      .values(row)
      .onConflictDoUpdate({ target: media.path, set: { contentType: row.contentType, body: row.body, etag: row.etag, updatedAt: row.updatedAt ?? new Date() } })
  },
}
export type SiteRepository = typeof siteRepository
