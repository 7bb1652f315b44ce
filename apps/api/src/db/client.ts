import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import * as schema from './schema.ts'

export type Schema = typeof schema
/** The database handle every repository takes; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs pending migrations (safe with several processes starting at once on PostgreSQL). */
  migrate(): Promise<void>
  /** True when a trivial query answers. */
  ping(): Promise<boolean>
  close(): Promise<void>
}

/** Where the SQL migrations live: beside this file in the source tree, copied beside the bundle in dist/. */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
}

const MIGRATION_LOCK = 7_261_001

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 })
  // An idle connection that the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
  const db = drizzle({ client: pool, schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // One connection holds an advisory lock for the whole run, so two processes never migrate at once.
      const client = new pg.Client({ connectionString: url })
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

/**
 * The embedded database. `dataDir` undefined means in memory (tests); `loadDataDir` starts from a
 * dump, which is how tests copy a migrated database instead of migrating once per file.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database & { dump(): Promise<Blob> }> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  await client.waitReady
  const db = drizzle({ client, schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() })
    },
    ping: () => ping(db),
    close: () => client.close(),
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
 * Takes the embedded database's folder for this process: PGlite has no lock of its own, and two processes writing
 * one folder corrupt it. A lock left by a process that no longer runs (killed) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(file, 'utf8').trim())
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}. Stop it first (or use DATABASE_URL).`)
      }
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export async function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl)
  mkdirSync(config.dataDir, { recursive: true })
  const unlock = lockDataDir(config.dataDir)
  try {
    const database = await openPglite({ dataDir: path.resolve(config.dataDir, 'pglite') })
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
