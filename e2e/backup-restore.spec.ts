// Issue 10 point 8: the backups docs/operations.md describes, done as an operator would and restored.
//   - PostgreSQL: pg_dump (custom format) of the database while the server runs, pg_restore into a new database:
//     ledger:verify passes there, and every account balance and ledger row is the same as in the source.
//   - The embedded database: stop the server, copy DATA_DIR, start a server on the copy: same balances, ledger verifies.
import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { call, postBankTransfer } from './support/http.ts'
import { balanceSatang, expectLedgerVerifies, faultEnv, operatorToken, payInAccount, registerPlayers, transferBody, type Player } from './support/money.ts'
import { seasonedOperators, type OperatorLogin } from './support/operator.ts'
import { createTestDatabase, reachablePostgres, type TestDatabase } from './support/postgres.ts'
import { repoRoot, startServer, type RunningServer } from './support/server.ts'

const run = promisify(execFile)

/** Deposits, a withdrawal approved and one rejected per player: money in every kind of account. */
async function moveMoney(base: string, players: Player[], tag: string, finance: OperatorLogin): Promise<void> {
  const toAccount = await payInAccount(base, players[0]!)
  // Withdrawals are decided by finance (ADR 036), not by the owner.
  const operator = await operatorToken(base, finance)
  for (const [i, p] of players.entries()) {
    for (let n = 0; n < 3; n++) {
      const answer = await postBankTransfer(base, transferBody(`${tag}-${i}-${n}`, toAccount, p, 50_000 + i * 1_001 + n * 17))
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    }
    for (const [n, decision] of (['approve', 'reject'] as const).entries()) {
      const withdrawal = await call<{ id: number }>(base, 'POST', '/api/wallet/withdraw', {
        token: p.token,
        body: { amount: 100 + n },
        headers: { 'idempotency-key': `${tag}-wd-${i}-${n}` },
      })
      expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200)
      const id = withdrawal.body.data.id
      const body = decision === 'approve' ? { payout_ref: `PAY-${id}` } : { reason: 'ทดสอบสำรองข้อมูล' }
      const decided = await call(base, 'POST', `/api/backoffice/withdrawals/${id}/${decision}`, { token: operator, body })
      expect(decided.status, JSON.stringify(decided.body)).toBe(200)
    }
  }
}

/** Every account's balance and the ledger's rows, in a stable order: what must be identical after a restore. */
async function ledgerSnapshot(url: string): Promise<{ accounts: unknown[]; transfers: unknown[] }> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const accounts = (await client.query(`select id, player_id, kind, balance::text from accounts order by id`)).rows
    const transfers = (await client.query(`select * from transfers order by id`)).rows
    return { accounts, transfers }
  } finally {
    await client.end()
  }
}

async function tool(name: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(name, ['--version'])
    return stdout.trim()
  } catch {
    return undefined
  }
}

const postgresUrl = await reachablePostgres('backup-restore')
const pgTools = postgresUrl ? (await tool('pg_dump')) && (await tool('pg_restore')) : undefined
if (postgresUrl && !pgTools)
  console.warn('[backup-restore] SKIPPED the PostgreSQL backup: pg_dump and pg_restore are not installed (apt-get install postgresql-client)')

describe('backup and restore as docs/operations.md says (issue 10 §8)', () => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.warn('[backup-restore] cleanup:', error))
  })

  it.runIf(pgTools)('PostgreSQL: pg_dump of the live database, pg_restore into a new one, same balances, ledger verifies', { timeout: 180_000 }, async () => {
    const source: TestDatabase = await createTestDatabase(postgresUrl!, 'sanam_backup')
    cleanup.push(() => source.drop())
    const restored: TestDatabase = await createTestDatabase(postgresUrl!, 'sanam_restore')
    cleanup.push(() => restored.drop())
    const dir = await mkdtemp(path.join(tmpdir(), 'sanam-backup-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    const dump = path.join(dir, 'sanam.dump')

    const [finance] = await seasonedOperators({ env: faultEnv(source.url) }, 1)
    let server: RunningServer | undefined = await startServer({ env: faultEnv(source.url) })
    cleanup.push(() => server?.stop('SIGKILL') ?? Promise.resolve())
    const players = await registerPlayers(server.baseUrl, 2, '81')
    await moveMoney(server.baseUrl, players, 'backup', finance!)
    const balances = await Promise.all(players.map((p) => balanceSatang(server!.baseUrl, p.token)))

    // The dump is taken while the server runs and answers (one consistent snapshot: pg_dump reads in one transaction).
    const reads = Promise.all(Array.from({ length: 20 }, () => balanceSatang(server!.baseUrl, players[0]!.token)))
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${source.url}`])
    await reads
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump])
    expect(await ledgerSnapshot(restored.url)).toEqual(await ledgerSnapshot(source.url))
    expect(await server.stop('SIGTERM')).toBe(0)

    // The restored database, as an operator would check it: the ledger script, then a server on it.
    const { DATABASE_URL: _unused, ...inherited } = process.env
    const verify = await run('npx', ['tsx', 'apps/api/scripts/ledger-verify.ts'], {
      cwd: repoRoot,
      // The source ran in demo mode, so its audit chain is keyed with the demo key (ADR 037).
      env: { ...inherited, DATABASE_URL: restored.url, SANAM_MODE: 'demo' },
      timeout: 60_000,
    })
    expect(verify.stdout).toMatch(/^ok, \d+ checked/m)
    server = await startServer({ env: faultEnv(restored.url) })
    // Sessions are restored too: the players' tokens from before the backup still work.
    expect(await Promise.all(players.map((p) => balanceSatang(server!.baseUrl, p.token)))).toEqual(balances)
    await expectLedgerVerifies(server.baseUrl, await operatorToken(server.baseUrl))
    expect(await server.stop('SIGTERM')).toBe(0)
    server = undefined
  })

  it('the embedded database: stop the server, copy DATA_DIR, start on the copy: same balances, ledger verifies', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sanam-backup-'))
    const copy = await mkdtemp(path.join(tmpdir(), 'sanam-backup-copy-'))
    cleanup.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => rm(copy, { recursive: true, force: true }),
    )
    const [finance] = await seasonedOperators({ dataDir, env: faultEnv() }, 1)
    let server = await startServer({ dataDir, env: faultEnv() })
    const players = await registerPlayers(server.baseUrl, 2, '82')
    await moveMoney(server.baseUrl, players, 'embedded', finance!)
    const balances = await Promise.all(players.map((p) => balanceSatang(server.baseUrl, p.token)))
    expect(await server.stop('SIGTERM')).toBe(0)

    await cp(dataDir, copy, { recursive: true })
    server = await startServer({ dataDir: copy, env: faultEnv() })
    try {
      expect(await Promise.all(players.map((p) => balanceSatang(server.baseUrl, p.token)))).toEqual(balances)
      await expectLedgerVerifies(server.baseUrl, await operatorToken(server.baseUrl))
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0)
    }
  })
})
