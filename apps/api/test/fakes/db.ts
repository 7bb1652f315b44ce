import type { Db } from '../../src/db/client.ts'

/**
 * A database handle for the service test tier, where every repository is a fake that ignores it. A transaction runs
 * its work at once on the same handle (a fake repository keeps what it is told even when the work throws afterwards:
 * tests of rollback belong to the route tier, on a real database). Any SQL run on it is a test bug and throws.
 */
export function fakeDb(): Db {
  const db = {
    transaction: async <T>(work: (tx: Db) => Promise<T>) => work(db as unknown as Db),
    execute: () => {
      throw new Error('the fake database runs no SQL: give the service a fake repository for this call')
    },
  }
  return db as unknown as Db
}

/**
 * A fake table's insert: what the caller gave over the table's `defaults` (the columns an insert may leave out), with
 * the next id (1, 2, …), kept in `rows`.
 */
export function insertInto<Row extends { id: number }>(rows: Row[], defaults: Partial<Row>, given: object): Row {
  const row = { ...defaults, ...given, id: rows.length + 1 } as Row
  rows.push(row)
  return row
}
