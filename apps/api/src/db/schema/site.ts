import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { bytea, updatedAt } from './columns.ts'

/** Site settings: one row (id = 1), edited by the back-office later. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  title: text('title').notNull(),
  description: text('description').notNull(),
  themePrimary: text('theme_primary').notNull(),
  themeBackground: text('theme_background').notNull(),
  faviconUrl: text('favicon_url').notNull(),
  logoUrl: text('logo_url').notNull(),
  contactLine: text('contact_line').notNull(),
  /** The responsible-play help link players are shown; null when none is set. */
  responsiblePlayUrl: text('responsible_play_url'),
  /** The site's terms and conditions, linked where a player registers and accepts them; null when none is set. */
  termsUrl: text('terms_url'),
  slides: jsonb('slides').$type<string[]>().notNull(),
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
