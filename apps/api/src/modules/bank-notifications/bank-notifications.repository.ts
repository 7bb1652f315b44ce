import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { readPage, updatedOrThrow } from '../../db/rows.ts'
import { bankNotifications } from '../../db/schema.ts'

export type BankNotificationRow = typeof bankNotifications.$inferSelect
export type BankNotificationStatus = BankNotificationRow['status']

/** SQL for the forwarded bank notifications (ADR 080). */
export const bankNotificationsRepository = {
  /** Stores a notification once: undefined when one with this fingerprint is stored already. */
  async insert(db: Db, row: typeof bankNotifications.$inferInsert): Promise<BankNotificationRow | undefined> {
    const [inserted] = await db.insert(bankNotifications).values(row).onConflictDoNothing({ target: bankNotifications.fingerprint }).returning()
    return inserted
  },
  async byFingerprint(db: Db, fingerprint: string): Promise<BankNotificationRow | undefined> {
    const [row] = await db.select().from(bankNotifications).where(eq(bankNotifications.fingerprint, fingerprint)).limit(1)
    return row
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
    return readPage(
      db.select().from(bankNotifications).where(where).orderBy(desc(bankNotifications.receivedAt), desc(bankNotifications.id)).$dynamic(),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(bankNotifications)
        .where(where),
      page,
      size,
    )
  },
}
export type BankNotificationsRepository = typeof bankNotificationsRepository
