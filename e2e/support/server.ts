import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { bangkokDay } from '@sanam/contract/bangkok'
import { START_FLAGS } from '../../scripts/start-flags.mjs'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Node's flags for a server this suite starts on the embedded database: `npm start`'s (START_FLAGS: the heap budget,
 * ADR 064), and V8 waiting a thousand times longer than its default before it recompiles a WebAssembly function with
 * its optimizing compiler (ADR 053, amended 2026-12-01). PGlite's WebAssembly is compiled afresh in every new process,
 * and in a server's first seconds V8 recompiles the functions its start-up ran most, about 1.2 s of CPU a start (a
 * third of it): a product server earns that back over hours, a test server that lives for seconds never does, and the
 * end-to-end half starts some 140. The tier a function runs in changes its speed, never its results; a function still
 * hot after that much work is still optimized. A server on PostgreSQL loads no WebAssembly and runs with `npm start`'s
 * flags alone, as `npm run bench:failover`'s servers must.
 */
const TEST_SERVER_FLAGS: readonly string[] = Object.freeze([...START_FLAGS, '--wasm-tiering-budget=1800000000'])

/** Where the run's embedded-database templates are (e2e/support/pglite-template.ts), for every process of the run. */
export const PGLITE_TEMPLATE_VARIABLE = 'SANAM_E2E_PGLITE_TEMPLATE'

/** The list of the run's seeded templates, in the template directory beside the migrated `pglite`. */
export const SEEDED_TEMPLATES_FILE = 'seeded.json'

/**
 * A database that a server left after its first start and a clean stop (pglite-template.ts): its embedded database
 * (`pglite`, relative to the template directory), the environment it ran with (`serverEnvironment`) and the Bangkok day
 * it started seeding on.
 */
export interface SeededTemplate {
  pglite: string
  env: Record<string, string>
  day: string
}

/**
 * Settings a server reads only while it serves, never in what its first start writes (apps/api/src/server.ts seeds
 * through the services; these reach registration, withdrawals and payouts only): a server whose environment differs
 * from a seeded template's in these alone starts on that template as it would have seeded it.
 */
const SERVING_ONLY = ['OTP_REQUIRED', 'WITHDRAW_ONE_PENDING', 'PAYOUT_BANK']

export interface RunningServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string
  /** Sends `signal` (SIGTERM by default), waits for the process to exit, removes its data directory unless kept. Resolves to the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
  /** Where the embedded database lives. */
  dataDir: string
  /** The last lines the server printed (for failure messages). */
  output: () => string
  /** Sends `signal` to the server (its whole process group with `asNpmStart`) and returns at once; `stop` waits. */
  kill: (signal: NodeJS.Signals) => void
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
  /** The server's process id (with `asNpmStart`, the start script imports the server: the same process). */
  pid: number | undefined
}

export interface ServerOptions {
  /** Reuse this data directory (and keep it on stop) instead of a fresh one. */
  dataDir?: string
  /** Extra environment variables. */
  env?: Record<string, string>
  /**
   * Start it as `npm start` does (scripts/start.mjs, which imports the built server), as the leader of its own
   * process group: `stop` then signals the whole group, as a supervisor killing a service does.
   */
  asNpmStart?: boolean
  /**
   * Start on a data directory with nothing in it, as `npm start` on a new machine does: the server creates and
   * migrates its embedded database itself. Otherwise a new data directory gets one of the run's templates
   * (e2e/support/pglite-template.ts, `templateFor`): a seeded one when the server would seed the same, else the migrated
   * one, which the server seeds itself.
   */
  emptyDatabase?: boolean
  /**
   * false: a new data directory gets the migrated template even where a seeded one fits (`templateFor`), so that the
   * server seeds it itself, now: for a spec that reads what a first start prints or the seeded rows' age in minutes.
   */
  seeded?: boolean
  /** Called with every line the server prints (stdout and stderr), as it prints it. */
  onOutput?: (line: string) => void
  /** The port to listen on (from freePort), when the environment must name it first (an origin with its port). */
  port?: number
}

const clockOffsetModule = pathToFileURL(path.join(repoRoot, 'e2e/support/clock-offset.mjs')).href

