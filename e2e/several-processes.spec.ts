// Issue 22 §4, ADR 052: the built server with API_PROCESSES=2 on PostgreSQL and Redis, one primary and two workers on
// one port. Every request goes over a fresh connection, which the primary hands to the workers in turn, and the worker
// that answered is read from its own request log line (pino's pid beside the request id this test sends): no header
// is added to the API for this. Shown with the two processes: both answer; a logout is refused by both at once; a site
// settings change saved through one is served by the other; the login limit counts across both; a killed worker is
// replaced; SIGTERM stops them all with exit code 0; the primary serves both workers' metrics summed on METRICS_PORT
// (ADR 051); a deposit reaches live balance streams held on both (ADR 049, issue 21 §4). And the refusals: a lead that
// cannot start stops the service at once (no restart loop), and several processes on the embedded database are refused
// before anything starts.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest'
import { resolveService } from '../scripts/test-env.mjs'
import { operatorEnv, operatorToken } from './support/operator.ts'
import { DEMO, deposit } from './support/player.ts'
import { createTestDatabase, reachablePostgres, type TestDatabase } from './support/postgres.ts'
import { freePort, repoRoot, startServer, type RunningServer } from './support/server.ts'

const postgresUrl = await reachablePostgres('several-processes')
const redis = await resolveService('redis')
if (!redis.url) console.warn(`[several-processes] SKIPPED without Redis: ${redis.reason}`)

const SERVER = path.join(repoRoot, 'apps/api/dist/server.js')
/** Wrong passwords per phone before a 429: three, so four attempts would all be checked by two per-process counters. */
const FAILS_PER_MOBILE = 3
/** The site metadata's cache in each process (ADR 045): another process serves a save within it. */
const METADATA_CACHE_MS = 5_000
/** The metrics' bearer token (32+ characters); the port is a free one, found when the cluster starts. */
const METRICS_TOKEN = `metrics-${randomBytes(16).toString('hex')}`

interface LogLine {
  pid?: number
  msg?: string
  reqId?: string
  worker_pid?: number
  role?: string
  code?: number
  [key: string]: unknown
}

interface Cluster {
  /** The primary, started as every e2e server is (e2e/support/server.ts). */
  server: RunningServer
  baseUrl: string
  /** Every JSON log line so far, from the primary and both workers (one stdout). */
  lines: LogLine[]
  /** The output as text, for failure messages. */
  text: () => string
}

/** The environment of a server on `databaseUrl`, with the test's own variables on top. */
function clusterEnv(databaseUrl: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    // The request log names the process that answered each request.
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url!,
    API_PROCESSES: '2',
    OTP_REQUIRED: 'false',
    RATE_LOGIN_FAILS_PER_MOBILE: String(FAILS_PER_MOBILE),
    // Every attempt of this file comes from 127.0.0.1: the per-address limit is not the one under test.
    RATE_LOGIN_PER_IP_PER_MINUTE: '100000',
    ...operatorEnv(),
    ...env,
  }
}

/** Starts the primary and waits until it logs that both workers listen. */
async function startCluster(databaseUrl: string, env: Record<string, string> = {}): Promise<Cluster> {
  const lines: LogLine[] = []
  const raw: string[] = []
  const server = await startServer({
    env: clusterEnv(databaseUrl, env),
    onOutput: (line) => {
      raw.push(line)
      try {
        lines.push(JSON.parse(line) as LogLine)
      } catch {
        // A console line (the seeded demo player, the operator): not a log record.
      }
    },
  })
  const cluster = { server, baseUrl: server.baseUrl, lines, text: () => raw.slice(-80).join('\n') }
  await until(
    () => lines.some((l) => l.msg === 'all 2 API processes listening'),
    60_000,
    () => `the two API processes did not start:\n${cluster.text()}`,
    server.exited,
  )
  return cluster
}

