import { satangToBaht } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { addDays, bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import type { Clock } from '../../lib/clock.ts'
import type { DashboardKind, DashboardRepository } from './dashboard.repository.ts'

export const DASHBOARD_DAYS = 14
/** The payouts' figures cover a rolling day. */
const DAY_MS = 86_400_000

/** Today's figures (Asia/Bangkok) and the last 14 days, every day present (zeros included). */
export function createDashboardService(deps: {
  db: Db
  clock: Clock
  dashboardRepository: Pick<DashboardRepository, 'moneyByDay' | 'newPlayersByDay' | 'now' | 'payouts'>
}) {
  const { db, clock, dashboardRepository } = deps
  return {
    async summary() {
      const today = bangkokDay(clock.now())
      const first = addDays(today, -(DASHBOARD_DAYS - 1))
      const from = bangkokDayRange(first).start
      const to = bangkokDayRange(today).end
      const at = clock.now()
      const [money, joined, now, paid] = await Promise.all([
        dashboardRepository.moneyByDay(db, from, to),
        dashboardRepository.newPlayersByDay(db, from, to),
        dashboardRepository.now(db, bangkokDayRange(today).start),
        dashboardRepository.payouts(db, new Date(at.getTime() - DAY_MS), at),
      ])
      const sum = (day: string, kind: DashboardKind) => money.find((m) => m.day === day && m.kind === kind) ?? { total: 0n, count: 0 }
      const dayOf = (day: string) => {
        const bets = sum(day, 'game_bet').total
        const wins = sum(day, 'game_win').total
        const refunds = sum(day, 'game_rollback').total
        return {
          date: day,
          deposits: satangToBaht(sum(day, 'deposit').total),
          deposit_count: sum(day, 'deposit').count,
          withdrawals: satangToBaht(sum(day, 'withdraw_payout').total),
          withdrawal_count: sum(day, 'withdraw_payout').count,
          // A rolled-back bet was never a bet: it counts neither in the bets nor in the house's gross.
          bets: satangToBaht(bets - refunds),
          wins: satangToBaht(wins),
          ggr: satangToBaht(bets - refunds - wins),
          new_players: joined.get(day) ?? 0,
        }
      }
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => dayOf(addDays(first, i)))
      const current = days.at(-1)!
      return {
        today: {
          ...current,
          pending_withdrawals: now.pendingWithdrawals,
          unmatched_deposits: now.unmatchedDeposits,
          deposit_exceptions: now.depositExceptions,
          pending_approvals: now.pendingApprovals,
          active_players: now.activePlayers,
        },
        payouts: {
          auto_approval_percent: paid.asked > 0 ? Math.round((paid.approved / paid.asked) * 1000) / 10 : null,
          auto_approved: paid.approved,
          auto_asked: paid.asked,
          paid_p50_seconds: paid.p50,
          paid_p95_seconds: paid.p95,
          unknown_count: paid.unknown,
          unknown_oldest_seconds: paid.oldest,
        },
        days,
      }
    },
  }
}
export type DashboardService = ReturnType<typeof createDashboardService>
