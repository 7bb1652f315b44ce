import { eq } from 'drizzle-orm'
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'
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
