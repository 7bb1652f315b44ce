import { and, asc, desc, eq, inArray, isNotNull, max, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { arrayParam, exists, insertedOrThrow, pageWhere, rowWhere, updatedOrThrow } from '../../db/rows.ts'
import { deposits, games, playerPromotions, promotions, promotionVersions } from '../../db/schema.ts'
import { decidePending, withReviewers } from '../../db/reviewed.ts'

export type PromotionRow = typeof promotions.$inferSelect
export type PlayerPromotionRow = typeof playerPromotions.$inferSelect
export type PromotionVersionRow = typeof promotionVersions.$inferSelect
/** A version with the usernames of who proposed and who decided it (null: the system, or not decided yet). */
export type NamedVersion = { version: PromotionVersionRow; proposedBy: string | null; decidedBy: string | null }

export const promotionsRepository = {
  /** Active, published promotions (the caller checks their schedule against its clock). */
  async listActive(db: Db): Promise<PromotionRow[]> {
    return db
      .select()
      .from(promotions)
      .where(and(eq(promotions.active, true), isNotNull(promotions.versionId)))
      .orderBy(asc(promotions.sort), asc(promotions.id))
  },
  /** Every promotion, for the back-office list. */
  async listAll(db: Db): Promise<PromotionRow[]> {
    return db.select().from(promotions).orderBy(asc(promotions.sort), asc(promotions.id))
  },
  async find(db: Db, id: number, lock = false): Promise<PromotionRow | undefined> {
    return rowWhere(db, promotions, eq(promotions.id, id), lock)
  },
  async update(db: Db, id: number, patch: Partial<typeof promotions.$inferInsert>): Promise<PromotionRow> {
    return updatedOrThrow(db.update(promotions).set(patch).where(eq(promotions.id, id)).returning())
  },
  async findVersion(db: Db, id: number, lock = false): Promise<PromotionVersionRow | undefined> {
    return rowWhere(db, promotionVersions, eq(promotionVersions.id, id), lock)
  },
  /** The versions with these ids, and every PENDING one of these promotions, with their operators' usernames. */
  async namedVersions(db: Db, filter: { ids: readonly number[]; pendingOf: readonly number[] }): Promise<NamedVersion[]> {
    const where = [
      ...(filter.ids.length ? [inArray(promotionVersions.id, [...filter.ids])] : []),
      ...(filter.pendingOf.length ? [and(inArray(promotionVersions.promotionId, [...filter.pendingOf]), eq(promotionVersions.status, 'PENDING'))] : []),
    ]
    if (where.length === 0) return []
    return withReviewers(db, promotionVersions).where(or(...where))
  },
  /** A new version numbered after the promotion's last one (the caller holds the promotion's row). */
  async insertVersion(db: Db, row: Omit<typeof promotionVersions.$inferInsert, 'number'>): Promise<PromotionVersionRow> {
    const [last] = await db
      .select({ n: max(promotionVersions.number) })
      .from(promotionVersions)
      .where(eq(promotionVersions.promotionId, row.promotionId))
    return insertedOrThrow(
      db
        .insert(promotionVersions)
        .values({ ...row, number: (last?.n ?? 0) + 1 })
        .returning(),
    )
  },
  /** Decides a PENDING version; undefined when it was no longer pending. */
  async decideVersion(
    db: Db,
    id: number,
    decision: { status: 'PUBLISHED' | 'REJECTED' | 'REPLACED'; decidedBy: number | null; decidedAt: Date; decisionNote: string | null },
  ): Promise<PromotionVersionRow | undefined> {
    return decidePending(db, promotionVersions, id, decision)
  },
  async insert(db: Db, row: typeof promotions.$inferInsert): Promise<PromotionRow> {
    return insertedOrThrow(db.insert(promotions).values(row).returning())
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
      .where(and(sql`${playerPromotions.playerId} = any(${arrayParam([...new Set(playerIds)])}::bigint[])`, eq(playerPromotions.status, 'ACTIVE')))
      .orderBy(playerPromotions.playerId)
    // Named (db/rows.ts): every bet batch reads this.
    const rows = lock ? await query.for('update').prepare('promotions_active_locked').execute() : await query.prepare('promotions_active').execute()
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
    return insertedOrThrow(db.insert(playerPromotions).values(row).returning())
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
    const where = eq(playerPromotions.playerId, playerId)
    return pageWhere(
      db,
      db
        .select({ pp: playerPromotions, title: promotions.title })
        .from(playerPromotions)
        .innerJoin(promotions, eq(promotions.id, playerPromotions.promotionId))
        .$dynamic(),
      { table: playerPromotions, where, order: [desc(playerPromotions.receivedAt), desc(playerPromotions.id)] },
      page,
      size,
    )
  },
  /**
   * Whether the player has a credited deposit (the one being credited now excluded): a new member has none. It reads
   * one row at the most, not a heavy player's every deposit.
   */
  hasCreditedDeposit(db: Db, playerId: number, exceptDepositId?: number): Promise<boolean> {
    return exists(
      db,
      deposits,
      and(eq(deposits.playerId, playerId), isNotNull(deposits.creditedAt), exceptDepositId ? sql`${deposits.id} <> ${exceptDepositId}` : undefined),
    )
  },
}
export type PromotionsRepository = typeof promotionsRepository
