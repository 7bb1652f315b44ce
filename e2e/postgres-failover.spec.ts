// Issue 23, ADR 054: PostgreSQL high availability under pg_auto_failover, on three local clusters (a monitor, a primary
// and its synchronous standby) in temporary folders. The built server runs as two API processes on Redis, with
// DATABASE_URL the multi-host URI `pg_autoctl show uri` prints and READ_REPLICA_URL the same servers preferring a
// standby. Shown:
//   - a mixed load (bank-feed deposits, bets, wins, rollbacks, withdrawals approved or rejected) runs while the
//     primary's machine dies (its postmaster, keeper and backends SIGKILLed), then, once the old primary has rejoined
//     as a standby, while the new primary's dies too: every request is answered 200 or with the 503 envelope, retries
//     with the same idempotency keys go through on the new primary, and afterwards every acknowledged operation is
//     there once, every withdrawal decided once, the balances are what the plan implies and ledger:verify passes on
//     the survivor; the time from each kill to the first bet acknowledged is measured (goal: under 30 s);
//   - each process's LISTEN connection reconnects to each new primary;
//   - reports and the dashboard are served from the standby while the primary takes the load;
//   - start-up in production mode says nothing with a synchronous standby, and warns on the survivor without one.
// The monitor's timings are shortened so a failover takes about 9 s here (QUICK_MONITOR: a health check every second,
// a node failed over once its keeper has not reported for 5 s, 3 s for the old primary to demote itself; the defaults
// take about a minute); docs/operations.md says what production uses, and `npm run bench:failover` measures it.
// Skipped, saying why, without pg_autoctl (.ci/run installs it), without root or the postgres user, or without Redis.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { resolveService } from '../scripts/test-env.mjs'
import { autoFailoverTooling, createFormation, QUICK_MONITOR, type Formation } from './support/auto-failover.ts'
import { failoverUnderLoad } from './support/failover.ts'
import { faultEnv, operatorToken } from './support/money.ts'
import { OPERATOR, seasonedOperators, type OperatorLogin } from './support/operator.ts'
import { repoRoot, startServer, type RunningServer } from './support/server.ts'

const found = autoFailoverTooling()
const missing = 'missing' in found ? found.missing : undefined
/** pg_autoctl and who runs the clusters (the spec is skipped without them). */
const tooling = found as Exclude<typeof found, { missing: string }>
if (missing) console.warn(`[postgres-failover] SKIPPED: ${missing}`)
const redis = await resolveService('redis')
if (!redis.url) console.warn(`[postgres-failover] SKIPPED without Redis: ${redis.reason}`)

/** The goal for the time without a primary: from the kill to the first bet acknowledged. */
const OUTAGE_GOAL_MS = 30_000
/** Operations acknowledged before the first kill, between the rejoin and the second kill, and after it. */
const ACKS_BETWEEN = 25
const NO_STANDBY_WARNING = 'PostgreSQL has no synchronous standby'

