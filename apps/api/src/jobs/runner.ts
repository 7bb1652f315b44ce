import type { FastifyBaseLogger } from 'fastify'
import type { Database, Db } from '../db/client.ts'
import type { Job } from './job.ts'
import { analyzeStaleTables } from '../db/planner-statistics.ts'
import { vacuumStaleTables } from '../db/vacuum.ts'
import { inTransaction, tryAdvisoryLock } from '../db/transaction.ts'
import type { Clock } from '../lib/clock.ts'
import type { DepositService } from '../modules/deposits/deposits.service.ts'
import type { SeamlessService } from '../modules/seamless/seamless.service.ts'
import { accrualJob } from '../modules/referral/accrual.job.ts'
import type { ReferralService } from '../modules/referral/referral.service.ts'
import type { SlipService } from '../modules/slips/slips.service.ts'
import type { PayoutService } from '../modules/payouts/payouts.service.ts'
import type { OutboxService } from '../modules/outbox/outbox.service.ts'
import { CARE_MARKERS_LOCK, type CareTaskService } from '../modules/care/care-tasks.service.ts'
import type { LineService } from '../modules/line/line.service.ts'
import type { DeskAlertsService } from '../modules/notices/desk-alerts.service.ts'
import { daySumsJob } from '../modules/reports/day-sums.job.ts'
import type { DaySumsService } from '../modules/reports/day-sums.service.ts'

/** The scheduled jobs: each calls a service, which owns what the job changes. */
export function standardJobs(deps: {
  clock: Clock
  deposits: Pick<DepositService, 'expireDraftBills'>
  seamless: SeamlessService
  referral: ReferralService
  /** Slip checks whose verifier has not answered: asked again when due (ADR 079). */
  slips?: Pick<SlipService, 'retryDue'>
  /** Unknown payouts asked again at the bank, and steps a stopped process left behind (ADR 081). */
  payouts?: Pick<PayoutService, 'recheckDue'>
  /** The outbox: settled messages past their keeping time are deleted (ADR 083). */
  outbox?: Pick<OutboxService, 'prune'>
  /** Player care: the markers of harm, each opening a care task (ADR 090). */
  care?: Pick<CareTaskService, 'evaluate'>
  /** LINE: webhook event ids and link requests past their keeping time are deleted (ADR 088). */
  line?: Pick<LineService, 'prune'>
  /** The desk's alerts: withdrawals waiting too long, open exceptions, yesterday's reconciliation, the LINE quota (ADR 087). */
  deskAlerts?: Pick<DeskAlertsService, 'readLineQuota' | 'watch'>
  /** The SMS gateway's credit, read every SMS_CREDIT_CHECK_MINUTES for the desk's alert (ADR 087). */
  smsCredit?: Pick<DeskAlertsService, 'readSmsCredit' | 'recordSmsCredit'>
  /** The reports' daily sums: each closed Bangkok day rolled up once (ADR 097). */
  daySums?: Pick<DaySumsService, 'rollUp'>
  roundStaleMinutes: number
  /** Which database: the embedded one has no autovacuum, so a job gathers its planner statistics (ADR 065). */
  database: Database['kind']
}): Job[] {
  return [
    accrualJob({ referral: deps.referral, clock: deps.clock, settleMinutes: deps.roundStaleMinutes }),
    { name: 'expire-draft-bills', lockKey: 7_262_001, run: (tx) => deps.deposits.expireDraftBills(tx) },
    { name: 'close-stale-rounds', lockKey: 7_262_002, run: (tx) => deps.seamless.closeStaleRounds(deps.roundStaleMinutes, tx) },
    ...(deps.slips ? [{ name: 'retry-slip-checks', lockKey: 7_262_005, run: (tx: Db) => deps.slips!.retryDue(tx) }] : []),
    ...(deps.payouts ? [{ name: 'payout-checks', lockKey: 7_262_006, run: (tx: Db) => deps.payouts!.recheckDue(tx) }] : []),
    ...(deps.outbox ? [{ name: 'prune-outbox', lockKey: 7_262_007, run: (tx: Db) => deps.outbox!.prune(tx) }] : []),
    ...(deps.care ? [{ name: 'care-markers', lockKey: CARE_MARKERS_LOCK, run: (tx: Db) => deps.care!.evaluate(tx) }] : []),
    ...(deps.line ? [{ name: 'prune-line', lockKey: 7_262_009, run: (tx: Db) => deps.line!.prune(tx) }] : []),
    ...(deps.daySums ? [daySumsJob({ daySums: deps.daySums })] : []),
    // The desk's watch (LINE's quota read first) and the SMS gateway's credit (ADR 087): vendors read before the transaction.
    ...(deps.deskAlerts ? [readFirstJob('desk-alerts', 7_262_008, deps.deskAlerts.readLineQuota, deps.deskAlerts.watch)] : []),
    ...(deps.smsCredit ? [readFirstJob('sms-credit', 7_262_012, deps.smsCredit.readSmsCredit, deps.smsCredit.recordSmsCredit)] : []),
    ...(deps.database === 'pglite' ? [{ name: 'planner-statistics', lockKey: 7_262_004, run: async (tx: Db) => (await analyzeStaleTables(tx)).length }] : []),
    // The embedded database's vacuum and freeze (ADR 092), as autovacuum does them for PostgreSQL.
    ...(deps.database === 'pglite' ? [vacuumJob(deps.clock)] : []),
  ]
}

/** A job that reads `read` first, outside any transaction, then writes what it read with `write` under its lock. */
function readFirstJob<R>(name: string, lockKey: number, read: () => Promise<R>, write: (tx: Db, read: R) => Promise<number>): Job {
  return {
    name,
    lockKey,
    readFirst: async () => {
      const done = await read()
      return (tx) => write(tx, done)
    },
  }
}

/** The embedded database's vacuum (ADR 092): the tables vacuumed and frozen, on the database itself (no transaction). */
function vacuumJob(clock: Clock): Job {
  return {
    name: 'vacuum',
    lockKey: 7_262_015,
    outsideTransaction: true,
    run: async (db) => {
      const done = await vacuumStaleTables(db, clock.now())
      return done.vacuumed.length + done.frozen.length
    },
  }
}

/** Runs each job once (skipping one another process is running); answers what each did, null when skipped. */
export async function runJobsOnce(db: Db, jobs: Job[], log?: FastifyBaseLogger): Promise<Record<string, number | null>> {
  const done: Record<string, number | null> = {}
  for (const job of jobs) {
    try {
      done[job.name] = await runJob(db, job)
      if (done[job.name]) log?.info({ job: job.name, changed: done[job.name] }, 'job ran')
    } catch (error) {
      done[job.name] = null
      log?.error({ err: error, job: job.name }, 'job failed')
    }
  }
  return done
}

/** One job: in a transaction holding its lock (null when another process holds it), after what it reads first. */
async function runJob(db: Db, job: Job): Promise<number | null> {
  const locked = (work: (tx: Db) => Promise<number>) => inTransaction(db, async (tx) => ((await tryAdvisoryLock(tx, job.lockKey)) ? work(tx) : null))
  if ('readFirst' in job) return locked(await job.readFirst())
  return job.outsideTransaction ? job.run(db) : locked((tx) => job.run(tx))
}

/** Runs the jobs every `everyMs` until stopped. The returned stop() waits for a run in progress. */
export function startJobs(db: Db, jobs: Job[], options: { everyMs: number; log?: FastifyBaseLogger }) {
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(() => runJobsOnce(db, jobs, options.log))
  }, options.everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
