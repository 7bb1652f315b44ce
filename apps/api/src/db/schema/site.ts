import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { decisionColumns, operatorRef } from './backoffice.ts'
import { bytea, createdAt, onePending, serialId, updatedAt } from './columns.ts'

/**
 * The part of the site settings that can tell players where to send money (ADR 068): the title, description, logo,
 * contact, help and terms links and slides, which a version proposes and a second operator applies.
 */
const siteContentColumns = () => ({
  title: text('title').notNull(),
  description: text('description').notNull(),
  logoUrl: text('logo_url').notNull(),
  contactLine: text('contact_line').notNull(),
  /** The responsible-play help link players are shown; null when none is set. */
  responsiblePlayUrl: text('responsible_play_url'),
  /** The site's terms and conditions, linked where a player registers and accepts them; null when none is set. */
  termsUrl: text('terms_url'),
  slides: jsonb('slides').$type<string[]>().notNull(),
})

/** Site settings: one row (id = 1), edited by the back-office later. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  ...siteContentColumns(),
  themePrimary: text('theme_primary').notNull(),
  themeBackground: text('theme_background').notNull(),
  faviconUrl: text('favicon_url').notNull(),
  updatedAt: updatedAt(),
})

/** Images and other small files served under /media (generated SVGs now, uploads later). */
export const media = pgTable('media', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  etag: text('etag').notNull(),
  updatedAt: updatedAt(),
})

/** The site content a version stores, as its columns in `site_settings` read it. */
export type SiteContentColumns = Pick<typeof siteSettings.$inferSelect, keyof ReturnType<typeof siteContentColumns>>
/** Their names, in the columns' order. */
export const SITE_CONTENT_KEYS = Object.keys(siteContentColumns()) as (keyof SiteContentColumns)[]

/**
 * Every proposed change to what players read on the site (ADR 068): the title, description, logo, slides and the
 * contact, help and terms links, which can carry payment instructions. One operator proposes (PENDING); a second,
 * different finance operator applies it (APPLIED: its content is copied into `site_settings`, which players read) or
 * anyone who may propose or apply turns it down (REJECTED). A version is never edited: what was reviewed is what goes
 * live. Players never read this table.
 */
export const siteContentVersions = pgTable(
  'site_content_versions',
  {
    id: serialId(),
    status: text('status', { enum: ['PENDING', 'APPLIED', 'REJECTED'] }).notNull(),
    content: jsonb('content').$type<SiteContentColumns>().notNull(),
    proposedBy: operatorRef('proposed_by').notNull(),
    createdAt: createdAt(),
    ...decisionColumns(),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    // One proposal waits at a time: a second one would be drafted against content the first may replace.
    onePending('site_content_versions_one_pending_key', t.status),
    check('site_content_versions_decided', sql`(status = 'PENDING') = (decided_at is null)`),
  ],
)
