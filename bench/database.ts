// The databases npm run bench measures on: scratch PostgreSQL databases it creates and drops, the database's own
// baselines of DESIGN §7 measured by pgbench, and `npm run ledger:verify` on what a run left behind.
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { statCpuSeconds, watchBackends, type Figures } from './load.ts'
import { root } from './server.mjs'

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs `use` with the URL of a new database `name` on the server of `adminUrl`, and drops it afterwards. */
export async function withScratchDatabase<T>(adminUrl: string, name: string, use: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
    try {
      return await use(databaseUrl(adminUrl, name))
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`)
    }
  } finally {
    await admin.end()
  }
}

/**
 * What the report says of the PostgreSQL server: its version, and whether its autovacuum runs. Without it nothing
 * analyzes the bench's database, as nothing would a production server's (ADR 065): plans costed on the empty tables stay.
 */
export async function serverDescription(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ version: string; autovacuum: string }>(
      `select current_setting('server_version') as version, current_setting('autovacuum') as autovacuum`,
    )
    const { version, autovacuum } = rows[0]!
    return autovacuum === 'on'
      ? `PostgreSQL ${version}, autovacuum on.`
      : `PostgreSQL ${version} with autovacuum off: nothing analyzes the bench's database during the run, unlike a production server's (ADR 065; start-up warns); its plans stay costed on the tables as they were when first planned, near empty (bench/README.md, "PostgreSQL's own CPU in the spread bets").`
  } finally {
    await client.end()
  }
}

/** pgbench, when this machine has it: PGBENCH, else the one on PATH, else the newest under /usr/lib/postgresql. */
export function findPgbench(): string | undefined {
  if (process.env.PGBENCH) return process.env.PGBENCH
  if (spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0) return 'pgbench'
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : []
  return versions.map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`).find((file) => existsSync(file))
}

/** What a pgbench run cost a transaction, in µs of CPU: its database's backends, and pgbench itself (its client). */
export interface PgbenchCpu {
  database: number
  client: number
}

/**
 * Runs pgbench for `seconds` at `clients` clients and reads its transactions per second, its average latency and the
 * CPU a transaction (issue 40 §2: what the bets are compared with, in the bets' own terms). pgbench runs under `sh`,
 * whose /proc stat holds, once it has waited for pgbench, pgbench's whole CPU (cutime and cstime, proc(5)); the
 * backends are read as the bets' are (`watchBackends`).
 */
async function pgbench(bin: string, url: string, args: string[], clients: number, seconds: number): Promise<{ figures: Figures; cpu: PgbenchCpu }> {
  const jobs = String(Math.min(clients, os.availableParallelism()))
  const backends = watchBackends(decodeURIComponent(new URL(url).pathname.slice(1)))
  const { stdout } = await promisify(execFile)(
    'sh',
    ['-c', '"$0" "$@" && cat /proc/$$/stat', bin, ...args, '-c', String(clients), '-j', jobs, '-T', String(seconds), '-n', '-r', url],
    { encoding: 'utf8' },
  )
  const spent = backends.spent()
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN)
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? NaN)
  // The shell's stat line is the last: its children's CPU is pgbench's.
  const clientSeconds = statCpuSeconds(stdout.trim().split('\n').at(-1)!, true)
  const transactions = Math.round(tps * seconds)
  const perTransaction = (s: number) => Math.round((s / Math.max(transactions, 1)) * 1e6)
  // pgbench gives an average, not percentiles: shown as the p50 column; its p99 is not measured.
  return {
    figures: { requests: transactions, rps: Math.round(tps), p50: Math.round(latency), p99: NaN, errors: 0 },
    cpu: { database: perTransaction(spent.seconds), client: perTransaction(clientSeconds) },
  }
}

/**
 * The database's own baselines of DESIGN §7 on the scratch database `url`: `pgbench -N -c 16`, and one guarded
 * single-row UPDATE (the shape of a debit) at 16 clients and at 1; each with its CPU a transaction.
 */
export async function postgresBaselines(bin: string, url: string, seconds: number): Promise<Record<string, { figures: Figures; cpu: PgbenchCpu }>> {
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
    return {
      'pgbench -N -c 16': await pgbench(bin, url, ['-N'], 16, seconds),
      'guarded UPDATE, 16 clients': await pgbench(bin, url, ['-f', script], 16, seconds),
      'guarded UPDATE, 1 client': await pgbench(bin, url, ['-f', script], 1, seconds),
    }
  } finally {
    rmSync(scriptDir, { recursive: true, force: true })
  }
}

/**
 * `npm run ledger:verify` on a database (DATABASE_URL, or the embedded one under DATA_DIR, whose server has stopped):
 * whether every invariant holds, and its last line.
 */
export function ledgerVerify(database: { DATABASE_URL: string } | { DATA_DIR: string }): { ok: boolean; said: string } {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env
  const run = spawnSync('npm', ['run', '--silent', 'ledger:verify'], { cwd: root, env: { ...inherited, SANAM_MODE: 'demo', ...database }, encoding: 'utf8' })
  const said = `${run.stdout}${run.stderr}`.trim().split('\n').at(-1) ?? ''
  return { ok: run.status === 0, said }
}
