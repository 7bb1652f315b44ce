import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'
import { updatedWhere } from './rows.ts'
import { operators } from './schema.ts'

const proposer = alias(operators, 'proposer')
const decider = alias(operators, 'decider')

/** A table of four-eyes rows: each proposed by one operator and decided by another. */
type Reviewed = PgTable & { proposedBy: AnyPgColumn; decidedBy: AnyPgColumn }

/**
 * The rows of a four-eyes table (plan, site content and promotion versions, pay-in accounts) as `version`, each with
 * the usernames of who proposed and who decided it (null: the system, or not decided yet). The caller adds its
 * `where` and order.
 */
export function withReviewers<T extends Reviewed>(db: Db, table: T) {
  return db
    .select({ version: table, proposedBy: proposer.username, decidedBy: decider.username })
    .from(table as PgTable)
    .leftJoin(proposer, eq(proposer.id, table.proposedBy))
    .leftJoin(decider, eq(decider.id, table.decidedBy))
}

/** A four-eyes table whose proposals wait one at a time as PENDING (plan and site content versions). */
type Versioned = Reviewed & { id: AnyPgColumn; status: AnyPgColumn }

/**
 * Inserts a PENDING proposal; undefined when another one is waiting: the table's unique index on status where it is
 * PENDING keeps them one at a time.
 */
export async function insertPendingVersion<T extends Versioned>(db: Db, table: T, row: T['$inferInsert']): Promise<T['$inferSelect'] | undefined> {
  const [inserted] = await db
    .insert(table)
    .values(row)
    .onConflictDoNothing({ target: table.status, where: sql`status = 'PENDING'` })
    .returning()
  return inserted
}

/**
 * Decides a PENDING proposal by its id; undefined when it was no longer pending (another operator decided it first):
 * the status in the `where` is what keeps two decisions of one proposal from both passing.
 */
export function decidePending<T extends Versioned>(db: Db, table: T, id: number, decision: Partial<T['$inferInsert']>) {
  return updatedWhere(db, table, decision, and(eq(table.id, id), eq(table.status, 'PENDING')))
}

/** The columns a proposal turned down gets: who turned it down, when and why. */
export const rejection = (operatorId: number, at: Date, reason: string) =>
  ({ status: 'REJECTED', decidedBy: operatorId, decidedAt: at, rejectReason: reason }) as const

/** The proposal waiting for its second operator (there is at most one), with the usernames as `withReviewers`. */
export async function pendingWithReviewers<T extends Versioned>(db: Db, table: T) {
  const [row] = await withReviewers(db, table).where(eq(table.status, 'PENDING')).limit(1)
  return row
}

/** The decided versions (any but PENDING), newest first by `newest` then id, at most `limit`, as `withReviewers`. */
export function decidedWithReviewers<T extends Versioned>(db: Db, table: T, newest: SQL | AnyPgColumn, limit: number) {
  return withReviewers(db, table).where(ne(table.status, 'PENDING')).orderBy(desc(newest), desc(table.id)).limit(limit)
}

/** A row of `withReviewers` as one object: the version's columns with `proposedByName` and `decidedByName`. */
export function withReviewerNames<Row>(r: { version: Row; proposedBy: string | null; decidedBy: string | null }) {
  return { ...r.version, proposedByName: r.proposedBy, decidedByName: r.decidedBy }
}

/** Who proposed a version and how it was decided, as the contract's `reviewFields` and `proposed_by` carry them. */
export function reviewView<Name extends string | null, Id extends number | null>(row: {
  proposedByName: Name
  proposedBy: Id
  createdAt: Date
  decidedByName: string | null
  decidedAt: Date | null
  rejectReason: string | null
}) {
  return {
    proposed_by: row.proposedByName,
    proposed_by_id: row.proposedBy,
    created_at: row.createdAt.toISOString(),
    decided_by: row.decidedByName,
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    reject_reason: row.rejectReason,
  }
}
