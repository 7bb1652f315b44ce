import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { Restriction } from './exclusion.ts'
import { idParams, ReasonBody } from './fields.ts'
import { PromotionHistoryItem } from './promotions.ts'
import { playerNames } from './user.ts'
import { PageParam, PageQuery, pageOf, WalletHistoryItem } from './wallet.ts'

const MemberIdParams = idParams('รหัสสมาชิกไม่ถูกต้อง')
const MemberStatus = z.enum(['ACTIVE', 'LOCKED'])

export const MemberSummary = z.object({
  id: z.number().int(),
  ...playerNames,
  bank_code: z.string(),
  bank_account: z.string(),
  status: MemberStatus,
  created_at: z.string(),
  /** The member's time-out or self-exclusion in force, null when none (ADR 047): shown, never lifted early. */
  exclusion: Restriction.nullable(),
})
export type MemberSummary = z.infer<typeof MemberSummary>

export const MemberProfile = MemberSummary.extend({
  invite_code: z.string(),
  upline_id: z.number().int().nullable(),
  last_login_at: z.string().nullable(),
  last_ip: z.string().nullable(),
  live_sessions: z.number().int(),
  /** When the member confirmed being 20 or older and accepted the terms at registration (ADR 046); null before it was asked. */
  terms_accepted_at: z.string().nullable(),
  /** Baht: cash, the amount held by pending withdrawals, the referral (bonus) and rebate (play-refund) wallets. */
  balances: z.object({ cash: z.number(), withdraw_hold: z.number(), referral: z.number(), rebate: z.number() }),
})
export type MemberProfile = z.infer<typeof MemberProfile>

/**
 * One transfer of the member's ledger. `from` and `to` are account kinds: the member's own (cash, withdraw_hold,
 * referral, rebate) or a house account (bank_in, game:<provider>, promotion, adjustment, ...). `change` is what it
 * did to the member's money in baht: positive in, negative out, zero for a move between two of their own accounts.
 */
export const MemberLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  reference: z.string(),
  amount: z.number(),
  change: z.number(),
  from: z.string(),
  to: z.string(),
  at: z.string(),
})
export type MemberLedgerEntry = z.infer<typeof MemberLedgerEntry>

export const MemberSession = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Not revoked and not past its absolute end (an idle one ends on its next use). */
  live: z.boolean(),
})
export type MemberSession = z.infer<typeof MemberSession>

export const MemberDownline = MemberSummary.pick({ id: true, mobile: true, firstname: true, surname: true, status: true, created_at: true })
export type MemberDownline = z.infer<typeof MemberDownline>

export const backofficeMembersContract = {
  /** Members `q` finds (phone, name, bank account or invite code); without `q`, every member: newest first either way. */
  search: {
    querystring: z.strictObject({
      q: z.string({ error: 'กรุณากรอกคำค้นหา' }).trim().min(1, { error: 'กรุณากรอกคำค้นหา' }).max(64, { error: 'คำค้นหายาวเกินไป' }).optional(),
      page: PageParam,
    }),
    response: { 200: okEnvelope(pageOf(MemberSummary)) },
  },
  profile: { params: MemberIdParams, response: { 200: okEnvelope(MemberProfile) } },
  lock: { params: MemberIdParams, body: ReasonBody, response: { 200: okEnvelope(MemberProfile) } },
  unlock: { params: MemberIdParams, body: ReasonBody, response: { 200: okEnvelope(MemberProfile) } },
  endSessions: { params: MemberIdParams, response: { 200: okEnvelope(MemberProfile) } },
  ledger: { params: MemberIdParams, querystring: PageQuery, response: { 200: okEnvelope(pageOf(MemberLedgerEntry)) } },
  /** Deposits and withdrawals as the member's own history shows them. */
  money: { params: MemberIdParams, querystring: PageQuery, response: { 200: okEnvelope(pageOf(WalletHistoryItem)) } },
  promotions: { params: MemberIdParams, querystring: PageQuery, response: { 200: okEnvelope(pageOf(PromotionHistoryItem)) } },
  downline: { params: MemberIdParams, querystring: PageQuery, response: { 200: okEnvelope(pageOf(MemberDownline)) } },
  sessions: { params: MemberIdParams, querystring: PageQuery, response: { 200: okEnvelope(pageOf(MemberSession)) } },
  /** The temporary password goes to the member's registered phone by SMS; the operator sees only where it went. */
  resetPassword: { params: MemberIdParams, response: { 200: okEnvelope(z.object({ sent_to: z.string() })) } },
}
