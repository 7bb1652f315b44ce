// npm run bench: load benchmarks against the built server (DESIGN §6, §7). Not a test: it prints and records numbers.
// Run through tsx: it signs with the contract's TypeScript signer (@sanam/contract/signing, ADR 023).
//
// Each target is measured as a ratio to a bare Fastify route served by this process in the same run, on the same
// machine, so the numbers compare across machines. Runs on the embedded database; with BENCH_DATABASE_URL
// (postgres://...) also on PostgreSQL, in a database it creates and drops.
//   BENCH_SECONDS (default 10) per measurement, BENCH_CONNECTIONS (default 16), BENCH_STREAMS (default 2000): the live
//   balance streams (GET /api/wallet/stream, ADR 049) held open while the balance read is measured a second time.
// On PostgreSQL the seamless bets are also compared with the database's own baselines of DESIGN §7, measured by
// pgbench in the same run on a scratch database: `pgbench -N -c 16` and a single-row guarded UPDATE at 16 clients
// (PGBENCH, default: the pgbench found on PATH or under /usr/lib/postgresql).
// With BENCH_REDIS_URL (redis://...) too, the balance read and the bets are measured once more against one process and
// against two (API_PROCESSES=2, ADR 052), both on Redis: what a second process adds (issue 22 §4).
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { moneyBody, seamlessCall } from '@sanam/contract/seamless-calls'
import { signatureHeaders } from '@sanam/contract/signing'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { freePort, requireBuilt, root, startSanam } from './server.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000)

requireBuilt('apps/api/dist/server.js')

async function call(base, method, url, body, headers = {}) {
  const raw = body === undefined ? undefined : JSON.stringify(body)
  const res = await fetch(base + url, { method, headers: { ...(raw ? { 'content-type': 'application/json' } : {}), ...headers }, body: raw })
  const json = await res.json()
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
  return json.data
}

/** The server for the load runs: no OTP step and no login limit in the way of the set-up calls. */
const startLoadTarget = (env) => startSanam({ OTP_REQUIRED: 'false', RATE_LOGIN_PER_IP_PER_MINUTE: '1000000', ...env })

function measure(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/**
 * Opens `count` live balance streams (ADR 049) on one server, 200 at a time, each read as it arrives; resolves once
 * every one has delivered its first balance. `waitFor(balance)` resolves when every stream has delivered that balance.
 */
async function openStreams(base, token, count) {
  const streams = []
  const opening = async () => {
    const abort = new AbortController()
    const res = await fetch(`${base}/api/wallet/stream`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
    if (res.status !== 200 || !res.body) throw new Error(`a live balance stream was refused: ${res.status}`)
    const stream = { abort, last: undefined, waiters: new Set() }
    streams.push(stream)
    const reader = res.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let first
    const opened = new Promise((resolve) => (first = resolve))
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          text += decoder.decode(value, { stream: true })
          let end
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end)
            text = text.slice(end + 2)
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (!block.startsWith('event: balance') || !data) continue
            stream.last = JSON.parse(data).balance
            first()
            for (const waiter of [...stream.waiters]) waiter()
          }
        }
      } catch {
        // aborted at the end of the run
      }
    })()
    await opened
  }
  for (let i = 0; i < count; i += 200) await Promise.all(Array.from({ length: Math.min(200, count - i) }, opening))
  return {
    waitFor: (balance) =>
      Promise.all(
        streams.map(
          (stream) =>
            new Promise((resolve) => {
              const check = () => {
                if (stream.last !== balance) return
                stream.waiters.delete(check)
                resolve()
              }
              stream.waiters.add(check)
              check()
            }),
        ),
      ),
    close: () => streams.forEach((stream) => stream.abort.abort()),
  }
}

/** A transfer from the demo player's registered account, signed as the bank feed requires. */
async function bankTransfer(base, account, amount) {
  const raw = JSON.stringify({
    external_id: `bench-${randomUUID()}`,
    to_account: account.to_account,
    from_bank_code: account.bank_code,
    from_account: account.bank_account,
    amount,
    occurred_at: new Date().toISOString(),
  })
  const res = await fetch(`${base}/api/bank/transfers`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signatureHeaders(DEMO_BANK_WEBHOOK_SECRET, { method: 'POST', path: '/api/bank/transfers', body: raw, now: new Date() }),
    },
    body: raw,
  })
  if (!res.ok) throw new Error(`bank transfer: ${res.status} ${await res.text()}`)
}

