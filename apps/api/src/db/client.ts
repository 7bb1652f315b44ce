import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Pool } from 'pg'
import { sql } from 'drizzle-orm'
import { keepAfterCommit } from './after-commit.ts'
import * as schema from './schema.ts'
import type { Db } from './db.ts'
import type PgModule from 'pg'
import type { ClientConfig, PoolConfig } from 'pg'
import {
  createRoute,
  label,
  parseDatabaseUrl,
  routedClientClass,
  serverState,
  type HostPort,
  type Route,
  type RoutedClient,
  type RoutedClientOptions,
  type TargetSessionAttrs,
} from './hosts.ts'

export type { Db, Schema } from './db.ts'

export interface Database {
  db: Db
  /**
   * Where reads that may lag the primary go (back-office reports and the dashboard, never money, ADR 054): the read
   * replica's pool when READ_REPLICA_URL is set, else `db` itself.
   */
  reads: Db
  kind: 'pglite' | 'postgres'
  /** Runs pending migrations (safe with several processes starting at once on PostgreSQL). */
  migrate(): Promise<void>
  /** True when a trivial query answers. */
  ping(): Promise<boolean>
  close(): Promise<void>
  /**
   * The embedded database only: calls `fn` with the payload of every NOTIFY on `channel`, in this process, when the
   * transaction that sent it commits (PostgreSQL's processes hear theirs through the notification listener instead).
   * Answers the function that stops listening.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>
  /** The connections this process holds, as the metrics show them (issue 22 §6, ADR 051). */
  pool: DbPool
  /**
   * PostgreSQL with several servers listed: calls `listener` when this process's connections move to another server
   * (the primary failed over, db/hosts.ts), with both servers' `host:port`. Answers the function that stops listening.
   */
  onServerSwitch?(listener: (from: string, to: string) => void): () => unknown
  /** PostgreSQL only: node-postgres's pool itself, for a library that speaks to it directly (the shared rate limits, ADR 067). */
  postgresPool?: Pool
}

/**
 * A database's connections as an operator watches them. PostgreSQL: node-postgres's pool. The embedded database has
 * one connection and queues the rest inside PGlite: `inUse` is 1 while a statement or transaction runs on it, `waiting`
 * the calls queued behind that one; how long each waited PGlite does not say, so `onWait` hears nothing there.
 */
export interface DbPool {
  /** The most connections the pool opens. */
  readonly max: number
  /** Right now: connections running work, open connections free for it, and calls waiting for a connection. */
  use(): { inUse: number; idle: number; waiting: number }
  /**
   * Calls `fn` with every wait for a connection (seconds from asking to having one, a new connection's opening included;
   * `acquired` false when the wait ended in an error, such as DB_POOL_WAIT_MS passing). Answers what stops it.
   */
  onWait(fn: (seconds: number, acquired: boolean) => void): () => void
}

type ConnectCallback = (error: Error | undefined, ...rest: unknown[]) => void

/** node-postgres's pool, with every wait for a connection timed for `onWait` (issue 22 §6). */
function watchPool(pool: Pool, max: number): DbPool {
  const listeners = new Set<(seconds: number, acquired: boolean) => void>()
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<unknown> | undefined
  const tell = (started: bigint, acquired: boolean) => {
    if (listeners.size === 0) return
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    for (const fn of listeners) fn(seconds, acquired)
  }
  // pg-pool's own query() asks through this.connect with a callback; transactions ask for a promise: both are timed.
  Object.defineProperty(pool, 'connect', {
    configurable: true,
    writable: true,
    value: (callback?: ConnectCallback) => {
      const started = process.hrtime.bigint()
      if (typeof callback === 'function') {
        return connect((error, ...rest) => {
          tell(started, !error)
          callback(error, ...rest)
        })
      }
      return connect()!.then(
        (client) => {
          tell(started, true)
          return client
        },
        (error: unknown) => {
          tell(started, false)
          throw error
        },
      )
    },
  })
  return {
    max,
    use: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait(fn) {
      listeners.add(fn)
      return () => void listeners.delete(fn)
    },
  }
}

