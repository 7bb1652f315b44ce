// Checks every money invariant of DESIGN §3 and the keyed audit chain (ADR 037) on the configured database and names
// what fails.
//
//   npm run ledger:verify                          # the chain as it stands; with AUDIT_HEAD_FILE set, its last head too
//   npm run ledger:verify -- --head <pos>:<hash>   # a head exported earlier (the audit.head log line) must be there
//
// PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR (./data), read the same way the
// server reads them. Nothing is migrated or written: the checks run in one read-only transaction.
// Exit codes: 0 every invariant holds; 1 at least one fails; 2 the check could not run (configuration, no database,
// the embedded database is in use by a running server).
import { readFileSync } from 'node:fs'
import { lastExportedHead } from '../src/modules/audit/audit-head-export.ts'
import { parseHead, verifyMoneyAndAudit } from '../src/modules/ledger/verify.ts'
import type { Db } from '../src/db/client.ts'
import { loadScriptConfig, Problem, runScript, withScriptServices } from './script-support.ts'

const LEDGER_TABLES = ['accounts', 'transfers', 'deposits', 'withdrawals', 'audit_log'] as const
const ONLINE_CHECK = 'GET /api/backoffice/ledger/verify (with an operator token from POST /api/backoffice/auth/login)'

/** The head to hold the chain to: `--head <pos>:<hash>`, else the last line of AUDIT_HEAD_FILE when set, else none. */
function expectedHead(args: string[], headFile: string | undefined) {
  const at = args.indexOf('--head')
  if (at >= 0) {
    const head = parseHead(args[at + 1])
    if (!head) throw new Problem('--head takes <position>:<hash> (64 hex digits), as the audit.head log line and AUDIT_HEAD_FILE give it')
    return head
  }
  if (!headFile) return undefined
  let text: string
  try {
    text = readFileSync(headFile, 'utf8')
  } catch (error) {
    throw new Problem(`Cannot read AUDIT_HEAD_FILE ${headFile}: ${(error as Error).message}`)
  }
  return parseHead(lastExportedHead(text))
}

async function main(): Promise<number> {
  const config = loadScriptConfig()
  const expected = expectedHead(process.argv.slice(2), config.AUDIT_HEAD_FILE)
  return withScriptServices(config, { tables: LEDGER_TABLES, online: ONLINE_CHECK }, async ({ database, where, services, auditRepository }) => {
    const { ledger, daySums } = services
    // One snapshot, read only: a running PostgreSQL server may keep writing while this reads.
    const result = await database.db.transaction((tx) => verifyMoneyAndAudit(tx as Db, { ledger, auditRepository, daySums }, expected), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    })
    if (expected) console.info(`expected audit head: ${expected.seq}:${expected.hash}`)
    if (result.auditHead) console.info(`audit chain head: ${result.auditHead.seq}:${result.auditHead.hash} (entry id ${result.auditHead.id})`)
    if (result.ok) {
      console.info(`ok, ${result.checked} checked (${where})`)
      return 0
    }
    for (const failure of result.failures) {
      console.info(`FAIL ${failure.check}${failure.account ? ` ${failure.account}` : ''}: ${failure.detail}`)
    }
    console.info(`${result.failures.length} failure${result.failures.length === 1 ? '' : 's'}, ${result.checked} checked (${where})`)
    return 1
  })
}

runScript(main)
