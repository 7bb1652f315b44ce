// The embedded database has no autovacuum, so nothing gathers the planner's statistics of its tables: every table is
// planned as if it held a row or two, however large it grew. A 30-day report per game on a few thousand bets then took
// a nested loop over every round of the provider for each transfer, minutes of the server's one thread (ADR 065).
// This does for PGlite what autovacuum's analysis does for PostgreSQL, by autovacuum's own default rule.
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rowsOf } from './rows.ts'

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor, PostgreSQL's defaults. */
export const ANALYZE_THRESHOLD = 50
export const ANALYZE_SCALE_FACTOR = 0.1

/**
 * Analyzes every table of the application's schema that was never analyzed, or whose rows changed since its last
 * analysis (inserted, updated or deleted, as counted since the database opened) by more than ANALYZE_THRESHOLD plus
 * ANALYZE_SCALE_FACTOR of its rows. Answers the tables analyzed, in name order.
 */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const stale = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.reltuples < 0 or coalesce(s.n_mod_since_analyze, 0) > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * c.reltuples)
      order by c.relname`),
  ).map((row) => row.name)
  for (const name of stale) await db.execute(sql`analyze ${sql.identifier(name)}`)
  return stale
}

/** PostgreSQL's own upkeep: autovacuum, and the change counts it acts on (`track_counts`). */
export async function autovacuumSettings(db: Db): Promise<{ autovacuum: boolean; trackCounts: boolean }> {
  const [row] = rowsOf<{ autovacuum: string; track_counts: string }>(
    await db.execute(sql`select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as track_counts`),
  )
  return { autovacuum: row!.autovacuum === 'on', trackCounts: row!.track_counts === 'on' }
}

/**
 * Why PostgreSQL will not keep its tables analyzed and vacuumed; undefined when it will. Start-up warns with it: the
 * job above is the embedded database's, and on PostgreSQL the runtime role, which owns no table, could not analyze.
 */
export function autovacuumProblem(settings: { autovacuum: boolean; trackCounts: boolean }): string | undefined {
  const off = [!settings.autovacuum && 'autovacuum', !settings.trackCounts && 'track_counts'].filter(Boolean)
  if (off.length === 0) return undefined
  return (
    `PostgreSQL's ${off.join(' and ')} ${off.length > 1 ? 'are' : 'is'} off: no table is analyzed or vacuumed, so queries are ` +
    `planned as if the tables were empty (reports and searches slow down as the data grows) and transaction ids run out. ` +
    `Turn ${off.join(' and ')} on (docs/operations.md, "PostgreSQL settings the guarantees rely on")`
  )
}
