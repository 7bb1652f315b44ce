import type { Db } from '../../db/client.ts'
import { inTransaction, tryAdvisoryLock } from '../../db/transaction.ts'
import type { Clock } from '../../lib/clock.ts'
import { addDays, bangkokDay } from '@sanam/contract/bangkok'
import { REPORT_ROLLUP_LOCK, type ReportsRepository } from './reports.repository.ts'

/**
 * How long after a Bangkok day ends it is rolled up (ADR 097): a transfer takes its instant from the clock when its
 * request starts, so one still committing past midnight, or stamped by a process whose clock runs a little behind,
 * belongs to the day before. An hour is far past any transaction's timeout.
 */
export const ROLLUP_GRACE_MS = 3_600_000

/** Differences ledger:verify names at most; past that the first ones say enough. */
const DIFFERENCES_SHOWN = 100

/** A daily sum's figures: satang and number of transfers. */
const figures = (sum: { total: bigint; count: number } | null) => (sum === null ? 'none' : `${sum.total} in ${sum.count}`)

/**
 * The reports' daily sums (ADR 097): each closed Bangkok day rolled up once into `report_day_sums`, and the check
 * `ledger:verify` runs on them. The reports read them through the reports repository.
 */
export function createDaySumsService(deps: {
  db: Db
  clock: Clock
  reportsRepository: Pick<ReportsRepository, 'rolledThrough' | 'firstSummedDay' | 'withoutJit' | 'rollUpDay' | 'daySumDifferences' | 'daySumRows'>
}) {
  const { db, clock, reportsRepository: repo } = deps
  /**
   * Rolls up the closed days not rolled up yet, oldest first (from the first day with a report transfer, or the day
   * after the last one rolled up), at most `maxDays` of them; answers how many. After downtime it catches up run by
   * run. The caller holds REPORT_ROLLUP_LOCK, so no other process rolls the same day.
   */
  async function rollUp(tx: Db, maxDays: number): Promise<number> {
    const now = clock.now()
    const lastClosed = addDays(bangkokDay(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1)
    const through = await repo.rolledThrough(tx)
    let day = through === null ? await repo.firstSummedDay(tx) : addDays(through, 1)
    let rolled = 0
    if (day !== null && day <= lastClosed) await repo.withoutJit(tx)
    for (; day !== null && day <= lastClosed && rolled < maxDays; day = addDays(day, 1), rolled++) await repo.rollUpDay(tx, day, now)
    return rolled
  }

  return {
    rollUp,

    /**
     * Every closed day not rolled up yet, now, a day per transaction under the job's lock (the command line: after a
     * restore, or on a database with a long history); answers how many days and the last one rolled up. Null when
     * another process (the job) holds the lock.
     */
    async rollUpAll(): Promise<{ days: number; through: string | null } | null> {
      let days = 0
      for (;;) {
        const rolled = await inTransaction(db, async (tx) => ((await tryAdvisoryLock(tx, REPORT_ROLLUP_LOCK)) ? rollUp(tx, 1) : null))
        if (rolled === null) return null
        if (rolled === 0) return { days, through: await repo.rolledThrough(db) }
        days += rolled
      }
    },

    /** Each stored daily sum against the ledger's transfers of its day: the failures ledger:verify names. */
    async verify(tx: Db): Promise<{ checked: number; failures: Array<{ check: string; account?: string; detail: string }> }> {
      const differences = await repo.daySumDifferences(tx, DIFFERENCES_SHOWN)
      const failures = differences.map((d) => ({
        check: 'report_day_sums',
        detail:
          `${d.day} ${d.kind} (provider '${d.provider}', game '${d.game}', pay-in account '${d.payInAccount}', promotion ${d.promotionId}): ` +
          `${figures(d.kept)} kept, ${figures(d.derived)} in the ledger`,
      }))
      return { checked: await repo.daySumRows(tx), failures }
    },
  }
}
export type DaySumsService = ReturnType<typeof createDaySumsService>
