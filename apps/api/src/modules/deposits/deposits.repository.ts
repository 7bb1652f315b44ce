import { and, asc, desc, eq, gt, gte, isNotNull, like, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { playerMatches } from '../../db/player-search.ts'
import { deposits, draftBills, operatorBankAccounts, players } from '../../db/schema.ts'

export type OperatorAccountRow = typeof operatorBankAccounts.$inferSelect
export type DraftBillRow = typeof draftBills.$inferSelect
export type DepositRow = typeof deposits.$inferSelect

/** SQL for operator accounts, draft bills and incoming deposits. */
export const depositsRepository = {
  async activeOperatorAccount(db: Db): Promise<OperatorAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(operatorBankAccounts)
      .where(eq(operatorBankAccounts.active, true))
      .orderBy(asc(operatorBankAccounts.sort), asc(operatorBankAccounts.id))
      .limit(1)
    return row
  },
  async operatorAccountById(db: Db, id: number): Promise<OperatorAccountRow | undefined> {
    const [row] = await db.select().from(operatorBankAccounts).where(eq(operatorBankAccounts.id, id)).limit(1)
    return row
  },
  async isOperatorAccountNumber(db: Db, accountNumber: string): Promise<boolean> {
    const rows = await db
      .select({ id: operatorBankAccounts.id })
      .from(operatorBankAccounts)
      .where(eq(operatorBankAccounts.accountNumber, accountNumber))
      .limit(1)
    return rows.length > 0
  },
  /** Whether this exact account is one players are shown to pay into. */
  async isActiveOperatorAccount(db: Db, bankCode: string, accountNumber: string): Promise<boolean> {
    const rows = await db
      .select({ id: operatorBankAccounts.id })
      .from(operatorBankAccounts)
      .where(and(eq(operatorBankAccounts.active, true), eq(operatorBankAccounts.bankCode, bankCode), eq(operatorBankAccounts.accountNumber, accountNumber)))
      .limit(1)
    return rows.length > 0
  },
  async insertOperatorAccount(db: Db, row: typeof operatorBankAccounts.$inferInsert): Promise<void> {
    await db.insert(operatorBankAccounts).values(row)
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
  async insertBill(db: Db, bill: typeof draftBills.$inferInsert): Promise<DraftBillRow> {
    const [row] = await db.insert(draftBills).values(bill).returning()
    if (!row) throw new Error('insert returned no row')
    return row
  },
  async cancelLiveBill(db: Db, playerId: number): Promise<boolean> {
    const rows = await db
      .update(draftBills)
      .set({ status: 'CANCELLED' })
      .where(and(eq(draftBills.playerId, playerId), eq(draftBills.status, 'LIVE')))
      .returning({ id: draftBills.id })
    return rows.length > 0
  },
  async latestBill(db: Db, playerId: number): Promise<DraftBillRow | undefined> {
    const [row] = await db.select().from(draftBills).where(eq(draftBills.playerId, playerId)).orderBy(desc(draftBills.createdAt)).limit(1)
    return row
  },
  /** The bill a deposit completes: LIVE, or expired no longer ago than the grace (still marked LIVE or EXPIRED). */
  async completableBill(db: Db, playerId: number, expiredAfter: Date): Promise<DraftBillRow | undefined> {
    const [row] = await db
      .select()
      .from(draftBills)
      .where(and(eq(draftBills.playerId, playerId), sql`${draftBills.status} in ('LIVE', 'EXPIRED')`, gt(draftBills.expiresAt, expiredAfter)))
      .orderBy(desc(draftBills.createdAt))
      .limit(1)
    return row
  },
  async completeBill(db: Db, billId: string, depositId: number): Promise<void> {
    await db.update(draftBills).set({ status: 'COMPLETED', depositId }).where(eq(draftBills.id, billId))
  },

  async findByExternalId(db: Db, externalId: string): Promise<DepositRow | undefined> {
    const [row] = await db.select().from(deposits).where(eq(deposits.externalId, externalId)).limit(1)
    return row
  },
  async findById(db: Db, id: number, forUpdate = false): Promise<DepositRow | undefined> {
    const query = db.select().from(deposits).where(eq(deposits.id, id)).limit(1)
    const [row] = forUpdate ? await query.for('update') : await query
    return row
  },
  /** Inserts unless the external id exists; undefined for a replay. */
  async insert(db: Db, row: typeof deposits.$inferInsert): Promise<DepositRow | undefined> {
    const [inserted] = await db.insert(deposits).values(row).onConflictDoNothing({ target: deposits.externalId }).returning()
    return inserted
  },
  async markCredited(
    db: Db,
    id: number,
    fields: { status: 'MATCHED' | 'ASSIGNED'; playerId: number; creditedAt: Date; draftBillId?: string | null; note?: string | null },
  ) {
    await db.update(deposits).set(fields).where(eq(deposits.id, id))
  },
  /** The player's newest credited deposit at or after `since`. */
  async creditedSince(db: Db, playerId: number, since: Date): Promise<DepositRow | undefined> {
    const [row] = await db
      .select()
      .from(deposits)
      .where(and(eq(deposits.playerId, playerId), isNotNull(deposits.creditedAt), gte(deposits.creditedAt, since)))
      .orderBy(desc(deposits.creditedAt))
      .limit(1)
    return row
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

  /** Players whose registered account at `bankCode` matches a SQL LIKE pattern (prefilter for the matcher). */
  async candidates(db: Db, bankCode: string, accountLike: string) {
    return db
      .select({ id: players.id, bankAccount: players.bankAccount, firstname: players.firstname, surname: players.surname, status: players.status })
      .from(players)
      .where(and(eq(players.bankCode, bankCode), like(players.bankAccount, accountLike)))
      .limit(50)
  },
}
export type DepositsRepository = typeof depositsRepository
