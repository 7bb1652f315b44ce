import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rowsOf } from './rows.ts'

/** SQLSTATEs after which the whole transaction may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001'])

/** The SQLSTATE of a database error, or of one it wraps (Drizzle wraps the driver's). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** True when PostgreSQL aborted the transaction as a deadlock victim or a serialization failure: it may simply run again. */
export function isRetryable(error: unknown): boolean {
  const state = sqlState(error)
  return state !== undefined && RETRYABLE.has(state)
}

/**
 * Runs `work` in a transaction, running it again (up to `attempts` times) when PostgreSQL aborted it as a deadlock
 * victim or a serialization failure. Safe because a rolled-back transaction left nothing behind; `work` must not
 * have effects outside the database.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error
    }
  }
}

/**
 * Takes the transaction-scoped advisory lock `key` if no other transaction holds it (scheduled jobs: one process runs
 * a job at a time); answers whether it was taken. The lock ends with the transaction.
 */
export async function tryAdvisoryLock(tx: Db, key: number): Promise<boolean> {
  const [lock] = rowsOf<{ taken: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as taken`))
  return lock?.taken === true
}
