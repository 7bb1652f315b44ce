import type { Db } from '../../db/client.ts'
import type { Job } from '../../jobs/job.ts'
import type { DaySumsService } from './day-sums.service.ts'
import { REPORT_ROLLUP_LOCK } from './reports.repository.ts'

/**
 * Days one run rolls up at most: after downtime, or the first time on a database with history, the job catches up a
 * few days a minute instead of holding the embedded database's one connection for the whole history (ADR 097).
 */
export const ROLLUP_DAYS_PER_RUN = 7

/** The reports' daily sums as a scheduled job (ADR 097): each closed Bangkok day rolled up once, in order. */
export function daySumsJob(deps: { daySums: Pick<DaySumsService, 'rollUp'> }): Job {
  return { name: 'report-day-sums', lockKey: REPORT_ROLLUP_LOCK, run: (tx: Db) => deps.daySums.rollUp(tx, ROLLUP_DAYS_PER_RUN) }
}