/** Waits for `condition`, checking every 20 ms: for something the processes do in their own time (a log line). */
async function until(condition: () => boolean, timeoutMs: number, why: () => string, exited?: Promise<unknown>): Promise<void> {
  let gone = false
  void exited?.then(() => (gone = true))
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (gone || Date.now() > deadline) throw new Error(why())
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

interface Answer {
  status: number
  body: { success: boolean; code?: string; data: Record<string, unknown> }
  /** The worker that answered, from its request log line. */
  pid: number
}

/**
 * One request over a new connection (no agent: nothing is kept alive), with a request id of its own, answered with
 * the pid of the worker whose log line carries that id.
 */
async function send(cluster: Cluster, method: 'GET' | 'POST', url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const id = `procs-${randomBytes(8).toString('hex')}`
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  const headers: Record<string, string> = { 'x-request-id': id }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (payload !== undefined) headers['content-type'] = 'application/json'
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${cluster.baseUrl}${url}`, { method, headers, agent: false, timeout: 15_000 }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} timed out`)))
    request.end(payload)
  })
  const logged = () => cluster.lines.find((l) => l.reqId === id && l.msg === 'request completed')
  await until(
    () => logged() !== undefined,
    5_000,
    () => `no request log line for ${id} (${method} ${url})`,
  )
  return { status, body: JSON.parse(text) as Answer['body'], pid: logged()!.pid! }
}

/** `count` requests one after another, each on its own connection. */
async function sendMany(cluster: Cluster, count: number, method: 'GET' | 'POST', url: string, options: { token?: string; body?: unknown } = {}) {
  const answers: Answer[] = []
  for (let i = 0; i < count; i++) answers.push(await send(cluster, method, url, options))
  return answers
}

const pids = (answers: Answer[]) => new Set(answers.map((a) => a.pid))

/** A live balance stream (ADR 049) held open on one worker: the balances it delivered, and the worker's pid. */
interface BalanceStream {
  pid: number
  balances: number[]
  /** Resolves with the first balance delivered (or already delivered) that `match` accepts. */
  balance(match: (balance: number) => boolean, timeoutMs?: number): Promise<number>
  close(): void
}

/**
 * GET /api/wallet/stream over a new connection, with a request id of its own: the worker that holds it is read from
 * its "incoming request" log line (the stream's "request completed" comes only when it ends). Resolves once the
 * stream's first balance has come. Only `balance` events are read: a block's `event:` and `data:` lines.
 */
async function openBalanceStream(cluster: Cluster, token: string): Promise<BalanceStream> {
  const id = `stream-${randomBytes(8).toString('hex')}`
  const balances: number[] = []
  const waiters = new Set<() => void>()
  let text = ''
  const request = http.request(`${cluster.baseUrl}/api/wallet/stream`, {
    headers: { authorization: `Bearer ${token}`, 'x-request-id': id, accept: 'text/event-stream' },
    agent: false,
  })
  const opened = new Promise<void>((resolve, reject) => {
    request.on('error', reject)
    request.on('response', (response) => {
      if (response.statusCode !== 200) return reject(new Error(`the stream answered ${response.statusCode}`))
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        const blocks = text.split('\n\n')
        text = blocks.pop()!
        for (const block of blocks) {
          const lines = block.split('\n')
          if (!lines.includes('event: balance')) continue
          const data = lines.find((line) => line.startsWith('data: '))
          if (data) balances.push((JSON.parse(data.slice('data: '.length)) as { balance: number }).balance)
        }
        for (const wake of [...waiters]) wake()
      })
      resolve()
    })
  })
  request.end()
  await opened
  const balance = (match: (value: number) => boolean, timeoutMs = 5_000) =>
    new Promise<number>((resolve, reject) => {
      const look = () => {
        const found = balances.find(match)
        if (found === undefined) return
        waiters.delete(look)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(look)
        reject(new Error(`no matching balance within ${timeoutMs} ms on ${id}: ${JSON.stringify(balances)}`))
      }, timeoutMs)
      waiters.add(look)
      look()
    })
  await balance(() => true)
  const logged = () => cluster.lines.find((l) => l.reqId === id && l.msg === 'incoming request')
  await until(
    () => logged() !== undefined,
    5_000,
    () => `no request log line for ${id} (the stream)`,
  )
  return { pid: logged()!.pid!, balances, balance, close: () => request.destroy() }
}

