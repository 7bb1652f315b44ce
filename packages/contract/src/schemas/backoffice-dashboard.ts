import { z } from 'zod'
import { okEnvelope } from './envelope.ts'

/** One Bangkok day's figures; amounts in baht. Bets are net of rolled-back bets; GGR = bets - wins. */
export const DashboardDay = z.object({
  date: z.string(),
  deposits: z.number(),
  deposit_count: z.number().int(),
  withdrawals: z.number(),
  withdrawal_count: z.number().int(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
  new_players: z.number().int(),
})
export type DashboardDay = z.infer<typeof DashboardDay>

export const DashboardSummary = z.object({
  today: DashboardDay.extend({
    pending_withdrawals: z.number().int(),
    unmatched_deposits: z.number().int(),
    deposit_exceptions: z.number().int(),
    pending_approvals: z.number().int(),
    active_players: z.number().int(),
  }),
  /**
   * Withdrawals over the last 24 hours (issue 37 §4, ADR 085): the share of requests the auto-approval paid without
   * an operator (percent of those it was asked about, only with a payout bank; null: none asked), the time from
   * request to paid of every withdrawal paid (seconds, p50 and p95; null: none paid), and the bank payouts whose
   * outcome is unknown now (how many, the oldest's age in seconds; null: none).
   */
  payouts: z.object({
    auto_approval_percent: z.number().nullable(),
    auto_approved: z.number().int(),
    auto_asked: z.number().int(),
    paid_p50_seconds: z.number().int().nullable(),
    paid_p95_seconds: z.number().int().nullable(),
    unknown_count: z.number().int(),
    unknown_oldest_seconds: z.number().int().nullable(),
  }),
  /** The last 14 days, oldest first, today last; every day present. */
  days: z.array(DashboardDay),
})
export type DashboardSummary = z.infer<typeof DashboardSummary>

export const backofficeDashboardContract = {
  summary: { response: { 200: okEnvelope(DashboardSummary) } },
}
