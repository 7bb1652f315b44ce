import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/database.ts'
import { manualClock } from '../lib/clock.ts'
import { runJobsOnce, standardJobs } from '../jobs/runner.ts'
import type { Database } from './client.ts'
import { rowsOf } from './rows.ts'
import {
  OLDEST_DATABASE_WARNING_AGE,
  VACUUM_INSERT_SCALE_FACTOR,
  VACUUM_INSERT_THRESHOLD,
  VACUUM_SCALE_FACTOR,
  VACUUM_THRESHOLD,
  vacuumStaleTables,
  wraparoundProblem,
} from './vacuum.ts'

// The embedded database (this file runs on PGlite only: vitest.config.ts) has no autovacuum: the vacuum job does its
// work (ADR 092). Each test works on a table of its own, so the application's tables' own state does not matter.
let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
  // The application's tables as the migration and the seed left them: vacuumed once, so only the tests' tables change.
  await publishCounts()
  await vacuumStaleTables(database.db, new Date())
})
afterAll(async () => {
  await database?.close()
})

const run = (query: ReturnType<typeof sql>) => database.db.execute(query)
/** The change counts are published when the database is next idle, at most once a second; a test publishes them now. */
async function publishCounts() {
  await run(sql`select pg_stat_force_next_flush()`)
  await run(sql`select 1`)
}

async function tableState(table: string) {
  await publishCounts()
  const [row] = rowsOf<{ dead: number; vacuums: number; age: number }>(
    await run(sql`
      select s.n_dead_tup as dead, s.vacuum_count as vacuums, age(c.relfrozenxid) as age
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = ${table}`),
  )
  return { dead: Number(row!.dead), vacuums: Number(row!.vacuums), age: Number(row!.age) }
}

/** A table of `rows` rows, vacuumed and analyzed (reltuples known), its insert counted before the vacuum. */
async function freshTable(name: string, rows: number) {
  await run(sql.raw(`create table ${name} (id int primary key, note text)`))
  await run(sql.raw(`insert into ${name} select g, 'row ' || g from generate_series(1, ${rows}) g`))
  await publishCounts()
  await run(sql.raw(`vacuum analyze ${name}`))
}

// 10:00 in Bangkok, outside the quiet hours; 04:00, inside them.
const DAYTIME = new Date('2026-11-29T03:00:00Z')
const QUIET = new Date('2026-11-28T21:00:00Z')
const NEVER = { freezeAge: 2_000_000_000, freezeNowAge: 2_000_000_000 }

describe('the vacuum of the embedded database', () => {
  it('vacuums a table once its dead rows pass autovacuum’s rule (50 and a fifth of its rows), and no sooner', async () => {
    await freshTable('vacuum_dead', 1000)
    const limit = VACUUM_THRESHOLD + VACUUM_SCALE_FACTOR * 1000
    await run(sql.raw(`delete from vacuum_dead where id <= ${limit}`))
    expect(await vacuumStaleTables(database.db, DAYTIME, NEVER)).toEqual({ vacuumed: [], frozen: [] })
    expect((await tableState('vacuum_dead')).dead).toBe(limit)
    await run(sql.raw(`delete from vacuum_dead where id = ${limit + 1}`))
    await publishCounts()
    expect(await vacuumStaleTables(database.db, DAYTIME, NEVER)).toEqual({ vacuumed: ['public.vacuum_dead'], frozen: [] })
    // The dead rows are gone from the table and its index, and nothing is left to do.
    expect(await tableState('vacuum_dead')).toMatchObject({ dead: 0 })
    await publishCounts()
    expect(await vacuumStaleTables(database.db, DAYTIME, NEVER)).toEqual({ vacuumed: [], frozen: [] })
  })

  it('vacuums a table that only grows once its inserts pass the insert rule (1,000 and a fifth), for its visibility map', async () => {
    await freshTable('vacuum_grows', 1000)
    const limit = VACUUM_INSERT_THRESHOLD + VACUUM_INSERT_SCALE_FACTOR * 1000
    await run(sql.raw(`insert into vacuum_grows select g, 'more' from generate_series(1001, ${1000 + limit}) g`))
    await publishCounts()
    expect((await vacuumStaleTables(database.db, DAYTIME, NEVER)).vacuumed).toEqual([])
    await run(sql.raw(`insert into vacuum_grows values (${1001 + limit}, 'one more')`))
    await publishCounts()
    expect((await vacuumStaleTables(database.db, DAYTIME, NEVER)).vacuumed).toEqual(['public.vacuum_grows'])
  })

  it('freezes a table past the freeze age in Bangkok’s quiet hours only, and past the second age at any hour', async () => {
    await freshTable('vacuum_old', 10)
    // Ten write transactions elsewhere: the table's oldest unfrozen transaction id is now at least ten old.
    await run(sql`create table vacuum_tick (n int)`)
    for (let i = 0; i < 10; i++) await run(sql`insert into vacuum_tick values (${i})`)
    const aged = (await tableState('vacuum_old')).age
    expect(aged).toBeGreaterThanOrEqual(10)
    const rules = { freezeAge: 5, freezeNowAge: 1_000 }
    // In the day the table waits for the night.
    expect((await vacuumStaleTables(database.db, DAYTIME, rules)).frozen).not.toContain('public.vacuum_old')
    expect((await tableState('vacuum_old')).age).toBeGreaterThanOrEqual(aged)
    // At 04:00 in Bangkok it is frozen, and so is every table of the catalogue past the age.
    const night = await vacuumStaleTables(database.db, QUIET, rules)
    expect(night.frozen).toEqual(expect.arrayContaining(['public.vacuum_old', 'pg_catalog.pg_class']))
    expect((await tableState('vacuum_old')).age).toBeLessThan(5)
    // Past the second age it is frozen in the day too (autovacuum's anti-wraparound vacuum).
    for (let i = 0; i < 10; i++) await run(sql`insert into vacuum_tick values (${i})`)
    expect((await vacuumStaleTables(database.db, DAYTIME, { freezeAge: 5, freezeNowAge: 8 })).frozen).toContain('public.vacuum_old')
  })

  it('runs as a job every minute with the others, outside a transaction (a VACUUM cannot run in one)', async () => {
    await freshTable('vacuum_job', 100)
    await run(sql.raw(`delete from vacuum_job`))
    await publishCounts()
    const clock = manualClock(DAYTIME)
    const never = () => {
      throw new Error('not this job')
    }
    const jobs = standardJobs({
      clock,
      deposits: { expireDraftBills: never },
      seamless: {} as never,
      referral: {} as never,
      roundStaleMinutes: 60,
      database: 'pglite',
    }).filter((job) => job.name === 'vacuum')
    expect(jobs).toHaveLength(1)
    // null would be a failure (inside a transaction, PostgreSQL refuses the VACUUM).
    expect((await runJobsOnce(database.db, jobs)).vacuum).toBeGreaterThanOrEqual(1)
    expect((await tableState('vacuum_job')).dead).toBe(0)
  })

  it('warns at start-up once the oldest database (a template, which it cannot freeze) is half way to wraparound', () => {
    expect(wraparoundProblem({ name: 'template0', age: OLDEST_DATABASE_WARNING_AGE - 1 })).toBeUndefined()
    expect(wraparoundProblem({ name: 'template0', age: OLDEST_DATABASE_WARNING_AGE })).toMatch(
      /^The embedded database's template0 is 1000000000 transactions old: .* Move to PostgreSQL/,
    )
  })
})
