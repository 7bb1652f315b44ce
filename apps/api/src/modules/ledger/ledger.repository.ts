import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { accounts, transfers, type PlayerAccountKind } from '../../db/schema.ts'

/** The key of an account in `accountIds`' answer. */
export function accountKey(playerId: number | null, kind: string): string {
  return playerId === null ? `house:${kind}` : `player:${playerId}:${kind}`
}

/** Every SQL statement that touches money. Only the ledger service calls these. */
export const ledgerRepository = {
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
    const result = await db.execute(sql`select id, player_id, balance from accounts where player_id in ${ids} and kind = 'cash' order by player_id for update`)
    for (const row of rowsOf<{ id: string | number | bigint; player_id: string | number | bigint; balance: string | number | bigint }>(result)) {
      out.set(Number(row.player_id), { id: Number(row.id), balance: BigInt(row.balance) })
    }
    return out
  },

  /**
   * The ids of many accounts in one statement, creating the missing ones (a player account with balance 0, a house
   * account without balance). Keyed by `accountKey`. An account that a
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
      take(
        rowsOf<Row>(
          await db.execute(
            sql`select a.id, a.player_id, a.kind from accounts a join (values ${again}) w(player_id, kind) on a.kind = w.kind and a.player_id is not distinct from w.player_id`,
          ),
        ),
      )
      for (const w of missing) if (!out.has(accountKey(w.playerId, w.kind))) throw new Error(`account ${accountKey(w.playerId, w.kind)} missing`)
    }
    return out
  },

  async findTransfersByKeys(db: Db, keys: readonly string[]) {
    if (keys.length === 0) return []
    return db
      .select()
      .from(transfers)
      .where(inArray(transfers.idempotencyKey, [...keys]))
  },

  /**
   * Adds each signed delta to a player account's running balance in ONE statement, only where the result stays >= 0
   * (and the CHECK backs it), locking the rows in account-id order. Returns the new balances of the rows updated; a row missing from the answer was refused.
   */
  async applyDeltas(db: Db, deltas: ReadonlyArray<{ accountId: number; delta: bigint }>): Promise<Map<number, bigint>> {
    const out = new Map<number, bigint>()
    if (deltas.length === 0) return out
    const values = sql.join(
      deltas.map((d) => sql`(${d.accountId}::bigint, ${d.delta}::bigint)`),
      sql`, `,
    )
    // The rows are locked first, in account-id order (the sorted scan locks them in the order it returns them), so
    // two calls touching the same accounts never wait on each other in a cycle; then the one conditional update.
    const result = await db.execute(sql`
      with v(id, delta) as (values ${values}),
      locked as materialized (select a.id from accounts a where a.id in (select id from v) order by a.id for update)
      update accounts a set balance = a.balance + v.delta
      from v join locked l on l.id = v.id
      where a.id = v.id and a.balance is not null and a.balance + v.delta >= 0
      returning a.id, a.balance`)
    for (const row of rowsOf<{ id: string | number | bigint; balance: string | number | bigint }>(result)) out.set(Number(row.id), BigInt(row.balance))
    return out
  },

  /** Inserts many transfers in one statement; returns the keys inserted (a key that already existed is skipped). */
  async insertTransfers(
    db: Db,
    rows: ReadonlyArray<{
      idempotencyKey: string
      debitAccountId: number
      creditAccountId: number
      amount: bigint
      kind: string
      reference: string
      createdAt: Date
    }>,
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