/** GET /metrics on the primary's metrics port, over a new connection: its status and text. */
async function scrape(port: number, token?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { connection: 'close', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
  return { status: res.status, text: await res.text() }
}

/** The value of the sample `name` with exactly these labels (in any order) in Prometheus's text; undefined if none. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort())
  for (const line of text.split('\n')) {
    const match = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (match?.[1] !== name) continue
    const pairs = [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value])
    if (JSON.stringify(pairs.sort()) === wanted) return Number(match[3])
  }
  return undefined
}

/** The workers the primary says are listening now: started, and not since reported gone. */
function listeningWorkers(cluster: Cluster): LogLine[] {
  const gone = new Set(cluster.lines.filter((l) => l.msg === 'API process exited: replacing it').map((l) => l.worker_pid))
  return cluster.lines.filter((l) => l.msg === 'API process listening' && !gone.has(l.worker_pid))
}

describe.runIf(postgresUrl && redis.url)('two API processes on one port, PostgreSQL and Redis (issue 22 §4, ADR 052)', () => {
  let database: TestDatabase
  let cluster: Cluster
  /** The two workers' pids, from the primary's log. */
  let workers: Set<number>
  /** The primary's metrics listener (METRICS_PORT). */
  let metricsPort: number

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!, 'sanam_procs')
    metricsPort = await freePort()
    cluster = await startCluster(database.url, { METRICS_PORT: String(metricsPort), METRICS_TOKEN })
    workers = new Set(listeningWorkers(cluster).map((l) => l.worker_pid!))
  }, 120_000)

  afterAll(async () => {
    await cluster?.server.stop()
    await database?.drop()
  }, 60_000)

  beforeEach(() => onTestFailed(() => console.warn(`[several-processes] output:\n${cluster?.text()}`)))

  it('starts a lead, then a follower once the lead has migrated and seeded, and both answer on the one port', async () => {
    const started = cluster.lines.filter((l) => l.msg === 'API process listening')
    expect(started.map((l) => l.role)).toEqual(['lead', 'follower'])
    expect(workers.size).toBe(2)
    expect(workers.has(cluster.server.pid!)).toBe(false)
    // The workers run with the primary's Node flags: the heap budget it was started with (ADR 064), not V8's default.
    const lead = cluster.lines.find((l) => l.msg?.startsWith('Sanam on'))
    expect(workers.has(lead?.pid ?? 0)).toBe(true)
    expect(lead?.heap_limit_mb).toBeLessThan(650)
    // The lead names a PostgreSQL whose autovacuum is off (ADR 065), exactly when this server's is.
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const autovacuum = (await client.query<{ autovacuum: string }>('show autovacuum').finally(() => client.end())).rows[0]!.autovacuum
    const warned = cluster.lines.some((l) => l.pid === lead?.pid && l.msg?.startsWith("PostgreSQL's autovacuum is off"))
    expect(warned).toBe(autovacuum === 'off')
    const answers = await sendMany(cluster, 6, 'GET', '/api/health')
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(pids(answers)).toEqual(workers)
  })

  it("serves both workers' metrics summed on METRICS_PORT from the primary, behind the token", async () => {
    // The primary binds the metrics port; the workers do not (they would have failed to start on it).
    expect(cluster.lines.find((l) => l.msg === 'metrics listener started (GET /metrics)')).toMatchObject({ pid: cluster.server.pid, port: metricsPort })
    // A route no other test here asks for: its count is this test's requests alone.
    const count = 9
    const answers = await sendMany(cluster, count, 'GET', '/api/games/providers')
    expect(answers.map((a) => a.status)).toEqual(Array(count).fill(200))
    expect(pids(answers)).toEqual(workers)
    // Each worker counted its own share (its request log lines say which); the scrape shows their sum.
    const shares = [...workers].map((pid) => answers.filter((a) => a.pid === pid).length)
    expect(shares.every((share) => share > 0 && share < count)).toBe(true)

    const scraped = await scrape(metricsPort, METRICS_TOKEN)
    expect(scraped.status, scraped.text).toBe(200)
    const labels = { method: 'GET', route: '/api/games/providers', status_class: '2xx' }
    expect(sample(scraped.text, 'sanam_http_request_duration_seconds_count', labels)).toBe(count)
    expect(sample(scraped.text, 'sanam_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(count)
    // Both workers' pools, summed: the default pool of 20 connections each.
    expect(sample(scraped.text, 'sanam_db_pool_max', {})).toBe(40)
    // Once per label set: prom-client's sum, not the workers' lines one after the other.
    expect(scraped.text.split('\n').filter((l) => l.startsWith('sanam_db_pool_max '))).toHaveLength(1)

    for (const token of [undefined, 'not-the-metrics-token-0123456789abcdef']) {
      const refused = await scrape(metricsPort, token)
      expect(refused.status).toBe(401)
      expect(JSON.parse(refused.text)).toMatchObject({ success: false, code: 'UNAUTHORIZED' })
      expect(refused.text).not.toContain('sanam_')
    }
    // Not on the public port: the workers answer /metrics there with a 404, token or not.
    const onPublic = await send(cluster, 'GET', '/metrics', { token: METRICS_TOKEN })
    expect(onPublic.status).toBe(404)
  })

  it('refuses a logged-out token in both processes from the next request on, though both had it cached', async () => {
    const login = await send(cluster, 'POST', '/api/auth/login', { body: DEMO })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const token = login.body.data.token as string
    const before = await sendMany(cluster, 6, 'GET', '/api/user/@me', { token })
    expect(before.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(pids(before)).toEqual(workers)

    const logout = await send(cluster, 'POST', '/api/auth/logout', { token })
    expect(logout.status).toBe(200)
    const after = await sendMany(cluster, 10, 'GET', '/api/user/@me', { token })
    expect(after.map((a) => a.status)).toEqual(Array(10).fill(401))
    expect(pids(after)).toEqual(workers)
  })

  it('pushes a deposit to live balance streams held on both processes, whichever credited it (NOTIFY, ADR 049)', async () => {
    const login = await send(cluster, 'POST', '/api/auth/login', { body: DEMO })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const token = login.body.data.token as string
    // Each new connection goes to the next worker: open streams until both workers hold one.
    const streams: BalanceStream[] = []
    try {
      while (new Set(streams.map((s) => s.pid)).size < workers.size && streams.length < 6) streams.push(await openBalanceStream(cluster, token))
      expect(new Set(streams.map((s) => s.pid))).toEqual(workers)
      const before = streams[0]!.balances[0]!
      expect(streams.every((s) => s.balances[0] === before)).toBe(true)

      await deposit(cluster.baseUrl, DEMO.mobile, 25)
      // Whichever worker took the bank's call, the other heard it through PostgreSQL: every stream gets the new balance.
      for (const stream of streams) expect(await stream.balance((b) => b === before + 25)).toBe(before + 25)
    } finally {
      for (const stream of streams) stream.close()
    }
  })

  it('serves a site settings change saved through one process from the other within its metadata cache; a pending one from neither', async () => {
    const metadataSeen = async (count: number) =>
      (await sendMany(cluster, count, 'GET', '/api/site/metadata')).map((a) => {
        const data = a.body.data as { title: string; theme: { primary: string } }
        return { pid: a.pid, title: data.title, primary: data.theme.primary }
      })
    const owner = await operatorToken(cluster.baseUrl)
    const current = await send(cluster, 'GET', '/api/backoffice/site', { token: owner })
    expect(current.status).toBe(200)
    const {
      updated_at: _updatedAt,
      pending: _pending,
      history: _history,
      theme,
      ...settings
    } = current.body.data as { updated_at: string; pending: unknown; history: unknown; theme: { primary: string; background: string } }
    const title = `สนาม ${randomBytes(3).toString('hex')}`
    // A colour neither process shows yet, readable on the demo background (ADR 045).
    const primary = theme.primary === '#22c55e' ? '#e0b84a' : '#22c55e'
    // Both processes hold the old metadata in their caches.
    const warm = await metadataSeen(4)
    expect(new Set(warm.map((w) => w.pid))).toEqual(workers)
    expect(warm.every((w) => w.title !== title && w.primary !== primary)).toBe(true)

    // The colour applies at once; the title is content players read, which waits for a second operator (ADR 068).
    const saved = await send(cluster, 'POST', '/api/backoffice/site', {
      token: owner,
      body: { ...settings, theme: { primary, background: theme.background }, title },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const pendingId = (saved.body.data as { pending: { id: number } }).pending.id
    const other = [...workers].find((pid) => pid !== saved.pid)!
    const seen: { pid: number; title: string; primary: string }[] = []
    const deadline = Date.now() + METADATA_CACHE_MS + 3_000
    while (!seen.some((s) => s.pid === other && s.primary === primary) && Date.now() < deadline) seen.push(...(await metadataSeen(2)))
    // The saving process answers the new colour at once; the other one within its cache's lifetime.
    expect(seen.filter((s) => s.pid === saved.pid).every((s) => s.primary === primary)).toBe(true)
    expect(
      seen.some((s) => s.pid === other && s.primary === primary),
      JSON.stringify(seen),
    ).toBe(true)
    // Past the cache on both: no process ever told a player the pending title.
    seen.push(...(await metadataSeen(4)))
    expect(seen.every((s) => s.title !== title)).toBe(true)
    const rejected = await send(cluster, 'POST', `/api/backoffice/site/versions/${pendingId}/reject`, { token: owner, body: { reason: 'ทดสอบ' } })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
  })

  it('counts wrong passwords for one phone across both processes (Redis), refusing the attempt past the limit', async () => {
    // A phone of this test's own: the counters live in a Redis other runs may share.
    const mobile = `09${Array.from(randomBytes(8), (byte) => byte % 10).join('')}`
    const body = { mobile, password: 'not-the-password-1' }
    const attempts = await sendMany(cluster, FAILS_PER_MOBILE + 1, 'POST', '/api/auth/login', { body })
    // Both processes checked some: counted apart, each would still have checks left for the last attempt.
    expect(pids(attempts.slice(0, FAILS_PER_MOBILE))).toEqual(workers)
    expect(attempts.map((a) => a.body.code)).toEqual([...Array<string>(FAILS_PER_MOBILE).fill('BAD_CREDENTIALS'), 'RATE_LIMITED'])
    expect(attempts.at(-1)!.status).toBe(429)
  })

  it('replaces a worker that is killed, and the new one answers', async () => {
    const follower = listeningWorkers(cluster).find((l) => l.role === 'follower')!.worker_pid!
    process.kill(follower, 'SIGKILL')
    await until(
      () => listeningWorkers(cluster).length === 2 && !listeningWorkers(cluster).some((l) => l.worker_pid === follower),
      30_000,
      () => `no replacement for the killed worker ${follower}:\n${cluster.text()}`,
    )
    expect(cluster.lines.find((l) => l.msg === 'API process exited: replacing it')).toMatchObject({ worker_pid: follower, role: 'follower', signal: 'SIGKILL' })
    const now = new Set(listeningWorkers(cluster).map((l) => l.worker_pid!))
    const answers = await sendMany(cluster, 6, 'GET', '/api/health')
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(pids(answers)).toEqual(now)
    // The new worker answers the primary's metrics collection too: a scrape waits for every worker, and would fail.
    const scraped = await scrape(metricsPort, METRICS_TOKEN)
    expect(scraped.status, scraped.text).toBe(200)
    expect(sample(scraped.text, 'sanam_db_pool_max', {})).toBe(40)
  })

  it('stops both workers on SIGTERM to the primary, and exits 0', async () => {
    const running = listeningWorkers(cluster).map((l) => l.worker_pid!)
    cluster.server.kill('SIGTERM')
    expect(await cluster.server.exited).toBe(0)
    expect(cluster.lines.at(-1)).toMatchObject({ msg: 'every API process stopped', code: 0 })
    for (const pid of running) expect(() => process.kill(pid, 0), `worker ${pid} still runs`).toThrow(/ESRCH/)
  })
})

describe.runIf(postgresUrl && redis.url)('several processes that cannot start (ADR 052)', () => {
  it('stops at once, with no restart loop, when the lead cannot start (a database that does not exist)', async () => {
    const missing = new URL(postgresUrl!)
    missing.pathname = `/sanam_procs_missing_${randomBytes(4).toString('hex')}`
    const result = spawnSync(process.execPath, [SERVER], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', NODE_ENV: 'test', SANAM_MODE: 'demo', ...clusterEnv(missing.toString()) },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status, result.stderr).toBe(1)
    const lines = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)
    expect(lines.filter((l) => l.msg === 'an API process stopped before it listened: the service does not start')).toHaveLength(1)
    expect(lines.some((l) => l.msg === 'API process exited: replacing it')).toBe(false)
    expect(result.stderr).toContain('does not exist')
  })
})

describe('several processes on the embedded database', () => {
  it('are refused before anything starts, with what they need', () => {
    expect(existsSync(SERVER), 'run npm run build first').toBe(true)
    const result = spawnSync(process.execPath, [SERVER], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', API_PROCESSES: '2', REDIS_URL: 'redis://127.0.0.1:6379' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(78)
    expect(result.stderr).toContain('API_PROCESSES: 2 processes need PostgreSQL (DATABASE_URL)')
    expect(result.stdout).toBe('')
  })
})