/**
 * The environment of a server whose wall clock runs `offsetMs` off real time (negative: in the past), by
 * e2e/support/clock-offset.mjs loaded into it: what it records happens then, as far as the server of now can tell.
 */
export function shiftedClockEnv(offsetMs: number): Record<string, string> {
  return { NODE_OPTIONS: `--import=${clockOffsetModule}`, E2E_CLOCK_OFFSET_MS: String(offsetMs) }
}

/**
 * The past, then the server of now: `past` runs against a server on `dataDir` (with `env`) whose clock is `offsetMs`
 * behind; that server stops whatever `past` did, and the server of now starts on the same data with the same `env`.
 * For a spec's own server (`useBrowserSuite({ server })`) that must find what happened minutes or days ago.
 */
export async function startAfterThePast(
  dataDir: string,
  { offsetMs, env = {} }: { offsetMs: number; env?: Record<string, string> },
  past: (baseUrl: string) => Promise<void>,
): Promise<RunningServer> {
  const then = await startServer({ dataDir, env: { ...env, ...shiftedClockEnv(offsetMs) } })
  try {
    await past(then.baseUrl)
  } finally {
    await then.stop()
  }
  return startServer({ dataDir, env })
}

// Startup seeds a new embedded database, which takes a few seconds on a slow machine; checked often, so that a
// restart's measured time is the server's, not the polling's.
const HEALTH_TRIES = 1_200
const HEALTH_INTERVAL_MS = 50
const STOP_GRACE_MS = 10_000

/**
 * Starts the built API server (which also serves the built apps) on a free port, on a new data directory (from a
 * template: `templateFor`) or the one given, and resolves once `GET /api/health` answers 200.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // The demo provider's bundle too: the server loads it in demo mode (ADR 034).
  const built = ['apps/api/dist/server.js', 'apps/demo-provider/dist/index.js', 'apps/player/dist/index.html', 'apps/backoffice/dist/index.html']
  const missing = built.filter((file) => !existsSync(path.join(repoRoot, file)))
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing: run npm run build first`)

  const port = options.port ?? (await freePort())
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sanam-e2e-')))
  const embedded = path.join(dataDir, 'pglite')
  const template = existsSync(embedded) ? undefined : templateFor(options)
  if (template) await cp(template, embedded, { recursive: true })
  // Without DATABASE_URL the server uses PGlite in DATA_DIR: every run starts from a fresh, seeded database.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env
  const entry = options.asNpmStart ? 'scripts/start.mjs' : 'apps/api/dist/server.js'
  // With Node's flags of `npm start` (the heap budget, ADR 064), as operations.md runs the server too; on the embedded
  // database with the tiering flag of TEST_SERVER_FLAGS besides.
  const child = spawn(process.execPath, [...(options.env?.DATABASE_URL ? START_FLAGS : TEST_SERVER_FLAGS), path.join(repoRoot, entry)], {
    detached: options.asNpmStart ?? false,
    cwd: repoRoot,
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, ...serverEnvironment(options.env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = captureOutput(child, options.onOutput)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return
    if (options.asNpmStart && child.pid !== undefined) {
      try {
        process.kill(-child.pid, signal)
      } catch {
        // The group is gone already.
      }
    } else child.kill(signal)
  }
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      kill(signal)
      const timer = setTimeout(() => kill('SIGKILL'), STOP_GRACE_MS)
      await exited
      clearTimeout(timer)
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true })
    return child.exitCode
  }

  const baseUrl = `http://127.0.0.1:${port}`
  databases.set(baseUrl, options.env?.DATABASE_URL ?? dataDir)
  try {
    await waitForHealth(baseUrl, exited)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output()}`)
  }
  return { baseUrl, stop, dataDir, output, kill, exited, pid: child.pid }
}

/**
 * What startServer sets for every server (besides its port and data directory), then a spec's `env` over it. Also
 * what a seeded template is compared by.
 */