describe.runIf(!missing && redis.url)('PostgreSQL high availability: pg_auto_failover, two API processes (issue 23, ADR 054)', () => {
  let formation: Formation
  let server: RunningServer | undefined
  let finance: OperatorLogin | undefined
  const lines: string[] = []

  beforeAll(async () => {
    formation = await createFormation({ tooling, nodes: 2, database: 'sanam', monitorSettings: QUICK_MONITOR })
    const uri = formation.applicationUrl()
    // The production-mode check's database: an owner, the runtime role (ADR 037), on the primary, replicated.
    const primary = formation.nodes[0]!
    for (const statement of [
      'create role sanam_owner login',
      'create role sanam_runtime nologin',
      'create role sanam_app login in role sanam_runtime',
      'create database sanam_prod owner sanam_owner',
    ])
      await formation.sql(primary, statement, 'postgres')
    // Every attempt comes from 127.0.0.1, and Redis keeps the per-address counters across runs: not what is tested here.
    const env = { ...faultEnv(uri), BACKOFFICE_FOUR_EYES_BAHT: '100000000', RATE_REGISTER_PER_IP_PER_HOUR: '100000', RATE_LOGIN_PER_IP_PER_MINUTE: '100000' }
    ;[finance] = await seasonedOperators({ env }, 1)
    server = await startServer({
      env: { ...env, API_PROCESSES: '2', REDIS_URL: redis.url!, READ_REPLICA_URL: formation.applicationUrl({ target: 'prefer-standby' }) },
      onOutput: (line) => lines.push(line),
    })
  }, 240_000)

  afterAll(async () => {
    await server?.stop()
    await formation?.destroy()
  }, 60_000)

  const failed = () =>
    onTestFailed(async () =>
      console.warn(
        `[postgres-failover] server:\n${lines
          .slice(-40)
          .map((line) => line.slice(0, 400))
          .join('\n')}\nformation: ${await formation.describe()}\n${formation.logs(25)}`,
      ),
    )

  /** Starts a server in production mode on sanam_prod, waits until it serves, stops it, and answers its warnings. */
  async function productionStartWarnings(): Promise<string[]> {
    const secret = () => randomBytes(32).toString('hex')
    const url = (user: string) => formation.applicationUrl({ user, database: 'sanam_prod' })
    const output: string[] = []
    const production = await startServer({
      env: {
        SANAM_MODE: 'production',
        DATABASE_URL: url('sanam_app'),
        MIGRATION_DATABASE_URL: url('sanam_owner'),
        BANK_WEBHOOK_SECRET: secret(),
        SEAMLESS_SECRET: secret(),
        AUDIT_HMAC_KEY: secret(),
        DEVICE_TOKEN_SECRET: secret(),
        TOTP_ENCRYPTION_KEY: secret(),
        BACKOFFICE_ORIGIN: 'shared',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
        SMS_HTTP_KEY: secret(),
        BACKOFFICE_PASSWORD: OPERATOR.password,
      },
      onOutput: (line) => output.push(line),
    })
    expect(await production.stop()).toBe(0)
    return output.filter((line) => line.includes(NO_STANDBY_WARNING))
  }

  it('runs on the synchronous standby the tool configures, and production mode starts without a warning', { timeout: 60_000 }, async () => {
    failed()
    const primary = await formation.primary()
    const [replication] = await formation.sql<{ names: string; commit: string; sync: string }>(
      primary,
      "select current_setting('synchronous_standby_names') as names, current_setting('synchronous_commit') as commit, (select string_agg(sync_state, ',') from pg_stat_replication) as sync",
    )
    expect(replication).toMatchObject({ names: expect.stringMatching(/^ANY 1 \(pgautofailover_standby_\d\)$/) as unknown, commit: 'on', sync: 'quorum' })
    expect(await productionStartWarnings()).toEqual([])
  })

  it(
    'a mixed load through two API processes survives the primary dying, then the new primary: 503s then the new primary, nothing lost or doubled',
    { timeout: 240_000 },
    async () => {
      failed()
      const run = await failoverUnderLoad({
        formation,
        baseUrl: server!.baseUrl,
        operator: await operatorToken(server!.baseUrl, finance!),
        processes: 2,
        kills: 2,
        acksBetween: ACKS_BETWEEN,
        prefix: '93',
      })
      // Reports and the dashboard were read on the standby, not on the primary taking the load.
      expect(run.reportConnections.standbys, 'report connections on the standby').toBeGreaterThan(0)
      expect(run.reportConnections.primary, 'report connections on the primary').toBe(0)
      expect(run.refusals, 'no request met the outages').toBeGreaterThan(0)
      // And the ledger script, as an operator runs it, on the surviving primary alone.
      const verify = await runLedgerVerify(formation.nodeUrl(await formation.primary()))
      expect(verify.output, verify.output).toMatch(/^ok, \d+ checked/m)
      expect(verify.code).toBe(0)

      console.info(
        `[postgres-failover] ${run.acks} acknowledgements, ${run.refusals} refusals (503) retried; ` +
          run.outages
            .map((o) => `${o.killed} killed: first bet after ${(o.ms / 1000).toFixed(1)} s, both listeners back after ${(o.listenersMs / 1000).toFixed(1)} s`)
            .join('; ') +
          `; ${run.checked} ledger rows verified`,
      )
      expect(run.outages).toHaveLength(2)
      for (const outage of run.outages) expect(outage.ms, `time without a primary after ${outage.killed} died`).toBeLessThan(OUTAGE_GOAL_MS)
    },
  )

  it('production mode warns at start-up on the survivor, which has no standby left', { timeout: 60_000 }, async () => {
    failed()
    const [replication] = await formation.sql<{ names: string }>(await formation.primary(), "select current_setting('synchronous_standby_names') as names")
    expect(replication!.names).toBe('')
    const warnings = await productionStartWarnings()
    expect(warnings).toHaveLength(1)
    expect(JSON.parse(warnings[0]!)).toMatchObject({
      level: 40,
      problems: ['synchronous_standby_names is empty: no standby is waited for, so a commit is acknowledged once the primary alone has it'],
    })
  })
})

/** Runs `npm run ledger:verify`'s script as a person would, on `databaseUrl` (demo mode: the load's audit key). */
function runLedgerVerify(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _database, ...inherited } = process.env
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'apps/api/scripts/ledger-verify.ts'],
      { cwd: repoRoot, env: { ...inherited, DATABASE_URL: databaseUrl, SANAM_MODE: 'demo' }, timeout: 120_000, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}${stderr}` }),
    )
  })
}
