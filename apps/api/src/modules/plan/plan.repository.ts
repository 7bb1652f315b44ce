import { and, asc, desc, eq, gt, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { planVersions } from '../../db/schema.ts'
import { decidedWithReviewers, insertPendingVersion, pendingWithReviewers, withReviewerNames, withReviewers } from '../../db/reviewed.ts'
import { oneRow, rowWhere } from '../../db/rows.ts'

export type PlanVersionRow = typeof planVersions.$inferSelect
export type NewPlanVersion = typeof planVersions.$inferInsert
/** A version with the names of who proposed and who decided it. */
export type NamedPlanVersion = PlanVersionRow & { proposedByName: string | null; decidedByName: string | null }

/** SQL for the referral plan and limits (ADR 044). */
export const planRepository = {
  /** Inserts the first version unless one exists (any number of processes may start at once); answers whether it did. */
  async insertFirst(db: Db, row: NewPlanVersion): Promise<boolean> {
    const inserted = await db
      .insert(planVersions)
      .values(row)
      .onConflictDoNothing({ target: planVersions.status, where: sql`proposed_by is null` })
      .returning({ id: planVersions.id })
    return inserted.length > 0
  },

  /** Inserts a PENDING proposal; undefined when another one is waiting (one at a time). */
  async insertPending(db: Db, row: NewPlanVersion): Promise<PlanVersionRow | undefined> {
    return insertPendingVersion(db, planVersions, row)
  },

  /** The APPLIED version in force at `at` (the latest to take effect at or before it). */
  async inForceAt(db: Db, at: Date): Promise<PlanVersionRow | undefined> {
    return oneRow(
      db
        .select()
        .from(planVersions)
        .where(and(eq(planVersions.status, 'APPLIED'), lte(planVersions.effectiveFrom, at)))
        .orderBy(desc(planVersions.effectiveFrom), desc(planVersions.id))
        .limit(1),
    )
  },

  /** APPLIED versions that took effect inside (start, end), earliest first. */
  async appliedBetween(db: Db, start: Date, end: Date): Promise<PlanVersionRow[]> {
    return db
      .select()
      .from(planVersions)
      .where(and(eq(planVersions.status, 'APPLIED'), gt(planVersions.effectiveFrom, start), lt(planVersions.effectiveFrom, end)))
      .orderBy(asc(planVersions.effectiveFrom), asc(planVersions.id))
  },

  async find(db: Db, id: number, forUpdate = false): Promise<PlanVersionRow | undefined> {
    return rowWhere(db, planVersions, eq(planVersions.id, id), forUpdate)
  },

  async named(db: Db, id: number): Promise<NamedPlanVersion | undefined> {
    const [row] = await withReviewers(db, planVersions).where(eq(planVersions.id, id)).limit(1)
    return row && withReviewerNames(row)
  },

  async pending(db: Db): Promise<NamedPlanVersion | undefined> {
    const row = await pendingWithReviewers(db, planVersions)
    return row && withReviewerNames(row)
  },

  /** Decided versions, newest first (at most `limit`: a plan changes a few times a year). */
  async history(db: Db, limit: number): Promise<NamedPlanVersion[]> {
    const rows = await decidedWithReviewers(db, planVersions, sql`coalesce(${planVersions.decidedAt}, ${planVersions.createdAt})`, limit)
    return rows.map(withReviewerNames)
  },

  async decide(
    db: Db,
    id: number,
    patch: Pick<NewPlanVersion, 'status' | 'decidedBy' | 'decidedAt' | 'rejectReason' | 'effectiveFrom'>,
  ): Promise<PlanVersionRow> {
    const [row] = await db.update(planVersions).set(patch).where(eq(planVersions.id, id)).returning()
    return row!
  },

  /** Inside the transaction that applies a version: every process hears it at commit (PostgreSQL only). */
  async announce(db: Db, channel: string, id: number): Promise<void> {
    await db.execute(sql`select pg_notify(${channel}, ${String(id)})`)
  },
}
export type PlanRepository = typeof planRepository