/** The demo player, signed in, funded (unfunded, every bet would be a fast INSUFFICIENT_FUNDS 200) and in a game. */
async function fundedSession(base) {
  const login = await call(base, 'POST', '/api/auth/login', { mobile: '0812345678', password: 'sanam1234' })
  const account = await call(base, 'GET', '/api/dev/bank-account?mobile=0812345678')
  await bankTransfer(base, account, 1_000_000)
  const { url } = await call(
    base,
    'POST',
    '/api/portal/launch',
    { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' },
    { authorization: `Bearer ${login.token}` },
  )
  return { token: login.token, account, session: decodeURIComponent(url.split('?')[0].split('/').pop()) }
}

/** Signed seamless bets of 0.01 on `session`, each its own round. */
function measureBets(base, session) {
  return measure({
    url: `${base}/api/seamless/pgsoft/bet`,
    requests: [
      {
        method: 'POST',
        setupRequest(req) {
          const id = randomUUID()
          const bet = moneyBody({ session, round: `bench-${id}`, tx: `bench-${id}`, amount: '0.01' })
          const signed = seamlessCall('pgsoft', 'bet', bet, { secret: DEMO_SEAMLESS_SECRET, now: new Date() })
          return { ...req, headers: signed.headers, body: signed.raw }
        },
      },
    ],
  })
}

const summary = (r) => ({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx })

async function benchDatabase(label, env, baseline, notes) {
  const sanam = await startLoadTarget(env)
  try {
    // A funded player with a game session, set up through the public API.
    const { token, account, session } = await fundedSession(sanam.base)

    const readBalance = () => measure({ url: `${sanam.base}/api/wallet/v2/balance`, headers: { authorization: `Bearer ${token}` } })
    const balance = summary(await readBalance())

    // The same read with STREAMS live balance streams held open on this one process (issue 21 §4: p99 < 2×). They are
    // the one player's (one login; the server keeps one session per stream all the same), so a change reaches all.
    const opening = Date.now()
    const streams = await openStreams(sanam.base, token, STREAMS)
    const openedMs = Date.now() - opening
    let withStreams
    let reached
    try {
      withStreams = summary(await readBalance())
      // Then one deposit, and how long until every stream has the new balance.
      const before = (await call(sanam.base, 'GET', '/api/wallet/v2/balance', undefined, { authorization: `Bearer ${token}` })).balance
      const sent = Date.now()
      await bankTransfer(sanam.base, account, 1)
      await streams.waitFor(Math.round((before + 1) * 100) / 100)
      reached = Date.now() - sent
    } finally {
      streams.close()
    }
    // And once more without them, so a first, colder measurement does not flatter the comparison.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const after = summary(await readBalance())
    const worse = Math.max(balance.p99, after.p99, 1)
    notes.push(
      `${label}: ${STREAMS} live balance streams opened in ${openedMs} ms; balance read p99 ${withStreams.p99} ms with them open, ` +
        `${balance.p99} ms before and ${after.p99} ms after without them (${(withStreams.p99 / Math.min(Math.max(balance.p99, 1), Math.max(after.p99, 1))).toFixed(2)}× the better of the two, ` +
        `${(withStreams.p99 / worse).toFixed(2)}× the worse; target < 2×); a deposit reached all ${STREAMS} in ${reached} ms.`,
    )
    const bets = summary(await measureBets(sanam.base, session))
    return [
      { what: `${label}: balance read (real token)`, ...balance, ratio: balance.rps / baseline.rps },
      { what: `${label}: balance read, ${STREAMS} live balance streams open`, ...withStreams, ratio: withStreams.rps / baseline.rps },
      { what: `${label}: balance read (real token), again after the streams closed`, ...after, ratio: after.rps / baseline.rps },
      { what: `${label}: seamless bet (signed, durable, idempotent)`, ...bets, ratio: bets.rps / baseline.rps },
    ]
  } finally {
    await sanam.stop()
  }
}

/**
 * What a second API process adds (issue 22 §4, ADR 052): the balance read and the bets against one process and then
 * two (API_PROCESSES=2), each on a fresh database, both with REDIS_URL so that the process count is the one difference.
 */
async function benchProcesses(admin, pgUrl, redisUrl, baseline, notes) {
  const rows = []
  const by = {}
  for (const processes of [1, 2]) {
    const name = `sanam_bench_${process.pid}_p${processes}`
    await admin.query(`create database "${name}"`)
    try {
      const url = new URL(pgUrl)
      url.pathname = `/${name}`
      const sanam = await startLoadTarget({ DATABASE_URL: url.toString(), REDIS_URL: redisUrl, API_PROCESSES: String(processes) })
      try {
        const { token, session } = await fundedSession(sanam.base)
        const balance = summary(await measure({ url: `${sanam.base}/api/wallet/v2/balance`, headers: { authorization: `Bearer ${token}` } }))
        const bets = summary(await measureBets(sanam.base, session))
        by[processes] = { balance, bets }
        const label = `PostgreSQL, ${processes} API process${processes === 1 ? '' : 'es'} (Redis)`
        rows.push({ what: `${label}: balance read (real token)`, ...balance, ratio: balance.rps / baseline.rps })
        rows.push({ what: `${label}: seamless bet`, ...bets, ratio: bets.rps / baseline.rps })
      } finally {
        await sanam.stop()
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`)
    }
  }
  const gain = (kind) => (by[2][kind].rps / Math.max(by[1][kind].rps, 1)).toFixed(2)
  notes.push(
    `A second API process (${os.availableParallelism()} cores, the load generator on the same machine): balance read ${gain('balance')}× one process, seamless bets ${gain('bets')}×.`,
  )
  return rows
}

/** pgbench, when this machine has it. */
function findPgbench() {
  if (process.env.PGBENCH) return process.env.PGBENCH
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' })
    return 'pgbench'
  } catch {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : []
    const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`).find((file) => existsSync(file))
    return found
  }
}

/** Runs pgbench for SECONDS at CONNECTIONS clients and reads its transactions per second and latency. */
function pgbench(bin, url, args) {
  const out = execFileSync(
    bin,
    [...args, '-c', String(CONNECTIONS), '-j', String(Math.min(CONNECTIONS, os.cpus().length)), '-T', String(SECONDS), '-n', '-r', url],
    { encoding: 'utf8' },
  )
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN)
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? NaN)
  return { rps: Math.round(tps), p50: Math.round(latency), p99: '-', errors: 0 }
}