export function serverEnvironment(env: Record<string, string> = {}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // The tests read OTP codes from the console outbox and pay in through the demo feed: demo mode, also when a
    // test adds DATABASE_URL (where the mode would otherwise be production).
    SANAM_MODE: 'demo',
    OTP_REQUIRED: 'true',
    SMS_PROVIDER: 'console',
    // The journeys deposit and withdraw at once, which the AML rules hold (ADR 089): on only where a spec asks.
    RISK_RULES: 'false',
    // The embedded database's buffer pool: zeroing PGlite's 128 MB was a sixth of a server's start (about 0.6 s of
    // CPU), and the half starts some 140 servers on databases of a few megabytes. The size changes speed, never
    // results (ADR 033, amended 2026-12-01); a server on PostgreSQL ignores it.
    PGLITE_SHARED_BUFFERS: '16MB',
    ...env,
  }
}

/**
 * The embedded database a new data directory starts from: none with `emptyDatabase` or on PostgreSQL (DATABASE_URL);
 * else a seeded template when there is one this server's first start would have left the same (`sameSeeding`) on the
 * same Bangkok day; else the migrated one, which the server seeds itself (a shifted clock, other owners or settings, a
 * run without templates).
 *
 * A seeded template holds exactly what a first start writes, written by the built server with the same environment
 * and demo keys, minutes earlier: the rows are dated when the run began, not when the spec's server starts. On the same
 * Bangkok day that changes nothing a spec reads (today's figures still count the demo player's opening deposit); across
 * midnight it would, so a template seeded on another day is not used. What the first start only printed (a generated
 * owner password) or kept in memory (the console SMS outbox) went with the template's server: a spec that reads those
 * starts its server with `seeded: false`.
 */
export function templateFor(options: Pick<ServerOptions, 'env' | 'emptyDatabase' | 'seeded'>): string | undefined {
  const directory = process.env[PGLITE_TEMPLATE_VARIABLE]
  if (!directory || options.emptyDatabase || options.env?.DATABASE_URL) return undefined
  const env = serverEnvironment(options.env)
  const today = bangkokDay(new Date())
  const candidates = options.seeded === false ? [] : seededTemplates(directory)
  const seeded = candidates.find((template) => template.day === today && sameSeeding(template.env, env))
  return path.join(directory, seeded?.pglite ?? 'pglite')
}

function seededTemplates(directory: string): SeededTemplate[] {
  const file = path.join(directory, SEEDED_TEMPLATES_FILE)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SeededTemplate[]) : []
}

/** Whether two server environments seed the same: equal in every setting but those read only while serving. */
function sameSeeding(a: Record<string, string>, b: Record<string, string>): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)].filter((name) => !SERVING_ONLY.includes(name)))
  return [...names].every((name) => a[name] === b[name])
}

/** The database each server this process started runs on (its DATABASE_URL, else its data directory), by base URL. */
const databases = new Map<string, string>()

/**
 * The database behind `baseUrl`, when this process started that server: a server restarted on the same data has
 * another address and the same database (what an operator's used TOTP steps are remembered in).
 */
export function databaseOf(baseUrl: string): string | undefined {
  return databases.get(baseUrl)
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  let hasExited = false
  void exited.then(() => (hasExited = true))
  for (let attempt = 0; attempt < HEALTH_TRIES; attempt++) {
    if (hasExited) throw new Error('the server exited during startup')
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_INTERVAL_MS))
  }
  throw new Error(`the server did not answer GET /api/health with 200 after ${HEALTH_TRIES} tries`)
}

/** A port the OS says is free now; the server binds it right after, so a clash is unlikely. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('could not find a free port')
  return address.port
}

/** Keeps the last lines of the server's output, to explain a failed start, and hands each whole line to `onLine`. */
function captureOutput(child: ChildProcess, onLine?: (line: string) => void): () => string {
  const lines: string[] = []
  const keep = (stream: NodeJS.ReadableStream | null) => {
    let pending = ''
    stream?.on('data', (chunk: Buffer) => {
      const complete = (pending + chunk.toString('utf8')).split('\n')
      pending = complete.pop() ?? ''
      for (const line of complete.filter(Boolean)) {
        lines.push(line)
        onLine?.(line)
      }
      lines.splice(0, Math.max(0, lines.length - 50))
    })
  }
  keep(child.stdout)
  keep(child.stderr)
  return () => lines.join('\n')
}
