import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { gameRounds, seamlessLog, seamlessTransactions } from '../../db/schema.ts'

export type SeamlessTxRow = typeof seamlessTransactions.$inferSelect

export const seamlessRepository = {
  /** Claims (provider, tx_id) for this request; undefined when it was already used (a replay or a clash). */
  async claim(db: Db, row: typeof seamlessTransactions.$inferInsert): Promise<SeamlessTxRow | undefined> {
    const [inserted] = await db.insert(seamlessTransactions).values(row).onConflictDoNothing().returning()
    return inserted
  },
  async find(db: Db, providerCode: string, txId: string, forUpdate = false): Promise<SeamlessTxRow | undefined> {
    const query = db
      .select()
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.providerCode, providerCode), eq(seamlessTransactions.txId, txId)))
      .limit(1)
    const [row] = forUpdate ? await query.for('update') : await query
    return row
  },
  async settle(db: Db, providerCode: string, txId: string, status: string, response: unknown): Promise<void> {
    await db
      .update(seamlessTransactions)
      .set({ status, response })
      .where(and(eq(seamlessTransactions.providerCode, providerCode), eq(seamlessTransactions.txId, txId)))
  },

  /** Adds to a round, creating it on the first bet or win. Returns the round's owner. */
  async addToRound(
    db: Db,
    round: { providerCode: string; roundId: string; playerId: number; gameCode: string | null; bet: bigint; win: bigint; settle: boolean; now: Date },
  ): Promise<{ playerId: number }> {
    const [row] = await db
      .insert(gameRounds)
      .values({
        providerCode: round.providerCode,
        roundId: round.roundId,
        playerId: round.playerId,
        gameCode: round.gameCode,
        totalBet: round.bet,
        totalWin: round.win,
        status: round.settle ? 'SETTLED' : 'OPEN',
        openedAt: round.now,
        updatedAt: round.now,
      })
      .onConflictDoUpdate({
        target: [gameRounds.providerCode, gameRounds.roundId],
        set: {
          totalBet: sql`${gameRounds.totalBet} + ${round.bet}`,
          totalWin: sql`${gameRounds.totalWin} + ${round.win}`,
          status: round.settle ? sql`'SETTLED'` : sql`${gameRounds.status}`,
          updatedAt: round.now,
        },
      })
      .returning({ playerId: gameRounds.playerId })
    if (!row) throw new Error('round upsert returned no row')
    return row
  },
  async findRound(db: Db, providerCode: string, roundId: string) {
    const [row] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerCode, providerCode), eq(gameRounds.roundId, roundId)))
      .limit(1)
    return row
  },
  /** Takes a rolled-back bet out of its round; a round left with nothing in it is ROLLED_BACK. */
  async removeBetFromRound(db: Db, providerCode: string, roundId: string, amount: bigint, now: Date): Promise<void> {
    await db
      .update(gameRounds)
      .set({
        totalBet: sql`${gameRounds.totalBet} - ${amount}`,
        status: sql`case when ${gameRounds.totalBet} - ${amount} = 0 and ${gameRounds.totalWin} = 0 then 'ROLLED_BACK' else ${gameRounds.status} end`,
        updatedAt: now,
      })
      .where(and(eq(gameRounds.providerCode, providerCode), eq(gameRounds.roundId, roundId)))
  },
  /** Closes rounds that stayed OPEN since before `before`; returns how many. */
  async closeStaleRounds(db: Db, before: Date, now: Date): Promise<number> {
    const rows = await db
      .update(gameRounds)
      .set({ status: 'CLOSED', updatedAt: now })
      .where(and(eq(gameRounds.status, 'OPEN'), lt(gameRounds.updatedAt, before)))
      .returning({ id: gameRounds.roundId })
    return rows.length
  },

  async log(db: Db, entry: typeof seamlessLog.$inferInsert): Promise<void> {
    await db.insert(seamlessLog).values(entry)
  },

  /** One callback's savepoint inside a group-commit batch (ADR 011). One at a time, so one name serves. */
  async savepoint(tx: Db): Promise<void> {
    await tx.execute(sql.raw('savepoint seamless_callback'))
  },
  async rollbackToSavepoint(tx: Db): Promise<void> {
    await tx.execute(sql.raw('rollback to savepoint seamless_callback'))
  },
  async releaseSavepoint(tx: Db): Promise<void> {
    await tx.execute(sql.raw('release savepoint seamless_callback'))
  },
}