/** The database's own baselines of DESIGN §7 on a scratch database: `pgbench -N`, and one guarded row UPDATE. */
function postgresBaselines(bin, url) {
  execFileSync(bin, ['-i', '-q', '-s', '1', url], { stdio: 'ignore' })
  execFileSync(
    'psql',
    [url, '-q', '-c', 'create table bench_wallet (id int primary key, balance bigint not null); insert into bench_wallet values (1, 9000000000000)'],
    { stdio: 'ignore' },
  )
  const scriptDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-pgbench-'))
  const script = path.join(scriptDir, 'guarded-update.sql')
  writeFileSync(script, 'update bench_wallet set balance = balance - 1 where id = 1 and balance >= 1;\n')
  try {
    return { nTpcb: pgbench(bin, url, ['-N']), guarded: pgbench(bin, url, ['-f', script]) }
  } finally {
    rmSync(scriptDir, { recursive: true, force: true })
  }
}

async function main() {
  const bare = Fastify({ logger: false })
  bare.get('/bare', async () => ({ success: true, data: { ok: true } }))
  const barePort = await freePort()
  await bare.listen({ port: barePort, host: '127.0.0.1' })
  const baseline = summary(await measure({ url: `http://127.0.0.1:${barePort}/bare` }))
  await bare.close()

  const rows = [{ what: 'baseline: bare Fastify route', ...baseline, ratio: 1 }]
  const notes = []
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-bench-'))
  try {
    rows.push(...(await benchDatabase('PGlite', { DATA_DIR: dataDir }, baseline, notes)))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }

  const pgUrl = process.env.BENCH_DATABASE_URL
  if (pgUrl) {
    const { default: pg } = await import('pg')
    const name = `sanam_bench_${process.pid}`
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    await admin.query(`create database "${name}"`)
    try {
      const url = new URL(pgUrl)
      url.pathname = `/${name}`
      const measured = await benchDatabase('PostgreSQL', { DATABASE_URL: url.toString() }, baseline, notes)
      rows.push(...measured)
      if (process.env.BENCH_REDIS_URL) rows.push(...(await benchProcesses(admin, pgUrl, process.env.BENCH_REDIS_URL, baseline, notes)))
      else notes.push('BENCH_REDIS_URL unset: what a second API process adds (ADR 052) was not measured.')
      const bin = findPgbench()
      if (bin) {
        const scratch = `${name}_pgbench`
        await admin.query(`create database "${scratch}"`)
        try {
          const scratchUrl = new URL(pgUrl)
          scratchUrl.pathname = `/${scratch}`
          const { nTpcb, guarded } = postgresBaselines(bin, scratchUrl.toString())
          const bets = measured.find((row) => row.what.includes('seamless bet'))
          rows.push({ what: `baseline: pgbench -N -c ${CONNECTIONS}`, ...nTpcb, ratio: nTpcb.rps / baseline.rps })
          rows.push({ what: `baseline: single-row guarded UPDATE, ${CONNECTIONS} clients`, ...guarded, ratio: guarded.rps / baseline.rps })
          if (bets) {
            notes.push(
              `PostgreSQL seamless bets: ${(bets.rps / nTpcb.rps).toFixed(2)}× pgbench -N (target ≥ 1.5×), ${(bets.rps / guarded.rps).toFixed(2)}× the guarded UPDATE (target ≥ 0.6×).`,
            )
          }
        } finally {
          await admin.query(`drop database if exists "${scratch}" with (force)`)
        }
      } else {
        notes.push('pgbench not found: the PostgreSQL baselines of DESIGN §7 were not measured (set PGBENCH).')
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  }

  const table = [
    `| measurement | req/s | p50 ms | p99 ms | errors | ratio to baseline |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map((r) => `| ${r.what} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio.toFixed(3)} |`),
  ].join('\n')
  const report = `# Benchmark ${new Date().toISOString()}\n\n${os.cpus().length} cores, Node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s each.\n\n${table}\n${notes.map((note) => `\n- ${note}`).join('')}\n`
  console.info(report)
  writeFileSync(path.join(root, 'bench', 'results', 'latest.md'), report)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
