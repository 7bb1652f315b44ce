import { startOutboxWorker } from './modules/outbox/worker.ts'
import cluster from 'node:cluster'
import path from 'node:path'
import { getHeapStatistics } from 'node:v8'
import { fileURLToPath } from 'node:url'
import Fastify from 'fastify'
import { buildApp } from './app.ts'
import { flushLog, serverLoggerOptions } from './logger.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openDatabase } from './db/client.ts'
import { connectionBudgetProblem, connectionsAccepted } from './db/connection-budget.ts'
import { autovacuumProblem, autovacuumSettings } from './db/planner-statistics.ts'
import { oldestDatabaseAge, wraparoundProblem } from './db/vacuum.ts'
import { replicationState, synchronousStandbyProblems } from './db/replication.ts'
import { DEMO_PLAYER, demoDataLeft, seedDemo, seedSite } from './seed.ts'
import { auditHeadExport } from './modules/audit/audit-head-export.ts'
import { createAuditRepository } from './modules/audit/audit.repository.ts'
import { findWebApps } from './web.ts'
import { standardJobs, startJobs } from './jobs/runner.ts'
import { systemClock } from './lib/clock.ts'
import { answerClusterPrimary, clusterMetrics } from './lib/metrics.ts'
import { metricsListener } from './plugins/metrics.ts'
import { isServingMessage, SERVING_MESSAGE, superviseWorkers, WORKER_ROLE_VARIABLE } from './supervisor.ts'