/**
 * PGlite's one connection: its public entry points (a statement, a script, a transaction) counted while they run or
 * wait, so the pool gauges show the queue in front of it. Its internals call private methods, never these, so each
 * call counts once.
 */
function watchPglite(client: { query: unknown; exec: unknown; transaction: unknown }): DbPool {
  let calls = 0
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client)
    Object.defineProperty(client, name, {
      configurable: true,
      writable: true,
      value: async (...args: unknown[]) => {
        calls += 1
        try {
          return await original(...args)
        } finally {
          calls -= 1
        }
      },
    })
  }
  return {
    max: 1,
    use: () => ({ inUse: Math.min(calls, 1), idle: calls === 0 ? 1 : 0, waiting: Math.max(calls - 1, 0) }),
    onWait: () => () => undefined,
  }
}

/** Where the SQL migrations live: beside this file in the source tree, copied beside the bundle in dist/. */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
}

const MIGRATION_LOCK = 7_261_001

export interface PoolOptions {
  /** Connections in the pool (20). */
  max?: number
  /** How long a query waits for a free connection (or a new one to open) before failing, in ms (3000). */
  waitMs?: number
  /**
   * PostgreSQL's statement_timeout on every pool connection, in ms. The server passes DB_STATEMENT_TIMEOUT_MS (10 s);
   * unset (command-line tools such as ledger:verify, which may read a whole large ledger in one statement) is none.
   */
  statementTimeoutMs?: number
  /**
   * Where migrations run (ADR 037): the owner's connection (MIGRATION_DATABASE_URL), while the pool connects as the
   * runtime role, which owns nothing. Unset: the pool's own URL.
   */
  migrationUrl?: string | undefined
  /** How the pool's connections are named in pg_stat_activity (`sanam`; the read replica's `sanam-reads`). */
  applicationName?: string
}

/** How long probing one server for a new connection may take: a machine that is gone must not hold the others up. */
const PROBE_TIMEOUT_MS = 2000
/** How far past the statement timeout a statement may go unanswered before its connection is taken for dead. */
const DEADLINE_MARGIN_MS = 5000
/**
 * How long a statement may go unanswered before its server is checked with a new connection (issue 40 §3): a server
 * that does not answer one within PROBE_TIMEOUT_MS (frozen, or a machine gone without a reset) loses every connection
 * the pool holds to it at once, instead of each waiting out the deadline above. Statements take milliseconds; one that
 * waits for a lock finds its server answering and goes on.
 */
const STALL_CHECK_MS = 1000
/**
 * TCP keepalives on every connection after this long idle: an idle connection (the notification listener's, the pool's)
 * to a machine that vanished without a reset is found dead by the kernel instead of on its next statement.
 */
const KEEPALIVE_IDLE_MS = 5000

/**
 * A pool on PostgreSQL. `url` may list several servers (`host1:port,host2:port`, ADR 054): each new connection goes
 * to one that matches `target_session_attrs` (from the URL, else `target`: read-write, the primary, for what writes).
 */
