import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { oneRow } from '../../db/rows.ts'
import { gameSessions, players } from '../../db/schema.ts'

export type GameSessionRow = typeof gameSessions.$inferSelect

export const portalRepository = {
  async insertSession(db: Db, row: typeof gameSessions.$inferInsert): Promise<void> {
    await db.insert(gameSessions).values(row)
  },
  /** The session behind a token hash with its player's status, expired or not (callers decide). */
  async findSession(db: Db, tokenHash: Buffer) {
    return oneRow(
      db
        .select({ session: gameSessions, playerStatus: players.status })
        .from(gameSessions)
        .innerJoin(players, eq(players.id, gameSessions.playerId))
        .where(eq(gameSessions.tokenHash, tokenHash))
        .limit(1),
    )
  },
  /** Ends one game session (a vendor's session renewal, ADR 082) unless it ended already: true when this call ended it. */
  async revokeSession(db: Db, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(gameSessions)
      .set({ revokedAt: now })
      .where(and(eq(gameSessions.id, id), isNull(gameSessions.revokedAt)))
      .returning({ id: gameSessions.id })
    return rows.length === 1
  },
}
export type PortalRepository = typeof portalRepository
