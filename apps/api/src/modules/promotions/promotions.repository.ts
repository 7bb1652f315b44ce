import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deposits, games, playerPromotions, promotions } from '../../db/schema.ts'

export type PromotionRow = typeof promotions.$inferSelect
export type PlayerPromotionRow = typeof playerPromotions.$inferSelect

export const promotionsRepository = {
  async listActive(db: Db): Promise<PromotionRow[]> {
    return db.select().from(promotions).where(eq(promotions.active, true)).orderBy(asc(promotions.sort), asc(promotions.id))
  },
  async find(db: Db, id: number): Promise<PromotionRow | undefined> {
    const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1)
    return row
  },
  async insert(db: Db, row: typeof promotions.$inferInsert): Promise<PromotionRow> {
    const [inserted] = await db.insert(promotions).values(row).returning()
    if (!inserted) throw new Error('insert returned no row')
    return inserted
  },
  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(promotions)
    return row?.n ?? 0
  },

  /** The player's ACTIVE promotion; `lock` takes its row for the rest of the transaction. */
  /** The players' ACTIVE promotions (one each at most), locked for update when `lock` (a decision about to change them). */
  async activeMany(db: Db, playerIds: readonly number[], lock = false): Promise<Map<number, PlayerPromotionRow>> {
    const out = new Map<number, PlayerPromotionRow>()
    if (playerIds.length === 0) return out
    const query = db
      .select()
      .from(playerPromotions)
      .where(and(inArray(playerPromotions.playerId, [...new Set(playerIds)]), eq(playerPromotions.status, 'ACTIVE')))
      .orderBy(playerPromotions.playerId)
    const rows = lock ? await query.for('update') : await query
    for (const row of rows) if (!out.has(row.playerId)) out.set(row.playerId, row)
    return out
  },
  /** The type of each (provider, game code) asked for that exists, keyed `provider|code`. */
  async gameTypes(db: Db, pairs: ReadonlyArray<{ providerCode: string; gameCode: string }>): Promise<Map<string, string>> {
    const out = new Map<string, string>()
    if (pairs.length === 0) return out
    const rows = await db
      .select({ providerCode: games.providerCode, code: games.code, type: games.type })
      .from(games)
      .where(or(...pairs.map((p) => and(eq(games.providerCode, p.providerCode), eq(games.code, p.gameCode)))))
    for (const row of rows) out.set(`${row.providerCode}|${row.code}`, row.type)
    return out
  },
  /**
   * Changes each promotion's turnover by its delta in one statement (a bet adds, a rolled-back bet takes back), never
   * below zero, only while the promotion is ACTIVE.
   */
  async changeTurnover(db: Db, changes: ReadonlyArray<{ id: number; delta: bigint }>): Promise<void> {
    if (changes.length === 0) return
    const values = sql.join(
      changes.map((c) => sql`(${c.id}::bigint, ${c.delta}::bigint)`),
      sql`, `,
    )
    await db.execute(sql`
      update player_promotions p set turnover_current = greatest(0, p.turnover_current + v.delta)
      from (values ${values}) v(id, delta)
      where p.id = v.id and p.status = 'ACTIVE'`)
  },
  async start(db: Db, row: typeof playerPromotions.$inferInsert): Promise<PlayerPromotionRow> {
    const [inserted] = await db.insert(playerPromotions).values(row).returning()
    if (!inserted) throw new Error('insert returned no row')
    return inserted
  },
  async end(db: Db, id: number, status: 'COMPLETED' | 'FORFEITED', reason: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(playerPromotions)
      .set({ status, endReason: reason, endedAt: now })
      .where(and(eq(playerPromotions.id, id), eq(playerPromotions.status, 'ACTIVE')))
      .returning({ id: playerPromotions.id })
    return rows.length > 0
  },
  async history(db: Db, playerId: number, page: number, size: number) {
    const rows = await db
      .select({ pp: playerPromotions, title: promotions.title })
      .from(playerPromotions)
      .innerJoin(promotions, eq(promotions.id, playerPromotions.promotionId))
      .where(eq(playerPromotions.playerId, playerId))
      .orderBy(desc(playerPromotions.receivedAt), desc(playerPromotions.id))
      .limit(size)
      .offset(page * size)
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerPromotions)
      .where(eq(playerPromotions.playerId, playerId))
    return { rows, total: count?.n ?? 0 }
  },
  /** A new member has no credited deposit yet (the one being credited now excluded). */
  async creditedDepositsBefore(db: Db, playerId: number, exceptDepositId?: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deposits)
      .where(and(eq(deposits.playerId, playerId), isNotNull(deposits.creditedAt), exceptDepositId ? sql`${deposits.id} <> ${exceptDepositId}` : sql`true`))
    return row?.n ?? 0
  },
}
export type PromotionsRepository = typeof promotionsRepository
