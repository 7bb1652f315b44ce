import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { AggregatorRegistry } from 'prom-client'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { connectionsOf, silentConnection } from '../../test/connections.ts'
import { METRICS_TOKEN, parseMetrics, valueOf, type Sample } from '../../test/metrics.ts'
import type { DbPool } from '../db/client.ts'
import { metricsListener } from '../plugins/metrics.ts'
import { createMetrics, type Metrics } from './metrics.ts'

// Several API processes (ADR 051, 052): the primary serves what prom-client's cluster mode makes of the workers'
// metrics (AggregatorRegistry.clusterMetrics: each worker's registry as JSON over the IPC channel, then
// AggregatorRegistry.aggregate). Shown here on two apps' metrics in one process, through the same JSON a worker sends,
// so without forking: what sums, what does not, and the primary's listener under the same rules as one process's.

function fakePool(max: number, use: { inUse: number; idle: number; waiting: number }): DbPool {
  return { max, use: () => use, onWait: () => () => {} }
}

const built: Metrics[] = []
afterEach(() => {
  for (const metrics of built.splice(0)) metrics.close()
})

function worker(pool: DbPool, openStreams: number): Metrics {
  const metrics = createMetrics({ pool, openStreams: () => openStreams })
  built.push(metrics)
  return metrics
}

/** What the primary serves for these workers: their registries as JSON (the IPC message's shape), summed by prom-client. */
async function aggregated(...workers: Metrics[]): Promise<{ text: string; samples: Sample[]; outputs: unknown[][] }> {
  const outputs = await Promise.all(workers.map(async (w) => JSON.parse(JSON.stringify(await w.registry.getMetricsAsJSON())) as unknown[]))
  const text = await AggregatorRegistry.aggregate(outputs).metrics()
  return { text, samples: parseMetrics(text), outputs }
}

/** A value as one worker reported it (its JSON), for the figures of the one process both test workers live in. */
function reported(output: unknown[], name: string): number {
  const metric = (output as { name: string; values: { value: number }[] }[]).find((m) => m.name === name)
  if (!metric || metric.values.length !== 1) throw new Error(`${name}: not one value`)
  return metric.values[0]!.value
}

describe('the metrics of several API processes, summed in the primary', () => {
  it('adds up requests, transfers and batches: the counts and the histogram buckets are those of both workers', async () => {
    const a = worker(fakePool(20, { inUse: 0, idle: 1, waiting: 0 }), 0)
    const b = worker(fakePool(20, { inUse: 0, idle: 1, waiting: 0 }), 0)
    for (let i = 0; i < 3; i++) a.request('GET', '/api/games/providers', 200, 0.004)
    for (let i = 0; i < 4; i++) b.request('GET', '/api/games/providers', 200, 0.3)
    b.request('GET', '/api/games/providers', 503, 2)
    a.transfersCommitted(['deposit', 'game_bet', 'game_bet'])
    b.transfersCommitted(['game_bet'])
    a.seamlessBatch({ size: 3, seconds: 0.004 })
    b.seamlessBatch({ size: 40, seconds: 0.3 })
    a.balanceReadBatch(5)
    b.balanceReadBatch(200)

    const { samples } = await aggregated(a, b)
    const ok = { method: 'GET', route: '/api/games/providers', status_class: '2xx' }
    expect(valueOf(samples, 'sanam_http_request_duration_seconds_count', ok)).toBe(7)
    expect(valueOf(samples, 'sanam_http_request_duration_seconds_sum', ok)).toBeCloseTo(3 * 0.004 + 4 * 0.3)
    // A latency quantile over both reads the buckets of both: a's fast answers under 5 ms, b's slow ones above.
    expect(valueOf(samples, 'sanam_http_request_duration_seconds_bucket', { ...ok, le: '0.005' })).toBe(3)
    expect(valueOf(samples, 'sanam_http_request_duration_seconds_bucket', { ...ok, le: '0.5' })).toBe(7)
    expect(valueOf(samples, 'sanam_http_request_duration_seconds_count', { ...ok, status_class: '5xx' })).toBe(1)
    expect(valueOf(samples, 'sanam_ledger_transfers_total', { kind: 'game_bet' })).toBe(3)
    expect(valueOf(samples, 'sanam_ledger_transfers_total', { kind: 'deposit' })).toBe(1)
    expect(valueOf(samples, 'sanam_seamless_batch_size_count')).toBe(2)
    expect(valueOf(samples, 'sanam_seamless_batch_size_sum')).toBe(43)
    expect(valueOf(samples, 'sanam_seamless_batch_duration_seconds_count')).toBe(2)
    expect(valueOf(samples, 'sanam_seamless_batch_duration_seconds_sum')).toBeCloseTo(0.304)
    expect(valueOf(samples, 'sanam_seamless_batch_duration_seconds_bucket', { le: '0.005' })).toBe(1)
    expect(valueOf(samples, 'sanam_seamless_batch_duration_seconds_bucket', { le: '0.5' })).toBe(2)
    expect(valueOf(samples, 'sanam_balance_read_batch_size_count')).toBe(2)
    expect(valueOf(samples, 'sanam_balance_read_batch_size_bucket', { le: '8' })).toBe(1)
    expect(valueOf(samples, 'sanam_balance_read_batch_size_bucket', { le: '256' })).toBe(2)
    // One sample a label set: never a line per worker that Prometheus would refuse as a duplicate.
    const lines = samples.map((s) => `${s.name}${JSON.stringify(s.labels)}`)
    expect(lines.length).toBe(new Set(lines).size)
  })

  it('adds up the pool and the open streams: what PostgreSQL and the players see of all the processes', async () => {
    const a = worker(fakePool(20, { inUse: 3, idle: 5, waiting: 0 }), 2)
    const b = worker(fakePool(20, { inUse: 20, idle: 0, waiting: 4 }), 1)
    const { samples } = await aggregated(a, b)
    expect(valueOf(samples, 'sanam_db_pool_max')).toBe(40)
    expect(valueOf(samples, 'sanam_db_pool_in_use')).toBe(23)
    expect(valueOf(samples, 'sanam_db_pool_idle')).toBe(5)
    expect(valueOf(samples, 'sanam_db_pool_waiting')).toBe(4)
    expect(valueOf(samples, 'sanam_wallet_streams_open')).toBe(3)
  })

  it('keeps the worst event-loop delay, adds up memory and CPU, and leaves out what does not add up', async () => {
    const a = worker(fakePool(1, { inUse: 0, idle: 1, waiting: 0 }), 0)
    const b = worker(fakePool(1, { inUse: 0, idle: 1, waiting: 0 }), 0)
    const { samples, outputs } = await aggregated(a, b)
    const [first, second] = outputs as [unknown[], unknown[]]
    const both = (name: string) => [reported(first, name), reported(second, name)]
    expect(valueOf(samples, 'nodejs_eventloop_lag_max_seconds')).toBe(Math.max(...both('nodejs_eventloop_lag_max_seconds')))
    expect(valueOf(samples, 'nodejs_eventloop_lag_min_seconds')).toBe(Math.min(...both('nodejs_eventloop_lag_min_seconds')))
    const [p99a, p99b] = both('nodejs_eventloop_lag_p99_seconds')
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeCloseTo((p99a! + p99b!) / 2)
    const [rssA, rssB] = both('process_resident_memory_bytes')
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBe(rssA! + rssB!)
    // A start time, summed, would be no time at all; the Node version is one line.
    expect(samples.some((s) => s.name === 'process_start_time_seconds')).toBe(false)
    expect(samples.filter((s) => s.name === 'nodejs_version_info')).toHaveLength(1)
  })
})

