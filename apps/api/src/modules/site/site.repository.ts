import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { media, siteSettings } from '../../db/schema.ts'

export type SiteSettingsRow = typeof siteSettings.$inferSelect
export type MediaRow = typeof media.$inferSelect

export const siteRepository = {
  async findSettings(db: Db): Promise<SiteSettingsRow | undefined> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1)
    return row
  },
  async insertSettings(db: Db, settings: typeof siteSettings.$inferInsert): Promise<void> {
    await db
      .insert(siteSettings)
      .values({ ...settings, id: 1 })
      .onConflictDoNothing()
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
