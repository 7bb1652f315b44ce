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

  /**
   * Withdrawals since `since` (ADR 085): how many the auto-approval was asked about and how many it paid without an
   * operator, the request-to-paid time's p50 and p95 (seconds) of every withdrawal paid (through the bank or by hand),
   * and the payouts whose outcome is unknown now with the oldest's age at `now`.
   */
  async payouts(db: Db, since: Date, now: Date) {
    const [row] = rowsOf<{
      asked: DbNumber
      approved: DbNumber
      p50: DbNumber | null
      p95: DbNumber | null
      unknown: DbNumber
      oldest: DbNumber | null
    }>(
      await db.execute(sql`
        select
          (select count(*) from withdrawals where auto_refusals is not null and created_at >= ${since}) as asked,
          (select count(*) from withdrawals where auto_refusals = '[]'::jsonb and created_at >= ${since}) as approved,
          (select round(percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at)))
            from withdrawals where status = 'SUCCESS' and decided_at >= ${since}) as p50,
          (select round(percentile_cont(0.95) within group (order by extract(epoch from decided_at - created_at)))
            from withdrawals where status = 'SUCCESS' and decided_at >= ${since}) as p95,
          (select count(*) from payouts where status = 'UNKNOWN') as unknown,
          (select floor(extract(epoch from ${now}::timestamptz - min(created_at))) from payouts where status = 'UNKNOWN') as oldest`),
    )
    const count = (v: DbNumber | undefined) => Number(v ?? 0)
    const maybe = (v: DbNumber | null | undefined) => (v === null || v === undefined ? null : Number(v))
    return {
      asked: count(row?.asked),
      approved: count(row?.approved),
      p50: maybe(row?.p50),
      p95: maybe(row?.p95),
      unknown: count(row?.unknown),
      oldest: maybe(row?.oldest),
    }
  },
}
export type DashboardRepository = typeof dashboardRepository
