import { and, asc, desc, eq, gt, gte, inArray, isNotNull, like, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { withReviewers } from '../../db/reviewed.ts'
import { playerMatches } from '../../db/player-search.ts'
import { declinedDeposits, depositExceptions, deposits, draftBills, operatorBankAccounts, operators, players } from '../../db/schema.ts'
import { exists, insertedOrThrow, oneRow, pageWhere, rowsOf, rowWhere, updatedOrThrow, updatedWhere } from '../../db/rows.ts'
import { writeTogether, type Write } from '../../db/writes.ts'

export type OperatorAccountRow = typeof operatorBankAccounts.$inferSelect
export type DraftBillRow = typeof draftBills.$inferSelect
export type DepositRow = typeof deposits.$inferSelect
export type DepositExceptionRow = typeof depositExceptions.$inferSelect
export type DeclinedDepositRow = typeof declinedDeposits.$inferSelect

/**
 * The same-transfer lookup of a reference-less source (ADR 080): transfers to this pay-in account (by its digits) of
 * this amount that occurred in [from, to] and that the other kind of source reported and no report of this kind
 * has claimed yet. For a notification: what the feed (or a confirmed claim) reported, with no notification yet; for
 * the feed: what a notification reported, with no feed report yet. The sender is compared by the service.
 */
export function sameTransferLookup(
  db: Db,
  q: { toAccountDigits: string; amount: bigint; from: Date; to: Date; reportedBy: 'feed' | 'notification' | 'slip'; senderRef?: string | null },
) {
  return db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.amount, q.amount),
        gte(deposits.occurredAt, q.from),
        lte(deposits.occurredAt, q.to),
        sql`regexp_replace(${deposits.toAccount}, '[^0-9]', '', 'g') = ${q.toAccountDigits}`,
        sql`${deposits.status} <> 'REJECTED'`,
        // Rows another kind of source reported and this kind has not (ADR 079, 080); a row that holds another
        // sending bank's reference than the report's is another transfer.
        q.reportedBy === 'notification'
          ? sql`${deposits.notificationAt} is null and ${deposits.source} <> 'NOTIFICATION' and (${deposits.feedAt} is not null or ${deposits.source} = 'SLIP')`
          : q.reportedBy === 'feed'
            ? sql`${deposits.feedAt} is null and ${deposits.source} in ('NOTIFICATION', 'SLIP')`
            : sql`${deposits.senderRef} is null and ${deposits.source} in ('NOTIFICATION', 'BANK_FEED')`,
        q.senderRef ? sql`(${deposits.senderRef} is null or ${deposits.senderRef} = ${q.senderRef})` : sql`true`,
      ),
    )
    .orderBy(asc(deposits.occurredAt), asc(deposits.id))
    .limit(20)
}