/** The repository root: two levels up from apps/api/src (tsx) or apps/api/dist (the bundle). */
/** How long a woken outbox pass waits for the notices committed just after the first (worker.ts, issue 38 §6). */
const OUTBOX_LINGER_MS = 250
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }
  // Several processes (ADR 052): this one only supervises the workers, which run the rest of main().
  if (config.API_PROCESSES > 1 && cluster.isPrimary) return supervise(config)
  // What must happen once (migrations, start-up checks, seeding, jobs, the audit head export) is done by the only
  // process, or of several by the lead worker; the followers start once it serves, and only serve.
  const follower = cluster.isWorker && process.env[WORKER_ROLE_VARIABLE] !== 'lead'
  // The primary serves every worker's metrics on METRICS_PORT (ADR 051): a worker answers its requests from now on.
  const metricsToPrimary = cluster.isWorker && config.metricsOn === 'port' ? answerClusterPrimary() : undefined

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    readReplicaUrl: config.READ_REPLICA_URL,
    dataDir: path.resolve(root, config.DATA_DIR),
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    pool: {
      max: config.DB_POOL_MAX,
      waitMs: config.DB_POOL_WAIT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      migrationUrl: config.MIGRATION_DATABASE_URL,
    },
  })
  if (!follower) await database.migrate()
  const auditRepository = createAuditRepository({ key: config.auditHmacKey })
  if (!follower && config.SANAM_MODE !== 'demo') {
    // The audit log must be out of the application's reach (ADR 037): DATABASE_URL connects as a role that owns
    // nothing and may only insert and read it. The embedded database has one all-powerful user: see docs/operations.md.
    const problems = database.kind === 'postgres' ? await auditRepository.rewriteRights(database.db) : []
    if (problems.length > 0) {
      console.error(
        `DATABASE_URL connects as a role that could rewrite the audit log:\n${problems.map((p) => `  - ${p}`).join('\n')}\nConnect as a member of sanam_runtime that owns nothing, and run migrations as the owner with MIGRATION_DATABASE_URL (docs/operations.md, "Database roles").`,
      )
      await database.close()
      process.exit(78)
    }
  }
  // Standard output through a 64 KB buffer written by this thread, flushed at exit (ADR 091, ADR 102).
  const logger = serverLoggerOptions(config)
  const { app, services, metrics, listenForMetrics } = await buildApp({ config, database, webApps: findWebApps(root), logger })
  if (metrics) metricsToPrimary?.share(metrics)
  if (!follower) {
    // Before the first request: the referral plan's first version from the environment (ADR 044), the operators set-up
    // names, then what a new database is seeded with, through the app's own services (issue 19 §5).
    await services.plan.ensureFirst()
    if (config.SANAM_MODE !== 'demo') {
      const left = await demoDataLeft(services)
      if (left.length > 0) {
        console.error(
          `This database was seeded in demo mode and cannot take real money:\n${left.map((l) => `  - ${l}`).join('\n')}\nStart from a new database (or run it with SANAM_MODE=demo).`,
        )
        await app.close()
        await database.close()
        process.exit(78)
      }
    }
    // Demo mode starts with one owner (BACKOFFICE_USERNAME, `admin`); a real-money install with the owners it names,
    // two or more, each told its first secret on its own phone (ADR 070). BACKOFFICE_PASSWORD and
    // BACKOFFICE_TOTP_SECRET give the first of them a usable password and authenticator instead (automation).
    const first =
      config.SANAM_MODE === 'demo'
        ? await services.operators.ensureFirstOwner(config.BACKOFFICE_USERNAME, config.BACKOFFICE_PASSWORD, config.BACKOFFICE_TOTP_SECRET)
        : { created: false as const }
    const setUpOwners = await services.operators.setUp(
      config.backofficeOwners.map((owner, index) => ({
        ...owner,
        role: 'owner' as const,
        ...(index === 0 && config.SANAM_MODE !== 'demo' && config.BACKOFFICE_PASSWORD
          ? {
              password: config.BACKOFFICE_PASSWORD,
              totpSecret: config.BACKOFFICE_TOTP_SECRET,
            }
          : {}),
      })),
    )
    if (setUpOwners.made.length > 0)
      app.log.info({ owners: setUpOwners.made }, 'back-office owners set up: each one-time password went by SMS to the owner’s own phone')
    // An owner whose SMS failed holds a password no one knows: another owner resets it, or a start-up a day later sends
    // a new one (operators.setUp). Never the password itself in the log.
    if (setUpOwners.smsFailed.length > 0)
      app.log.error(
        { owners: setUpOwners.smsFailed },
        'back-office owners set up, but the SMS with their one-time password failed: another owner resets it, or a start-up after 24 hours sends a new one',
      )
    // Then what a new database is seeded with (after the first owner: the demo desk's set-up accounts would otherwise
    // make the database look as if it had its operators).
    if (config.SEED_DEMO) {
      const { seeded } = await seedDemo(services)
      if (seeded) console.info(`Demo data seeded. Demo player: ${DEMO_PLAYER.mobile} / ${DEMO_PLAYER.password}`)
    } else {
      await seedSite(services)
    }
    // TOTP secrets written in clear before they were sealed (ADR 036) are sealed once, before the first request.
    const sealed = await services.backofficeAuth.sealPlainTotpSecrets()
    if (sealed > 0) app.log.info({ operators: sealed }, 'sealed TOTP secrets stored in clear with TOTP_ENCRYPTION_KEY')
    if (first.generatedPassword) {
      // Printed once, to the console only (not the structured log): set BACKOFFICE_PASSWORD to choose it instead.
      console.info(`Back-office operator created: ${config.BACKOFFICE_USERNAME} / ${first.generatedPassword} (shown once; change it after signing in)`)
    }
    if (config.SANAM_MODE === 'demo')
      app.log.warn('demo mode (play money): public demo secrets, SMS codes in the log and at /api/dev/sms; set SANAM_MODE=production for real money')
    else if (database.kind === 'postgres') {
      // Real money on a server whose commits no standby confirms: one machine's loss can lose acknowledged money
      // (ADR 054). A warning, not a refusal: a standby lost for a while (pg_auto_failover's wait_primary) must not
      // stop a restart.
      const problems = synchronousStandbyProblems(await replicationState(database.db))
      if (problems.length > 0)
        app.log.warn(
          { problems },
          'PostgreSQL has no synchronous standby: an acknowledged commit can be lost with the database machine (docs/operations.md, "High availability")',
        )
    }
    if (database.kind === 'postgres') {
      const problem = connectionBudgetProblem({ processes: config.API_PROCESSES, poolMax: config.DB_POOL_MAX }, await connectionsAccepted(database.db))
      if (problem) app.log.warn(problem)
      const upkeep = autovacuumProblem(await autovacuumSettings(database.db))
      if (upkeep) app.log.warn(upkeep)
    }
    // The embedded database freezes its own tables (the vacuum job, ADR 092) but not its template databases.
    if (database.kind === 'pglite') {
      const wraparound = wraparoundProblem(await oldestDatabaseAge(database.db))
      if (wraparound) app.log.warn(wraparound)
    }
  }

  // One process runs the jobs and exports the audit head. Every job takes an advisory lock, so more would be safe but
  // would only find it taken; every process exporting would write each head once per process.
  const stopHeadExport = follower ? async () => {} : auditHeadExport({ db: database.db, auditRepository, log: app.log, file: config.AUDIT_HEAD_FILE }).start()

  const stopJobs = follower
    ? async () => {}
    : startJobs(
        database.db,
        standardJobs({
          clock: systemClock,
          deposits: services.deposits,
          seamless: services.seamless,
          referral: services.referral,
          slips: services.slips,
          payouts: services.payouts,
          outbox: services.outbox,
          care: services.careTasks,
          line: services.line,
          deskAlerts: services.deskAlerts,
          smsCredit: services.deskAlerts,
          daySums: services.daySums,
          roundStaleMinutes: config.ROUND_STALE_MINUTES,
          database: database.kind,
        }),
        {
          everyMs: 60_000,
          log: app.log,
        },
      )

  // A process whose connections moved to another server (a failover) tells the desk (ADR 087; one alert per switch and day).
  database.onServerSwitch?.((from, to) => {
    services.deskAlerts.failover(from, to).catch((error: unknown) => app.log.error({ err: error }, 'the failover alert failed'))
  })

  // The outbox's worker (ADR 083) runs in every process: each takes other rows (SKIP LOCKED), so one busy or dead
  // process leaves the rest sending. Not at all in the bench's comparison without it (BENCH_OUTBOX_OFF, demo mode only).
  const stopOutbox = config.BENCH_OUTBOX_OFF
    ? async () => {}
    : startOutboxWorker(services.outbox, {
        everyMs: 2_000,
        lingerMs: OUTBOX_LINGER_MS,
        onError: (error) => app.log.error({ err: error }, 'outbox pass failed'),
      })

  let closing = false
  // A keep-alive connection busy when the signal came would stay open after its answer until the client drops it,
  // holding the shutdown up to the 15 s limit (and exit 1): its last answer says the connection closes.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close')
  })
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    // A second signal while draining means "now".
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    try {
      await app.close()
      await stopJobs()
      await stopOutbox()
      await stopHeadExport()
      await database.close()
      await flushLog(logger.stream)
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown')
      await flushLog(logger.stream)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.PORT, host: config.HOST })
  // METRICS_PORT: the metrics' own listener (ADR 051); a port that cannot be bound stops the start like PORT would. Of
  // several processes the primary has it.
  if (!cluster.isWorker) await listenForMetrics()
  if (!follower)
    app.log.info(
      // heap_limit_mb: V8's heap limit, which sets how far its heap grows before a full collection (ADR 064): 608
      // when started with --max-old-space-size=512 --max-semi-space-size=32 as npm start and operations.md do (the old
      // space's 512 and the young space's 96); without, V8 sets it from the machine's memory (4,144 on a 24 GB machine).
      { api_processes: config.API_PROCESSES, why: config.apiProcessesReason, heap_limit_mb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20) },
      `Sanam on http://localhost:${config.PORT} (${config.SANAM_MODE} mode, ${database.kind}${database.kind === 'pglite' ? `, ${config.DATA_DIR}` : ''})`,
    )
  tellParentServing()
}

