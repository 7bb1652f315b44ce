import { and, desc, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { idempotencyKeys, players, withdrawals } from '../../db/schema.ts'
import { exists, insertedOrThrow, pageWhere, rowWhere } from '../../db/rows.ts'

export type WithdrawalRow = typeof withdrawals.$inferSelect
export type WithdrawalStatus = WithdrawalRow['status']
/** The statuses in which the money is still held and nothing is decided (ADR 081): waiting for operators or the bank. */
export const OPEN_WITHDRAWAL_STATUSES: WithdrawalStatus[] = ['PENDING', 'PAYING', 'PAYOUT_HELD', 'OUTCOME_UNKNOWN']

export const withdrawalsRepository = {
  async hasPending(db: Db, playerId: number): Promise<boolean> {
    return exists(db, withdrawals, and(eq(withdrawals.playerId, playerId), inArray(withdrawals.status, OPEN_WITHDRAWAL_STATUSES)))
  },
  async insert(db: Db, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    return insertedOrThrow(db.insert(withdrawals).values(row).returning())
  },
  async findForUpdate(db: Db, id: number): Promise<WithdrawalRow | undefined> {
    return rowWhere(db, withdrawals, eq(withdrawals.id, id), true)
  },
  /** Moves a withdrawal in one of `from` (PENDING unless said) to its outcome; undefined when it was no longer there. */
  async decide(
    db: Db,
    id: number,
    outcome: { status: 'SUCCESS' | 'FAIL' | 'CANCEL'; payoutRef?: string; reason?: string; decidedBy: number | null; decidedAt: Date },
    from: WithdrawalStatus[] = ['PENDING'],
  ) {
    const [row] = await db
      .update(withdrawals)
      .set(outcome)
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
      .returning()
    return row
  },
  /** A step of a payout through the bank that moves no money (ADR 081); undefined when it was no longer in `from`. */
  async move(db: Db, id: number, from: WithdrawalStatus[], to: 'PAYING' | 'PAYOUT_HELD' | 'OUTCOME_UNKNOWN', reason: string | null) {
    const [row] = await db
      .update(withdrawals)
      .set({ status: to, reason })
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
      .returning()
    return row
  },
  /** The auto-approval's answer (ADR 085): no reasons when it went to the bank without an operator. */
  async setAutoRefusals(db: Db, id: number, reasons: string[]): Promise<void> {
    await db.update(withdrawals).set({ autoRefusals: reasons }).where(eq(withdrawals.id, id))
  },
  async list(db: Db, status: WithdrawalRow['status'], page: number, size: number) {
    const where = eq(withdrawals.status, status)
    return pageWhere(
      db,
      db.select({ withdrawal: withdrawals, mobile: players.mobile }).from(withdrawals).innerJoin(players, eq(players.id, withdrawals.playerId)).$dynamic(),
      { table: withdrawals, where, order: [desc(withdrawals.createdAt), desc(withdrawals.id)] },
      page,
      size,
    )
  },
  async mobileOf(db: Db, playerId: number): Promise<string> {
    const [row] = await db.select({ mobile: players.mobile }).from(players).where(eq(players.id, playerId)).limit(1)
    return row?.mobile ?? ''
  },

  async findIdempotent(db: Db, playerId: number, scope: string, key: string) {
    return rowWhere(db, idempotencyKeys, and(eq(idempotencyKeys.playerId, playerId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
  },
  async saveIdempotent(db: Db, row: typeof idempotencyKeys.$inferInsert): Promise<void> {
    await db.insert(idempotencyKeys).values(row)
  },

  /** Withdrawals waiting for operators since `before` or longer, oldest first (the desk's alert, ADR 087). */
  async waitingSince(db: Db, before: Date, limit: number): Promise<Array<{ id: number; amount: bigint }>> {
    return db
      .select({ id: withdrawals.id, amount: withdrawals.amount })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'PENDING'), lte(withdrawals.createdAt, before)))
      .orderBy(withdrawals.id)
      .limit(limit)
  },
}
export type WithdrawalsRepository = typeof withdrawalsRepository
