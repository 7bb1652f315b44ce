// What an operator sees (issue 22 §6, ADR 051): the process's metrics in Prometheus's text format, kept by prom-client
// in a registry of this app's own (tests build many apps in one process: prom-client's global registry would refuse
// the second app's metrics as duplicates). Served by plugins/metrics.ts. With several API processes (ADR 052) the
// primary serves every worker's metrics summed, through prom-client's cluster mode (the end of this file).
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type PrometheusContentType } from 'prom-client'
import type { DbPool } from '../db/client.ts'

/** Request latency buckets, seconds: a balance read is a few milliseconds, a report may take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Waits for a database connection, seconds: none at all when the pool has one free, DB_POOL_WAIT_MS (3 s) at worst. */
const POOL_WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
/** Callbacks per seamless batch: at most 64 (the group commit's maxBatch). */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64]
/** Balance reads per statement: at most 256 (the referral service's SUMMARY_BATCH). */
const BALANCE_BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256]

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
  // (nodejs_eventloop_lag_seconds and its percentiles, from perf_hooks' monitorEventLoopDelay). Of several processes
  // prom-client sums most of them, keeps the greatest delay (_max) and the smallest (_min), averages the mean and
  // percentiles, and leaves out the start time: each carries its own `aggregator`.
  collectDefaultMetrics({ register: registry })

  const requests = new Histogram({
    name: 'sanam_http_request_duration_seconds',
    help: 'Answers by method, route pattern and status class, and how long each took (its _count is the request rate).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  })

  // The gauges below are summed over the API processes (prom-client's default aggregator for a gauge): connections,
  // waits and streams of several processes add up, and PostgreSQL sees the sum.
  const use = () => deps.pool.use()
  new Gauge({
    name: 'sanam_db_pool_max',
    help: 'The most database connections the API opens (DB_POOL_MAX for each API process; 1 on the embedded database).',
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
  const batchDurations = new Histogram({
    name: 'sanam_seamless_batch_duration_seconds',
    help: 'How long each seamless batch took, from its start (its connection, BEGIN) to its COMMIT or failure: its _count is the batches.',
    buckets: LATENCY_BUCKETS,
    registers,
  })
  const balanceBatches = new Histogram({
    name: 'sanam_balance_read_batch_size',
    help: 'Balance reads answered by one statement (ADR 059): its _count is the statements, its _sum the reads.',
    buckets: BALANCE_BATCH_BUCKETS,
    registers,
  })
  new Gauge({
    name: 'sanam_wallet_streams_open',
    help: 'Live-balance streams (GET /api/wallet/stream, Server-Sent Events) open now.',
    registers,
    collect() {
      this.set(deps.openStreams())
    },
  })

  return {
    /** The prom-client registry, for a cluster worker to hand to the primary's collection (answerClusterPrimary). */
    registry,

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

    /** A seamless batch of `size` callbacks ended (committed or failed) after `seconds`. */
    seamlessBatch(batch: { size: number; seconds: number }): void {
      batches.observe(batch.size)
      batchDurations.observe(batch.seconds)
    },

    /** One statement answers `size` balance reads. */
    balanceReadBatch(size: number): void {
      balanceBatches.observe(size)
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

/** What GET /metrics serves: an app's own metrics, or the primary's sum of its workers'. */
export type MetricsSource = Pick<Metrics, 'contentType' | 'text'>

/**
 * The primary of several API processes (ADR 052): every worker's metrics, collected over the cluster's IPC channel
 * and summed by prom-client (AggregatorRegistry.clusterMetrics: counters and histograms added, each gauge by its
 * `aggregator`). It fails (after prom-client's 5 s) when a worker does not answer, rather than serve a partial sum.
 */
export function clusterMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry<PrometheusContentType>()
  return { contentType: aggregator.contentType, text: () => aggregator.clusterMetrics() }
}

/**
 * A worker of several API processes (ADR 052): answers the primary's requests for its metrics (prom-client's cluster
 * mode). Called first thing in the worker, because node's IPC keeps no message for a listener that is not there
 * yet: a request that came before would be lost and the primary's scrape would fail. Until `share` names the app's
 * registry the worker answers that it has nothing (never prom-client's global registry, which the app does not use).
 */
export function answerClusterPrimary(): { share(metrics: Metrics): void } {
  AggregatorRegistry.setRegistries([])
  new AggregatorRegistry()
  return { share: (metrics) => AggregatorRegistry.setRegistries([metrics.registry]) }
}
