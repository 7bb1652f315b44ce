import { and, asc, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { demoBankTransfers, players, slipChecks } from '../../db/schema.ts'
import { rowWhere } from '../../db/rows.ts'

export type SlipCheckRow = typeof slipChecks.$inferSelect
export type DemoBankTransferRow = typeof demoBankTransfers.$inferSelect

/** SQL for the slip checks (ADR 079) and, in demo mode, the demo bank's own transfers. */
export const slipsRepository = {
  /** The slips players sent in [start, end), counted by where their check stands (ADR 086). */
  async arrivals(db: Db, start: Date, end: Date) {
    const [row] = await db
      .select({
        arrived: sql<number>`count(*)::int`,
        matched: sql<number>`count(*) filter (where ${slipChecks.status} = 'CREDITED')::int`,
        waiting: sql<number>`count(*) filter (where ${slipChecks.status} in ('CHECKING', 'MANUAL_REVIEW'))::int`,
        failed: sql<number>`count(*) filter (where ${slipChecks.status} in ('REFUSED', 'CLOSED'))::int`,
      })
      .from(slipChecks)
      .where(and(gte(slipChecks.createdAt, start), lt(slipChecks.createdAt, end)))
    return { ...row!, notMoney: 0 }
  },
  /** The checks a verifier answered about a transfer made in [start, end) (the verifier's time), for the reconciliation. */
  async reconciliationDay(db: Db, start: Date, end: Date) {
    return db
      .select({
        id: slipChecks.id,
        playerId: slipChecks.playerId,
        slipKey: slipChecks.slipKey,
        status: slipChecks.status,
        reason: slipChecks.reason,
        depositId: slipChecks.depositId,
        facts: slipChecks.facts,
      })
      .from(slipChecks)
      .where(
        and(
          isNotNull(slipChecks.facts),
          sql`(${slipChecks.facts}->>'occurredAt')::timestamptz >= ${start.toISOString()}::timestamptz`,
          sql`(${slipChecks.facts}->>'occurredAt')::timestamptz < ${end.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(slipChecks.id))
  },
  /** Stores a new check unless this player already sent this slip; undefined then (the earlier check answers). */
  async insertCheck(db: Db, row: typeof slipChecks.$inferInsert): Promise<SlipCheckRow | undefined> {
    const [inserted] = await db.insert(slipChecks).values(row).onConflictDoNothing().returning()
    return inserted
  },
  async checkOf(db: Db, playerId: number, slipKey: string): Promise<SlipCheckRow | undefined> {
    return rowWhere(db, slipChecks, and(eq(slipChecks.playerId, playerId), eq(slipChecks.slipKey, slipKey)))
  },
  async checkById(db: Db, id: number, forUpdate = false): Promise<SlipCheckRow | undefined> {
    return rowWhere(db, slipChecks, eq(slipChecks.id, id), forUpdate)
  },
  async updateCheck(db: Db, id: number, patch: Partial<typeof slipChecks.$inferInsert>): Promise<SlipCheckRow> {
    const [row] = await db.update(slipChecks).set(patch).where(eq(slipChecks.id, id)).returning()
    if (!row) throw new Error(`slip check ${id} vanished`)
    return row
  },
  /** The checks whose next attempt is due, oldest first, at most `limit`; locked, skipping any another process holds. */
  async dueChecks(db: Db, now: Date, limit: number): Promise<SlipCheckRow[]> {
    return db
      .select()
      .from(slipChecks)
      .where(and(eq(slipChecks.status, 'CHECKING'), lte(slipChecks.nextAttemptAt, now)))
      .orderBy(asc(slipChecks.nextAttemptAt), asc(slipChecks.id))
      .limit(limit)
      .for('update', { skipLocked: true })
  },
  /** One page of checks in a state, with the member's phone: newest first. */
  async page(db: Db, status: SlipCheckRow['status'], page: number, size: number) {
    const where = eq(slipChecks.status, status)
    const [rows, [count]] = await Promise.all([
      db
        .select({ check: slipChecks, mobile: players.mobile })
        .from(slipChecks)
        .leftJoin(players, eq(players.id, slipChecks.playerId))
        .where(where)
        .orderBy(desc(slipChecks.createdAt), desc(slipChecks.id))
        .limit(size)
        .offset(page * size),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(slipChecks)
        .where(where),
    ])
    return { rows, total: count?.n ?? 0 }
  },
  async mobileOf(db: Db, playerId: number): Promise<string | null> {
    const [row] = await db.select({ mobile: players.mobile }).from(players).where(eq(players.id, playerId)).limit(1)
    return row?.mobile ?? null
  },

  /** Demo mode: a transfer the demo bank made. */
  async insertDemoTransfer(db: Db, row: typeof demoBankTransfers.$inferInsert): Promise<DemoBankTransferRow> {
    const [inserted] = await db.insert(demoBankTransfers).values(row).returning()
    if (!inserted) throw new Error('demo bank transfer not stored')
    return inserted
  },
  /** Demo mode: the demo bank's transfer with this reference, if it made one. */
  async demoTransfer(db: Db, sendingBank: string, reference: string): Promise<DemoBankTransferRow | undefined> {
    return rowWhere(db, demoBankTransfers, and(eq(demoBankTransfers.sendingBank, sendingBank), eq(demoBankTransfers.reference, reference)))
  },
}
export type SlipsRepository = typeof slipsRepository
