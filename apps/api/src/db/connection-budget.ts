// Each API process opens up to DB_POOL_MAX connections and one more for LISTEN (ADR 010, 052), so PostgreSQL sees up
// to API_PROCESSES × (DB_POOL_MAX + 1) of them. Past what the server accepts, the last ones are refused under load,
// as errors on money calls: start-up warns instead of letting a busy hour find out.
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rowsOf, type DbNumber } from './rows.ts'

/** What PostgreSQL accepts: max_connections, less the connections kept for superusers. */
export async function connectionsAccepted(db: Db): Promise<{ max: number; reserved: number }> {
  const [row] = rowsOf<{ max: DbNumber; reserved: DbNumber }>(
    await db.execute(sql`select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved`),
  )
  return { max: Number(row!.max), reserved: Number(row!.reserved) }
}

/** Why the API's processes could open more connections than PostgreSQL accepts; undefined when they cannot. */
export function connectionBudgetProblem(plan: { processes: number; poolMax: number }, accepted: { max: number; reserved: number }): string | undefined {
  const planned = plan.processes * (plan.poolMax + 1)
  const room = accepted.max - accepted.reserved
  if (planned <= room) return undefined
  return (
    `API_PROCESSES × (DB_POOL_MAX + 1) = ${plan.processes} × (${plan.poolMax} + 1) = ${planned} connections, but PostgreSQL accepts ` +
    `${room} (max_connections ${accepted.max} less ${accepted.reserved} reserved): under load the last are refused. ` +
    `Lower DB_POOL_MAX or API_PROCESSES, or raise max_connections`
  )
}
