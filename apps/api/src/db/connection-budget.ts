// Each API process opens up to DB_POOL_MAX connections, one more for LISTEN (ADR 010, 052) and its outbox thread's
// (ADR 101), so PostgreSQL sees up to API_PROCESSES × (DB_POOL_MAX + 3) of them. Past what the server accepts, the
// last ones are refused under load, as errors on money calls: start-up warns instead of letting a busy hour find out.
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rowsOf, type DbNumber } from './rows.ts'

/** The outbox thread's pool (ADR 101): a pass's statements run one after another; one more for an alert raised meanwhile. */
export const OUTBOX_THREAD_CONNECTIONS = 2
/** What a process opens beside its pool of DB_POOL_MAX: the notification listener and the outbox thread's pool. */
const BESIDE_THE_POOL = 1 + OUTBOX_THREAD_CONNECTIONS

/** What PostgreSQL accepts: max_connections, less the connections kept for superusers. */
export async function connectionsAccepted(db: Db): Promise<{ max: number; reserved: number }> {
  const [row] = rowsOf<{ max: DbNumber; reserved: DbNumber }>(
    await db.execute(sql`select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved`),
  )
  return { max: Number(row!.max), reserved: Number(row!.reserved) }
}

/** Why the API's processes could open more connections than PostgreSQL accepts; undefined when they cannot. */
export function connectionBudgetProblem(plan: { processes: number; poolMax: number }, accepted: { max: number; reserved: number }): string | undefined {
  const planned = plan.processes * (plan.poolMax + BESIDE_THE_POOL)
  const room = accepted.max - accepted.reserved
  if (planned <= room) return undefined
  return (
    `API_PROCESSES × (DB_POOL_MAX + ${BESIDE_THE_POOL}) = ${plan.processes} × (${plan.poolMax} + ${BESIDE_THE_POOL}) = ${planned} connections ` +
    `(each process's pool, its listener and its outbox thread's ${OUTBOX_THREAD_CONNECTIONS}), but PostgreSQL accepts ` +
    `${room} (max_connections ${accepted.max} less ${accepted.reserved} reserved): under load the last are refused. ` +
    `Lower DB_POOL_MAX or API_PROCESSES, or raise max_connections`
  )
}
