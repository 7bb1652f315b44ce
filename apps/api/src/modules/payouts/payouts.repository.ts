import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operators, payoutCallbacks, payouts, players, withdrawals } from '../../db/schema.ts'
import { insertedOrThrow, pageWhere, rowWhere } from '../../db/rows.ts'

export type PayoutRow = typeof payouts.$inferSelect
export type PayoutStatus = PayoutRow['status']

export type PayoutCallbackRow = typeof payoutCallbacks.$inferSelect

export const payoutsRepository = {
  /** Keeps a bank's callback once: undefined when one with this fingerprint was kept before (a replay). */
  async insertCallback(db: Db, row: typeof payoutCallbacks.$inferInsert): Promise<PayoutCallbackRow | undefined> {
    const [inserted] = await db.insert(payoutCallbacks).values(row).onConflictDoNothing({ target: payoutCallbacks.fingerprint }).returning()
    return inserted
  },
  /** What became of a callback: the payout it named and that payout's status after the look-up. */
  async callbackHandled(db: Db, id: number, handled: { payoutId: number | null; outcome: string | null }) {
    await db.update(payoutCallbacks).set(handled).where(eq(payoutCallbacks.id, id))
  },
  async insert(db: Db, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
    return insertedOrThrow(db.insert(payouts).values(row).returning())
  },
  async find(db: Db, id: number, forUpdate = false): Promise<PayoutRow | undefined> {
    return rowWhere(db, payouts, eq(payouts.id, id), forUpdate)
  },
  async findByWithdrawal(db: Db, withdrawalId: number): Promise<PayoutRow | undefined> {
    return rowWhere(db, payouts, eq(payouts.withdrawalId, withdrawalId))
  },
  async findByReference(db: Db, reference: string): Promise<PayoutRow | undefined> {
    return rowWhere(db, payouts, eq(payouts.reference, reference))
  },
  /**
   * Moves a payout from one of `from` to `to` with `set`, once: undefined when it was no longer in one of `from`
   * (another caller moved it first), so each step is taken by one caller only.
   */
  async move(db: Db, id: number, from: PayoutStatus[], to: PayoutStatus, set: Partial<typeof payouts.$inferInsert>, at: Date) {
    const [row] = await db
      .update(payouts)
      .set({ ...set, status: to, updatedAt: at })
      .where(and(eq(payouts.id, id), inArray(payouts.status, from)))
      .returning()
    return row
  },
  /** Payouts in `statuses` last moved before `before`: the in-flight ones a stopped process left behind. */
  async stale(db: Db, statuses: PayoutStatus[], before: Date, limit: number) {
    return db
      .select({ id: payouts.id, status: payouts.status })
      .from(payouts)
      .where(and(inArray(payouts.status, statuses), lt(payouts.updatedAt, before)))
      .orderBy(asc(payouts.updatedAt))
      .limit(limit)
  },
  /** Unknown payouts whose next look-up at the bank is due. */
  async dueChecks(db: Db, now: Date, limit: number) {
    return db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.status, 'UNKNOWN'), lte(payouts.nextCheckAt, now)))
      .orderBy(asc(payouts.nextCheckAt))
      .limit(limit)
  },
  /** Payouts in `statuses` (or the one `id`), the longest waiting first, with the member and the proposer's name. */
  async page(db: Db, filter: { statuses: PayoutStatus[] } | { id: number }, page: number, size: number) {
    const where = 'id' in filter ? eq(payouts.id, filter.id) : inArray(payouts.status, filter.statuses)
    return pageWhere(
      db,
      db
        .select({
          payout: payouts,
          playerId: withdrawals.playerId,
          mobile: players.mobile,
          firstname: players.firstname,
          surname: players.surname,
          proposerName: operators.username,
        })
        .from(payouts)
        .innerJoin(withdrawals, eq(withdrawals.id, payouts.withdrawalId))
        .innerJoin(players, eq(players.id, withdrawals.playerId))
        .leftJoin(operators, eq(operators.id, payouts.proposedBy))
        .$dynamic(),
      { table: payouts, where, order: [asc(payouts.settledAt), desc(payouts.id)] },
      page,
      size,
    )
  },
  /** How many payouts are in each status, and the oldest unknown's time (for the queue's heading and the dashboard). */
  async counts(db: Db) {
    return db
      .select({ status: payouts.status, n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${payouts.settledAt})` })
      .from(payouts)
      .groupBy(payouts.status)
  },
}
export type PayoutsRepository = typeof payoutsRepository
