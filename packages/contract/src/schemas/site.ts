import { z } from 'zod'
import { UPLOAD_IMAGE_TYPES } from '../media.ts'
import { okEnvelope } from './envelope.ts'
import { MediaUrl, strictBody } from './fields.ts'

const HexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/)

/** Site metadata (spec §3): what the apps load at start. */
export const SiteMetadata = z.object({
  title: z.string(),
  description: z.string(),
  /**
   * `on_primary` is derived, not set: the text colour the player app writes on a primary fill (dark or white, whichever
   * reads better; @sanam/contract/site-theme), so the app draws exactly what the back-office's contrast check passed.
   */
  theme: z.object({ primary: HexColour, background: HexColour, on_primary: HexColour }),
  image: z.object({ favicon: z.string(), logo: z.string() }),
  contact: z.object({ line: z.string() }),
  /** Where a player finds help with gambling (shown wherever the app speaks of responsible play); null: none set. */
  responsible_play: z.object({ help_url: z.string().nullable() }),
  /** The site's terms and conditions, linked where a player registers and accepts them (ADR 046); null: none set. */
  terms_url: z.string().nullable(),
  slides: z.array(z.string()),
})
export type SiteMetadata = z.infer<typeof SiteMetadata>

export const Health = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['up', 'down']) })
export type Health = z.infer<typeof Health>

/** An uploaded image: where it is served, and what it is. */
export const UploadedImage = z.object({
  url: MediaUrl,
  content_type: z.enum(UPLOAD_IMAGE_TYPES),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
})
export type UploadedImage = z.infer<typeof UploadedImage>

/**
 * The web app manifest (issue 21 §5): what a phone needs to install the player app, made from the site settings, so an
 * operator's new name, colours or icon reach the home screen without a deploy. Served as a file, not in the envelope.
 */
export const WebAppManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  dir: z.literal('ltr'),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  orientation: z.literal('portrait'),
  background_color: HexColour,
  theme_color: HexColour,
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.literal('any') })),
})
export type WebAppManifest = z.infer<typeof WebAppManifest>

/** The server's log levels (pino's names), as LOG_LEVEL takes them. */
export const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
export type LogLevel = z.infer<typeof LogLevel>

export const siteContract = {
  metadata: { response: { 200: okEnvelope(SiteMetadata) } },
  manifest: { response: { 200: WebAppManifest } },
  uploadMedia: { response: { 200: okEnvelope(UploadedImage) } },
  health: { response: { 200: okEnvelope(Health), 503: z.object({ success: z.literal(false), data: Health }) } },
  /**
   * Demo mode only: the answering process's log level from now on, and what it was (the bench's comparison of the
   * request log at info and at warn on one server, issue 40 §1).
   */
  devLogLevel: { body: strictBody({ level: LogLevel }), response: { 200: okEnvelope(z.object({ level: LogLevel, was: LogLevel })) } },
}
