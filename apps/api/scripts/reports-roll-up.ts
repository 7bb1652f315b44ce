// Rolls every closed Asia/Bangkok day up into the reports' daily sums now (ADR 097), a day per transaction, then the
// closed hours after them into the hourly sums, an hour per transaction, as the report-day-sums job of a running server
// does a few days a minute: after a restore, or on a database with a long history, so the reports read sums at once.
//
//   npm run reports:roll-up
//
// PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR (./data): while a server runs on
// it, its job does the same work. Safe to run again and beside a server on PostgreSQL: the job's lock keeps one at a
// time, and a day is rolled up once. Nothing is migrated.
// Exit codes: 0 done; 2 it could not run (configuration, no database, database in use, the job holding the lock).
import { bangkokWallTime } from '@sanam/contract/bangkok'
import { loadScriptConfig, Problem, runScript, withScriptServices } from './script-support.ts'

const TABLES = ['transfers', 'report_day_sums', 'report_rollups', 'report_hour_sums', 'report_hour_rollups'] as const
const ONLINE = 'the running server rolls the days up itself (its report-day-sums job, a few days a minute)'

async function main(): Promise<number> {
  const config = loadScriptConfig()
  return withScriptServices(config, { tables: TABLES, online: ONLINE }, async ({ services: { daySums }, where }) => {
    const done = await daySums.rollUpAll()
    if (done === null) throw new Problem('The report-day-sums job of a running server is rolling the days up now: try again in a minute.')
    const { day, hour } = done.rolled
    const lastHour = hour === null ? 'no hour' : `the hour from ${bangkokWallTime(new Date(hour)).replace('T', ' ')} Bangkok time`
    const reach = day === null && hour === null ? 'nothing (no report transfer yet)' : `${day ?? 'no day'} and ${lastHour}`
    console.info(`rolled up ${done.days} days and ${done.hours} hours, the sums now through ${reach} (${where})`)
    return 0
  })
}

runScript(main)
