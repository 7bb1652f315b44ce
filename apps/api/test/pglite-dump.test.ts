import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { expect, inject, it } from 'vitest'
import { openPglite } from '../src/db/client.ts'
import { rowsOf } from '../src/db/rows.ts'
import { openTestDatabase, TEST_SHARED_BUFFERS } from './database.ts'

// The dump every PGlite test file loads has its WAL segment cut short (pglite-dump.ts): a copy must write on past the
// cut, and its own dump must load again with everything in it.
it('a copy of the slimmed dump writes past the cut WAL and loads again from its own dump', async () => {
  const dump = await readFile(inject('pgliteDump'))
  expect(dump.length).toBeLessThan(20 * 1024 * 1024)
  const copy = await openPglite({ loadDataDir: new Blob([dump]) })
  await copy.db.execute(sql`create table slim_dump_probe (n int, filler text)`)
  // About 5 MB of WAL, where the cut segment kept 8 kB.
  await copy.db.execute(sql`insert into slim_dump_probe select g, repeat('x', 500) from generate_series(1, 10000) g`)
  await copy.db.execute(sql`checkpoint`)
  const again = await copy.dump()
  await copy.close()
  const reopened = await openPglite({ loadDataDir: again })
  try {
    const [row] = rowsOf<{ count: number }>(await reopened.db.execute(sql`select count(*)::int as count from slim_dump_probe`))
    expect(row!.count).toBe(10_000)
    const databases = rowsOf<{ datname: string }>(await reopened.db.execute(sql`select datname from pg_database`))
    expect(databases.map((d) => d.datname)).toEqual(['postgres'])
  } finally {
    await reopened.close()
  }
})

// A test's database starts with a small buffer pool (ADR 033): PGlite's 128 MB, zeroed at every start, was most of the
// cost of opening one, and every test file opens at least one. A copy of the dump holds a 10 MB table all the same.
it('opens a test database with the small buffer pool, which holds more than itself', async () => {
  const database = await openTestDatabase()
  try {
    const [pool] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`))
    expect(pool!.shared_buffers).toBe(TEST_SHARED_BUFFERS)
    await database.db.execute(sql`create table pool_probe as select g as n, repeat('x', 1000) as filler from generate_series(1, 10000) g`)
    const [row] = rowsOf<{ count: number; bytes: number }>(
      await database.db.execute(sql`select count(*)::int as count, pg_total_relation_size('pool_probe')::int as bytes from pool_probe`),
    )
    expect(row).toEqual({ count: 10_000, bytes: expect.any(Number) })
    expect(row!.bytes).toBeGreaterThan(10 * 1024 * 1024)
  } finally {
    await database.close()
  }
})
