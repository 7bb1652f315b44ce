import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accounts, transfers, type PlayerAccountKind } from '../../db/schema.ts'

/** Rows of a query run with `db.execute`, on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** Every SQL statement that touches money. Only the ledger service calls these. */
export const ledgerRepository = {
  /** The id of a house account, creating it on first use. */
  async houseAccountId(db: Db, kind: string): Promise<number> {
    await db.insert(accounts).values({ kind }).onConflictDoNothing({ target: accounts.kind, where: sql`player_id is null` })
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(isNull(accounts.playerId), eq(accounts.kind, kind)))
      .limit(1)
    if (!row) throw new Error(`house account ${kind} missing`)
    return row.id
  },

  /**
   * The id of a player account, creating it (balance 0) on first use. Takes no row lock: the balance updates
   * that follow lock rows in a fixed order, and a lock here would come first in the caller's order instead.
   */
  async playerAccountId(db: Db, playerId: number, kind: PlayerAccountKind): Promise<number> {
    const find = () => db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.playerId, playerId), eq(accounts.kind, kind))).limit(1)
    const [existing] = await find()
    if (existing) return existing.id
    await db.insert(accounts).values({ playerId, kind, balance: 0n }).onConflictDoNothing({ target: [accounts.playerId, accounts.kind], where: sql`player_id is not null` })
    const [created] = await find()
    if (!created) throw new Error(`account player:${playerId}:${kind} missing`)
    return created.id
  },

  /** Inserts the transfer unless its key exists; returns the new id or null for a replay. */
  async insertTransfer(
    db: Db,
    t: { idempotencyKey: string; debitAccountId: number; creditAccountId: number; amount: bigint; kind: string; reference: string; createdAt: Date },
  ): Promise<number | null> {
    const [row] = await db.insert(transfers).values(t).onConflictDoNothing({ target: transfers.idempotencyKey }).returning({ id: transfers.id })
    return row?.id ?? null
  },

  async findTransferByKey(db: Db, idempotencyKey: string) {
    const [row] = await db.select().from(transfers).where(eq(transfers.idempotencyKey, idempotencyKey)).limit(1)
    return row
  },

  /** The one conditional debit: succeeds only when the balance covers the amount. Null when it does not. */
  async debitIfEnough(db: Db, accountId: number, amount: bigint): Promise<bigint | null> {
    const result = await db.execute(
      sql`update accounts set balance = balance - ${amount} where id = ${accountId} and balance is not null and balance >= ${amount} returning balance`,
    )
    const [row] = rowsOf<{ balance: string | bigint | number }>(result)
    return row ? BigInt(row.balance) : null
  },

  async credit(db: Db, accountId: number, amount: bigint): Promise<bigint> {
    const result = await db.execute(sql`update accounts set balance = balance + ${amount} where id = ${accountId} and balance is not null returning balance`)
    const [row] = rowsOf<{ balance: string | bigint | number }>(result)
    if (!row) throw new Error(`account ${accountId} has no running balance`)
    return BigInt(row.balance)
  },

  /** True when the account has a running balance (a player account). */
  async isPlayerAccount(db: Db, accountId: number): Promise<boolean> {
    const [row] = await db.select({ playerId: accounts.playerId }).from(accounts).where(eq(accounts.id, accountId)).limit(1)
    return row?.playerId !== null && row?.playerId !== undefined
  },

  /** Locks the player's cash account row for the rest of the transaction: serialises that player's money requests. */
  async lockPlayer(db: Db, playerId: number): Promise<void> {
    await db.execute(sql`select id from accounts where player_id = ${playerId} and kind = 'cash' for update`)
  },

  /** All four balances of a player in one indexed read. */
  async balances(db: Db, playerId: number): Promise<Record<PlayerAccountKind, bigint>> {
    const rows = await db.select({ kind: accounts.kind, balance: accounts.balance }).from(accounts).where(eq(accounts.playerId, playerId))
    const out: Record<PlayerAccountKind, bigint> = { cash: 0n, withdraw_hold: 0n, referral: 0n, rebate: 0n }
    for (const r of rows) if (r.kind in out) out[r.kind as PlayerAccountKind] = r.balance ?? 0n
    return out
  },
}
