// Issue 23, ADR 054: PostgreSQL high availability under pg_auto_failover, on three local clusters (a monitor, a primary
// and its synchronous standby) in temporary folders, made by running docs/operations.md's set-up block as written
// (issue 35: passwords, TLS, the roles; e2e/support/auto-failover.ts). The built server runs as two API processes on
// Redis, with DATABASE_URL the multi-host URI `pg_autoctl show uri` prints and READ_REPLICA_URL the same servers
// preferring a standby. Shown:
//   - a mixed load (bank-feed deposits, bets, wins, rollbacks, withdrawals approved or rejected) runs while the
//     primary's machine dies (its postmaster, keeper and backends SIGKILLed), then, once the old primary has rejoined
//     as a standby, while the new primary's PostgreSQL freezes (every process SIGSTOPped, its keeper running): every
//     request is answered 200 or with the 503 envelope, retries with the same idempotency keys go through on the new
//     primary, and afterwards every acknowledged operation is there once, every withdrawal decided once, the balances
//     are what the plan implies and ledger:verify passes on the survivor; the time from each loss to the first bet
//     acknowledged is under OUTAGE_BOUND_MS (issue 40 §3), and the monitor began no failover while the primary was
//     healthy;
//   - each process's LISTEN connection reconnects to each new primary;
//   - reports and the dashboard are served from the standby while the primary takes the load;
//   - start-up in production mode, as the documented runtime role over TLS, says nothing with a synchronous standby,
//     and warns on the survivor without one;
//   - with two standbys the documented number-sync-standbys line makes every commit wait for one of the two, and the
//     documented operator steps (watch, switch over, maintenance, drop a lost node) run as written.
// The monitor's and keepers' timings are docs/operations.md's, as production runs them (ADR 098); `npm run
// bench:failover` measures more rounds of both losses with two standbys.
// Skipped, saying why, without pg_autoctl (.ci/run installs it), without root or the postgres user, or without Redis;
// and at the sample depth of `npm test` and CI, where its four clusters under load cost about 300 s of CPU, an eighth
// of the end-to-end half (ADR 103): `npm run test:full` runs it, and `postgres-faults.spec.ts` keeps a PostgreSQL
// restart under load in every run.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { testDepth } from '../scripts/test-depth.mjs'
import { resolveService } from '../scripts/test-env.mjs'
import { autoFailoverTooling, createFormation, documentedOperations, waitUntil, type Formation } from './support/auto-failover.ts'
import { failoverUnderLoad } from './support/failover.ts'
import { faultEnv, operatorToken } from './support/money.ts'
import { OPERATOR, seasonedOperators, type OperatorLogin } from './support/operator.ts'
import { repoRoot, startServer, type RunningServer } from './support/server.ts'

const FULL = testDepth() === 'full'
if (!FULL) console.warn('[postgres-failover] SKIPPED at the sample depth: npm run test:full runs it (ADR 103)')
const found = autoFailoverTooling()
const missing = 'missing' in found ? found.missing : undefined
/** pg_autoctl and who runs the clusters (the spec is skipped without them). */
const tooling = found as Exclude<typeof found, { missing: string }>
if (missing) console.warn(`[postgres-failover] SKIPPED: ${missing}`)
const redis = await resolveService('redis')
if (!redis.url) console.warn(`[postgres-failover] SKIPPED without Redis: ${redis.reason}`)

/**
 * The time without a primary this spec allows, from the loss to the first bet acknowledged. The goal is under 10 s
 * (issue 40 §3, ADR 098, measured by `npm run bench:failover`). Every pg_auto_failover step is a keeper waking and
 * restarting or promoting PostgreSQL, and on a shared machine each waits for a core: at load 25 on two cores one freeze
 * here took 15.2 s (a promotion alone 6 s), another 10.6 s. So the spec allows CI_MARGIN_MS more than the goal: a
 * regression to ADR 054's timings (23 to 26 s on a far quieter machine) still fails it.
 */
const OUTAGE_GOAL_MS = 10_000
const CI_MARGIN_MS = 10_000
const OUTAGE_BOUND_MS = OUTAGE_GOAL_MS + CI_MARGIN_MS
/** Operations acknowledged before the first kill, between the rejoin and the second kill, and after it. */
const ACKS_BETWEEN = 25
/** The load on a healthy primary before the first loss, in which the monitor must begin no failover. */
const HEALTHY_MS = 20_000
const NO_STANDBY_WARNING = 'PostgreSQL has no synchronous standby'

