import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { media, siteSettings } from '../../db/schema.ts'

export type SiteSettingsRow = typeof siteSettings.$inferSelect
export type MediaRow = typeof media.$inferSelect

export const siteRepository = {
  async findSettings(db: Db): Promise<SiteSettingsRow | undefined> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1)
    return row
  },
  /** The settings row locked for a change (the one row, id 1). */
  async findSettingsForUpdate(db: Db): Promise<SiteSettingsRow | undefined> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update').limit(1)
    return row
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
  async findMedia(db: Db, path: string): Promise<MediaRow | undefined> {
    const [row] = await db.select().from(media).where(eq(media.path, path)).limit(1)
    return row
  },
  async putMedia(db: Db, row: typeof media.$inferInsert): Promise<void> {
    await db
      .insert(media)
      .values(row)
      .onConflictDoUpdate({ target: media.path, set: { contentType: row.contentType, body: row.body, etag: row.etag, updatedAt: row.updatedAt ?? new Date() } })
  },
}
export type SiteRepository = typeof siteRepository
