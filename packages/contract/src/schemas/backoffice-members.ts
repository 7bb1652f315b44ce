import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'
import { PageParam, pageOf } from './wallet.ts'

const MemberIdParams = z.strictObject({ id: z.string().regex(/^\d{1,15}$/, { error: 'รหัสสมาชิกไม่ถูกต้อง' }) })
const Reason = z.string({ error: 'กรุณาระบุเหตุผล' }).trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500, { error: 'เหตุผลยาวเกินไป' })
const MemberStatus = z.enum(['ACTIVE', 'LOCKED'])

export const MemberSummary = z.object({
  id: z.number().int(),
  mobile: z.string(),
  firstname: z.string(),
  surname: z.string(),
  bank_code: z.string(),
  bank_account: z.string(),
  status: MemberStatus,
  created_at: z.string(),
})
export type MemberSummary = z.infer<typeof MemberSummary>

export const MemberProfile = MemberSummary.extend({
  invite_code: z.string(),
  upline_id: z.number().int().nullable(),
  last_login_at: z.string().nullable(),
  last_ip: z.string().nullable(),
  live_sessions: z.number().int(),
  /** Baht: cash, the amount held by pending withdrawals, the referral (bonus) and rebate (play-refund) wallets. */
  balances: z.object({ cash: z.number(), withdraw_hold: z.number(), referral: z.number(), rebate: z.number() }),
})
export type MemberProfile = z.infer<typeof MemberProfile>

export const backofficeMembersContract = {
  search: {
    querystring: z.strictObject({
      q: z.string({ error: 'กรุณากรอกคำค้นหา' }).trim().min(1, { error: 'กรุณากรอกคำค้นหา' }).max(64, { error: 'คำค้นหายาวเกินไป' }),
      page: PageParam,
    }),
    response: { 200: okEnvelope(pageOf(MemberSummary)) },
  },
  profile: { params: MemberIdParams, response: { 200: okEnvelope(MemberProfile) } },
  lock: { params: MemberIdParams, body: strictBody({ reason: Reason }), response: { 200: okEnvelope(MemberProfile) } },
  unlock: { params: MemberIdParams, body: strictBody({ reason: Reason }), response: { 200: okEnvelope(MemberProfile) } },
  endSessions: { params: MemberIdParams, response: { 200: okEnvelope(MemberProfile) } },
}
