import { randomBytes } from 'node:crypto'
import { writeFile, rm, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { testConfig } from '../src/config.ts'
import { buildApp } from '../src/app.ts'
import { openPglite, openPostgres, type Database } from '../src/db/client.ts'
import { seedOperatorAccount, seedSite } from '../src/seed.ts'
import { seedCatalogue } from '../src/modules/games/catalogue-seed.ts'
import { adminUrl, databaseUrl } from './postgres.ts'
import { slimDump, slimForCopies } from './pglite-dump.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string
    pgTemplate: string
  }
}

/**
 * What every test database starts with: the site, the demo pay-in account and catalogue, seeded through the app's
 * services as `npm start` seeds them (audited with the tests' key).
 */
async function seedTemplate(database: Database) {
  const { app, services } = await buildApp({ config: testConfig(), database })
  try {
    await seedSite(services)
    await seedOperatorAccount(services)
    await seedCatalogue(services)
  } finally {
    await app.close()
  }
}

/**
 * Migrates once per run: for PGlite a dump every test file loads, for PostgreSQL a template database
 * every test file clones. Each run uses its own names and removes them afterwards.
 */
export default async function setup(project: TestProject) {
  if (process.env.SANAM_TEST_DB === 'postgres' || project.config.env?.SANAM_TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL
    if (!base) throw new Error('TEST_DATABASE_URL is not set')
    const prefix = `sanam_test_${process.pid}_${randomBytes(3).toString('hex')}`
    const template = `${prefix}_tpl`
    const { default: pg } = await import('pg')
    const admin = new pg.Client({ connectionString: adminUrl(base) })
    await admin.connect()
    await admin.query(`create database "${template}"`)
    const db = await openPostgres(databaseUrl(base, template), { max: 2 })
    await db.migrate()
    await seedTemplate(db)
    await db.close()
    project.provide('pgTemplate', template)
    return async () => {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`])
      for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`)
      await admin.end()
    }
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sanam-pglite-'))
  const file = path.join(dir, 'migrated.tar')
  const db = await openPglite()
  await db.migrate()
  await seedTemplate(db)
  await slimForCopies(db)
  const dump = slimDump(new Uint8Array(await (await db.dump()).arrayBuffer()))
  await writeFile(file, dump)
  await db.close()
  project.provide('pgliteDump', file)
  return async () => {
    await rm(dir, { recursive: true, force: true })
  }
}
