import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'
import { PageQuery } from './wallet.ts'

const Baht = z.number()
const Iso = z.string()

/** Payout intervals (spec §9): daily, Fridays only ('WEEKEN' is the spec's spelling), the 1st of the month. */
export const PayoutInterval = z.enum(['DAY', 'WEEKEN', 'MONTH'])
export type PayoutInterval = z.infer<typeof PayoutInterval>

/** The two wallets a player can move to the main wallet: referral commission (bonus) and play refund (rebate). */
export const PayoutWalletName = z.enum(['bonus', 'refund'])
export type PayoutWalletName = z.infer<typeof PayoutWalletName>

/** Referral wallet (spec §3): all ever earned, what is left to move, and the payout terms in baht. */
export const PayoutWallet = z.object({
  total: Baht,
  remaining: Baht,
  options: z.object({ min: Baht, max: Baht, interval: PayoutInterval }),
})
export type PayoutWallet = z.infer<typeof PayoutWallet>

/** `GET /wallet/v2/balance`: cash, both referral wallets and today's valid turnover (Asia/Bangkok day), in baht. */
export const WalletSummary = z.object({
  balance: Baht,
  bonus: PayoutWallet,
  refund: PayoutWallet,
  turnover: Baht,
})
export type WalletSummary = z.infer<typeof WalletSummary>
/** GET /wallet/v2/balance (spec §3 Balance response, with the referral wallet details). */
export const Balance = WalletSummary
export type Balance = WalletSummary

/** Downline page size (spec §9). */
export const DOWNLINE_PAGE_SIZE = 10

export const Downline = z.object({
  /** The downline's mobile with its middle hidden: 081-xxx-5678. */
  username: z.string(),
  created_at: Iso,
})
export type Downline = z.infer<typeof Downline>

/** Invite info (spec §3): percentages are fractions (0.03 is 3 %); level-1 downlines newest first, paged. */
export const InviteInfo = z.object({
  invite_code: z.string(),
  percentage: z.object({ level1: z.number(), level2: z.number(), level3: z.number() }),
  downlines: z.array(Downline),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
})
export type InviteInfo = z.infer<typeof InviteInfo>

/** The `u` of a registration link: an upline's player id, digits only (what registration itself accepts as `upid`). */
export const UplineQuery = z.strictObject({ upid: z.string({ error: 'ลิงก์ผู้แนะนำไม่ถูกต้อง' }).regex(/^\d{1,15}$/, { error: 'ลิงก์ผู้แนะนำไม่ถูกต้อง' }) })
export type UplineQuery = z.infer<typeof UplineQuery>

/**
 * `GET /invites/upline?upid=` (ADR 073): who invited a visitor through a link's `u`, as the register page may show it to
 * anyone: the upline's mobile with its middle hidden (081-xxx-5678), as a downline list shows players, never more.
 */
export const UplineDisplay = z.object({ upline: z.string() })
export type UplineDisplay = z.infer<typeof UplineDisplay>

/** What a move to the main wallet moved and what stays behind, in baht. */
export const PayoutResult = z.object({ amount: Baht, remaining: Baht })
export type PayoutResult = z.infer<typeof PayoutResult>

const DAY_MESSAGE = 'วันที่ไม่ถูกต้อง (รูปแบบ YYYY-MM-DD)'

/**
 * A calendar day as YYYY-MM-DD that exists (2026-02-30 does not), in years 2000-2099: PostgreSQL has no year 0, and
 * no business day of this product lies outside that range.
 */
export const CalendarDay = z
  .string({ error: DAY_MESSAGE })
  .regex(/^20\d{2}-\d{2}-\d{2}$/, { error: DAY_MESSAGE })
  .refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
    },
    { error: DAY_MESSAGE },
  )

export const AccrueBody = strictBody({ day: CalendarDay })
export type AccrueBody = z.infer<typeof AccrueBody>

/** What one accrual run did: sources with turnover accrued, accrual rows written, and baht paid into each wallet. */
export const AccrueResult = z.object({
  day: z.string(),
  sources: z.number().int(),
  accruals: z.number().int(),
  transfers: z.number().int(),
  referral: Baht,
  rebate: Baht,
})
export type AccrueResult = z.infer<typeof AccrueResult>

/**
 * `GET /wallet/stream` (issue 21 §4, ADR 049): the live balance as Server-Sent Events. Each `balance` event's data is
 * one WalletSummary as JSON (the balance read's `data`), sent on connect and after every change to the player's money.
 */
export const BalanceStreamText = z
  .string()
  .describe(
    [
      'Server-Sent Events (text/event-stream), UTF-8, authenticated by the player bearer token like any player route',
      '(a browser client sends it with fetch; EventSource cannot). Events:',
      '`event: balance` with `data: <WalletSummary as JSON>` (the same fields and baht amounts as `GET /api/wallet/v2/balance`),',
      "once on connect and again after every committed change to the player's money, in this process or any other;",
      'comment lines (`:`) every 15 s as heartbeats; `event: end` with `data: {"reason":"session"}` just before the server',
      'closes a stream whose session is over (sign-out, revocation, expiry or idle time): do not reconnect then. Otherwise',
      'the server also ends a stream when it cannot read the balance, or while it could miss changes (503 until it can):',
      'reconnect with backoff; a 401 means the session is over.',
    ].join(' '),
  )

export const referralContract = {
  balance: { response: { 200: okEnvelope(WalletSummary) } },
  balanceStream: { response: { 200: { content: { 'text/event-stream': { schema: BalanceStreamText } } } } },
  invites: { querystring: PageQuery, response: { 200: okEnvelope(InviteInfo) } },
  transfer: { response: { 200: okEnvelope(PayoutResult) } },
  upline: { querystring: UplineQuery, response: { 200: okEnvelope(UplineDisplay) } },
  accrue: { body: AccrueBody, response: { 200: okEnvelope(AccrueResult) } },
}
