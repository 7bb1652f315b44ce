// Whether the PostgreSQL the server writes to has a synchronous standby (ADR 054): without one, a commit is acknowledged
// once the primary alone has it, and the loss of that machine loses it. Start-up in production mode warns.
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rowsOf, type DbNumber } from './rows.ts'

/** What the primary says of its replication; counts of pg_stat_replication's rows (walsenders). */
export interface ReplicationState {
  /** synchronous_standby_names: empty means no standby is waited for. */
  names: string
  /** synchronous_commit: `off` and `local` acknowledge before any standby has the commit. */
  commit: string
  standbys: number
  /** Of those, the ones in sync or quorum state. */
  synchronous: number
  /** Of those, the ones whose state this role may not see (only pg_read_all_stats and superusers see it). */
  hidden: number
}

export async function replicationState(db: Db): Promise<ReplicationState> {
  const [row] = rowsOf<{ names: string; commit: string; standbys: DbNumber; synchronous: DbNumber; hidden: DbNumber }>(
    await db.execute(sql`
      select current_setting('synchronous_standby_names') as names,
             current_setting('synchronous_commit') as commit,
             count(r.pid) as standbys,
             count(r.pid) filter (where r.sync_state in ('sync', 'quorum')) as synchronous,
             count(r.pid) filter (where r.sync_state is null) as hidden
      from (select 1) as one left join pg_stat_replication r on true`),
  )
  return { names: row!.names, commit: row!.commit, standbys: Number(row!.standbys), synchronous: Number(row!.synchronous), hidden: Number(row!.hidden) }
}

/** Why a commit acknowledged now might not be on a standby, one line each; none when one surely is. */
export function synchronousStandbyProblems(state: ReplicationState): string[] {
  const problems: string[] = []
  if (state.names.trim() === '')
    problems.push('synchronous_standby_names is empty: no standby is waited for, so a commit is acknowledged once the primary alone has it')
  else if (state.standbys === 0) problems.push(`no standby is connected (synchronous_standby_names is ${state.names}): every commit waits until one is`)
  else if (state.hidden === 0 && state.synchronous === 0)
    problems.push(`no connected standby is synchronous (synchronous_standby_names is ${state.names}): commits wait until one is`)
  if (state.commit === 'off' || state.commit === 'local')
    problems.push(`synchronous_commit is ${state.commit}: a commit is acknowledged before any standby has it (use on)`)
  return problems
}