/**
 * The primary of several API processes (ADR 052): forks the workers, which run this same file (the bundle, or the
 * source under tsx) and share the port, and stops them on SIGTERM or SIGINT (supervisor.ts has the rules). Its log
 * is the workers' logger (the same options; a Fastify instance that never listens, so no second logging library).
 */
async function supervise(config: Config) {
  const log = Fastify({ logger: serverLoggerOptions(config) }).log
  log.info({ processes: config.API_PROCESSES, why: config.apiProcessesReason }, `starting ${config.API_PROCESSES} API processes`)
  if (config.SMS_PROVIDER === 'console')
    log.warn('each API process keeps its own demo SMS outbox: /api/dev/sms shows only the codes sent by the process that answers it')
  // METRICS_PORT (ADR 051): the primary serves every worker's metrics summed, under the same rules as one process's
  // listener. Bound before any worker starts: a port that cannot be bound stops the start with nothing to undo.
  // (Metrics on the public port alone are refused with several processes: config.ts.)
  if (config.metricsOn === 'port') {
    const listener = metricsListener({ metrics: clusterMetrics(), token: config.METRICS_TOKEN, logger: log.child({ listener: 'metrics' }) })
    await listener.listen(config.METRICS_PORT ?? 0, config.METRICS_HOST)
  }
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) })
  const supervisor = superviseWorkers({
    processes: config.API_PROCESSES,
    log,
    exit: (code) => process.exit(code),
    onServing: tellParentServing,
    fork(role) {
      const worker = cluster.fork({ [WORKER_ROLE_VARIABLE]: role })
      return {
        pid: worker.process.pid,
        onServing: (fn) => worker.on('message', (message: unknown) => isServingMessage(message) && fn()),
        onExit: (fn) => worker.once('exit', fn),
        kill: (signal) => worker.process.kill(signal),
      }
    },
  })
  process.on('SIGINT', () => supervisor.stop('SIGINT'))
  process.on('SIGTERM', () => supervisor.stop('SIGTERM'))
}

/**
 * Tells the process that started this one, over an IPC channel when there is one, that it serves: a worker tells the
 * primary (after the lead's message the followers start), the primary tells its own parent once every worker serves,
 * and so may a single process (the bench waits for it). Without a channel, nothing.
 */
function tellParentServing() {
  if (process.send && process.connected) process.send(SERVING_MESSAGE)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
