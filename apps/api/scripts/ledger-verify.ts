// Checks every money invariant of DESIGN §3 on the configured database and names what fails.
//
//   npm run ledger:verify
//
// PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR (./data), read the same way the
// server reads them. Nothing is migrated or written: the checks run in one read-only transaction.
// Exit codes: 0 every invariant holds; 1 at least one fails; 2 the check could not run (configuration, no database,
// the embedded database is in use by a running server).
import { auditRepository } from '../src/modules/audit/audit.repository.ts'
import { verifyMoneyAndAudit } from '../src/modules/backoffice/verify.ts'
import { createLedger } from '../src/modules/ledger/ledger.service.ts'
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts'
import type { Db } from '../src/db/client.ts'
import { systemClock } from '../src/lib/clock.ts'
import { loadScriptConfig, openConfiguredDatabase, runScript } from './script-support.ts'

const LEDGER_TABLES = ['accounts', 'transfers', 'deposits', 'withdrawals', 'audit_log'] as const
const ONLINE_CHECK = 'GET /api/backoffice/ledger/verify (with an operator token from POST /api/backoffice/auth/login)'

async function main(): Promise<number> {
  const config = loadScriptConfig()
  const { database, where } = await openConfiguredDatabase(config, { tables: LEDGER_TABLES, online: ONLINE_CHECK })
  try {
    const ledger = createLedger({ clock: systemClock, ledgerRepository })
    // One snapshot, read only: a running PostgreSQL server may keep writing while this reads.
    const result = await database.db.transaction((tx) => verifyMoneyAndAudit(tx as Db, { ledger, auditRepository }), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    })
    if (result.auditHead) console.info(`audit chain head: entry ${result.auditHead.seq}, ${result.auditHead.hash}`)
    if (result.ok) {
      console.info(`ok, ${result.checked} checked (${where})`)
      return 0
    }
    for (const failure of result.failures) {
      console.info(`FAIL ${failure.check}${failure.account ? ` ${failure.account}` : ''}: ${failure.detail}`)
    }
    console.info(`${result.failures.length} failure${result.failures.length === 1 ? '' : 's'}, ${result.checked} checked (${where})`)
    return 1
  } finally {
    await database.close()
  }
}

runScript(main)
