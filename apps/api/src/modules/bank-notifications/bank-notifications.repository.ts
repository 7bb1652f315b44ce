import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { pageWhere, rowWhere, updatedOrThrow } from '../../db/rows.ts'
import { bankNotifications, deposits } from '../../db/schema.ts'

export type BankNotificationRow = typeof bankNotifications.$inferSelect
export type BankNotificationStatus = BankNotificationRow['status']

/** SQL for the forwarded bank notifications (ADR 080). */
export const bankNotificationsRepository = {
  /**
   * The notifications received in [start, end), counted by what became of them (ADR 086): matched when the transfer
   * they joined is credited, waiting while it is not (or several fit), failed when unreadable or incomplete, not money
   * when outgoing or a code or balance.
   */
  async arrivals(db: Db, start: Date, end: Date) {
    const n = bankNotifications
    const [row] = await db
      .select({
        arrived: sql<number>`count(*)::int`,
        matched: sql<number>`count(*) filter (where ${deposits.creditedAt} is not null)::int`,
        waiting: sql<number>`count(*) filter (where ${deposits.creditedAt} is null and (${deposits.status} <> 'REJECTED' or ${n.status} in ('PARSED', 'AMBIGUOUS')))::int`,
        failed: sql<number>`count(*) filter (where ${n.status} in ('UNPARSED', 'INCOMPLETE') or ${deposits.status} = 'REJECTED')::int`,
        notMoney: sql<number>`count(*) filter (where ${n.status} in ('OUTGOING', 'IGNORED'))::int`,
      })
      .from(n)
      .leftJoin(deposits, eq(deposits.id, n.depositId))
      .where(and(gte(n.receivedAt, start), lt(n.receivedAt, end)))
    return row!
  },
  /** The incoming transfers notified for [start, end) (the text's time), for the reconciliation. */
  async reconciliationDay(db: Db, start: Date, end: Date) {
    const n = bankNotifications
    return db
      .select({ id: n.id, status: n.status, depositId: n.depositId, facts: n.facts })
      .from(n)
      .where(
        and(
          sql`${n.facts}->>'kind' = 'INCOMING'`,
          sql`(${n.facts}->>'occurredAt')::timestamptz >= ${start.toISOString()}::timestamptz`,
          sql`(${n.facts}->>'occurredAt')::timestamptz < ${end.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(n.id))
  },
  /** Stores a notification once: undefined when one with this fingerprint is stored already. */
  async insert(db: Db, row: typeof bankNotifications.$inferInsert): Promise<BankNotificationRow | undefined> {
    const [inserted] = await db.insert(bankNotifications).values(row).onConflictDoNothing({ target: bankNotifications.fingerprint }).returning()
    return inserted
  },
  async byFingerprint(db: Db, fingerprint: string): Promise<BankNotificationRow | undefined> {
    return rowWhere(db, bankNotifications, eq(bankNotifications.fingerprint, fingerprint))
  },
  /** What deposits made of a PARSED notification. */
  async settle(db: Db, id: number, outcome: { status: BankNotificationStatus; note: string | null; depositId: number | null }): Promise<BankNotificationRow> {
    return updatedOrThrow(
      db
        .update(bankNotifications)
        .set(outcome)
        .where(and(eq(bankNotifications.id, id), eq(bankNotifications.status, 'PARSED')))
        .returning(),
    )
  },
  /** One page of the notifications the server received in [from, to), newest first, optionally of one status. */
  async page(db: Db, filter: { from: Date; to: Date; status?: BankNotificationStatus }, page: number, size: number) {
    const where = and(
      gte(bankNotifications.receivedAt, filter.from),
      lt(bankNotifications.receivedAt, filter.to),
      filter.status ? eq(bankNotifications.status, filter.status) : undefined,
    )
    const order = [desc(bankNotifications.receivedAt), desc(bankNotifications.id)]
    return pageWhere(db, db.select().from(bankNotifications).$dynamic(), { table: bankNotifications, where, order }, page, size)
  },
}
export type BankNotificationsRepository = typeof bankNotificationsRepository
