import type { Db } from '../../db/client.ts'
import type { Job } from '../../jobs/job.ts'
import type { DaySumsService } from './day-sums.service.ts'
import { REPORT_ROLLUP_LOCK } from './reports.repository.ts'

/**
 * Days one run rolls up at most: after downtime, or the first time on a database with history, the job catches up a
 * few days a minute instead of holding the embedded database's one connection for the whole history (ADR 097).
 */
export const ROLLUP_DAYS_PER_RUN = 7
/** Hours one run rolls up at most, once the days are caught up: a day's worth, the most a day's rollup reads. */
export const ROLLUP_HOURS_PER_RUN = 24

/**
 * The reports' sums as a scheduled job (ADR 097): each closed Bangkok day rolled up once, in order, then each closed
 * hour of the days after; answers how many days and hours it rolled up.
 */
export function daySumsJob(deps: { daySums: Pick<DaySumsService, 'rollUp'> }): Job {
  return {
    name: 'report-day-sums',
    lockKey: REPORT_ROLLUP_LOCK,
    run: async (tx: Db) => {
      const { days, hours } = await deps.daySums.rollUp(tx, { days: ROLLUP_DAYS_PER_RUN, hours: ROLLUP_HOURS_PER_RUN })
      return days + hours
    },
  }
}
