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
// The monitor's health checks are shortened (QUICK_MONITOR) so a failover takes seconds here; docs/operations.md says
// what production uses. Skipped, saying why, without pg_autoctl (.ci/run installs it) or Redis.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { resolveService } from '../scripts/test-env.mjs'
import { autoFailoverTooling, createFormation, QUICK_MONITOR, waitUntil, type Formation, type FormationNode } from './support/auto-failover.ts'
import { call } from './support/http.ts'
import { MixedLoad, mixedPlan } from './support/mixed-load.ts'
import { expectLedgerVerifies, faultEnv, fundPlayers, gameSession, operatorToken, registerPlayers } from './support/money.ts'
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
/** Each player's money before the load: enough for every withdrawal the plan may approve. */
const FUNDS_SATANG = 5_000_000
/** Operations acknowledged before the first kill, between the rejoin and the second kill, and after it. */
const ACKS_BETWEEN = 25
const NO_STANDBY_WARNING = 'PostgreSQL has no synchronous standby'

/** `pg_autoctl show uri` as an application uses it: the superuser here, and no TLS (the clusters run --no-ssl). */
function applicationUrl(uri: string, user: string, target?: string): string {
  const url = uri.replace('postgres://', `postgres://${user}@`).replace('sslmode=prefer', 'sslmode=disable')
  return target ? url.replace('target_session_attrs=read-write', `target_session_attrs=${target}`) : url
}

/** Bangkok's date today, as the reports take it. */
const bangkokToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)

