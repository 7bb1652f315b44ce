import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { resolveService } from '../../scripts/test-env.mjs'

export interface TestDatabase {
  /** The new database's URL: same server and credentials as the base URL. */
  url: string
  name: string
  /** Drops the database, closing whatever is still connected to it. */
  drop: () => Promise<void>
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** Creates an empty database `<prefix>_<random>` on the server of `baseUrl` (TEST_DATABASE_URL). */
export async function createTestDatabase(baseUrl: string, prefix: string): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`bad database prefix ${prefix}`)
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  // The maintenance database, so the base URL's own database may be anything, even one that is being dropped.
  const admin = withDatabase(baseUrl, 'postgres')
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`create database "${name}"`)
  } finally {
    await client.end()
  }
  return {
    url: withDatabase(baseUrl, name),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: admin })
      await dropper.connect()
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

/**
 * The PostgreSQL server the fault tests use, decided as for the API tests (scripts/test-env.mjs): TEST_DATABASE_URL
 * (which must answer), else the local server when it answers. Undefined (with the reason printed) when none is used
 * or TEST_DATABASE_URL=none, so the tests that need it are skipped, never silently passed.
 */
export async function reachablePostgres(label: string): Promise<string | undefined> {
  const postgres = await resolveService('postgres')
  if (!postgres.url) console.warn(`[${label}] SKIPPED on PostgreSQL: ${postgres.reason}`)
  return postgres.url
}
