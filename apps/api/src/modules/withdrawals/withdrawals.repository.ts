import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { idempotencyKeys, players, withdrawals } from '../../db/schema.ts'
import { exists, insertedOrThrow, oneRow } from '../../db/rows.ts'

export type WithdrawalRow = typeof withdrawals.$inferSelect

export const withdrawalsRepository = {
  async hasPending(db: Db, playerId: number): Promise<boolean> {
    return exists(db, withdrawals, and(eq(withdrawals.playerId, playerId), eq(withdrawals.status, 'PENDING')))
  },
  async insert(db: Db, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    return insertedOrThrow(db.insert(withdrawals).values(row).returning())
  },
  async findForUpdate(db: Db, id: number): Promise<WithdrawalRow | undefined> {
    return oneRow(db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1), true)
  },
  /** Moves a PENDING withdrawal to its outcome; undefined when it was no longer pending. */
  async decide(
    db: Db,
    id: number,
    outcome: { status: 'SUCCESS' | 'FAIL' | 'CANCEL'; payoutRef?: string; reason?: string; decidedBy: number; decidedAt: Date },
  ) {
    const [row] = await db
      .update(withdrawals)
      .set(outcome)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'PENDING')))
      .returning()
    return row
  },
  async list(db: Db, status: WithdrawalRow['status'], page: number, size: number) {
    const rows = await db
      .select({ withdrawal: withdrawals, mobile: players.mobile })
      .from(withdrawals)
      .innerJoin(players, eq(players.id, withdrawals.playerId))
      .where(eq(withdrawals.status, status))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(size)
      .offset(page * size)
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.status, status))
    return { rows, total: count?.n ?? 0 }
  },
  async mobileOf(db: Db, playerId: number): Promise<string> {
    const [row] = await db.select({ mobile: players.mobile }).from(players).where(eq(players.id, playerId)).limit(1)
    return row?.mobile ?? ''
  },

  async findIdempotent(db: Db, playerId: number, scope: string, key: string) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.playerId, playerId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1)
    return row
  },
  async saveIdempotent(db: Db, row: typeof idempotencyKeys.$inferInsert): Promise<void> {
    await db.insert(idempotencyKeys).values(row)
  },
}
export type WithdrawalsRepository = typeof withdrawalsRepository
