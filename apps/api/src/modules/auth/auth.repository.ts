import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { gameSessions, pendingRegistrations, players, sessions } from '../../db/schema.ts'
import { insertedOrThrow, oneRow, rowWhere } from '../../db/rows.ts'

export type PendingRow = typeof pendingRegistrations.$inferSelect
export type NewPending = typeof pendingRegistrations.$inferInsert

/** SQL for pending registrations and sessions. */
export const authRepository = {
  async findPendingByMobile(db: Db, mobile: string): Promise<PendingRow | undefined> {
    return rowWhere(db, pendingRegistrations, eq(pendingRegistrations.mobile, mobile))
  },
  /** Replaces any pending registration of the same phone. */
  async replacePending(db: Db, pending: NewPending): Promise<PendingRow> {
    await db.delete(pendingRegistrations).where(eq(pendingRegistrations.mobile, pending.mobile))
    return insertedOrThrow(db.insert(pendingRegistrations).values(pending).returning())
  },
  /** Counts one try, only while tries remain; false when none were left. */
  async countAttempt(db: Db, id: number, maxAttempts: number): Promise<boolean> {
    const rows = await db
      .update(pendingRegistrations)
      .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
      .where(and(eq(pendingRegistrations.id, id), lt(pendingRegistrations.attempts, maxAttempts)))
      .returning({ id: pendingRegistrations.id })
    return rows.length > 0
  },
  /** Deletes the row; false when another request already used it (single use). */
  async takePending(db: Db, id: number): Promise<boolean> {
    const rows = await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id)).returning({ id: pendingRegistrations.id })
    return rows.length > 0
  },
  async deletePending(db: Db, id: number): Promise<void> {
    await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id))
  },

  async insertSession(db: Db, session: { tokenHash: Buffer; playerId: number; createdAt: Date; expiresAt: Date; lastSeenAt: Date }): Promise<number> {
    return (await insertedOrThrow(db.insert(sessions).values(session).returning({ id: sessions.id }))).id
  },
  /**
   * The live session for a token hash with its player's status, the session's expiry and last use, in one indexed
   * read: not revoked, not expired, and used after `idleSince`.
   */
  async findLiveSession(db: Db, tokenHash: Buffer, now: Date, idleSince: Date) {
    return oneRow(
      db
        .select({ sessionId: sessions.id, playerId: sessions.playerId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, status: players.status })
        .from(sessions)
        .innerJoin(players, eq(players.id, sessions.playerId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
        .limit(1),
    )
  },
  /** Marks a live session used at `now`; a no-op when it was marked later already (another process, a clock behind). */
  async touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), lt(sessions.lastSeenAt, now)))
  },
  async revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  },
  async revokeAllSessions(db: Db, playerId: number, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)))
  },
  /** Ends every game session of the player: providers' bets on them are refused from now on (wins and rollbacks not). */
  async revokeGameSessions(db: Db, playerId: number, now: Date): Promise<void> {
    await db
      .update(gameSessions)
      .set({ revokedAt: now })
      .where(and(eq(gameSessions.playerId, playerId), isNull(gameSessions.revokedAt)))
  },
}
export type AuthRepository = typeof authRepository
