import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './client.ts'
import { executeNamed, namedByText, rowsOf } from './rows.ts'

/**
 * A write that another write of the same transaction can carry in its statement (ADR 100): an INSERT, UPDATE or
 * DELETE that neither reads what the other writes of its statement change nor changes what they read. `returned`, when
 * the caller wants the rows it wrote: its SQL then ends in RETURNING, and `returned` is called with those rows once
 * the statement has run.
 */
export interface Write {
  sql: SQL
  returned?: (rows: Array<Record<string, unknown>>) => void
}

const cte = (n: number) => sql.raw(`w${n}`)

/**
 * Sends `writes` as ONE statement, each a data-modifying WITH query (ADR 100): PostgreSQL runs each exactly once and to
 * completion, all on one snapshot, so independent writes cost their transaction one round trip rather than one each
 * (issue 38 §6: a deposit's credit carries the player's notice). A named statement, one per text. The rows each
 * write returns come back as JSON objects (`to_jsonb`), keyed by column name: numbers (a bigint as a number), text,
 * booleans, and timestamps as ISO text. Nothing is sent for no write.
 */
export async function writeTogether(db: Db, writes: readonly Write[]): Promise<void> {
  if (writes.length === 0) return
  const withs = sql.join(
    writes.map((write, n) => sql`${cte(n)} as (${write.sql})`),
    sql`, `,
  )
  const reads = writes.flatMap((write, n) => (write.returned ? [sql`select ${sql.raw(String(n))} as w, to_jsonb(${cte(n)}) as r from ${cte(n)}`] : []))
  const body = reads.length > 0 ? sql.join(reads, sql` union all `) : sql`select null::int as w, null::jsonb as r where false`
  const rows = rowsOf<{ w: number; r: Record<string, unknown> }>(await executeNamed(db, namedByText('together'), sql`with ${withs} ${body}`))
  writes.forEach((write, n) => write.returned?.(rows.filter((row) => Number(row.w) === n).map((row) => row.r)))
}
