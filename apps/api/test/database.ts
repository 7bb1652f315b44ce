import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database } from '../src/db/client.ts'
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
  const dump = await readFile(inject('pgliteDump'))
  return openPglite({ loadDataDir: new Blob([dump]) })
}
