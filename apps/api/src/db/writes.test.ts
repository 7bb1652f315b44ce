import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/database.ts'
import type { Database } from './client.ts'
import { rowsOf } from './rows.ts'
import { writeTogether } from './writes.ts'

// Independent writes as one statement (ADR 100): each runs once, each caller gets its own rows back, and they stand or
// fall together with the statement. On PGlite, and on PostgreSQL when one is used (vitest.config.ts).

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
  await database.db.execute(sql`create table together_a (id int primary key, label text not null)`)
  await database.db.execute(sql`create table together_b (id bigint generated always as identity primary key, at timestamptz not null, key text unique)`)
})
afterAll(async () => {
  await database.close()
})

const labels = async () => rowsOf<{ id: number; label: string }>(await database.db.execute(sql`select id, label from together_a order by id`))
const keys = async () => rowsOf<{ key: string }>(await database.db.execute(sql`select key from together_b order by id`)).map((r) => r.key)

describe('writeTogether', () => {
  it('runs each write once and hands each caller its own rows', async () => {
    await database.db.execute(sql`insert into together_a values (1, 'before')`)
    await database.db.execute(sql`insert into together_b (at, key) values (now(), 'zero')`)
    const seen: Record<string, Array<Record<string, unknown>>> = {}
    await writeTogether(database.db, [
      { sql: sql`update together_a set label = 'after' where id = 1` },
      {
        sql: sql`insert into together_b (at, key) values (${'2026-11-30T01:02:03Z'}::timestamptz, 'one') returning id, at, key`,
        returned: (rows) => (seen.first = rows),
      },
      { sql: sql`insert into together_b (at, key) values (now(), 'two'), (now(), 'three') returning key`, returned: (rows) => (seen.second = rows) },
      { sql: sql`insert into together_b (at, key) values (now(), 'zero') on conflict (key) do nothing returning key`, returned: (rows) => (seen.none = rows) },
    ])
    expect(await labels()).toEqual([{ id: 1, label: 'after' }])
    // JSON's own types: the identity a number, the timestamp ISO text (in the session's zone).
    expect(seen.first).toEqual([{ id: expect.any(Number), at: expect.any(String), key: 'one' }])
    expect(new Date(seen.first![0]!.at as string).toISOString()).toBe('2026-11-30T01:02:03.000Z')
    expect(seen.second).toEqual(expect.arrayContaining([{ key: 'two' }, { key: 'three' }]))
    expect(seen.second).toHaveLength(2)
    // A write that wrote nothing (its key was there already) is told so.
    expect(seen.none).toEqual([])
    expect(await keys()).toEqual(['zero', 'one', 'two', 'three'])
  })

  it('writes nothing of any when one of them fails', async () => {
    const before = [await labels(), await keys()]
    await expect(
      writeTogether(database.db, [
        { sql: sql`update together_a set label = 'lost' where id = 1` },
        { sql: sql`insert into together_b (at, key) values (now(), 'one') returning key`, returned: () => {} },
      ]),
    ).rejects.toThrow()
    expect([await labels(), await keys()]).toEqual(before)
  })

  it('rolls back with the transaction that sent it, and sends nothing for no write', async () => {
    const before = await keys()
    const rollback = new Error('roll back')
    await expect(
      database.db.transaction(async (tx) => {
        await writeTogether(tx, [{ sql: sql`insert into together_b (at, key) values (now(), 'undone')` }])
        expect(rowsOf(await tx.execute(sql`select 1 from together_b where key = 'undone'`))).toHaveLength(1)
        throw rollback
      }),
    ).rejects.toBe(rollback)
    await writeTogether(database.db, [])
    expect(await keys()).toEqual(before)
  })
})
