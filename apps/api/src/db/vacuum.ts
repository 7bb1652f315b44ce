// The embedded database has no autovacuum (ADR 065, ADR 092): nothing removes its dead rows from tables and indexes,
// keeps its visibility map (index-only scans) or freezes its rows, and a PostgreSQL whose oldest unfrozen transaction id
// is about two billion transactions old refuses writes (wraparound). This does for PGlite what autovacuum does for
// PostgreSQL, by autovacuum's own default rules, one table at a time (each VACUUM holds the one connection only for
// its table), outside any transaction (VACUUM cannot run in one).
import { sql } from 'drizzle-orm'
import { bangkokWallTime } from '@sanam/contract/bangkok'
import type { Db } from './client.ts'
import { rowsOf } from './rows.ts'

/** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor, PostgreSQL's defaults: dead rows. */
export const VACUUM_THRESHOLD = 50
export const VACUUM_SCALE_FACTOR = 0.2
/** autovacuum_vacuum_insert_threshold and _scale_factor (PostgreSQL 13+): rows inserted since the last vacuum. */
export const VACUUM_INSERT_THRESHOLD = 1000
export const VACUUM_INSERT_SCALE_FACTOR = 0.2
/** vacuum_freeze_table_age: a table whose oldest unfrozen transaction id is older is frozen in the quiet hours. */
export const FREEZE_AGE = 150_000_000
/** autovacuum_freeze_max_age: older, it is frozen at once, whatever the hour (autovacuum's anti-wraparound vacuum). */
export const FREEZE_NOW_AGE = 200_000_000
/** The Bangkok hours, [from, to), when a table past FREEZE_AGE is frozen: a freeze reads the whole table. */
export const QUIET_HOURS = { from: 3, to: 6 } as const
/**
 * Half of the transaction ids PostgreSQL can hand out before it must freeze. The embedded database can freeze only its
 * own database; the templates' age grows with every write and, at about two billion, would stop writes (ADR 092).
 */
export const OLDEST_DATABASE_WARNING_AGE = 1_000_000_000

export interface VacuumRules {
  freezeAge: number
  freezeNowAge: number
}

export interface VacuumDone {
  /** Tables vacuumed for their dead or newly inserted rows, `schema.table`, in name order. */
  vacuumed: string[]
  /** Tables frozen (`VACUUM (FREEZE)`), `schema.table`, in name order. */
  frozen: string[]
}

const isQuietHour = (now: Date) => {
  const hour = Number(bangkokWallTime(now).slice(11, 13))
  return hour >= QUIET_HOURS.from && hour < QUIET_HOURS.to
}

/**
 * Vacuums the application's tables whose dead rows (or rows inserted) since their last vacuum passed autovacuum's rule,
 * counted since the database opened; and freezes every table, the system catalogue's included, whose oldest unfrozen
 * transaction id (its TOAST table's too) is older than `freezeAge` in the quiet hours, or than `freezeNowAge` at any
 * hour. Runs on the database handle itself, never in a transaction.
 */
export async function vacuumStaleTables(db: Db, now: Date, rules: VacuumRules = { freezeAge: FREEZE_AGE, freezeNowAge: FREEZE_NOW_AGE }): Promise<VacuumDone> {
  const freezeFrom = isQuietHour(now) ? rules.freezeAge : rules.freezeNowAge
  const tables = rowsOf<{ schema: string; name: string; freeze: boolean }>(
    await db.execute(sql`
      select n.nspname as schema, c.relname as name,
             greatest(age(c.relfrozenxid), coalesce(age(t.relfrozenxid), 0)) > ${freezeFrom} as freeze
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_class t on t.oid = c.reltoastrelid
      left join pg_stat_all_tables s on s.relid = c.oid
      where c.relkind in ('r', 'm') and n.nspname in ('public', 'pg_catalog')
        and (greatest(age(c.relfrozenxid), coalesce(age(t.relfrozenxid), 0)) > ${freezeFrom}
             or (n.nspname = 'public' and (
               coalesce(s.n_dead_tup, 0) > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE_FACTOR} * greatest(c.reltuples, 0)
               or coalesce(s.n_ins_since_vacuum, 0) > ${VACUUM_INSERT_THRESHOLD} + ${VACUUM_INSERT_SCALE_FACTOR} * greatest(c.reltuples, 0))))
      order by n.nspname desc, c.relname`),
  )
  const done: VacuumDone = { vacuumed: [], frozen: [] }
  for (const table of tables) {
    const target = sql`${sql.identifier(table.schema)}.${sql.identifier(table.name)}`
    await db.execute(table.freeze ? sql`vacuum (freeze) ${target}` : sql`vacuum ${target}`)
    ;(table.freeze ? done.frozen : done.vacuumed).push(`${table.schema}.${table.name}`)
  }
  return done
}

/** The age, in transactions, of the oldest database of the embedded database's cluster (the templates included). */
export async function oldestDatabaseAge(db: Db): Promise<{ name: string; age: number }> {
  const [row] = rowsOf<{ name: string; age: number }>(
    await db.execute(sql`select datname as name, age(datfrozenxid) as age from pg_database order by 2 desc limit 1`),
  )
  return { name: row!.name, age: Number(row!.age) }
}

/** Why the embedded database is nearing the end of its transaction ids; undefined while it is far from it. Start-up warns. */
export function wraparoundProblem(oldest: { name: string; age: number }): string | undefined {
  if (oldest.age < OLDEST_DATABASE_WARNING_AGE) return undefined
  return (
    `The embedded database's ${oldest.name} is ${oldest.age} transactions old: at about 2,100,000,000 PostgreSQL stops ` +
    `taking writes, and the embedded database cannot freeze its template databases. Move to PostgreSQL (docs/operations.md, ` +
    `"The embedded database's upkeep")`
  )
}
