import { and, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { insertedOrThrow } from '../../db/rows.ts'
import { outboxAttempts, outboxMessages } from '../../db/schema.ts'

export type OutboxRow = typeof outboxMessages.$inferSelect
export type NewOutboxRow = typeof outboxMessages.$inferInsert
export type OutboxPatch = Partial<Pick<OutboxRow, 'status' | 'nextAttemptAt' | 'leaseUntil' | 'lastError' | 'sealedSecret' | 'sentAt'>>
export type AttemptOutcome = 'SENT' | 'RETRY' | 'FAILED' | 'NO_CREDIT' | 'RATE_LIMITED' | 'EXPIRED' | 'NOT_RETRIED' | 'GAVE_UP'

const claimed = (lease: Date) => ({ status: 'SENDING' as const, attempts: sql`${outboxMessages.attempts} + 1`, leaseUntil: lease })

/** SQL for the outbox's messages and their attempts (ADR 083); the desk's alerts are the notices module's (ADR 087). */
export const outboxRepository = {
  async insert(db: Db, row: NewOutboxRow): Promise<{ id: number }> {
    return insertedOrThrow(db.insert(outboxMessages).values(row).returning({ id: outboxMessages.id }))
  },

  /** Inserts unless a row with the same retry key is there already (one message per event, ADR 087): undefined then. */
  async insertOnce(db: Db, row: NewOutboxRow): Promise<{ id: number } | undefined> {
    const [inserted] = await db
      .insert(outboxMessages)
      .values(row)
      .onConflictDoNothing({ target: outboxMessages.idempotencyKey })
      .returning({ id: outboxMessages.id })
    return inserted
  },

  /**
   * Takes up to `limit` due messages of `channel` for this worker: waiting ones whose time has come, and ones taken
   * by a worker whose lease ran out (it vanished). `FOR UPDATE SKIP LOCKED`: two workers never take one row.
   */
  async claimDue(db: Db, channel: string, now: Date, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
    const due = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.channel, channel),
          or(
            and(eq(outboxMessages.status, 'PENDING'), lte(outboxMessages.nextAttemptAt, now)),
            and(eq(outboxMessages.status, 'SENDING'), lte(outboxMessages.leaseUntil, now)),
          ),
        ),
      )
      .orderBy(outboxMessages.nextAttemptAt, outboxMessages.id)
      .limit(limit)
      .for('update', { skipLocked: true })
    return db.update(outboxMessages).set(claimed(leaseUntil)).where(inArray(outboxMessages.id, due)).returning()
  },

  /** Takes one waiting message whatever its time (the request that wrote it sends it at once); undefined when taken. */
  async claimOne(db: Db, id: number, leaseUntil: Date): Promise<OutboxRow | undefined> {
    const [row] = await db
      .update(outboxMessages)
      .set(claimed(leaseUntil))
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'PENDING')))
      .returning()
    return row
  },

  async insertAttempt(db: Db, messageId: number, attempt: number, startedAt: Date): Promise<void> {
    await db.insert(outboxAttempts).values({ messageId, attempt, startedAt })
  },

  /**
   * Settles attempt `attempt` of a message this worker still holds (SENDING, not taken again since): false when
   * another worker took it after this one's lease ran out, and then nothing changes.
   */
  async settle(db: Db, id: number, attempt: number, patch: OutboxPatch, outcome: AttemptOutcome, error: string | null, at: Date): Promise<boolean> {
    const rows = await db
      .update(outboxMessages)
      .set({ ...patch, lastError: error })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'SENDING'), eq(outboxMessages.attempts, attempt)))
      .returning({ id: outboxMessages.id })
    await db
      .update(outboxAttempts)
      .set({ finishedAt: at, outcome, error })
      .where(and(eq(outboxAttempts.messageId, id), eq(outboxAttempts.attempt, attempt)))
    return rows.length > 0
  },

  /** Deletes settled messages written before `before`, with their attempts; answers how many messages. */
  async pruneSettled(db: Db, before: Date): Promise<number> {
    const old = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(inArray(outboxMessages.status, ['SENT', 'FAILED', 'DEAD']), lt(outboxMessages.createdAt, before)))
    await db.delete(outboxAttempts).where(inArray(outboxAttempts.messageId, old))
    const gone = await db.delete(outboxMessages).where(inArray(outboxMessages.id, old)).returning({ id: outboxMessages.id })
    return gone.length
  },

  async findById(db: Db, id: number): Promise<OutboxRow | undefined> {
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1)
    return row
  },

  async attemptsOf(db: Db, id: number) {
    return db.select().from(outboxAttempts).where(eq(outboxAttempts.messageId, id)).orderBy(outboxAttempts.attempt)
  },

  /** Per channel and status, the messages written since `since`. */
  async countsSince(db: Db, since: Date) {
    return db
      .select({ channel: outboxMessages.channel, status: outboxMessages.status, n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(gte(outboxMessages.createdAt, since))
      .groupBy(outboxMessages.channel, outboxMessages.status)
  },

  /** The newest messages written since `since`, of `statuses` when given (never their secret). */
  async listSince(db: Db, since: Date, statuses: readonly OutboxRow['status'][] | undefined, limit: number) {
    return db
      .select({
        id: outboxMessages.id,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        templateId: outboxMessages.templateId,
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        nextAttemptAt: outboxMessages.nextAttemptAt,
        lastError: outboxMessages.lastError,
        createdAt: outboxMessages.createdAt,
        sentAt: outboxMessages.sentAt,
        resendOf: outboxMessages.resendOf,
      })
      .from(outboxMessages)
      .where(and(gte(outboxMessages.createdAt, since), statuses ? inArray(outboxMessages.status, [...statuses]) : undefined))
      .orderBy(desc(outboxMessages.id))
      .limit(limit)
  },
}
export type OutboxRepository = typeof outboxRepository
