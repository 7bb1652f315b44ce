// What an operator sees (issue 22 §6, ADR 051): the process's metrics in Prometheus's text format, kept by prom-client
// in a registry of this app's own (tests build many apps in one process: prom-client's global registry would refuse
// the second app's metrics as duplicates). Served by plugins/metrics.ts.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { DbPool } from '../db/client.ts'

/** Request latency buckets, seconds: a balance read is a few milliseconds, a report may take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Waits for a database connection, seconds: none at all when the pool has one free, DB_POOL_WAIT_MS (3 s) at worst. */
const POOL_WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
/** Callbacks per seamless batch: at most 64 (the group commit's maxBatch). */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64]

/**
 * The app's metrics. Labels hold only what the code names (a route pattern, a method, a transfer kind), never a value
 * from a request, so their number stays bounded and no id or token ends up in them.
 */
export function createMetrics(deps: {
  /** The database's connections (db/client.ts). */
  pool: DbPool
  /** The live-balance streams open in this process right now (ADR 049). */
  openStreams: () => number
}) {
  const registry = new Registry()
  const registers = [registry]
  // Process metrics: CPU, memory, heap, garbage collection, handles, and the event loop's delay
  // (nodejs_eventloop_lag_seconds and its percentiles, from perf_hooks' monitorEventLoopDelay).
  collectDefaultMetrics({ register: registry })

  const requests = new Histogram({
    name: 'sanam_http_request_duration_seconds',
    help: 'Answers by method, route pattern and status class, and how long each took (its _count is the request rate).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  })

  const use = () => deps.pool.use()
  new Gauge({
    name: 'sanam_db_pool_max',
    help: 'The most database connections this process opens (DB_POOL_MAX; 1 on the embedded database).',
    registers,
    collect() {
      this.set(deps.pool.max)
    },
  })
  new Gauge({
    name: 'sanam_db_pool_in_use',
    help: 'Database connections running a statement or transaction now.',
    registers,
    collect() {
      this.set(use().inUse)
    },
  })
  new Gauge({
    name: 'sanam_db_pool_idle',
    help: 'Open database connections free for work now.',
    registers,
    collect() {
      this.set(use().idle)
    },
  })
  new Gauge({
    name: 'sanam_db_pool_waiting',
    help: 'Statements and transactions waiting for a database connection now.',
    registers,
    collect() {
      this.set(use().waiting)
    },
  })
  const poolWait = new Histogram({
    name: 'sanam_db_pool_wait_seconds',
    help: 'How long each wait for a database connection took (PostgreSQL only); outcome "failed" when none came in time.',
    labelNames: ['outcome'] as const,
    buckets: POOL_WAIT_BUCKETS,
    registers,
  })
  const stopWaits = deps.pool.onWait((seconds, acquired) => poolWait.observe({ outcome: acquired ? 'acquired' : 'failed' }, seconds))

  const transfers = new Counter({
    name: 'sanam_ledger_transfers_total',
    help: 'Ledger transfers committed, by kind (deposit, game_bet, withdraw_hold, ...); replays and rolled-back ones are not counted.',
    labelNames: ['kind'] as const,
    registers,
  })
  const batches = new Histogram({
    name: 'sanam_seamless_batch_size',
    help: 'Seamless callbacks per group-committed batch (ADR 011): its _count is the batches, its _sum the callbacks.',
    buckets: BATCH_BUCKETS,
    registers,
  })
  new Gauge({
    name: 'sanam_wallet_streams_open',
    help: 'Live-balance streams (GET /api/wallet/stream, Server-Sent Events) open in this process now.',
    registers,
    collect() {
      this.set(deps.openStreams())
    },
  })

  return {
    /** The text/plain content type of the exposition format this registry writes. */
    contentType: registry.contentType,

    /** One answer: `route` is the route's pattern (Fastify's routeOptions.url), never the URL that was asked for. */
    request(method: string, route: string, statusCode: number, seconds: number): void {
      requests.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds)
    },

    /** Transfers the ledger wrote, after their transaction committed (the ledger's onTransfersCommitted). */
    transfersCommitted(kinds: readonly string[]): void {
      const counts = new Map<string, number>()
      for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1)
      for (const [kind, count] of counts) transfers.inc({ kind }, count)
    },

    /** A seamless batch begins with `size` callbacks. */
    seamlessBatch(size: number): void {
      batches.observe(size)
    },

    /** Everything, in Prometheus's text format. */
    text: (): Promise<string> => registry.metrics(),

    /** Stops listening to the pool and forgets every metric (the app is closing). */
    close(): void {
      stopWaits()
      registry.clear()
    },
  }
}
export type Metrics = ReturnType<typeof createMetrics>