describe.runIf(FULL && !missing && redis.url)('PostgreSQL high availability: pg_auto_failover, two API processes (issue 23, ADR 054)', () => {
  let formation: Formation
  let server: RunningServer | undefined
  let finance: OperatorLogin | undefined
  const lines: string[] = []

  beforeAll(async () => {
    // The load runs in demo mode on a database of its own; the documented `sanam` (its owner and runtime role, ADR 037)
    // is the production-mode check's.
    formation = await createFormation({ tooling, nodes: 2, database: 'sanam_demo' })
    const uri = formation.applicationUrl()
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

  /**
   * Starts a server in production mode on the documented database `sanam`, as its runtime role with the documented URL
   * (password, TLS), waits until it serves, stops it, and answers its warnings.
   */
  async function productionStartWarnings(): Promise<string[]> {
    const secret = () => randomBytes(32).toString('hex')
    const url = (user: string) => formation.applicationUrl({ user, database: 'sanam' })
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
        BACKOFFICE_OWNERS: 'owner.somchai:0810000001,owner.malee:0810000002',
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
    'a mixed load through two API processes survives the primary dying, then the new primary freezing: 503s then the new primary within the bound, nothing lost or doubled',
    { timeout: 300_000 },
    async () => {
      failed()
      const run = await failoverUnderLoad({
        formation,
        baseUrl: server!.baseUrl,
        operator: await operatorToken(server!.baseUrl, finance!),
        processes: 2,
        losses: ['kill', 'freeze'],
        acksBetween: ACKS_BETWEEN,
        healthyMs: HEALTHY_MS,
        prefix: '93',
      })
      // Reports and the dashboard were read on the standby, not on the primary taking the load.
      expect(run.reportConnections.standbys, 'report connections on the standby').toBeGreaterThan(0)
      expect(run.reportConnections.primary, 'report connections on the primary').toBe(0)
      expect(run.refusals, 'no request met the outages').toBeGreaterThan(0)
      // And the ledger script, as an operator runs it, on the multi-host URL the docs prescribe (issue 35).
      const verify = await runLedgerVerify(formation.applicationUrl())
      expect(verify.output, verify.output).toMatch(/^ok, \d+ checked/m)
      expect(verify.code).toBe(0)

      console.info(
        `[postgres-failover] ${run.acks} acknowledgements, ${run.refusals} refusals (503) retried; ` +
          run.outages
            .map(
              (o) =>
                `${o.killed} ${o.how === 'kill' ? 'killed' : 'frozen'}: first bet after ${(o.ms / 1000).toFixed(1)} s, both listeners back after ${(o.listenersMs / 1000).toFixed(1)} s`,
            )
            .join('; ') +
          `; ${run.checked} ledger rows verified; ${(run.healthy.ms / 1000).toFixed(0)} s on a healthy primary without a failover`,
      )
      expect(run.outages.map((o) => o.how)).toEqual(['kill', 'freeze'])
      for (const outage of run.outages) {
        expect(outage.ms, `time without a primary after ${outage.killed} (${outage.how}); the monitor's events:\n${outage.timeline.join('\n')}`).toBeLessThan(
          OUTAGE_BOUND_MS,
        )
      }
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

describe.runIf(FULL && !missing)('the documented set-up with two standbys: number-sync-standbys 1 (issue 35, ADR 054)', () => {
  let formation: Formation | undefined

  afterAll(async () => {
    await formation?.destroy()
  }, 60_000)

  it('every commit waits for one of the two standbys, and the runtime role connects over TLS', { timeout: 300_000 }, async () => {
    formation = await createFormation({ tooling, nodes: 3, database: 'sanam' })
    const primary = await formation.primary()
    const [replication] = await formation.sql<{ names: string; sync: string; ssl: string }>(
      primary,
      "select current_setting('synchronous_standby_names') as names, (select string_agg(sync_state, ',' order by sync_state) from pg_stat_replication) as sync, (select string_agg(ssl::text, ',') from pg_stat_ssl join pg_stat_replication using (pid)) as ssl",
    )
    expect(replication).toEqual({ names: 'ANY 1 (pgautofailover_standby_2, pgautofailover_standby_3)', sync: 'quorum,quorum', ssl: 'true,true' })
    expect(formation.uri).toMatch(/^postgres:\/\/127\.0\.0\.1:\d+,127\.0\.0\.1:\d+,127\.0\.0\.1:\d+\/sanam\?target_session_attrs=read-write&sslmode=require$/)
    // The runtime role on the documented URL's first server (the primary), encrypted as the URL says, owning nothing.
    const url = formation
      .applicationUrl({ user: 'sanam_app' })
      .replace(/@([^,/]+)[^/]*\//, '@$1/')
      .replace('target_session_attrs=read-write&', '')
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const { rows } = await client.query<{ ssl: boolean; me: string; owner: string }>(
        'select ssl, current_user as me, pg_get_userbyid(datdba) as owner from pg_stat_ssl, pg_database where pid = pg_backend_pid() and datname = current_database()',
      )
      expect(rows).toEqual([{ ssl: true, me: 'sanam_app', owner: 'sanam_owner' }])
    } finally {
      await client.end()
    }
  })

  it('the operator steps run as written: watch, switch over, maintenance, a lost node dropped', { timeout: 300_000 }, async () => {
    const steps = documentedOperations()
    const f = formation!
    const before = await f.primary()
    for (const line of steps.watch) expect(await f.run(line, before)).toContain(before.name)
    for (const line of steps.switchover) await f.run(line, before)
    const promoted = await waitUntil(
      async () => {
        const now = await f.primary().catch(() => undefined)
        return now && now !== before ? now : undefined
      },
      90_000,
      () => `no other primary after the switchover`,
    )
    await f.waitForStates({ [promoted.name]: 'primary', [before.name]: 'secondary' }, 120_000)
    // The old primary, a standby now, is the node worked on.
    const [enable, disable] = steps.maintenance
    await f.run(enable!, before)
    await f.waitForStates({ [before.name]: 'maintenance' }, 60_000)
    await f.run(disable!, before)
    await f.waitForStates({ [before.name]: 'secondary', [promoted.name]: 'primary' }, 120_000)
    // The other standby's machine is lost with its disk; the documented line names it (db3 there).
    const lost = f.nodes.find((node) => node !== before && node !== promoted)!
    f.kill(lost)
    for (const line of steps.drop) await f.run(line, lost)
    await waitUntil(
      async () => ((await f.states()).some((state) => state.name === lost.name) ? undefined : true),
      60_000,
      () => `${lost.name} is still in the formation`,
    )
    expect((await f.states()).map((state) => state.name).sort()).toEqual([before.name, promoted.name].sort())
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
