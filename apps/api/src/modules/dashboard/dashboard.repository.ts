import { sql } from 'drizzle-orm'
import { bangkokDayTextOf } from '../../db/bangkok-day.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf, type DbNumber } from '../../db/rows.ts'

/** The transfer kinds the dashboard sums (DESIGN §3): money in and out, and the games' gross. */
export const DASHBOARD_KINDS = ['deposit', 'withdraw_payout', 'game_bet', 'game_win', 'game_rollback'] as const
export type DashboardKind = (typeof DASHBOARD_KINDS)[number]

/**
 * The back-office dashboard's reads (issue 12 §2), by Bangkok day (db/bangkok-day.ts). Money
 * comes from the immutable transfers, so every figure agrees with the ledger.
 */
export const dashboardRepository = {
  /** Per Bangkok day and kind, the sum and count of transfers in [from, to). */
  async moneyByDay(db: Db, from: Date, to: Date) {
    const rows = rowsOf<{ day: string; kind: DashboardKind; total: DbNumber; n: DbNumber }>(
      await db.execute(sql`
        select ${bangkokDayTextOf(sql`created_at`)} as day, kind, sum(amount) as total, count(*) as n
        from transfers
        where kind in (${sql.join(
          DASHBOARD_KINDS.map((k) => sql`${k}`),
          sql`, `,
        )}) and created_at >= ${from} and created_at < ${to}
        group by 1, 2`),
    )
    return rows.map((r) => ({ day: r.day, kind: r.kind, total: BigInt(r.total), count: Number(r.n) }))
  },

  /** Players who joined, per Bangkok day, in [from, to). */
  async newPlayersByDay(db: Db, from: Date, to: Date) {
    const rows = rowsOf<{ day: string; n: DbNumber }>(
      await db.execute(sql`
        select ${bangkokDayTextOf(sql`created_at`)} as day, count(*) as n
        from players where created_at >= ${from} and created_at < ${to} group by 1`),
    )
    return new Map(rows.map((r) => [r.day, Number(r.n)]))
  },

  /** The queues (withdrawals, unmatched transfers, open deposit exceptions, money actions waiting for a second operator) and today's active players (a web session used since `since`). */
  async now(db: Db, since: Date) {
    const [row] = rowsOf<{ pending: DbNumber; unmatched: DbNumber; exceptions: DbNumber; approvals: DbNumber; active: DbNumber }>(
      await db.execute(sql`
        select
          (select count(*) from withdrawals where status = 'PENDING') as pending,
          (select count(*) from deposits where status = 'UNMATCHED') as unmatched,
          (select count(*) from deposit_exceptions where status = 'OPEN') as exceptions,
          (select count(*) from approvals where status = 'PENDING') as approvals,
          (select count(distinct player_id) from sessions where last_seen_at >= ${since}) as active`),
    )
    return {
      pendingWithdrawals: Number(row?.pending ?? 0),
      unmatchedDeposits: Number(row?.unmatched ?? 0),
      depositExceptions: Number(row?.exceptions ?? 0),
      pendingApprovals: Number(row?.approvals ?? 0),
      activePlayers: Number(row?.active ?? 0),
    }
  },
}
export type DashboardRepository = typeof dashboardRepository