/** SQL for operator accounts, draft bills and incoming deposits. */
export const depositsRepository = {
  /** The active account the next draft bill would name: the one used least recently. */
  async activeOperatorAccount(db: Db): Promise<OperatorAccountRow | undefined> {
    return oneRow(
      db
        .select()
        .from(operatorBankAccounts)
        .where(eq(operatorBankAccounts.active, true))
        .orderBy(sql`${operatorBankAccounts.lastUsedAt} asc nulls first`, asc(operatorBankAccounts.sort), asc(operatorBankAccounts.id))
        .limit(1),
    )
  },
  /**
   * Takes the active account used least recently for a draft bill, marking it used at `now`, so bills take turns
   * across every active account (the row lock makes two bills at once wait for each other, never fail).
   */
  async pickOperatorAccount(db: Db, now: Date): Promise<OperatorAccountRow | undefined> {
    const [row] = await db
      .update(operatorBankAccounts)
      .set({ lastUsedAt: now })
      .where(
        eq(
          operatorBankAccounts.id,
          sql`(select id from ${operatorBankAccounts} where active order by last_used_at asc nulls first, sort asc, id asc limit 1 for update)`,
        ),
      )
      .returning()
    return row
  },
  /** The ids of the active accounts, each row locked until the transaction ends, in id order (so lockers never cross). */
  async lockActiveOperatorAccountIds(db: Db): Promise<number[]> {
    const rows = await db
      .select({ id: operatorBankAccounts.id })
      .from(operatorBankAccounts)
      .where(eq(operatorBankAccounts.active, true))
      .orderBy(asc(operatorBankAccounts.id))
      .for('update')
    return rows.map((r) => r.id)
  },
  async operatorAccountById(db: Db, id: number, forUpdate = false): Promise<OperatorAccountRow | undefined> {
    return rowWhere(db, operatorBankAccounts, eq(operatorBankAccounts.id, id), forUpdate)
  },
  /** Whether transfers to this number are ours: any account a second operator ever approved, active or retired. */
  async isOperatorAccountNumber(db: Db, accountNumber: string): Promise<boolean> {
    return exists(db, operatorBankAccounts, and(eq(operatorBankAccounts.accountNumber, accountNumber), eq(operatorBankAccounts.status, 'APPROVED')))
  },
  /** Every account a second operator approved, active or retired: the ones transfers to which are ours. */
  async approvedOperatorAccounts(db: Db): Promise<Array<Pick<OperatorAccountRow, 'id' | 'bankCode' | 'accountNumber' | 'active'>>> {
    return db
      .select({
        id: operatorBankAccounts.id,
        bankCode: operatorBankAccounts.bankCode,
        accountNumber: operatorBankAccounts.accountNumber,
        active: operatorBankAccounts.active,
      })
      .from(operatorBankAccounts)
      .where(eq(operatorBankAccounts.status, 'APPROVED'))
      .orderBy(asc(operatorBankAccounts.id))
  },
  /** Whether this exact account is one players are shown to pay into. */
  async isActiveOperatorAccount(db: Db, bankCode: string, accountNumber: string): Promise<boolean> {
    return exists(
      db,
      operatorBankAccounts,
      and(eq(operatorBankAccounts.active, true), eq(operatorBankAccounts.bankCode, bankCode), eq(operatorBankAccounts.accountNumber, accountNumber)),
    )
  },
  async insertOperatorAccount(db: Db, row: typeof operatorBankAccounts.$inferInsert): Promise<OperatorAccountRow> {
    return insertedOrThrow(db.insert(operatorBankAccounts).values(row).returning())
  },
  async updateOperatorAccount(db: Db, id: number, patch: Partial<typeof operatorBankAccounts.$inferInsert>): Promise<OperatorAccountRow> {
    return updatedOrThrow(db.update(operatorBankAccounts).set(patch).where(eq(operatorBankAccounts.id, id)).returning())
  },
  /** Every version of every pay-in account, newest first, with who proposed and who decided it. */
  async operatorAccounts(db: Db) {
    return withReviewers(db, operatorBankAccounts).orderBy(desc(operatorBankAccounts.id))
  },

  /** Marks the player's LIVE bills that passed their expiry as EXPIRED. */
  async expireBills(db: Db, playerId: number, now: Date): Promise<void> {
    await db
      .update(draftBills)
      .set({ status: 'EXPIRED' })
      .where(and(eq(draftBills.playerId, playerId), eq(draftBills.status, 'LIVE'), lte(draftBills.expiresAt, now)))
  },
  /** Marks every LIVE bill past its expiry as EXPIRED; returns how many. */
  async expireAllBills(db: Db, now: Date): Promise<number> {
    const rows = await db
      .update(draftBills)
      .set({ status: 'EXPIRED' })
      .where(and(eq(draftBills.status, 'LIVE'), lte(draftBills.expiresAt, now)))
      .returning({ id: draftBills.id })
    return rows.length
  },
  /**
   * Records a refused deposit attempt, one statement: nothing when the player already has `perDay` in the 24 hours
   * before it (a flood of refused requests adds nothing). Answers whether a row was written.
   */
  async recordDeclined(db: Db, row: Required<Pick<typeof declinedDeposits.$inferInsert, 'playerId' | 'reason' | 'amount' | 'createdAt'>>, perDay: number) {
    const rows = await db.execute(sql`
      insert into ${declinedDeposits} (player_id, reason, amount, created_at)
      select ${row.playerId}, ${row.reason}, ${row.amount}, ${row.createdAt.toISOString()}::timestamptz
      where (select count(*) from ${declinedDeposits} where player_id = ${row.playerId}
        and created_at > ${row.createdAt.toISOString()}::timestamptz - interval '24 hours') < ${perDay}
      returning id`)
    return rowsOf(rows).length > 0
  },
  /** Deletes the refused attempts recorded before `before`; answers how many. */
  async pruneDeclined(db: Db, before: Date): Promise<number> {
    const rows = await db.delete(declinedDeposits).where(lt(declinedDeposits.createdAt, before)).returning({ id: declinedDeposits.id })
    return rows.length
  },
  async insertBill(db: Db, bill: typeof draftBills.$inferInsert): Promise<DraftBillRow> {
    return insertedOrThrow(db.insert(draftBills).values(bill).returning())
  },
  async cancelLiveBill(db: Db, playerId: number): Promise<boolean> {
    const rows = await db
      .update(draftBills)
      .set({ status: 'CANCELLED' })
      .where(and(eq(draftBills.playerId, playerId), eq(draftBills.status, 'LIVE')))
      .returning({ id: draftBills.id })
    return rows.length > 0
  },
  /** The player's newest bill, whatever its state, with the account it names (the open-bill read, ADR 071). */
  async latestBill(db: Db, playerId: number): Promise<{ bill: DraftBillRow; account: OperatorAccountRow } | undefined> {
    return oneRow(
      db
        .select({ bill: draftBills, account: operatorBankAccounts })
        .from(draftBills)
        .innerJoin(operatorBankAccounts, eq(operatorBankAccounts.id, draftBills.operatorAccountId))
        .where(eq(draftBills.playerId, playerId))
        .orderBy(desc(draftBills.createdAt))
        .limit(1),
    )
  },
  /** The bill a deposit completes: LIVE, or expired no longer ago than the grace (still marked LIVE or EXPIRED). */
  async completableBill(db: Db, playerId: number, expiredAfter: Date): Promise<DraftBillRow | undefined> {
    return oneRow(
      db
        .select()
        .from(draftBills)
        .where(and(eq(draftBills.playerId, playerId), sql`${draftBills.status} in ('LIVE', 'EXPIRED')`, gt(draftBills.expiresAt, expiredAfter)))
        .orderBy(desc(draftBills.createdAt))
        .limit(1),
    )
  },
  async completeBill(db: Db, billId: string, depositId: number): Promise<void> {
    await db.update(draftBills).set({ status: 'COMPLETED', depositId }).where(eq(draftBills.id, billId))
  },

  async findByExternalId(db: Db, externalId: string): Promise<DepositRow | undefined> {
    return rowWhere(db, deposits, eq(deposits.externalId, externalId))
  },
  async findById(db: Db, id: number, forUpdate = false): Promise<DepositRow | undefined> {
    return rowWhere(db, deposits, eq(deposits.id, id), forUpdate)
  },
  /**
   * The transfer the sending bank names `<bank code>:<reference>` (ADR 079), whichever source stored it; locked for
   * update when asked.
   */
  async findBySenderRef(db: Db, senderRef: string, forUpdate = false): Promise<DepositRow | undefined> {
    return rowWhere(db, deposits, eq(deposits.senderRef, senderRef), forUpdate)
  },
  /**
   * Inserts unless the external id, or the sending bank's reference (ADR 079), is already stored; undefined then (a
   * replay, or the same transfer from another source that stored it first).
   */
  async insert(db: Db, row: typeof deposits.$inferInsert): Promise<DepositRow | undefined> {
    const [inserted] = await db.insert(deposits).values(row).onConflictDoNothing().returning()
    return inserted
  },
  /** The approved pay-in accounts (active, or retired after `at`): what a transfer made at `at` could have been paid into. */
  async payInAccountsAt(db: Db, at: Date): Promise<OperatorAccountRow[]> {
    return db
      .select()
      .from(operatorBankAccounts)
      .where(
        and(
          eq(operatorBankAccounts.status, 'APPROVED'),
          sql`(${operatorBankAccounts.active} or ${operatorBankAccounts.retiredAt} > ${at.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(operatorBankAccounts.id))
  },
  /**
   * Marks a deposit credited, in one statement with the writes `alongside` (db/writes.ts: the player's notice, which
   * then costs the credit's transaction no round trip of its own; issue 38 §6).
   */
  async markCredited(
    db: Db,
    id: number,
    fields: { status: 'MATCHED' | 'ASSIGNED'; playerId: number; creditedAt: Date; draftBillId?: string | null; note?: string | null },
    alongside: readonly Write[] = [],
  ) {
    await writeTogether(db, [{ sql: db.update(deposits).set(fields).where(eq(deposits.id, id)).getSQL() }, ...alongside])
  },
  /** Writes what the bank feed reported onto a record an operator made first (a manual deposit). */
  async attachFeed(
    db: Db,
    id: number,
    feed: Pick<DepositRow, 'requestHash' | 'toAccount' | 'fromBankCode' | 'fromAccount' | 'fromName' | 'occurredAt' | 'feedAt'>,
  ): Promise<void> {
    await db.update(deposits).set(feed).where(eq(deposits.id, id))
  },
  /**
   * Makes reports of one pay-in account's transfers of one amount take turns (ADR 080): a notification and the feed
   * reporting the same transfer at once cannot both miss the other and credit twice.
   */
  async lockSameTransfer(db: Db, toAccountDigits: string, amount: bigint): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('same-transfer'), hashtext(${`${toAccountDigits}:${amount}`}))`)
  },
  /** The same-transfer lookup's rows (`sameTransferLookup`). */
  async sameTransferCandidates(db: Db, q: Parameters<typeof sameTransferLookup>[1]): Promise<DepositRow[]> {
    return sameTransferLookup(db, q)
  },
  /** Where these deposits stand now (the notifications desk shows what became of each notification's deposit). */
  async statusesOf(db: Db, ids: number[]): Promise<Array<Pick<DepositRow, 'id' | 'status' | 'creditedAt'>>> {
    if (ids.length === 0) return []
    return db.select({ id: deposits.id, status: deposits.status, creditedAt: deposits.creditedAt }).from(deposits).where(inArray(deposits.id, ids))
  },
  /** Writes a slip's (sending bank, reference) onto a transfer another source reported without it; false when it has one. */
  async attachSenderRef(db: Db, id: number, senderRef: string): Promise<boolean> {
    const rows = await db
      .update(deposits)
      .set({ senderRef })
      .where(and(eq(deposits.id, id), sql`${deposits.senderRef} is null`))
      .returning({ id: deposits.id })
    return rows.length > 0
  },
  /** Marks a transfer as reported by a notification too; false when one already was. */
  async attachNotification(db: Db, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(deposits)
      .set({ notificationAt: at })
      .where(and(eq(deposits.id, id), sql`${deposits.notificationAt} is null`))
      .returning({ id: deposits.id })
    return rows.length > 0
  },
  /**
   * Writes the feed's report onto a transfer a notification reported first (ADR 080): its reference (so a replay finds
   * it), its facts (the full account, the name) and when; false when the feed already reported it.
   */
  async attachFeedToNotified(
    db: Db,
    id: number,
    feed: Pick<DepositRow, 'externalId' | 'requestHash' | 'toAccount' | 'fromBankCode' | 'fromAccount' | 'fromName' | 'occurredAt' | 'feedAt'>,
  ): Promise<boolean> {
    const rows = await db
      .update(deposits)
      .set(feed)
      .where(and(eq(deposits.id, id), sql`${deposits.feedAt} is null`))
      .returning({ id: deposits.id })
    return rows.length > 0
  },
  /** A rejected manual deposit gives its reference back (a real transfer reported later is matched afresh). */
  async releaseClaim(db: Db, id: number, externalId: string): Promise<void> {
    await db
      .update(deposits)
      .set({ status: 'REJECTED', externalId })
      .where(and(eq(deposits.id, id), eq(deposits.status, 'CLAIMED')))
  },

  /** Stores a contradicting transfer once (by its hash); undefined when it is already stored. */
  async insertException(db: Db, row: typeof depositExceptions.$inferInsert): Promise<DepositExceptionRow | undefined> {
    const [inserted] = await db.insert(depositExceptions).values(row).onConflictDoNothing({ target: depositExceptions.requestHash }).returning()
    return inserted
  },
  async exceptionByHash(db: Db, requestHash: string): Promise<DepositExceptionRow | undefined> {
    return rowWhere(db, depositExceptions, eq(depositExceptions.requestHash, requestHash))
  },
  async exceptionForUpdate(db: Db, id: number): Promise<DepositExceptionRow | undefined> {
    return rowWhere(db, depositExceptions, eq(depositExceptions.id, id), true)
  },
  /** Whether an open exception contradicts this record. */
  async hasOpenException(db: Db, depositId: number): Promise<boolean> {
    return exists(db, depositExceptions, and(eq(depositExceptions.depositId, depositId), eq(depositExceptions.status, 'OPEN')))
  },
  /** Resolves an OPEN exception; undefined when another operator resolved it first. */
  async resolveException(
    db: Db,
    id: number,
    change: { status: 'CREDITED' | 'DISMISSED'; resolvedBy: number; resolvedAt: Date; resolutionNote: string; creditedDepositId?: number },
  ): Promise<DepositExceptionRow | undefined> {
    return updatedWhere(db, depositExceptions, change, and(eq(depositExceptions.id, id), eq(depositExceptions.status, 'OPEN')))
  },
  /** Exceptions with the record each contradicts (and its member's phone), newest first. */
  async exceptionsPage(db: Db, filter: { status?: DepositExceptionRow['status']; ids?: number[] }, page: number, size: number) {
    const where = and(
      filter.status ? eq(depositExceptions.status, filter.status) : undefined,
      filter.ids ? inArray(depositExceptions.id, filter.ids) : undefined,
    )
    const list = db
      .select({ exception: depositExceptions, deposit: deposits, mobile: players.mobile, resolvedBy: operators.username })
      .from(depositExceptions)
      .innerJoin(deposits, eq(deposits.id, depositExceptions.depositId))
      .leftJoin(players, eq(players.id, deposits.playerId))
      .leftJoin(operators, eq(operators.id, depositExceptions.resolvedBy))
      .$dynamic()
    return pageWhere(db, list, { table: depositExceptions, where, order: [desc(depositExceptions.id)], inTurn: true }, page, size)
  },

  /** The reconciliation's day: every deposit and exception whose transfer time is in [start, end), and the accounts. */
  async reconciliationDay(db: Db, start: Date, end: Date) {
    const [rows, exceptions, accounts] = [
      await db
        .select()
        .from(deposits)
        .where(and(gte(deposits.occurredAt, start), lt(deposits.occurredAt, end)))
        .orderBy(asc(deposits.id)),
      await db
        .select()
        .from(depositExceptions)
        .where(and(gte(depositExceptions.occurredAt, start), lt(depositExceptions.occurredAt, end)))
        .orderBy(asc(depositExceptions.id)),
      await db.select().from(operatorBankAccounts).orderBy(asc(operatorBankAccounts.sort), asc(operatorBankAccounts.id)),
    ]
    return { deposits: rows, exceptions, accounts }
  },
  /**
   * Today's reports by the bank feed (by its time) and by operators (manual deposits, by when entered), counted by what
   * became of each (ADR 086): a feed transfer that contradicted a record waits as an open exception or failed when
   * dismissed; a credited exception is counted as the deposit made of it, a deposit-limit flag not at all.
   */
  async arrivals(db: Db, start: Date, end: Date) {
    const outcome = {
      arrived: sql<number>`count(*)::int`,
      matched: sql<number>`count(*) filter (where ${deposits.creditedAt} is not null)::int`,
      waiting: sql<number>`count(*) filter (where ${deposits.creditedAt} is null and ${deposits.status} <> 'REJECTED')::int`,
      failed: sql<number>`count(*) filter (where ${deposits.creditedAt} is null and ${deposits.status} = 'REJECTED')::int`,
    }
    const [feed] = await db
      .select(outcome)
      .from(deposits)
      .where(and(gte(deposits.feedAt, start), lt(deposits.feedAt, end)))
    const [manual] = await db
      .select(outcome)
      .from(deposits)
      .where(and(eq(deposits.source, 'MANUAL'), gte(deposits.receivedAt, start), lt(deposits.receivedAt, end)))
    const [exceptions] = await db
      .select({
        waiting: sql<number>`count(*) filter (where ${depositExceptions.status} = 'OPEN')::int`,
        failed: sql<number>`count(*) filter (where ${depositExceptions.status} = 'DISMISSED')::int`,
      })
      .from(depositExceptions)
      .where(
        and(
          gte(depositExceptions.receivedAt, start),
          lt(depositExceptions.receivedAt, end),
          sql`not (${depositExceptions.reasons} @> '["DEPOSIT_LIMIT"]'::jsonb)`,
        ),
      )
    return {
      feed: {
        arrived: feed!.arrived + exceptions!.waiting + exceptions!.failed,
        matched: feed!.matched,
        waiting: feed!.waiting + exceptions!.waiting,
        failed: feed!.failed + exceptions!.failed,
        notMoney: 0,
      },
      manual: { ...manual!, notMoney: 0 },
    }
  },
  /** The player's newest credited deposit at or after `since`. */
  /** The player's last credited deposit: latest credit time first, then the highest id (two in one instant). */
  async lastCredited(db: Db, playerId: number): Promise<Pick<DepositRow, 'id' | 'creditedAt'> | undefined> {
    return oneRow(
      db
        .select({ id: deposits.id, creditedAt: deposits.creditedAt })
        .from(deposits)
        .where(and(eq(deposits.playerId, playerId), isNotNull(deposits.creditedAt)))
        .orderBy(desc(deposits.creditedAt), desc(deposits.id))
        .limit(1),
    )
  },
  /** The player's newest deposit credited after `after` (in lastCredited's order; null: any) and not before `notBefore`. */
  async creditedAfter(db: Db, playerId: number, after: { creditedAt: Date; id: number } | null, notBefore: Date): Promise<DepositRow | undefined> {
    return oneRow(
      db
        .select()
        .from(deposits)
        .where(
          and(
            eq(deposits.playerId, playerId),
            gte(deposits.creditedAt, notBefore),
            after ? sql`(${deposits.creditedAt}, ${deposits.id}) > (${after.creditedAt.toISOString()}::timestamptz, ${after.id})` : undefined,
          ),
        )
        .orderBy(desc(deposits.creditedAt), desc(deposits.id))
        .limit(1),
    )
  },
  /**
   * One page of deposits with the credited player's phone, newest first: the unmatched queue, or the credited history
   * filtered by player (playerMatches), exact amount, bank reference and time.
   */
  async list(
    db: Db,
    filter: { status: 'UNMATCHED' } | { credited: true; player?: string; amount?: bigint; ref?: string; from?: Date; to?: Date },
    page: number,
    size: number,
  ) {
    let where: SQL | undefined
    if ('status' in filter) where = eq(deposits.status, filter.status)
    else {
      where = and(
        isNotNull(deposits.creditedAt),
        filter.player === undefined ? undefined : playerMatches(filter.player),
        filter.amount === undefined ? undefined : eq(deposits.amount, filter.amount),
        filter.ref === undefined ? undefined : eq(deposits.externalId, filter.ref),
        filter.from === undefined ? undefined : gte(deposits.creditedAt, filter.from),
        filter.to === undefined ? undefined : lt(deposits.creditedAt, filter.to),
      )
    }
    const order = 'status' in filter ? [desc(deposits.receivedAt), desc(deposits.id)] : [desc(deposits.creditedAt), desc(deposits.id)]
    const [rows, [count]] = await Promise.all([
      db
        .select({ deposit: deposits, mobile: players.mobile })
        .from(deposits)
        .leftJoin(players, eq(players.id, deposits.playerId))
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset(page * size),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(deposits)
        .leftJoin(players, eq(players.id, deposits.playerId))
        .where(where),
    ])
    return { rows, total: count?.n ?? 0 }
  },

  /**
   * Players whose registered account at `bankCode` matches a SQL LIKE pattern (prefilter for the matcher), at most
   * `limit`. A mask's pattern starts with '%': with its `window` key (account-match.ts `windowKey`) the exact index of
   * migration 0027 (ADR 063) finds its few rows; without one, the trigram index on the account (ADR 056) by its
   * visible digits. A full number is its own key.
   */
  async candidates(db: Db, match: { bankCode: string; accountLike: string; window: string | null }, limit: number) {
    return db
      .select({ id: players.id, bankAccount: players.bankAccount, firstname: players.firstname, surname: players.surname, status: players.status })
      .from(players)
      .where(
        and(
          eq(players.bankCode, match.bankCode),
          like(players.bankAccount, match.accountLike),
          match.window === null ? undefined : sql`bank_account_windows(${players.bankCode}, ${players.bankAccount}) @> array[${match.window}]::text[]`,
        ),
      )
      .limit(limit)
  },
}
export type DepositsRepository = typeof depositsRepository
