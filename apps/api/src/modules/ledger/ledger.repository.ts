import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { accounts, transfers, type PlayerAccountKind } from '../../db/schema.ts'

/** The key of an account in `accountIds`' answer. */
export function accountKey(playerId: number | null, kind: string): string {
  return playerId === null ? `house:${kind}` : `player:${playerId}:${kind}`
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

  /**
   * The one way to lock players (ADR 018): locks their cash rows for the rest of the transaction, ascending by player id
   * (the rows are locked in the order the sorted scan returns them), and returns each locked row's id and balance.
   * Every money request of a player (a seamless bet, a withdrawal and its decision, a wallet payout) takes it first,
   * so that player's requests take turns. A player without a cash account has no row to lock and is absent from the
   * map (nor has any money to move). One player is `lockPlayers(tx, [id])`.
   */
  async lockPlayers(db: Db, playerIds: readonly number[]): Promise<Map<number, { id: number; balance: bigint }>> {
    const out = new Map<number, { id: number; balance: bigint }>()
    if (playerIds.length === 0) return out
    const ids = [...new Set(playerIds)].sort((a, b) => a - b)
    const result = await db.execute(
      sql`select id, player_id, balance from accounts where player_id in ${ids} and kind = 'cash' order by player_id for update`,
    )
    for (const row of rowsOf<{ id: string | number | bigint; player_id: string | number | bigint; balance: string | number | bigint }>(result)) {
      out.set(Number(row.player_id), { id: Number(row.id), balance: BigInt(row.balance) })
    }
    return out
  },

  /**
   * The ids of many accounts in one statement, creating the missing ones (a player account with balance 0, a house
   * account without balance) as `playerAccountId` and `houseAccountId` do. Keyed by `accountKey`. An account that a
   * concurrent transaction created after this statement's snapshot is read by a second plain select.
   */
  async accountIds(db: Db, wanted: ReadonlyArray<{ playerId: number | null; kind: string }>): Promise<Map<string, number>> {
    const out = new Map<string, number>()
    const unique = [...new Map(wanted.map((w) => [accountKey(w.playerId, w.kind), w])).values()]
    if (unique.length === 0) return out
    const values = sql.join(
      unique.map((w) => sql`(${w.playerId}::bigint, ${w.kind}::text)`),
      sql`, `,
    )
    type Row = { id: string | number | bigint; player_id: string | number | bigint | null; kind: string }
    const take = (rows: Row[]) => {
      for (const r of rows) out.set(accountKey(r.player_id === null ? null : Number(r.player_id), r.kind), Number(r.id))
    }
    take(
      rowsOf<Row>(
        await db.execute(sql`
          with want(player_id, kind) as (values ${values}),
          new_house as (
            insert into accounts (kind) select kind from want where player_id is null
            on conflict (kind) where player_id is null do nothing returning id, player_id, kind),
          new_player as (
            insert into accounts (player_id, kind, balance) select player_id, kind, 0 from want where player_id is not null
            on conflict (player_id, kind) where player_id is not null do nothing returning id, player_id, kind)
          select id, player_id, kind from new_house
          union all select id, player_id, kind from new_player
          union all select a.id, a.player_id, a.kind from accounts a join want w on a.kind = w.kind and a.player_id is not distinct from w.player_id`),
      ),
    )
    const missing = unique.filter((w) => !out.has(accountKey(w.playerId, w.kind)))
    if (missing.length > 0) {
      const again = sql.join(
        missing.map((w) => sql`(${w.playerId}::bigint, ${w.kind}::text)`),
        sql`, `,
      )
      take(rowsOf<Row>(await db.execute(sql`select a.id, a.player_id, a.kind from accounts a join (values ${again}) w(player_id, kind) on a.kind = w.kind and a.player_id is not distinct from w.player_id`)))
      for (const w of missing) if (!out.has(accountKey(w.playerId, w.kind))) throw new Error(`account ${accountKey(w.playerId, w.kind)} missing`)
    }
    return out
  },

  async findTransfersByKeys(db: Db, keys: readonly string[]) {
    if (keys.length === 0) return []
    return db.select().from(transfers).where(inArray(transfers.idempotencyKey, [...keys]))
  },

  /**
   * Adds each signed delta to a player account's running balance in ONE statement, only where the result stays >= 0
   * (and the CHECK backs it). Returns the new balances of the rows updated; a row missing from the answer was refused.
   */
  async applyDeltas(db: Db, deltas: ReadonlyArray<{ accountId: number; delta: bigint }>): Promise<Map<number, bigint>> {
    const out = new Map<number, bigint>()
    if (deltas.length === 0) return out
    const values = sql.join(
      deltas.map((d) => sql`(${d.accountId}::bigint, ${d.delta}::bigint)`),
      sql`, `,
    )
    const result = await db.execute(sql`
      update accounts a set balance = a.balance + v.delta
      from (values ${values}) v(id, delta)
      where a.id = v.id and a.balance is not null and a.balance + v.delta >= 0
      returning a.id, a.balance`)
    for (const row of rowsOf<{ id: string | number | bigint; balance: string | number | bigint }>(result)) out.set(Number(row.id), BigInt(row.balance))
    return out
  },

  /** Inserts many transfers in one statement; returns the keys inserted (a key that already existed is skipped). */
  async insertTransfers(
    db: Db,
    rows: ReadonlyArray<{ idempotencyKey: string; debitAccountId: number; creditAccountId: number; amount: bigint; kind: string; reference: string; createdAt: Date }>,
  ): Promise<Map<string, number>> {
    const out = new Map<string, number>()
    if (rows.length === 0) return out
    const inserted = await db
      .insert(transfers)
      .values([...rows])
      .onConflictDoNothing({ target: transfers.idempotencyKey })
      .returning({ id: transfers.id, key: transfers.idempotencyKey })
    for (const row of inserted) out.set(row.key, row.id)
    return out
  },

  /** All four balances of a player in one indexed read. */
  async balances(db: Db, playerId: number): Promise<Record<PlayerAccountKind, bigint>> {
    const rows = await db.select({ kind: accounts.kind, balance: accounts.balance }).from(accounts).where(eq(accounts.playerId, playerId))
    const out: Record<PlayerAccountKind, bigint> = { cash: 0n, withdraw_hold: 0n, referral: 0n, rebate: 0n }
    for (const r of rows) if (r.kind in out) out[r.kind as PlayerAccountKind] = r.balance ?? 0n
    return out
  },
}
