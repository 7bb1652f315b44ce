import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database } from '../src/db/client.ts'
import { rowsOf } from '../src/db/rows.ts'
import { adminUrl, databaseUrl } from './postgres.ts'

/** A migrated, seeded database of its own for one test file: a PGlite copy, or a PostgreSQL clone of the run's template. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.SANAM_TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL
    if (!base) throw new Error('TEST_DATABASE_URL is not set')
    const template = inject('pgTemplate')
    const name = `${template.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`
    const { default: pg } = await import('pg')
    const admin = new pg.Client({ connectionString: adminUrl(base) })
    await admin.connect()
    try {
      await admin.query(`create database "${name}" template "${template}"`)
    } finally {
      await admin.end()
    }
    const database = await openPostgres(databaseUrl(base, name), { max: 10 })
    return {
      ...database,
      async close() {
        await database.close()
        const drop = new pg.Client({ connectionString: adminUrl(base) })
        await drop.connect()
        await drop.query(`drop database if exists "${name}" with (force)`)
        await drop.end()
      },
    }
  }
  dump ??= readFile(inject('pgliteDump')).then((bytes) => new Blob([bytes]))
  // A small buffer pool: a test's database is small, and zeroing PGlite's 128 MB is most of its start (ADR 033).
  return openPglite({ loadDataDir: await dump, sharedBuffers: TEST_SHARED_BUFFERS })
}

/** The buffer pool of a test's PGlite database (PGlite's own is 128 MB). */
export const TEST_SHARED_BUFFERS = '16MB'

/** The run's dump, read once per worker: the worker's files share its modules (isolate: false), and a Blob is immutable. */
let dump: Promise<Blob> | undefined

/**
 * PostgreSQL only: `database` as the runtime role sees it (ADR 037): a login role of its own for this call, with a
 * unique name, a member of sanam_runtime and owner of nothing. `close` ends its connections and drops the role.
 */
export async function openAsRuntimeRole(database: Database): Promise<Database & { role: string }> {
  const base = process.env.TEST_DATABASE_URL
  if (database.kind !== 'postgres' || !base) throw new Error('the runtime role exists on PostgreSQL only')
  const [row] = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`))
  const role = `sanam_rt_${process.pid}_${randomBytes(4).toString('hex')}`
  await database.db.execute(sql.raw(`create role "${role}" login in role sanam_runtime`))
  const url = new URL(databaseUrl(base, row!.name))
  url.username = role
  url.password = ''
  const runtime = await openPostgres(url.toString(), { max: 4 })
  return {
    ...runtime,
    role,
    async close() {
      await runtime.close()
      await database.db.execute(sql.raw(`drop role if exists "${role}"`))
    },
  }
}
