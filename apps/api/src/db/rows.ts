import { createHash } from 'node:crypto'
import { count, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'
/**
 * Helpers every repository shares for SQL written with `db.execute`, whose answer is shaped by the driver rather than
 * by Drizzle's query builder.
 */

/** Rows of a query run with `db.execute`, on either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** A bigint or numeric column as a raw query returns it: text on node-postgres, a number or bigint on PGlite. */
export type DbNumber = string | number | bigint

/**
 * One page of a list and the count of all its rows, read side by side: `list` is the list's query in its order (made
 * `$dynamic()`, so that the page's limit and offset can be added), `total` counts what it selects; `page` is zero-based.
 */
export async function readPage<List extends PgSelect>(list: List, total: PromiseLike<{ n: number }[]>, page: number, size: number) {
  const [rows, [counted]] = await Promise.all([list.limit(size).offset(page * size), total])
  return { rows: rows as Awaited<List>, total: counted?.n ?? 0 }
}

/**
 * One page of `list` (a select from `of.table` with its joins, made `$dynamic()`) where `of.where` holds, in `of.order`,
 * and how many rows of the table it holds for. `inTurn`: the two queries one after the other rather than side by side,
 * for a caller that may run inside a transaction, whose one connection takes one query at a time.
 */
export async function pageWhere<List extends PgSelect>(
  db: Db,
  list: List,
  of: { table: PgTable; where: SQL | undefined; order: (SQL | AnyPgColumn)[]; inTurn?: boolean },
  page: number,
  size: number,
) {
  const ordered = list.where(of.where).orderBy(...of.order)
  const total = db.select({ n: count() }).from(of.table).where(of.where)
  if (!of.inTurn) return readPage(ordered, total, page, size)
  const rows = (await ordered.limit(size).offset(page * size)) as Awaited<List>
  const [counted] = await total
  return { rows, total: counted?.n ?? 0 }
}

/**
 * `db.execute(query)` as a named prepared statement (node-postgres): PostgreSQL parses it once per connection and
 * keeps its plan (planning took as long as executing for the hot paths' statements: bench/README.md), so the text must
 * not change between calls under one name: lists go in as one array parameter (`arrayParam`), never as a list of
 * parameters whose length varies. PGlite runs it as `db.execute` would. Drizzle's own `execute`, given the name it
 * has no parameter for.
 */
export function executeNamed(db: Db, name: string | ((text: string) => string), query: SQL): Promise<unknown> {
  const { session, dialect } = db as unknown as {
    session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } }
    dialect: { sqlToQuery(query: SQL): { sql: string } }
  }
  const rendered = dialect.sqlToQuery(query)
  return session.prepareQuery(rendered, undefined, typeof name === 'string' ? name : name(rendered.sql), false).execute()
}

/**
 * A name for `executeNamed` from the statement's text, for a statement whose text is one of a few (a part a caller
 * hands in differs by case): `prefix` and a hash of the text, so each text has a name of its own.
 */
export const namedByText =
  (prefix: string) =>
  (text: string): string =>
    `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`

/** A list as ONE parameter (a PostgreSQL array, cast where it is used), where `${list}` would be one parameter per item. */
export const arrayParam = (values: readonly unknown[]): SQL => sql`${sql.param([...values])}`

/**
 * A list of rows as one array parameter per column, for `unnest($1::text[], $2::bigint[], ...)`: `columnsOf(rows)(pick)`
 * is the column `pick` reads. Inserts and updates of many rows written this way keep one text for one row and for
 * sixty-four, so they can be named statements (ADR 058, 059).
 */
export const columnsOf =
  <Row>(rows: readonly Row[]) =>
  (pick: (row: Row) => unknown): SQL =>
    arrayParam(rows.map(pick))

/** Whether any row of `table` matches `where` (it reads one at the most). */
export async function exists(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1)
  return rows.length > 0
}

/** A select before its `.for()`: Drizzle's query builder, awaited for its rows or locked first. */
type Lockable<Row> = PromiseLike<Row[]> & { for(strength: 'update'): PromiseLike<Row[]> }

/**
 * The first row of `query` (a select of one row: by id, or limited to one), or undefined; with `lock`, the row is
 * locked (`for update`) until the transaction ends, for a decision about to change it.
 */
export async function oneRow<Row>(query: Lockable<Row>, lock = false): Promise<Row | undefined> {
  const [row] = lock ? await query.for('update') : await query
  return row
}

/**
 * The row of `table` that `where` names (by its key, or by id), or undefined: `oneRow` of `select * ... limit 1`, with
 * its lock when asked.
 */
export function rowWhere<T extends PgTable>(db: Db, table: T, where: SQL | undefined, lock = false): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)
  return oneRow(query as unknown as Lockable<T['$inferSelect']>, lock)
}

async function returnedRow<Row>(query: PromiseLike<Row[]>, what: 'insert' | 'update'): Promise<Row> {
  const [row] = await query
  // PostgreSQL always returns the row an insert (or an update by a key known to exist) wrote: none is a bug, a 500.
  if (!row) throw new Error(`${what} returned no row`)
  return row
}

/** The row `insert ... returning` wrote. */
export const insertedOrThrow = <Row>(query: PromiseLike<Row[]>): Promise<Row> => returnedRow(query, 'insert')

/**
 * A conditional update (`update ... set ... where <condition> returning`): the row it changed, or undefined when the
 * condition no longer held, e.g. another operator decided the item first (the caller answers 409; nothing changed).
 */
export async function updatedWhere<T extends PgTable>(
  db: Db,
  table: T,
  set: Partial<T['$inferInsert']>,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await db
    .update(table)
    .set(set as never)
    .where(where)
    .returning()) as T['$inferSelect'][]
  return row
}

/** The row `update ... returning` changed, where the row is known to exist (read, and locked, before). */
export const updatedOrThrow = <Row>(query: PromiseLike<Row[]>): Promise<Row> => returnedRow(query, 'update')
