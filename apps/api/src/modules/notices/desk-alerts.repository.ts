import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operatorAlertReads, operatorAlerts } from '../../db/schema.ts'

export type DeskAlertRow = typeof operatorAlerts.$inferSelect

/**
 * SQL for the desk's alerts (ADR 087): the outbox's alerts about a channel (one open per kind and channel, through the
 * outbox's `ChannelAlerts` port), the alerts about a subject (one per kind and subject, ever), and who read which.
 */
export const deskAlertsRepository = {
  /** Opens an alert of `kind` for `channel` unless one is open already (one per kind and channel); `params`: its text's figures. */
  async raiseAlert(
    db: Db,
    alert: { kind: string; channel: string; details: string; at: Date; params?: Record<string, string | number> },
  ): Promise<{ id: number } | undefined> {
    const [raised] = await db
      .insert(operatorAlerts)
      .values({ kind: alert.kind, channel: alert.channel, details: alert.details, createdAt: alert.at, params: alert.params ?? null })
      .onConflictDoNothing({ target: [operatorAlerts.kind, operatorAlerts.channel], where: isNull(operatorAlerts.resolvedAt) })
      .returning({ id: operatorAlerts.id })
    return raised
  },

  async resolveAlerts(db: Db, kinds: readonly string[], channel: string, at: Date): Promise<void> {
    await db
      .update(operatorAlerts)
      .set({ resolvedAt: at })
      .where(and(inArray(operatorAlerts.kind, [...kinds]), eq(operatorAlerts.channel, channel), isNull(operatorAlerts.resolvedAt)))
  },

  /** The open alerts about a channel (the desk's other alerts, ADR 087, have none and are listed apart). */
  async openAlerts(db: Db) {
    return db
      .select()
      .from(operatorAlerts)
      .where(and(isNull(operatorAlerts.resolvedAt), isNotNull(operatorAlerts.channel)))
      .orderBy(desc(operatorAlerts.id))
  },

  /** Writes an alert about `subject` unless one of its kind was written before (ever): undefined then. */
  async raiseOnce(
    db: Db,
    alert: { kind: string; subject: string; params: Record<string, string | number>; details: string; at: Date },
  ): Promise<{ id: number } | undefined> {
    const [raised] = await db
      .insert(operatorAlerts)
      .values({ kind: alert.kind, subject: alert.subject, params: alert.params, details: alert.details, createdAt: alert.at })
      .onConflictDoNothing({ target: [operatorAlerts.kind, operatorAlerts.subject], where: isNotNull(operatorAlerts.subject) })
      .returning({ id: operatorAlerts.id })
    return raised
  },

  /** Which of `subjects` already have an alert of `kind`. */
  async raisedSubjects(db: Db, kind: string, subjects: readonly string[]): Promise<Set<string>> {
    if (subjects.length === 0) return new Set()
    const rows = await db
      .select({ subject: operatorAlerts.subject })
      .from(operatorAlerts)
      .where(and(eq(operatorAlerts.kind, kind), inArray(operatorAlerts.subject, [...subjects])))
    return new Set(rows.map((r) => r.subject!))
  },

  /** The newest alerts of `kinds` written since `since`, each with whether `operatorId` has read it. */
  async recent(db: Db, kinds: readonly string[], operatorId: number, since: Date, limit: number) {
    return db
      .select({ alert: operatorAlerts, readAt: operatorAlertReads.readAt })
      .from(operatorAlerts)
      .leftJoin(operatorAlertReads, and(eq(operatorAlertReads.alertId, operatorAlerts.id), eq(operatorAlertReads.operatorId, operatorId)))
      .where(and(inArray(operatorAlerts.kind, [...kinds]), gte(operatorAlerts.createdAt, since)))
      .orderBy(desc(operatorAlerts.id))
      .limit(limit)
  },

  /** How many alerts of `kinds` written since `since` `operatorId` has not read. */
  async unreadCount(db: Db, kinds: readonly string[], operatorId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorAlerts)
      .leftJoin(operatorAlertReads, and(eq(operatorAlertReads.alertId, operatorAlerts.id), eq(operatorAlertReads.operatorId, operatorId)))
      .where(and(inArray(operatorAlerts.kind, [...kinds]), gte(operatorAlerts.createdAt, since), isNull(operatorAlertReads.alertId)))
    return row?.n ?? 0
  },

  async findById(db: Db, id: number): Promise<DeskAlertRow | undefined> {
    const [row] = await db.select().from(operatorAlerts).where(eq(operatorAlerts.id, id)).limit(1)
    return row
  },

  /** `operatorId` has read alert `alertId` (again: nothing changes). */
  async markRead(db: Db, alertId: number, operatorId: number, at: Date): Promise<void> {
    await db.insert(operatorAlertReads).values({ alertId, operatorId, readAt: at }).onConflictDoNothing()
  },
}
export type DeskAlertsRepository = typeof deskAlertsRepository
