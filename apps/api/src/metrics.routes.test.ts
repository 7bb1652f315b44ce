import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { openStream, type OpenStream } from '../test/event-stream.ts'
import { METRICS_TOKEN, parseMetrics, scrape, valueOf, type Sample } from '../test/metrics.ts'
import { fund, signedInPlayer } from '../test/money.ts'
import { routeTable } from '../test/route-table.ts'
import { betBody, heldBatchService, until } from '../test/seamless-batches.ts'
import { callSeamless, launch, playing, sendMoney } from '../test/seamless.ts'
import { createLedger } from './modules/ledger/ledger.service.ts'
import { ledgerRepository } from './modules/ledger/ledger.repository.ts'
import type { SeamlessFaults } from './modules/seamless/seamless.service.ts'

// What an operator sees (issue 22 §6, ADR 051): GET /metrics in Prometheus's text format, on the public port only
// behind METRICS_TOKEN, on a listener of its own with METRICS_PORT, nowhere without either; what it counts, and that
// no label holds an id or a token. On PGlite and (api-postgres) PostgreSQL.

const THAI = /[\u0E00-\u0E7F]/
const UNAUTHORIZED = { success: false, code: 'UNAUTHORIZED', message: expect.stringMatching(THAI) }
const NOT_FOUND = { success: false, code: 'NOT_FOUND', message: expect.stringMatching(THAI) }

const requests = (samples: Sample[], labels: Record<string, string>) => valueOf(samples, 'sanam_http_request_duration_seconds_count', labels)
const transfers = (samples: Sample[], kind: string) => valueOf(samples, 'sanam_ledger_transfers_total', { kind })

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  const t = useTestApp()

  it('has no metrics: GET /metrics is a 404 in the envelope, token or not, and no listener starts', async () => {
    for (const token of [undefined, METRICS_TOKEN]) {
      const res = await t.request('GET', '/metrics', { token })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(NOT_FOUND)
    }
    expect(await t.listenForMetrics()).toBeNull()
  })
})

