import type { Db } from '../../db/client.ts'
import type { Clock } from '../../lib/clock.ts'
import { addDays, bangkokDay } from '@sanam/contract/bangkok'
import type { ReportsRepository } from './reports.repository.ts'

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
  clock: Clock
  reportsRepository: Pick<ReportsRepository, 'rolledThrough' | 'firstSummedDay' | 'rollUpDay' | 'daySumDifferences' | 'daySumRows'>
}) {
  const { clock, reportsRepository: repo } = deps
  return {
    /**
     * Rolls up the closed days not rolled up yet, oldest first (from the first day with a report transfer, or the day
     * after the last one rolled up), at most `maxDays` of them; answers how many. After downtime it catches up run by
     * run. The caller holds REPORT_ROLLUP_LOCK, so no other process rolls the same day.
     */
    async rollUp(tx: Db, maxDays: number): Promise<number> {
      const now = clock.now()
      const lastClosed = addDays(bangkokDay(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1)
      const through = await repo.rolledThrough(tx)
      let day = through === null ? await repo.firstSummedDay(tx) : addDays(through, 1)
      let rolled = 0
      for (; day !== null && day <= lastClosed && rolled < maxDays; day = addDays(day, 1), rolled++) await repo.rollUpDay(tx, day, now)
      return rolled
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
