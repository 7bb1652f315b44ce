import { z } from 'zod'
import { Restriction } from './exclusion.ts'
import { PromotionInfo } from './promotions.ts'
import { okEnvelope, MessageOnly } from './envelope.ts'
import { fieldMessages, LoginPassword, strictBody } from './fields.ts'

export const UserPromotion = z.object({ enabled: z.boolean(), info: PromotionInfo.optional() })

/** A player's phone and registered names, as every view of a player gives them. */
export const playerNames = { mobile: z.string(), firstname: z.string(), surname: z.string() }

/** The current player (spec §3 User). */
export const UserMe = z.object({
  uid: z.number().int(),
  ...playerNames,
  invite_code: z.string(),
  bank: z.object({ code: z.string(), name: z.string(), account: z.string() }),
  promotion: UserPromotion,
  created_at: z.string(),
  /**
   * A time-out or self-exclusion in force (issue 21 §2, ADR 047), null when none: the app opens in restricted mode
   * (withdraw and history only) and the server refuses everything else.
   */
  restriction: Restriction.nullable(),
})
export type UserMe = z.infer<typeof UserMe>

export const ChangePasswordBody = strictBody({
  old: LoginPassword,
  new: z.string({ error: 'รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร' }).min(6, { error: 'รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร' }).max(72, { error: fieldMessages.passwordLong }),
})
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>

export const userContract = {
  me: { response: { 200: okEnvelope(UserMe) } },
  changePassword: { body: ChangePasswordBody, response: { 200: MessageOnly } },
}
