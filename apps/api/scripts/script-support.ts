// What the command-line tools share: the configured database opened the way the server opens it, plain-word
// problems, and exit codes (0 done, 1 a check failed, 2 it could not run).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { ConfigError, loadConfig, type Config } from '../src/config.ts'
import { openDatabase, type Database } from '../src/db/client.ts'
import { label, parseDatabaseUrl } from '../src/db/hosts.ts'
import { systemClock } from '../src/lib/clock.ts'
import { memoryRateLimiter } from '../src/lib/rate-limiter.ts'
import { buildServices, type BuiltServices, type ServiceLog } from '../src/services.ts'
import { rowsOf } from '../src/db/rows.ts'

/** The repository root: apps/api/scripts is three levels down. DATA_DIR is relative to it, as for the server. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** A reason the command cannot run, told to the person in plain words (exit code 2). */
export class Problem extends Error {}

/** The configuration a tool needs: the database and the business settings, not the server's secrets. */
export function loadScriptConfig(): Config {
  try {
    return loadConfig(process.env, { serving: false })
  } catch (error) {
    if (error instanceof ConfigError) throw new Problem(error.message)
    throw error
  }
}

/**
 * Where a tool works, for its messages: the servers and the database, never the credentials. DATABASE_URL may list
 * several servers (ADR 054: `db1:5432,db2:5432`, what `pg_autoctl show uri` prints), which `new URL` refuses, so the
 * URL is read the way the pool reads it.
 */
export function postgresLabel(databaseUrl: string): string {
  const { hosts, url } = parseDatabaseUrl(databaseUrl, 'read-write')
  const servers = hosts.map(label).join(',')
  return `PostgreSQL ${servers}${new URL(url).pathname}`
}

/**
 * Opens PostgreSQL (DATABASE_URL) or the embedded database (DATA_DIR) without creating or migrating anything, and
 * checks `tables` exist. The embedded database allows one process at a time: while a server holds it, the person is
 * pointed to `online`, the server's own route for the same work.
 */
export async function openConfiguredDatabase(
  config: Config,
  options: { tables: readonly string[]; online: string },
): Promise<{ database: Database; where: string }> {
  let database: Database
  let where: string
  if (config.DATABASE_URL) {
    where = postgresLabel(config.DATABASE_URL)
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(root, config.DATA_DIR) })
    if (!(await database.ping())) {
      await database.close().catch(() => undefined)
      throw new Problem(`Cannot reach ${where}: is it running, and are the DATABASE_URL credentials right?`)
    }
  } else {
    const dataDir = path.resolve(root, config.DATA_DIR)
    const pgliteDir = path.join(dataDir, 'pglite')
    where = `the embedded database in ${pgliteDir}`
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      throw new Problem(`There is no embedded database in ${pgliteDir}: the server creates it on its first start (or set DATA_DIR / DATABASE_URL).`)
    }
    try {
      // openDatabase takes the data folder's lock, and refuses while a running server holds it.
      database = await openDatabase({ dataDir, pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS })
    } catch (error) {
      if (error instanceof Error && /in use by process/.test(error.message)) {
        throw new Problem(`${error.message}\nThe embedded database allows one process at a time; ask the running server instead: ${options.online}.`)
      }
      throw error
    }
  }

  const present = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    ),
  ).map((r) => r.name)
  const missing = options.tables.filter((table) => !present.includes(table))
  if (missing.length > 0) {
    await database.close()
    throw new Problem(`${where} has no ${missing.join(', ')} table: it is not migrated. Start the server once (it migrates); this command never does.`)
  }
  return { database, where }
}

/** A tool's log: the console, the message first. */
const consoleLog: ServiceLog = {
  info: (details: object | string, message?: string) => console.info(message ?? details),
  warn: (details: object, message: string) => console.warn(message, details),
}

/**
 * The server's services (src/services.ts) on the tool's database: the same wiring, so a tool runs the code the server
 * runs (ADR 066). No Redis (a memory rate limiter: a tool signs nobody in), no notification listener (the plan and the
 * sessions are read from the database), no demo provider.
 */
export function scriptServices(config: Config, database: Database) {
  return buildServices({ config, database, clock: systemClock, limiter: memoryRateLimiter(systemClock), log: consoleLog, loadDemoProvider: false })
}

/**
 * A tool's work on the configured database (openConfiguredDatabase) with the server's services (scriptServices): the
 * database (the services' `database`) is closed however the work ends. `where` names it for the tool's last line.
 */
export async function withScriptServices<T>(
  config: Config,
  options: { tables: readonly string[]; online: string },
  work: (opened: { where: string } & BuiltServices) => Promise<T>,
): Promise<T> {
  const { database, where } = await openConfiguredDatabase(config, options)
  try {
    return await work({ where, ...(await scriptServices(config, database)) })
  } finally {
    await database.close()
  }
}

/** Runs a command's main and exits with its code; a Problem is printed plainly and exits 2. */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Problem ? error.message : error)
      process.exit(2)
    },
  )
}
