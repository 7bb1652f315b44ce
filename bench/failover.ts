// npm run bench:failover (issue 23 §3, issue 40 §3, ADR 054, ADR 098): the failover run of e2e/postgres-failover.spec.ts,
// longer: a pg_auto_failover formation on this machine made by docs/operations.md's set-up block with its failover
// timings (a monitor, a primary and BENCH_FAILOVER_STANDBYS standbys, number_sync_standbys 1 with two or more), the
// built server as BENCH_FAILOVER_PROCESSES API processes on Redis, a mixed money load, BENCH_FAILOVER_HEALTHY_S of it
// on a healthy primary, then the primary lost BENCH_FAILOVER_ROUNDS times, by turns its machine killed and its
// PostgreSQL frozen (SIGSTOP), each once the one lost before has rejoined. Measures the time from each loss to the first
// bet acknowledged and to both LISTEN connections on the new primary, and checks everything acknowledged as the spec
// does. A failover the monitor begins while the primary is healthy fails the run (a false failover). Writes
// bench/results/latest-failover.md (not tracked); copy it to a dated file to record it.
//   BENCH_FAILOVER_ROUNDS   6 (kill, freeze, kill, …)   BENCH_FAILOVER_ACKS  100 acknowledgements before each loss and after the last
//   BENCH_FAILOVER_HEALTHY_S 60 (load on a healthy primary before the first loss, at least)
//   BENCH_FAILOVER_STANDBYS 2          BENCH_FAILOVER_PROCESSES 2          BENCH_REDIS_URL (else the local Redis)
// Needs root (the clusters run as postgres) or the postgres user, and apt-get install -y postgresql-15-auto-failover
// pg-auto-failover-cli. Not a test: it is never part of npm test.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { resolveService } from '../scripts/test-env.mjs'
import { autoFailoverTooling, createFormation, type Loss } from '../e2e/support/auto-failover.ts'
import { failoverUnderLoad } from '../e2e/support/failover.ts'
import { faultEnv, operatorToken } from '../e2e/support/money.ts'
import { seasonedOperators } from '../e2e/support/operator.ts'
import { repoRoot, startServer } from '../e2e/support/server.ts'

const ROUNDS = Number(process.env.BENCH_FAILOVER_ROUNDS ?? 6)
const HEALTHY_MS = Number(process.env.BENCH_FAILOVER_HEALTHY_S ?? 60) * 1000
const ACKS = Number(process.env.BENCH_FAILOVER_ACKS ?? 100)
const STANDBYS = Number(process.env.BENCH_FAILOVER_STANDBYS ?? 2)
const PROCESSES = Number(process.env.BENCH_FAILOVER_PROCESSES ?? 2)
/** Issue 40 §3: from the loss to the first acknowledged operation. */
const GOAL_MS = 10_000

const say = (line: string) => console.info(`[bench:failover ${new Date().toISOString().slice(11, 19)}] ${line}`)

