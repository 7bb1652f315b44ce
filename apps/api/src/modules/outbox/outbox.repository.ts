import { and, desc, eq, getTableColumns, getTableName, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { columnsOf, executeNamed, insertedOrThrow, rowsOf, type DbNumber } from '../../db/rows.ts'
import { outboxAttempts, outboxMessages } from '../../db/schema.ts'

export type OutboxRow = typeof outboxMessages.$inferSelect
export type NewOutboxRow = typeof outboxMessages.$inferInsert
export type AttemptOutcome = 'SENT' | 'RETRY' | 'FAILED' | 'NO_CREDIT' | 'RATE_LIMITED' | 'EXPIRED' | 'NOT_RETRIED' | 'GAVE_UP'

/** How attempt `attempt` of message `id` ended: the message's new status (PENDING again: at `nextAttemptAt`), and why. */
export interface Settlement {
  id: number
  attempt: number
  status: Exclude<OutboxRow['status'], 'SENDING'>
  nextAttemptAt: Date | null
  sentAt: Date | null
  /** When the attempt began: when this worker took the message. */
  startedAt: Date
  outcome: AttemptOutcome
  error: string | null
}

/**
 * Takes the messages `due` selects (a query of their `id`, `status`, `attempts` and `lease_until` that locks them) for
 * this worker, in one statement: SENDING, one attempt more, leased until `leaseUntil`; answers the rows taken. An
 * attempt's row is written once, when it is settled (`settleAll`; issue 38 §6: it was written when taken and again
 * when settled). A message taken again from a worker that vanished (SENDING, its lease run out: a kill -9) has that
 * attempt recorded here, in the same statement, as an attempt never finished, started when that worker took it (its
 * lease less `leaseMs`).
 */
async function claimWithAttempts(db: Db, due: SQL, leaseUntil: Date, leaseMs: number): Promise<OutboxRow[]> {
  const locked = db.$with('due', {}).as(due)
  const claim = db
    .update(outboxMessages)
    .set({ status: 'SENDING', attempts: sql`${outboxMessages.attempts} + 1`, leaseUntil })
    .where(sql`${outboxMessages.id} in (select id from due)`)
    .returning()
  const taken = db.$with('taken', getTableColumns(outboxMessages)).as(claim.getSQL())
  const vanished = db.$with('vanished', {}).as(
    sql`insert into ${outboxAttempts} (${sql.identifier(outboxAttempts.messageId.name)}, ${sql.identifier(outboxAttempts.attempt.name)}, ${sql.identifier(outboxAttempts.startedAt.name)})
      select id, attempts, lease_until - make_interval(secs => ${leaseMs / 1000}) from due where status = 'SENDING'`,
  )
  return db.with(locked, taken, vanished).select().from(taken)
}

const OUTBOX_COLUMNS = getTableColumns(outboxMessages)
const insertOnceTexts = new Map<string, { head: string; tail: string }>()

/** The text of `insertOnceSql` around its JSON parameter and recipient, for one set of columns (a notice's are the same every time). */
function insertOnceText(given: ReadonlyArray<keyof typeof OUTBOX_COLUMNS>) {
  const shape = given.join(',')
  let text = insertOnceTexts.get(shape)
  if (!text) {
    const names = given.map((key) => `"${OUTBOX_COLUMNS[key].name}"`)
    const table = `"${getTableName(outboxMessages)}"`
    text = {
      head: `insert into ${table} (${[...names, `"${OUTBOX_COLUMNS.recipient.name}"`].join(', ')}) select ${names.map((name) => `r.${name}`).join(', ')}, rc.recipient from jsonb_populate_record(null::${table}, `,
      tail: ` as rc on conflict ("${OUTBOX_COLUMNS.idempotencyKey.name}") do nothing returning "${OUTBOX_COLUMNS.id.name}" as id`,
    }
    insertOnceTexts.set(shape, text)
  }
  return text
}

/** SQL for the outbox's messages and their attempts (ADR 083); the desk's alerts are the notices module's (ADR 087). */
export const outboxRepository = {
  async insert(db: Db, row: NewOutboxRow): Promise<{ id: number }> {
    return insertedOrThrow(db.insert(outboxMessages).values(row).returning({ id: outboxMessages.id }))
  },

  /**
   * The write (db/writes.ts) of a message to `recipient` (a LINE user or a number; or a query of one column named
   * `recipient` answering at most one row: a notice's LINE user, ADR 087) unless a row with the same retry key is there
   * already (one message per event, ADR 087): INSERT ... SELECT, RETURNING its id; nothing when the query answers no
   * row. The look-up and the write are one statement, and the caller sends it with its event's own write (issue 38
   * §6: a deposit's credit carries its notice): `writeTogether` names it by its text, so it is planned once per
   * connection. The row's values go in as one JSON parameter, read back into the table's types by
   * `jsonb_populate_record`: the text is built once per set of columns, where building a cast parameter for each column
   * with Drizzle cost the server about 0.17 ms a notice more (bench/results/2026-11-30-twelfth-session.md).
   */
  insertOnceSql(row: Omit<NewOutboxRow, 'recipient'>, recipient: string | SQL): SQL {
    const given = (Object.keys(row) as Array<keyof typeof row>).filter((key) => row[key] !== undefined)
    const values = JSON.stringify(Object.fromEntries(given.map((key) => [OUTBOX_COLUMNS[key].name, row[key]])))
    const from = typeof recipient === 'string' ? sql`(select cast(${recipient} as text) as recipient)` : sql`(${recipient})`
    const text = insertOnceText(given)
    return sql`${sql.raw(text.head)}${values}${sql.raw('::jsonb) as r, ')}${from}${sql.raw(text.tail)}`
  },

  /**
   * Takes the due messages of every channel of `wanted` for this worker at `now`, leased for `leaseMs`, at most its
   * `limit` each (its rate budget): waiting ones whose time has come, and ones taken by a worker whose lease ran out (it
   * vanished: its attempt's row is written here). `FOR UPDATE SKIP LOCKED`: two workers never take one row. One
   * statement for all the channels (issue 38 §6: it was one per channel, nothing due or not).
   */
  async claimDue(db: Db, wanted: ReadonlyArray<{ channel: string; limit: number }>, now: Date, leaseMs: number): Promise<OutboxRow[]> {
    if (wanted.length === 0) return []
    const column = columnsOf(wanted)
    // Each channel's own oldest due rows (a lateral subquery per channel, on the due index), not the oldest of all.
    const due = sql`select m.id, m.status, m.attempts, m.lease_until from unnest(${column((w) => w.channel)}::text[], ${column((w) => w.limit)}::int[]) as c(channel, n)
      cross join lateral (
        select o.id, o.status, o.attempts, o.lease_until from ${outboxMessages} o
        where o.channel = c.channel
          and ((o.status = 'PENDING' and o.next_attempt_at <= ${now.toISOString()}::timestamptz)
            or (o.status = 'SENDING' and o.lease_until <= ${now.toISOString()}::timestamptz))
        order by o.next_attempt_at, o.id
        limit c.n
        for update skip locked) m`
    const rows = await claimWithAttempts(db, due, new Date(now.getTime() + leaseMs), leaseMs)
    // Sent in the order they became due (UPDATE ... RETURNING answers in no order).
    return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
  },

  /** Takes one waiting message whatever its time (the request that wrote it sends it at once); undefined when taken. */
  async claimOne(db: Db, id: number, now: Date, leaseMs: number): Promise<OutboxRow | undefined> {
    const due = sql`select id, status, attempts, lease_until from ${outboxMessages} where id = ${id} and status = 'PENDING' for update`
    const [row] = await claimWithAttempts(db, due, new Date(now.getTime() + leaseMs), leaseMs)
    return row
  },

  /**
   * Settles the attempts `settlements` name, of messages this worker still holds (SENDING, not taken again since), and
   * writes each one's attempt row (started at its `startedAt`, finished at `at`), in one statement whatever their
   * number (issue 38 §6: a statement a message before; the attempt's row written once, not at the claim and again
   * here). A message another worker took after this one's lease ran out does not change, and this attempt keeps the
   * row that worker wrote for it (never finished): the row is written only for a message settled, after its update
   * took the message's lock, so it never waits on a worker that holds that lock. A settled message's secret goes with
   * its last attempt (only a message waiting again keeps it). Answers the ids settled.
   */
  async settleAll(db: Db, settlements: readonly Settlement[], at: Date): Promise<Set<number>> {
    if (settlements.length === 0) return new Set()
    const column = columnsOf(settlements)
    const rows = rowsOf<{ id: DbNumber }>(
      await executeNamed(
        db,
        'outbox_settle',
        sql`
        with v as (
          select * from unnest(${column((s) => s.id)}::bigint[], ${column((s) => s.attempt)}::int[], ${column((s) => s.status)}::text[],
                               ${column((s) => s.nextAttemptAt?.toISOString() ?? null)}::timestamptz[],
                               ${column((s) => s.sentAt?.toISOString() ?? null)}::timestamptz[], ${column((s) => s.outcome)}::text[],
                               ${column((s) => s.error)}::text[], ${column((s) => s.startedAt.toISOString())}::timestamptz[])
            as v(id, attempt, status, next_attempt_at, sent_at, outcome, error, started_at)),
        settled as (
          update ${outboxMessages} m
          set status = v.status, next_attempt_at = coalesce(v.next_attempt_at, m.next_attempt_at), sent_at = coalesce(v.sent_at, m.sent_at),
              lease_until = null, last_error = v.error, sealed_secret = case when v.status = 'PENDING' then m.sealed_secret end
          from v where m.id = v.id and m.status = 'SENDING' and m.attempts = v.attempt
          returning m.id),
        finished as (
          insert into ${outboxAttempts} (message_id, attempt, started_at, finished_at, outcome, error)
          select v.id, v.attempt, v.started_at, ${at.toISOString()}::timestamptz, v.outcome, v.error from v join settled on settled.id = v.id)
        select id from settled`,
      ),
    )
    return new Set(rows.map((r) => Number(r.id)))
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
