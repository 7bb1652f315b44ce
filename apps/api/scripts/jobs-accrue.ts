// Runs the referral commission and rebate accrual (DESIGN §4) for one Asia/Bangkok day on the configured database.
//
//   npm run jobs:accrue -- --day 2026-11-21
//
// PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR (./data). The embedded database
// allows one process at a time: while the server runs on it, ask the server instead (POST /api/backoffice/jobs/accrue).
// Safe to run again: a day already accrued pays nothing more. Nothing is migrated.
// Exit codes: 0 done; 2 it could not run (arguments, configuration, no database, database in use, day not over).
import { parseArgs } from 'node:util'
import { CalendarDay, formatSatang } from '@sanam/contract'
import { AppError } from '../src/errors.ts'
import { systemClock } from '../src/lib/clock.ts'
import { addDays, bangkokDay } from '@sanam/contract/bangkok'
import { toAccrueResult } from '../src/modules/referral/referral.service.ts'
import { loadScriptConfig, Problem, runScript, withScriptServices } from './script-support.ts'

const USAGE = `Usage: npm run jobs:accrue -- --day 2026-11-21

Credits each player's upline levels 1-3 their commission and each player their rebate on the valid turnover of one
Asia/Bangkok day that has ended. Running it again for the same day pays nothing more.

  --day <YYYY-MM-DD>   the Bangkok day (default: yesterday in Bangkok)
  -h, --help           this text

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (the embedded database, default ./data). The rates are the
referral plan's in the database (each stretch of the day at the version in force when it was played); REFERRAL_LEVEL1-3
and REBATE_RATE are only the first version's, on a database that has none yet.`

const TABLES = ['accounts', 'transfers', 'players', 'seamless_transactions', 'game_rounds', 'accruals', 'plan_versions'] as const
const ONLINE = 'POST /api/backoffice/jobs/accrue {"day": "..."} with an owner token from POST /api/backoffice/auth/login'

function readDay(argv: string[]): string | null {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options: { day: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false })
  } catch (error) {
    throw new Problem(`${(error as Error).message}\n\n${USAGE}`)
  }
  if (parsed.values.help) return null
  const day = parsed.values.day ?? addDays(bangkokDay(systemClock.now()), -1)
  if (!CalendarDay.safeParse(day).success) throw new Problem(`--day must be a date as YYYY-MM-DD, got "${day}"\n\n${USAGE}`)
  return day
}

async function main(): Promise<number> {
  const day = readDay(process.argv.slice(2))
  if (day === null) {
    console.info(USAGE)
    return 0
  }
  const config = loadScriptConfig()
  // The server's services: the command line reads the plan (without a listener, from the database) and decides
  // nothing, no operator approves here.
  return withScriptServices(config, { tables: TABLES, online: ONLINE }, async ({ database, where, services, auditRepository }) => {
    const { plan, referral } = services
    await plan.ensureFirst()
    let stats
    try {
      stats = await referral.accrueDay(day)
    } catch (error) {
      if (error instanceof AppError && error.code === 'RULE_REFUSED')
        throw new Problem(`${day} has not ended yet in Asia/Bangkok time: it can be accrued from the next day on.`)
      throw error
    }
    const result = toAccrueResult(stats)
    await auditRepository.record(database.db, {
      actor: null,
      action: 'referral.accrue',
      targetType: 'accrual_day',
      targetId: day,
      after: { ...result, via: 'cli' },
      at: systemClock.now(),
    })
    if (stats.accruals === 0) {
      console.info(`${day}: nothing new to accrue (already done, or no valid turnover) (${where})`)
    } else {
      console.info(
        `${day}: accrued ${stats.sources} player${stats.sources === 1 ? '' : 's'} (${stats.accruals} accruals, ${stats.transfers} transfers): ` +
          `referral commission ${formatSatang(stats.referral)} baht, rebate ${formatSatang(stats.rebate)} baht (${where})`,
      )
    }
    return 0
  })
}

runScript(main)