async function main() {
  const tooling = autoFailoverTooling()
  if ('missing' in tooling) throw new Error(tooling.missing)
  const redis = await resolveService('redis', { ...process.env, TEST_REDIS_URL: process.env.BENCH_REDIS_URL })
  if (!redis.url) throw new Error(`Redis is needed for ${PROCESSES} API processes: ${redis.reason} (BENCH_REDIS_URL)`)
  const losses: Loss[] = Array.from({ length: ROUNDS }, (_, i) => (i % 2 === 0 ? 'kill' : 'freeze'))

  say(`formation: monitor, primary and ${STANDBYS} standbys (docs/operations.md's settings)`)
  const started = Date.now()
  // docs/operations.md's set-up: with two standbys or more, number-sync-standbys 1.
  const formation = await createFormation({ tooling, nodes: STANDBYS + 1, database: 'sanam' })
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    const [names] = await formation.sql<{ names: string }>(await formation.primary(), "select current_setting('synchronous_standby_names') as names")
    say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; synchronous_standby_names = ${names!.names}`)
    const env = {
      ...faultEnv(formation.applicationUrl()),
      BACKOFFICE_FOUR_EYES_BAHT: '100000000',
      RATE_REGISTER_PER_IP_PER_HOUR: '100000',
      RATE_LOGIN_PER_IP_PER_MINUTE: '100000',
    }
    const [finance] = await seasonedOperators({ env }, 1)
    server = await startServer({
      env: { ...env, API_PROCESSES: String(PROCESSES), REDIS_URL: redis.url, READ_REPLICA_URL: formation.applicationUrl({ target: 'prefer-standby' }) },
    })
    const run = await failoverUnderLoad({
      formation,
      baseUrl: server.baseUrl,
      operator: await operatorToken(server.baseUrl, finance!),
      processes: PROCESSES,
      losses,
      acksBetween: ACKS,
      healthyMs: HEALTHY_MS,
      prefix: '94',
      log: say,
    })
    const survivor = await formation.primary()
    const verified = execFileSync('npx', ['tsx', 'apps/api/scripts/ledger-verify.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: formation.nodeUrl(survivor), SANAM_MODE: 'demo' },
      encoding: 'utf8',
    })
    const verify = /^ok, \d+ checked.*$/m.exec(verified)?.[0]
    if (!verify) throw new Error(`ledger:verify on ${survivor.name} did not say ok:\n${verified}`)
    say(`ledger:verify on ${survivor.name}: ${verify}`)

    const seconds = (ms: number) => (ms / 1000).toFixed(1)
    const settings = await formation.monitorSettings()
    const summary = (how: Loss) => {
      const times = run.outages
        .filter((o) => o.how === how)
        .map((o) => o.ms)
        .sort((a, b) => a - b)
      if (times.length === 0) return `${how}: none`
      return `${how}: median ${seconds(times[Math.floor(times.length / 2)]!)} s, worst ${seconds(times.at(-1)!)} s (goal under ${GOAL_MS / 1000} s: ${times.every((t) => t < GOAL_MS) ? 'met' : 'NOT met'})`
    }
    const report = [
      `# Failover under load (${new Date().toISOString().slice(0, 10)})`,
      '',
      `Machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' / ',
        )} at the end; ${execFileSync(tooling.autoctl, ['--version'], { encoding: 'utf8' }).split('\n')[0]}, PostgreSQL ${path.basename(path.dirname(tooling.bindir))}.`,
      `Formation: a monitor, a primary and ${STANDBYS} standbys on this machine; synchronous_standby_names \`${names!.names}\`; monitor settings (docs/operations.md): ${settings.join(', ')}.`,
      `Load: ${PROCESSES} API processes on Redis, 4 requests in flight (deposits through the bank feed, bets, wins, rollbacks, withdrawals approved or rejected; a refused call retried with the same key after 0.2 s); ${ACKS} acknowledgements before each loss.`,
      '',
      '| round | primary lost | how | first bet acknowledged after | both LISTEN connections on the new primary after |',
      '| --- | --- | --- | --- | --- |',
      ...run.outages.map(
        (o, i) =>
          `| ${i + 1} | ${o.killed} | ${o.how === 'kill' ? 'machine killed (SIGKILL)' : 'PostgreSQL frozen (SIGSTOP)'} | ${seconds(o.ms)} s | ${seconds(o.listenersMs)} s |`,
      ),
      '',
      `Time without a primary (loss to first bet): ${summary('kill')}; ${summary('freeze')}.`,
      `No false failover: the monitor began none in ${seconds(run.healthy.ms)} s of load on a healthy primary (${run.healthy.acks} acknowledgements, ${run.healthy.refusals} refusals meanwhile).`,
      `${run.acks} acknowledgements, ${run.refusals} refusals (the 503 envelope), no other answer and no request left without one; afterwards every call answered once and replayed the same, every withdrawal decided once, every balance as planned, ${run.checked} ledger rows verified through the API and \`ledger:verify\` on the survivor: "${verify}".`,
      `Reports read from the standbys while the primary took the load: ${run.reportConnections.standbys} report connections on the standbys, ${run.reportConnections.primary} on the primary.`,
      '',
      "Where each round's time went: the monitor's events from the loss until it named the new primary (`pgautofailover.event`, timed from the loss on this machine's clock).",
      '',
      ...run.outages.flatMap((o, i) => [`- Round ${i + 1} (${o.how}, first bet after ${seconds(o.ms)} s):`, ...o.timeline.map((line) => `  - ${line}`)]),
      '',
    ].join('\n')
    writeFileSync(path.join(repoRoot, 'bench', 'results', 'latest-failover.md'), report)
    console.info(`\n${report}`)
  } finally {
    await server?.stop()
    await formation.destroy()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