describe.runIf(!missing && redis.url)('PostgreSQL high availability: pg_auto_failover, two API processes (issue 23, ADR 054)', () => {
  let formation: Formation
  /** `pg_autoctl show uri --formation default`, with the superuser. */
  let uri: string
  let server: RunningServer | undefined
  let finance: OperatorLogin | undefined
  const lines: string[] = []

  beforeAll(async () => {
    formation = await createFormation({ tooling, nodes: 2, database: 'sanam', monitorSettings: QUICK_MONITOR })
    uri = applicationUrl(formation.showUri(), tooling.user.name)
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
      env: { ...env, API_PROCESSES: '2', REDIS_URL: redis.url!, READ_REPLICA_URL: applicationUrl(formation.showUri(), tooling.user.name, 'prefer-standby') },
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

  /** The data node the monitor says is the primary now. */
  async function primaryNode(): Promise<FormationNode> {
    const states = await formation.states()
    // wait_primary: a primary whose standby is not (yet) there; single: one alone.
    const serving = ['primary', 'wait_primary', 'single']
    const name = states.find((s) => serving.includes(s.reported) && s.reported === s.assigned)?.name
    const node = formation.nodes.find((n) => n.name === name)
    if (!node) throw new Error(`no primary: ${await formation.describe()}`)
    return node
  }

  /** Connections of this database on `node` named `name` (pg_stat_activity). */
  async function connections(node: FormationNode, name: string): Promise<number> {
    const [row] = await formation.sql<{ n: number }>(
      node,
      `select count(*)::int as n from pg_stat_activity where datname = 'sanam' and application_name = '${name}'`,
    )
    return row!.n
  }

  /** Starts a server in production mode on sanam_prod, waits until it serves, stops it, and answers its warnings. */
  async function productionStartWarnings(): Promise<string[]> {
    const secret = () => randomBytes(32).toString('hex')
    const url = (user: string) => uri.replace(`postgres://${tooling.user.name}@`, `postgres://${user}@`).replace('/sanam?', '/sanam_prod?')
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
    const primary = await primaryNode()
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
      const base = server!.baseUrl
      const players = await registerPlayers(base, 4, '93')
      const toAccount = await fundPlayers(base, players, FUNDS_SATANG, 'ha')
      const sessions = await Promise.all(players.map((p) => gameSession(base, p)))
      const load = new MixedLoad(mixedPlan({ tag: 'ha', count: 5_000, players, sessions, toAccount, withdrawals: true }), FUNDS_SATANG)
      const target = { baseUrl: base, operator: await operatorToken(base, finance!) }

      const outages: { killed: string; ms: number }[] = []
      let stop = false
      /** Waits until the load has `count` more acknowledgements than now. */
      const moreAcks = async (count: number) => {
        const goal = load.acks + count
        await waitUntil(
          async () => (load.acks >= goal ? true : undefined),
          60_000,
          () => `the load stalled at ${load.acks} acknowledgements`,
        )
      }
      /** Every process's LISTEN connection on `node` (the revocations, the plan, the live balance): answers when, after `since`. */
      const listenersOn = async (node: FormationNode, since: number) => {
        await waitUntil(
          async () => ((await connections(node, 'sanam-listener')) === 2 ? true : undefined),
          30_000,
          () => `the listeners did not reconnect to ${node.name}`,
        )
        return Date.now() - since
      }
      const listening: Promise<number>[] = []
      /** Kills the primary's machine mid-load; answers once a bet sent after the kill is acknowledged. */
      const failover = async () => {
        const victim = await primaryNode()
        const killedAt = formation.kill(victim)
        const bet = await waitUntil(
          async () => load.firstAnswered('bet', killedAt),
          60_000,
          () => `no bet acknowledged after ${victim.name} died`,
        )
        // Checked while the load goes on; a failure is reported where the promise is awaited, at the end.
        const back = listenersOn(await primaryNode(), killedAt)
        back.catch(() => undefined)
        listening.push(back)
        outages.push({ killed: victim.name, ms: bet.answeredAt! - killedAt })
        return victim
      }
      const scenario = async () => {
        try {
          await moreAcks(ACKS_BETWEEN)
          // Reads that may lag: a report and the dashboard from the standby while the primary takes the bets.
          const today = bangkokToday()
          const report = await call<{ rows: unknown[] }>(base, 'GET', `/api/backoffice/reports/ggr-by-day?from=${today}&to=${today}`, {
            token: target.operator,
          })
          expect(report.status, JSON.stringify(report.body)).toBe(200)
          expect(report.body.data.rows).toHaveLength(1)
          expect((await call(base, 'GET', '/api/backoffice/dashboard', { token: target.operator })).status).toBe(200)
          const standby = formation.nodes.find((n) => n !== formation.nodes[0])!
          expect(await connections(standby, 'sanam-reads'), 'report connections on the standby').toBeGreaterThan(0)
          expect(await connections(formation.nodes[0]!, 'sanam-reads'), 'report connections on the primary').toBe(0)

          const first = await failover()
          // The dead machine comes back, rejoins as a standby of the new primary, and the load goes on.
          const second = await primaryNode()
          formation.restart(first)
          await formation.waitForStates({ [first.name]: 'secondary', [second.name]: 'primary' }, 90_000)
          await moreAcks(ACKS_BETWEEN)
          await failover()
          await moreAcks(ACKS_BETWEEN)
          await Promise.all(listening)
        } finally {
          stop = true
        }
      }
      await Promise.all([load.run(target, 4, () => stop, { retryAfterMs: 200 }), scenario()])
      const listenersMs = await Promise.all(listening)

      expect(load.unexpected, 'answers other than 200 or the 503 envelope').toEqual([])
      expect(load.unanswered, 'requests the API processes left without an answer').toBe(0)
      expect(load.refused(), 'no request met the outages').toBeGreaterThan(0)
      load.dropUnstarted()
      await load.settle(target)
      await load.expectWithdrawalsDecided(base)
      const checked = await expectLedgerVerifies(base, target.operator)
      // And the ledger script, as an operator runs it, on the surviving primary alone.
      const survivor = await primaryNode()
      const verify = await runLedgerVerify(formation.nodeUrl(survivor))
      expect(verify.output, verify.output).toMatch(/^ok, \d+ checked/m)
      expect(verify.code).toBe(0)

      console.info(
        `[postgres-failover] ${load.acks} acknowledgements, ${load.refused()} refusals (503) retried; ` +
          outages
            .map(
              (o, i) => `${o.killed} killed: first bet after ${(o.ms / 1000).toFixed(1)} s, both listeners back after ${(listenersMs[i]! / 1000).toFixed(1)} s`,
            )
            .join('; ') +
          `; ${checked} ledger rows verified`,
      )
      expect(outages).toHaveLength(2)
      for (const outage of outages) expect(outage.ms, `time without a primary after ${outage.killed} died`).toBeLessThan(OUTAGE_GOAL_MS)
    },
  )

  it('production mode warns at start-up on the survivor, which has no standby left', { timeout: 60_000 }, async () => {
    failed()
    const [replication] = await formation.sql<{ names: string }>(await primaryNode(), "select current_setting('synchronous_standby_names') as names")
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