export async function openPostgres(url: string, options: PoolOptions & { target?: TargetSessionAttrs } = {}): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const waitMs = options.waitMs ?? 3000
  const max = options.max ?? 20
  let route: Route | undefined
  const pool = new pg.Pool({
    Client: routedClass(pg, url, options.target ?? 'read-write', {
      onRoute: (made) => (route = made),
      probeTimeoutMs: Math.min(waitMs, PROBE_TIMEOUT_MS),
      stallCheckMs: STALL_CHECK_MS,
      ...(options.statementTimeoutMs ? { queryDeadlineMs: options.statementTimeoutMs + DEADLINE_MARGIN_MS } : {}),
    }),
    connectionString: parseDatabaseUrl(url, 'any').url,
    max,
    application_name: options.applicationName ?? 'sanam',
    // A full pool or an unreachable server fails the request fast (503) instead of queueing it forever.
    connectionTimeoutMillis: waitMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    // No statement (a slow plan, a wait on a locked row) holds a request and its connection for long; PostgreSQL
    // cancels it and rolls the transaction back. Migrations use their own connection without it.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  } as PoolConfig)
  // An idle connection that the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
  // pg-pool listens for errors only on idle connections. One checked out by a transaction, between two statements,
  // that the server terminates emits 'error' with nobody listening, which would kill the process: every connection
  // gets a listener of its own. The transaction's next statement then fails (a 503), and the pool drops the connection.
  pool.on('connect', (client) => client.on('error', () => undefined))
  // A connection whose server refused a write as read-only (a demoted primary, a standby) is not given out again: ending
  // it here, before pg-pool decides, makes the pool drop it (ADR 054).
  pool.on('release', (_error, client) => {
    if ((client as unknown as RoutedClient).retiring) void client.end().catch(() => undefined)
  })
  const watched = watchPool(pool, max)
  const db = keepAfterCommit(drizzle({ client: pool, schema }) as unknown as Db)
  return {
    db,
    reads: db,
    kind: 'postgres',
    pool: watched,
    postgresPool: pool,
    onServerSwitch: (listener) => route?.onSwitch((from, to) => listener(label(from), label(to))) ?? (() => false),
    async migrate() {
      // One connection, as the owner when one is given, holds an advisory lock for the whole run, so two processes
      // never migrate at once. Migrations write: the primary of the servers listed.
      const migrationUrl = options.migrationUrl ?? url
      const Client = routedClass(pg, migrationUrl, 'read-write', { probeTimeoutMs: PROBE_TIMEOUT_MS })
      const client = new Client({ connectionString: parseDatabaseUrl(migrationUrl, 'any').url })
      await client.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
        await client.end()
      }
    },
    ping: () => ping(db),
    close: () => pool.end(),
  }
}

