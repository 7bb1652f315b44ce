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
