import type { Db } from '../../db/client.ts'
import { inTransaction, tryAdvisoryLock } from '../../db/transaction.ts'
import type { Clock } from '../../lib/clock.ts'
import { addDays, bangkokDay, bangkokDayRange, DAY_MS, HOUR_MS } from '@sanam/contract/bangkok'
import { REPORT_ROLLUP_LOCK, type ReportsRepository, type RolledUp, type RollupPeriod } from './reports.repository.ts'

/**
 * How long after a Bangkok day or an hour ends it is rolled up (ADR 097): a transfer takes its instant from the clock
 * when its request starts, so one still committing past midnight, or stamped by a process whose clock runs a little
 * behind, belongs to the day (or hour) before. An hour is far past any transaction's timeout.
 */
export const ROLLUP_GRACE_MS = HOUR_MS

/**
 * How long the hourly sums of a day are kept after the day is rolled up: a report reads how far the sums reach once,
 * then its statements, and one that read it just before the day's rollup still takes that day's hours from the hourly
 * sums. A day is far past any report's statement timeout.
 */
export const HOURS_KEPT_AFTER_DAY_MS = DAY_MS

/** What one rollup rolls up at most: days, then (once no closed day is left) hours. */
export interface RollupLimits {
  days: number
  hours: number
}

/** Differences ledger:verify names at most; past that the first ones say enough. */
const DIFFERENCES_SHOWN = 100

/** A daily sum's figures: satang and number of transfers. */
const figures = (sum: { total: bigint; count: number } | null) => (sum === null ? 'none' : `${sum.total} in ${sum.count}`)

/**
 * The reports' daily sums (ADR 097): each closed Bangkok day rolled up once into `report_day_sums`, each closed hour
 * of the days after into `report_hour_sums`, and the check `ledger:verify` runs on both. The reports read them through
 * the reports repository.
 */
export function createDaySumsService(deps: {
  db: Db
  clock: Clock
  reportsRepository: Pick<
    ReportsRepository,
    'rolledUp' | 'firstSummedDay' | 'withoutJit' | 'rollUpDay' | 'rollUpHour' | 'forgetHoursOfDaysRolledBefore' | 'sumDifferences' | 'sumRows'
  >
}) {
  const { db, clock, reportsRepository: repo } = deps
  /**
   * Rolls up the closed days not rolled up yet, oldest first (from the first day with a report transfer, or the day
   * after the last one rolled up), at most `limits.days` of them; then, once no closed day is left, the closed hours
   * of the days after, oldest first (from the end of the last day rolled up, or the hour after the last one rolled
   * up), at most `limits.hours`; answers how many of each. After downtime it catches up run by run. Forgets the hours
   * of days rolled up a day ago. The caller holds REPORT_ROLLUP_LOCK, so no other process rolls the same day or hour.
   */
  async function rollUp(tx: Db, limits: RollupLimits): Promise<{ days: number; hours: number }> {
    const now = clock.now()
    const closedBefore = now.getTime() - ROLLUP_GRACE_MS
    const lastClosed = addDays(bangkokDay(new Date(closedBefore)), -1)
    const rolled = await repo.rolledUp(tx)
    let day = rolled.day === null ? await repo.firstSummedDay(tx) : addDays(rolled.day, 1)
    let days = 0
    let hours = 0
    let jitOff = false
    const noJit = async () => {
      if (!jitOff) await repo.withoutJit(tx)
      jitOff = true
    }
    for (; day !== null && day <= lastClosed && days < limits.days; day = addDays(day, 1), days++) {
      await noJit()
      await repo.rollUpDay(tx, day, now)
    }
    // Hours only once the days are caught up: they must follow the last day rolled up with no gap (RolledUp).
    if (day !== null && day > lastClosed) {
      const daysEnd = bangkokDayRange(day).start.getTime()
      let hour = rolled.hour === null ? daysEnd : Math.max(daysEnd, Date.parse(rolled.hour) + HOUR_MS)
      for (; hour + HOUR_MS <= closedBefore && hours < limits.hours; hour += HOUR_MS, hours++) {
        await noJit()
        await repo.rollUpHour(tx, new Date(hour), now)
      }
    }
    await repo.forgetHoursOfDaysRolledBefore(tx, new Date(now.getTime() - HOURS_KEPT_AFTER_DAY_MS))
    return { days, hours }
  }

  /** Each stored sum of `period` against the ledger's transfers of its day or hour: the failures ledger:verify names. */
  async function verifyPeriod(tx: Db, period: RollupPeriod) {
    const differences = await repo.sumDifferences(tx, period, DIFFERENCES_SHOWN)
    const failures = differences.map((d) => ({
      check: `report_${period}_sums`,
      detail:
        `${d.period} ${d.kind} (provider '${d.provider}', game '${d.game}', pay-in account '${d.payInAccount}', promotion ${d.promotionId}): ` +
        `${figures(d.kept)} kept, ${figures(d.derived)} in the ledger`,
    }))
    return { checked: await repo.sumRows(tx, period), failures }
  }

  return {
    rollUp,

    /**
     * Every closed day not rolled up yet, then every closed hour after them, now, a day or an hour per transaction
     * under the job's lock (the command line: after a restore, or on a database with a long history); answers how many
     * of each and how far the sums reach. Null when another process (the job) holds the lock.
     */
    async rollUpAll(): Promise<{ days: number; hours: number; rolled: RolledUp } | null> {
      const done = { days: 0, hours: 0 }
      for (;;) {
        const rolled = await inTransaction(db, async (tx) => ((await tryAdvisoryLock(tx, REPORT_ROLLUP_LOCK)) ? rollUp(tx, { days: 1, hours: 1 }) : null))
        if (rolled === null) return null
        if (rolled.days + rolled.hours === 0) return { ...done, rolled: await repo.rolledUp(db) }
        done.days += rolled.days
        done.hours += rolled.hours
      }
    },

    /** Each stored daily and hourly sum against the ledger's transfers of its day or hour: the failures ledger:verify names. */
    async verify(tx: Db): Promise<{ checked: number; failures: Array<{ check: string; account?: string; detail: string }> }> {
      const [byDay, byHour] = [await verifyPeriod(tx, 'day'), await verifyPeriod(tx, 'hour')]
      return { checked: byDay.checked + byHour.checked, failures: [...byDay.failures, ...byHour.failures] }
    },
  }
}
export type DaySumsService = ReturnType<typeof createDaySumsService>
