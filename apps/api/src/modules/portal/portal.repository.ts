import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { gameSessions, players } from '../../db/schema.ts'

export type GameSessionRow = typeof gameSessions.$inferSelect

export const portalRepository = {
  async insertSession(db: Db, row: typeof gameSessions.$inferInsert): Promise<void> {
    await db.insert(gameSessions).values(row)
  },
  /** The session behind a token hash with its player's status, expired or not (callers decide). */
  async findSession(db: Db, tokenHash: Buffer) {
    const [row] = await db
      .select({ session: gameSessions, playerStatus: players.status })
      .from(gameSessions)
      .innerJoin(players, eq(players.id, gameSessions.playerId))
      .where(eq(gameSessions.tokenHash, tokenHash))
      .limit(1)
    return row
  },
}
export type PortalRepository = typeof portalRepository
