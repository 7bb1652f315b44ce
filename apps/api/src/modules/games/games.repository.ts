import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { games, providers } from '../../db/schema.ts'
import { rowWhere, updatedOrThrow } from '../../db/rows.ts'

export type ProviderRow = typeof providers.$inferSelect
export type GameRow = typeof games.$inferSelect

export const gamesRepository = {
  async providers(db: Db): Promise<ProviderRow[]> {
    return db.select().from(providers).orderBy(asc(providers.sort), asc(providers.code))
  },
  async provider(db: Db, code: string): Promise<ProviderRow | undefined> {
    return rowWhere(db, providers, eq(providers.code, code))
  },
  async gamesOf(db: Db, providerCode: string): Promise<GameRow[]> {
    return db.select().from(games).where(eq(games.providerCode, providerCode)).orderBy(asc(games.sort), asc(games.id))
  },
  async game(db: Db, providerCode: string, code: string): Promise<GameRow | undefined> {
    return rowWhere(db, games, and(eq(games.providerCode, providerCode), eq(games.code, code)))
  },
  async gamesOfType(db: Db, type: string): Promise<GameRow[]> {
    return db.select().from(games).where(eq(games.type, type)).orderBy(desc(games.popularity), asc(games.id))
  },
  async popularGames(db: Db, limit: number): Promise<GameRow[]> {
    return db.select().from(games).orderBy(desc(games.popularity), asc(games.id)).limit(limit)
  },
  /** Every provider with how many games it has, in lobby order (the back-office catalogue). */
  async providersWithCounts(db: Db): Promise<Array<ProviderRow & { games: number }>> {
    const counted = db
      .select({ providerCode: games.providerCode, n: sql<number>`count(*)::int`.as('n') })
      .from(games)
      .groupBy(games.providerCode)
      .as('counted')
    const rows = await db
      .select({ provider: providers, games: sql<number>`coalesce(${counted.n}, 0)::int` })
      .from(providers)
      .leftJoin(counted, eq(counted.providerCode, providers.code))
      .orderBy(asc(providers.sort), asc(providers.code))
    return rows.map((r) => ({ ...r.provider, games: Number(r.games) }))
  },
  async providerForUpdate(db: Db, code: string): Promise<ProviderRow | undefined> {
    return rowWhere(db, providers, eq(providers.code, code), true)
  },
  async gameForUpdate(db: Db, id: number): Promise<GameRow | undefined> {
    return rowWhere(db, games, eq(games.id, id), true)
  },
  /** Inserts a provider unless its code exists: undefined when it does. */
  async insertProvider(db: Db, row: typeof providers.$inferInsert): Promise<ProviderRow | undefined> {
    const [inserted] = await db.insert(providers).values(row).onConflictDoNothing().returning()
    return inserted
  },
  /** Inserts games; a (provider, code) that exists is skipped, so fewer rows come back than went in. */
  async insertGames(db: Db, rows: (typeof games.$inferInsert)[]): Promise<GameRow[]> {
    if (!rows.length) return []
    return db.insert(games).values(rows).onConflictDoNothing().returning()
  },
  async updateProvider(db: Db, code: string, patch: Partial<typeof providers.$inferInsert>): Promise<ProviderRow> {
    return updatedOrThrow(db.update(providers).set(patch).where(eq(providers.code, code)).returning())
  },
  async updateGame(db: Db, id: number, patch: Partial<typeof games.$inferInsert>): Promise<GameRow> {
    return updatedOrThrow(db.update(games).set(patch).where(eq(games.id, id)).returning())
  },
}
export type GamesRepository = typeof gamesRepository
