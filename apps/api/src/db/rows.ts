import type { PgSelect } from 'drizzle-orm/pg-core'
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
