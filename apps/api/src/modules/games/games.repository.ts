import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { games, providers } from '../../db/schema.ts'

export type ProviderRow = typeof providers.$inferSelect
export type GameRow = typeof games.$inferSelect

export const gamesRepository = {
  async providers(db: Db): Promise<ProviderRow[]> {
    return db.select().from(providers).orderBy(asc(providers.sort), asc(providers.code))
  },
  async provider(db: Db, code: string): Promise<ProviderRow | undefined> {
    const [row] = await db.select().from(providers).where(eq(providers.code, code)).limit(1)
    return row
  },
  async gamesOf(db: Db, providerCode: string): Promise<GameRow[]> {
    return db.select().from(games).where(eq(games.providerCode, providerCode)).orderBy(asc(games.sort), asc(games.id))
  },
  async game(db: Db, providerCode: string, code: string): Promise<GameRow | undefined> {
    const [row] = await db
      .select()
      .from(games)
      .where(and(eq(games.providerCode, providerCode), eq(games.code, code)))
      .limit(1)
    return row
  },
  async gamesOfType(db: Db, type: string): Promise<GameRow[]> {
    return db.select().from(games).where(eq(games.type, type)).orderBy(desc(games.popularity), asc(games.id))
  },
  async popularGames(db: Db, limit: number): Promise<GameRow[]> {
    return db.select().from(games).orderBy(desc(games.popularity), asc(games.id)).limit(limit)
  },
  async insertProvider(db: Db, row: typeof providers.$inferInsert): Promise<void> {
    await db.insert(providers).values(row).onConflictDoNothing()
  },
  async insertGames(db: Db, rows: (typeof games.$inferInsert)[]): Promise<void> {
    if (rows.length) await db.insert(games).values(rows).onConflictDoNothing()
  },
}
export type GamesRepository = typeof gamesRepository