describe('GET /metrics on the public port, behind METRICS_TOKEN', () => {
  const table = routeTable()
  const t = useTestApp({ config: { METRICS_TOKEN }, deps: table.deps, verifyLedger: 'end' })
  const streams: OpenStream[] = []
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close()
  })

  it('refuses a missing or wrong token with 401 in the envelope, in Thai', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Bearer ${METRICS_TOKEN}x`,
      `Basic ${METRICS_TOKEN}`,
    ]) {
      const res = await t.request('GET', '/metrics', { headers: authorization ? { authorization } : {} })
      expect(res.statusCode, authorization).toBe(401)
      expect(res.json()).toEqual(UNAUTHORIZED)
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    }
  })

  it('answers with the token in Prometheus text: process, event-loop delay, pool and stream gauges', async () => {
    const res = await t.request('GET', '/metrics', { token: METRICS_TOKEN })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    const samples = parseMetrics(res.body)
    const names = new Set(samples.map((s) => s.name))
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'sanam_db_pool_max',
      'sanam_db_pool_in_use',
      'sanam_db_pool_idle',
      'sanam_db_pool_waiting',
      'sanam_wallet_streams_open',
    ]) {
      expect(names, name).toContain(name)
    }
    // The embedded database is one connection; the test's PostgreSQL pool has ten.
    expect(valueOf(samples, 'sanam_db_pool_max')).toBe(t.database.kind === 'pglite' ? 1 : 10)
    expect(valueOf(samples, 'sanam_db_pool_in_use') + valueOf(samples, 'sanam_db_pool_idle')).toBeLessThanOrEqual(valueOf(samples, 'sanam_db_pool_max'))
    // PostgreSQL's waits for a connection are timed (the requests so far had one at once); PGlite does not say.
    const waits = valueOf(samples, 'sanam_db_pool_wait_seconds_count', { outcome: 'acquired' })
    if (t.database.kind === 'postgres') expect(waits).toBeGreaterThan(0)
    else expect(waits).toBe(0)
  })

  it('counts answers by method, route pattern and status class, and no label holds an id, a token or the URL asked for', async () => {
    const player = await signedInPlayer(t, {}, { cash: 200 })
    const session = await launch(t, player.token)
    const junk = `no-such-${randomUUID()}`
    const before = await scrape(t)
    for (let i = 0; i < 3; i++) expect((await t.get('/api/wallet/v2/balance', player.token)).statusCode).toBe(200)
    expect((await t.get(`/api/wallet/deposit/status/${player.id}/cursor`, player.token)).statusCode).toBe(200)
    expect((await t.get(`/api/wallet/deposit/status/${player.id + 1}/cursor`, player.token)).statusCode).toBe(403)
    expect((await t.get(`/play/${encodeURIComponent(session)}`)).statusCode).toBe(200)
    expect((await t.get(`/api/${junk}`)).statusCode).toBe(404)
    // Refused before routing (a malformed URL, a path parameter past maxParamLength): no hook sees these, still counted.
    expect((await t.get(`/api/games/%E0%A4%A-${junk}`)).statusCode).toBe(404)
    expect((await t.get(`/api/backoffice/members/${'9'.repeat(300)}`)).statusCode).toBe(404)
    const after = await scrape(t)

    const grew = (labels: Record<string, string>) => requests(after, labels) - requests(before, labels)
    expect(grew({ method: 'GET', route: '/api/wallet/v2/balance', status_class: '2xx' })).toBe(3)
    expect(grew({ method: 'GET', route: '/api/wallet/deposit/status/:userId/cursor', status_class: '2xx' })).toBe(1)
    expect(grew({ method: 'GET', route: '/api/wallet/deposit/status/:userId/cursor', status_class: '4xx' })).toBe(1)
    expect(grew({ method: 'GET', route: '/play/:token', status_class: '2xx' })).toBe(1)
    expect(grew({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(3)

    // Every route label is a pattern of the route table; nothing a client sent is in the text at all.
    const patterns = new Set([...table.routes.map((r) => r.path), 'unmatched'])
    const routes = new Set(after.flatMap((s) => (s.labels.route === undefined ? [] : [s.labels.route])))
    expect([...routes].filter((route) => !patterns.has(route))).toEqual([])
    const text = (await t.request('GET', '/metrics', { token: METRICS_TOKEN })).body
    for (const secret of [player.token, session, encodeURIComponent(session), junk, METRICS_TOKEN]) expect(text).not.toContain(secret)
    // Our metrics carry only labels the code names, with values from bounded sets.
    for (const sample of after.filter((s) => s.name.startsWith('sanam_'))) {
      expect(['method', 'route', 'status_class', 'outcome', 'kind', 'le']).toEqual(expect.arrayContaining(Object.keys(sample.labels)))
      if (sample.labels.status_class !== undefined) expect(sample.labels.status_class).toMatch(/^[1-5]xx$/)
      if (sample.labels.method !== undefined) expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).toContain(sample.labels.method)
    }
  })

  it('counts ledger transfers by kind once committed: exactly one per transfer, none for a replay', async () => {
    const { player, session } = await playing(t, 100)
    const before = await scrape(t)
    await fund(t, player, 300)
    const round = randomUUID()
    const bets = [randomUUID(), randomUUID(), randomUUID()]
    for (const tx of bets) expect((await sendMoney(t, 'bet', { session, round, tx, amount: '5.00' })).json().status).toBe('OK')
    // The same bet again is a replay: answered, nothing written.
    expect((await sendMoney(t, 'bet', { session, round, tx: bets[0]!, amount: '5.00' })).json().status).toBe('OK')
    expect((await sendMoney(t, 'win', { session, round, tx: randomUUID(), amount: '12.00' })).json().status).toBe('OK')
    const after = await scrape(t)
    expect(transfers(after, 'deposit') - transfers(before, 'deposit')).toBe(1)
    expect(transfers(after, 'game_bet') - transfers(before, 'game_bet')).toBe(3)
    expect(transfers(after, 'game_win') - transfers(before, 'game_win')).toBe(1)
  })

  it('shows every seamless batch in the batch-size and duration histograms: as many batches as the group commit ran, as many callbacks as sent', async () => {
    const { session } = await playing(t, 200)
    const before = await scrape(t)
    const stats = t.services.seamless.stats()
    const answers = await Promise.all(Array.from({ length: 20 }, () => callSeamless(t, 'pgsoft', 'bet', betBody(session, randomUUID(), '2.00'))))
    expect(answers.map((a) => a.json().status)).toEqual(Array(20).fill('OK'))
    const after = await scrape(t)
    const ran = t.services.seamless.stats()
    const grew = (name: string) => valueOf(after, name) - valueOf(before, name)
    expect(grew('sanam_seamless_batch_size_sum')).toBe(20)
    expect(grew('sanam_seamless_batch_size_count')).toBe(ran.batches - stats.batches)
    // And each batch's duration, once it ended.
    expect(grew('sanam_seamless_batch_duration_seconds_count')).toBe(ran.batches - stats.batches)
    // Buckets are cumulative: every batch is at most 64 callbacks.
    expect(valueOf(after, 'sanam_seamless_batch_size_bucket', { le: '64' })).toBe(valueOf(after, 'sanam_seamless_batch_size_count'))
  })

  it('shows the balance reads answered together in the batch-size histogram: as many reads as were asked', async () => {
    const players = [await signedInPlayer(t, {}, { cash: 10 }), await signedInPlayer(t, {}, { cash: 20 })]
    const before = await scrape(t)
    const reads = await Promise.all(Array.from({ length: 12 }, (_, i) => t.get('/api/wallet/v2/balance', players[i % 2]!.token)))
    expect(reads.map((r) => r.json().data.balance)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 10 : 20)))
    const after = await scrape(t)
    const grew = (name: string) => valueOf(after, name) - valueOf(before, name)
    expect(grew('sanam_balance_read_batch_size_sum')).toBe(12)
    // Twelve reads sent at once take fewer statements than reads.
    expect(grew('sanam_balance_read_batch_size_count')).toBeGreaterThan(0)
    expect(grew('sanam_balance_read_batch_size_count')).toBeLessThan(12)
  })

  it('shows an open live-balance stream in the gauge and drops it when closed; the stream is not a request of its lifetime', async () => {
    const player = await signedInPlayer(t, {}, { cash: 100 })
    const route = { method: 'GET', route: '/api/wallet/stream' }
    const before = await scrape(t)
    expect(valueOf(before, 'sanam_wallet_streams_open')).toBe(0)

    const refused = await openStream(t, undefined)
    expect(refused.status).toBe(401)
    const stream = await openStream(t, player.token)
    streams.push(stream)
    await stream.nextBalance()
    expect(valueOf(await scrape(t), 'sanam_wallet_streams_open')).toBe(1)

    stream.close()
    await until(() => t.balanceStreams.count === 0, 'the server saw the stream close')
    const after = await scrape(t)
    expect(valueOf(after, 'sanam_wallet_streams_open')).toBe(0)
    expect(requests(after, { ...route, status_class: '4xx' }) - requests(before, { ...route, status_class: '4xx' })).toBe(1)
    expect(requests(after, { ...route, status_class: '2xx' })).toBe(0)
  })
})

// The counter's source, where a rollback can undo transfers already written: the seamless group commit, whose batch
// transaction or whole-batch savepoint fails after the ledger wrote (ADR 011, 017). A service of its own on the test
// database, with the faults a test needs, and its ledger's onTransfersCommitted as the metrics get it.
describe('the ledger tells the committed transfers only', () => {
  const t = useTestApp({ verifyLedger: 'end' })

  function counted(faults: SeamlessFaults) {
    const kinds: string[] = []
    const ledger = createLedger({ clock: t.clock, ledgerRepository, onTransfersCommitted: (told) => kinds.push(...told) })
    return { kinds, ...heldBatchService(t, { ledger, lanes: 1, faults }) }
  }

  it('tells nothing of a batch whose transaction fails after its transfers were written', async () => {
    const { session } = await playing(t, 100)
    const { kinds, call } = counted({
      beforeCommit: () => {
        throw new Error('injected before COMMIT')
      },
    })
    await expect(call('bet', betBody(session, randomUUID(), '5.00'))).rejects.toThrow('injected before COMMIT')
    expect(kinds).toEqual([])
  })

  it('tells a bet once when its whole-batch attempt was rolled back to the savepoint and it ran again on its own', async () => {
    const { session } = await playing(t, 100)
    let failures = 0
    const { kinds, call, service } = counted({
      afterCallback: () => {
        // After the whole batch's transfers and log rows: its savepoint is rolled back, and the bet runs alone.
        if (failures++ === 0) throw new Error('injected in the whole batch')
      },
    })
    expect((await call('bet', betBody(session, randomUUID(), '5.00'))).answer.status).toBe('OK')
    expect(service.stats().fallbacks).toBe(1)
    expect(kinds).toEqual(['game_bet'])
  })
})

describe('METRICS_PORT: a listener of its own', () => {
  const t = useTestApp({ config: { METRICS_PORT: '0' } })

  it('serves GET /metrics on 127.0.0.1 and nothing else there, and nothing on the public port', async () => {
    const address = await t.listenForMetrics()
    expect(address?.address).toBe('127.0.0.1')
    const base = `http://127.0.0.1:${address!.port}`
    await t.get('/api/health')
    const res = await fetch(`${base}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const samples = parseMetrics(await res.text())
    expect(requests(samples, { method: 'GET', route: '/api/health', status_class: '2xx' })).toBeGreaterThanOrEqual(1)

    const other = await fetch(`${base}/api/health`)
    expect(other.status).toBe(404)
    expect(await other.json()).toEqual(NOT_FOUND)
    for (const token of [undefined, METRICS_TOKEN]) {
      const onPublic = await t.request('GET', '/metrics', { token })
      expect(onPublic.statusCode).toBe(404)
      expect(onPublic.json()).toEqual(NOT_FOUND)
    }
  })
})

describe('METRICS_PORT with METRICS_TOKEN', () => {
  const t = useTestApp({ config: { METRICS_PORT: '0', METRICS_TOKEN } })

  it('asks the listener’s callers for the token too', async () => {
    const address = await t.listenForMetrics()
    const url = `http://127.0.0.1:${address!.port}/metrics`
    const refused = await fetch(url)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual(UNAUTHORIZED)
    const served = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(served.status).toBe(200)
    expect(await served.text()).toContain('sanam_db_pool_max')
  })
})
