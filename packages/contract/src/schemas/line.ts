import { z } from 'zod'
import { MessageOnly, okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'
import { NOTICE_KINDS } from '../notice-kinds.ts'

export * from '../notice-kinds.ts'

export const lineMessages = {
  notices: 'กรุณาเลือกการแจ้งเตือนจากรายการ',
  linkToken: 'ลิงก์เชื่อมต่อ LINE ไม่ถูกต้อง กรุณาแตะลิงก์จากแชท LINE อีกครั้ง',
} as const

/** The player's LINE: whether the site offers it, whether this player is linked, and which notices go there. */
export const LineState = z.object({
  /** False when the site has not connected a LINE Official Account (LINE is an option a site may turn off). */
  offered: z.boolean(),
  linked: z.boolean(),
  linked_at: z.string().nullable(),
  notices: z.array(z.enum(NOTICE_KINDS)),
  /** The Official Account's add-friend link (also drawn as a QR code by the app), when the site gave one. */
  add_friend_url: z.string().nullable(),
})
export type LineState = z.infer<typeof LineState>

/** `PUT /line/notices`: every notice that goes to LINE from now on (the others do not). */
export const LineNoticesBody = strictBody({
  notices: z
    .array(z.enum(NOTICE_KINDS, { error: lineMessages.notices }), { error: lineMessages.notices })
    .max(NOTICE_KINDS.length, { error: lineMessages.notices })
    .refine((kinds) => new Set(kinds).size === kinds.length, { error: lineMessages.notices }),
})
export type LineNoticesBody = z.infer<typeof LineNoticesBody>

/** `POST /line/link`: the link token LINE gave for the chat the player came from (it was in the link they tapped). */
export const LineLinkBody = strictBody({
  link_token: z
    .string({ error: lineMessages.linkToken })
    .min(8, { error: lineMessages.linkToken })
    .max(200, { error: lineMessages.linkToken })
    .regex(/^[A-Za-z0-9_-]+$/, { error: lineMessages.linkToken }),
})
export type LineLinkBody = z.infer<typeof LineLinkBody>

/** Where the browser goes next: LINE's account-link dialog, with the link token and Sanam's one-time nonce. */
export const LineLinkStart = z.object({ redirect_url: z.string() })
export type LineLinkStart = z.infer<typeof LineLinkStart>

export const lineContract = {
  state: { response: { 200: okEnvelope(LineState) } },
  notices: { body: LineNoticesBody, response: { 200: okEnvelope(LineState) } },
  link: { body: LineLinkBody, response: { 200: okEnvelope(LineLinkStart) } },
  unlink: { response: { 200: okEnvelope(LineState) } },
  webhook: { response: { 200: MessageOnly } },
}
