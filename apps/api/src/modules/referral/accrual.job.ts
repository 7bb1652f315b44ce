import type { Db } from '../../db/client.ts'
import type { Job } from '../../jobs/job.ts'
import type { Clock } from '../../lib/clock.ts'
import { addDays, bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import { ACCRUAL_LOCK } from './referral.repository.ts'
import type { ReferralService } from './referral.service.ts'

export interface AccrualJobOptions {
  /** ROUND_STALE_MINUTES: rounds left open are closed that long after their last move; the job waits for them. */
  settleMinutes: number
  /** Past days the job makes sure of, yesterday first: a server that was down over a whole day catches up. */
  lookbackDays?: number
  /** Batches (of ACCRUAL_BATCH players) per run, so one run's transaction stays short; the next run goes on. */
  batchesPerRun?: number
}

/** Extra minutes after the stale-round cut-off, so the close-stale-rounds job has run at least once past it. */
const MARGIN_MINUTES = 5

/**
 * The daily accrual as a scheduled job (DESIGN §4): accrues yesterday (Asia/Bangkok) once its last rounds are over,
 * and the days before it when they are not done yet. Safe every minute: accruals are idempotent, and a day it has
 * seen complete is remembered, so later runs cost nothing. It shares its advisory lock with accrueDay, so it never
 * runs beside a back-office or command-line run of the same work.
 */
export function accrualJob(deps: { referral: Pick<ReferralService, 'accrueBatch'>; clock: Clock } & AccrualJobOptions): Job {
  const lookback = deps.lookbackDays ?? 3
  const batches = deps.batchesPerRun ?? 10
  /** Days this process has seen fully accrued (a run that found nothing left to do). */
  const complete = new Set<string>()

  return {
    name: 'accrue-referral',
    lockKey: ACCRUAL_LOCK,
    async run(tx: Db): Promise<number> {
      const now = deps.clock.now()
      const today = bangkokDay(now)
      let written = 0
      let budget = batches
      for (let back = 1; back <= lookback && budget > 0; back++) {
        const day = addDays(today, -back)
        if (complete.has(day)) continue
        // The last bets of a day may sit in rounds that settle, or are closed as stale, after midnight.
        const ready = bangkokDayRange(day).end.getTime() + (deps.settleMinutes + MARGIN_MINUTES) * 60_000
        if (now.getTime() < ready) continue
        for (; budget > 0; budget--) {
          const batch = await deps.referral.accrueBatch(tx, day)
          written += batch.accruals
          // Only "nothing was left" proves the day complete: rows written now could still be rolled back.
          if (batch.accruals === 0 && !batch.more) complete.add(day)
          if (!batch.more) break
        }
      }
      for (const day of complete) if (day < addDays(today, -lookback)) complete.delete(day)
      return written
    },
  }
}
