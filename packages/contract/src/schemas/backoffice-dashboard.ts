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
  /** The last 14 days, oldest first, today last; every day present. */
  days: z.array(DashboardDay),
})
export type DashboardSummary = z.infer<typeof DashboardSummary>

export const backofficeDashboardContract = {
  summary: { response: { 200: okEnvelope(DashboardSummary) } },
}
