import { z } from 'zod'
import { failingContrasts, contrastRefusal } from '../site-theme.ts'
import { okEnvelope } from './envelope.ts'
import { idParams, MediaUrl, ReasonBody, reviewFields, strictBody } from './fields.ts'
import { SiteMetadata } from './site.ts'
import { CanDecide } from './backoffice-permissions.ts'

// The back-office's site settings editor (issue 20 §3): the same shape as the metadata the apps load.

/** The most slides the lobby's carousel takes. */
export const MAX_SLIDES = 10

const plainText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f<>]/.test(s), { error: message })

const colour = (message: string) =>
  z
    .string({ error: message })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: message })
    .transform((c) => c.toLowerCase())

/** A link players open in a new window: https only, to a named host (never javascript:, data: or an address). */
const httpsLink = (message: string) =>
  z
    .string({ error: message })
    .max(300, { error: message })
    .regex(/^https:\/\/[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*\.[a-zA-Z]{2,}(\/[\w./?=&%#@:~+-]*)?$/, { error: message })
    .refine((url) => URL.canParse(url), { error: message })

export const SiteSettingsBody = strictBody({
  title: plainText('กรุณากรอกชื่อเว็บไซต์ (ไม่เกิน 60 ตัวอักษร)', 60),
  description: plainText('กรุณากรอกคำอธิบายเว็บไซต์ (ไม่เกิน 300 ตัวอักษร)', 300),
  theme: z.strictObject({
    primary: colour('สีหลักต้องเป็นรหัสสีแบบ #RRGGBB'),
    background: colour('สีพื้นหลังต้องเป็นรหัสสีแบบ #RRGGBB'),
  }),
  image: z.strictObject({
    logo: MediaUrl,
    favicon: MediaUrl,
  }),
  contact: z.strictObject({ line: httpsLink('ลิงก์ติดต่อต้องเป็นลิงก์ https:// ที่ถูกต้อง') }),
  responsible_play: z.strictObject({ help_url: httpsLink('ลิงก์ช่วยเหลือการเล่นอย่างรับผิดชอบต้องเป็นลิงก์ https:// ที่ถูกต้อง').nullable() }),
  terms_url: httpsLink('ลิงก์ข้อกำหนดและเงื่อนไขต้องเป็นลิงก์ https:// ที่ถูกต้อง').nullable(),
  slides: z
    .array(MediaUrl, { error: 'รูปสไลด์ไม่ถูกต้อง' })
    .max(MAX_SLIDES, { error: `ใส่รูปสไลด์ได้ไม่เกิน ${MAX_SLIDES} รูป` })
    .refine((slides) => new Set(slides).size === slides.length, { error: 'มีรูปสไลด์ซ้ำกัน' }),
}).superRefine((body, ctx) => {
  // The theme is refused when any text the player app draws with it falls below WCAG AA, with the ratio shown.
  for (const check of failingContrasts(body.theme)) {
    ctx.addIssue({
      code: 'custom',
      path: ['theme', check.pair === 'on_primary' || check.pair === 'primary_text' ? 'primary' : 'background'],
      message: contrastRefusal(check),
    })
  }
})
export type SiteSettingsBody = z.infer<typeof SiteSettingsBody>
export type SiteSettingsInput = z.input<typeof SiteSettingsBody>

/**
 * What players read that can tell them where to send money (ADR 068): the texts, the logo (the lobby's first slide),
 * the slides and the contact, help and terms links. A change to any of these waits for a second operator; the rest of
 * the settings (the two theme colours and the favicon) apply at once.
 */
export const SiteContent = z.object({
  title: z.string(),
  description: z.string(),
  image: z.object({ logo: z.string() }),
  contact: z.object({ line: z.string() }),
  responsible_play: z.object({ help_url: z.string().nullable() }),
  terms_url: z.string().nullable(),
  slides: z.array(z.string()),
})
export type SiteContent = z.infer<typeof SiteContent>

export const SiteContentVersionStatus = z.enum(['PENDING', 'APPLIED', 'REJECTED'])

/** One proposed change of the site's content: all of it as proposed, who proposed it and who decided it. */
export const SiteContentVersion = z.object({
  id: z.number().int(),
  status: SiteContentVersionStatus,
  content: SiteContent,
  proposed_by: z.string(),
  proposed_by_id: z.number().int(),
  ...reviewFields,
  /** On the version waiting: whether the signed-in operator may apply it now (ADR 075). */
  can_decide: CanDecide.optional(),
})
export type SiteContentVersion = z.infer<typeof SiteContentVersion>

/**
 * The settings as the editor loads them: the metadata players are served now and when it was last saved, the change
 * waiting for a second operator (players do not see it) and the latest decided ones, newest first.
 */
export const SiteSettings = SiteMetadata.extend({
  updated_at: z.string(),
  pending: SiteContentVersion.nullable(),
  history: z.array(SiteContentVersion),
})
export type SiteSettings = z.infer<typeof SiteSettings>

export const SiteVersionParams = idParams('ไม่พบการเปลี่ยนแปลงที่รออนุมัติ')
/**
 * Every operator role reads; 'site.manage' saves (the look at once, the content as a proposal); 'money.decide' applies
 * a proposal (never its author); whoever may save or apply turns one down.
 */
export const backofficeSiteContract = {
  get: { response: { 200: okEnvelope(SiteSettings) } },
  save: { body: SiteSettingsBody, response: { 200: okEnvelope(SiteSettings) } },
  approve: { params: SiteVersionParams, response: { 200: okEnvelope(SiteSettings) } },
  reject: { params: SiteVersionParams, body: ReasonBody, response: { 200: okEnvelope(SiteSettings) } },
}