describe("the primary's metrics listener", () => {
  const closers: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })

  /** A listener on a free port of 127.0.0.1, closed after the test: answers it and its port. */
  async function listening(text: () => Promise<string>, logger: FastifyBaseLogger = Fastify({ logger: false }).log) {
    const listener = metricsListener({ metrics: { contentType: AggregatorRegistry.PROMETHEUS_CONTENT_TYPE, text }, token: METRICS_TOKEN, logger })
    closers.push(listener.close)
    const { port } = await listener.listen(0, '127.0.0.1')
    return { listener, port }
  }
  async function listen(text: () => Promise<string>, logger?: FastifyBaseLogger) {
    return `http://127.0.0.1:${(await listening(text, logger)).port}`
  }

  it('closes though a client holds a connection it never sent a request on (plugins/silent-connections.ts)', async () => {
    const { listener, port } = await listening(async () => '')
    const silent = await silentConnection(port)
    await expect.poll(() => connectionsOf(listener.server.server)).toBe(1)
    // Node 20 alone would wait for this client to hang up, which it never does (the test would time out).
    await listener.close()
    await once(silent, 'close')
  })

  it('serves the sum with the token, and refuses the rest as one process does', async () => {
    const a = worker(fakePool(20, { inUse: 1, idle: 1, waiting: 0 }), 0)
    const b = worker(fakePool(20, { inUse: 1, idle: 1, waiting: 0 }), 0)
    a.request('GET', '/api/health', 200, 0.001)
    b.request('GET', '/api/health', 200, 0.001)
    const base = await listen(async () => (await aggregated(a, b)).text)

    const served = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(valueOf(parseMetrics(await served.text()), 'sanam_http_request_duration_seconds_count', { route: '/api/health' })).toBe(2)
    const refused = await fetch(`${base}/metrics`)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' })
    const elsewhere = await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(elsewhere.status).toBe(404)
    expect(await elsewhere.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })

  it('keeps its scrapes out of the request log and starts without a deprecation warning', async () => {
    const lines: string[] = []
    const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } }).log
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const base = await listen(async () => '', logger)
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200)
      // A warning is emitted on the next tick: one more turn before counting.
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('warning', onWarning)
    }
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg)
    expect(messages).toContain('metrics listener started (GET /metrics)')
    expect(messages).not.toContain('incoming request')
    expect(messages).not.toContain('request completed')
    expect(warnings.map((w) => w.name)).not.toContain('FastifyDeprecation')
  })

  it('fails a scrape when a worker does not answer, rather than serve part of the sum', async () => {
    // prom-client's clusterMetrics rejects so after 5 s without every worker's answer.
    const base = await listen(() => Promise.reject(new Error('Operation timed out.')))
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ success: false, code: 'INTERNAL' })
  })
})