/** The routed connection class for `url` (db/hosts.ts): probes reuse the URL's credentials and settings. */
function routedClass(
  pg: typeof PgModule,
  url: string,
  target: TargetSessionAttrs,
  options: { probeTimeoutMs: number; onRoute?: (route: Route) => void } & RoutedClientOptions,
): new (config?: ClientConfig) => RoutedClient {
  const address = parseDatabaseUrl(url, target)
  const probe = async (server: HostPort) => {
    const client = new pg.Client({
      connectionString: address.url,
      connectionTimeoutMillis: options.probeTimeoutMs,
      query_timeout: options.probeTimeoutMs,
      application_name: 'sanam-probe',
    })
    // The URL's own host is the first one; the server probed is set as a routed connection sets it.
    client.host = server.host
    client.port = server.port
    client.on('error', () => undefined)
    try {
      await client.connect()
      return await serverState(client)
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  const route = createRoute({ hosts: address.hosts, target: address.target, probe })
  options.onRoute?.(route)
  return routedClientClass(pg, route, options)
}

/**
 * The embedded database. `dataDir` undefined means in memory (tests); `loadDataDir` starts from a
 * dump, which is how tests copy a migrated database instead of migrating once per file. `sharedBuffers` (a size in
 * PostgreSQL's units, '16MB') replaces PGlite's 128 MB buffer pool: zeroing that pool is most of a start (about
 * 0.85 s against 0.3 s for 16 MB on the CI machine), and a test's database is small (ADR 033, amended 2026-11-30).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; sharedBuffers?: string } = {},
): Promise<Database & { dump(): Promise<Blob> }> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  // pg_trgm: the trigram indexes of the member search and the deposit matcher (migration 0025, ADR 056).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const client = new PGlite({
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] } : {}),
  })
  await client.waitReady
  const pool = watchPglite(client)
  const db = keepAfterCommit(drizzle({ client, schema }) as unknown as Db)
  return {
    db,
    reads: db,
    kind: 'pglite',
    pool,
    migrate: async () => {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() })
    },
    ping: () => ping(db),
    close: () => client.close(),
    listen: (channel, fn) => client.listen(channel, fn),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

/**
 * Where the data-directory lock listens. Its name comes from the folder's real path, so two spellings of one folder
 * meet. Linux: the abstract namespace (no file; the kernel frees the name the moment the process dies, even before it
 * is reaped). Windows: a named pipe, freed the same way. Elsewhere: a socket file in the temporary folder, which a
 * crash leaves behind; nobody answers on it then, and the next process takes it over.
 */
export function lockAddress(dataDir: string): { address: string; file?: string } {
  const digest = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 32)
  if (process.platform === 'linux') return { address: `\0sanam-pglite-${digest}` }
  if (process.platform === 'win32') return { address: `\\\\?\\pipe\\sanam-pglite-${digest}` }
  const file = path.join(tmpdir(), `sanam-pglite-${digest}.sock`)
  return { address: file, file }
}

/**
 * Takes the embedded database's folder for this process: PGlite has no lock of its own, and two processes writing
 * one folder corrupt it. The lock is a listening local socket (ADR 013): the operating system closes it when the
 * process dies however it dies, so a crashed server never blocks its own restart, and a dead, zombie or reused PID is
 * never mistaken for the owner. `pglite.lock` keeps the owner's PID only to name it in the message.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const { address, file } = lockAddress(dataDir)
  const pidFile = path.join(dataDir, 'pglite.lock')
  let server: Server
  try {
    server = await listen(address)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    // A socket file (not Linux or Windows) may be left by a crash: it is stale when nobody answers on it.
    if (!file || (await answers(file))) {
      let owner = ''
      try {
        owner = readFileSync(pidFile, 'utf8').trim()
      } catch {
        // The owner is starting and has not written its PID yet.
      }
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${/^\d+$/.test(owner) ? owner : '(unknown)'}. Stop it first (or use DATABASE_URL).`,
      )
    }
    rmSync(file, { force: true })
    server = await listen(address)
  }
  // The lock must not keep the process alive on its own, nor take connections anyone could use.
  server.unref()
  server.on('connection', (socket) => socket.destroy())
  writeFileSync(pidFile, String(process.pid))
  return () => {
    rmSync(pidFile, { force: true })
    server.close()
  }
}

function listen(address: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(address, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}

function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(file)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** The read replica's pool is small: reports and the dashboard are few, and they read in batches (ADR 042). */
const READ_REPLICA_POOL_MAX = 5

export async function openDatabase(config: {
  databaseUrl?: string | undefined
  /** READ_REPLICA_URL: a pool of its own for `reads` (ADR 054); PostgreSQL only. */
  readReplicaUrl?: string | undefined
  dataDir: string
  /** PGLITE_SHARED_BUFFERS: the embedded database's buffer pool (unset: PGlite's 128 MB); ignored on PostgreSQL. */
  pgliteSharedBuffers?: string | undefined
  pool?: PoolOptions
}): Promise<Database> {
  if (config.databaseUrl) {
    const primary = await openPostgres(config.databaseUrl, config.pool)
    if (!config.readReplicaUrl) return primary
    const { migrationUrl: _migrationUrl, ...pool } = config.pool ?? {}
    // A standby if one answers, else whichever server does (reports still work with every standby down), unless the
    // URL names another target_session_attrs.
    const replica = await openPostgres(config.readReplicaUrl, {
      ...pool,
      max: Math.min(pool.max ?? READ_REPLICA_POOL_MAX, READ_REPLICA_POOL_MAX),
      target: 'prefer-standby',
      applicationName: 'sanam-reads',
    })
    return {
      ...primary,
      reads: replica.db,
      async close() {
        await Promise.all([primary.close(), replica.close()])
      },
    }
  }
  mkdirSync(config.dataDir, { recursive: true })
  const unlock = await lockDataDir(config.dataDir)
  try {
    const database = await openPglite({ dataDir: path.resolve(config.dataDir, 'pglite'), sharedBuffers: config.pgliteSharedBuffers })
    return {
      ...database,
      async close() {
        await database.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}
