import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { arrayParam, columnsOf, executeNamed, rowsOf } from '../../db/rows.ts'
import { accounts, transfers, type PlayerAccountKind } from '../../db/schema.ts'
import { bangkokDateOf } from '../../db/bangkok-day.ts'
import { VALID_BET } from '../../db/valid-turnover.ts'

/** The key of an account in `accountIds`' answer. */
export function accountKey(playerId: number | null, kind: string): string {
  return playerId === null ? `house:${kind}` : `player:${playerId}:${kind}`
}

/** Wanted accounts as a relation of (player_id, kind): two array parameters, so the statement's text never changes. */
const wantedAccounts = (wanted: ReadonlyArray<{ playerId: number | null; kind: string }>): SQL => {
  const column = columnsOf(wanted)
  return sql`select * from unnest(${column((w) => w.playerId)}::bigint[], ${column((w) => w.kind)}::text[])`
}

/**
 * The accounts that exist among `wanted` (a relation of player_id, kind), each side through its own unique index:
 * player accounts by (player_id, kind), house accounts by kind. One join on `player_id is not distinct from` would read
 * every account on every money movement (issue 22 §5: a sequential scan of a million accounts).
 */
const existingAccounts = (wanted: SQL) => sql`
  select a.id, a.player_id, a.kind from accounts a join ${wanted} w on a.player_id = w.player_id and a.kind = w.kind where a.player_id is not null
  union all
  select a.id, a.player_id, a.kind from accounts a join ${wanted} w on a.kind = w.kind where a.player_id is null and w.player_id is null`

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
    const result = await executeNamed(
      db,
      'ledger_lock_players',
      sql`select id, player_id, balance from accounts where player_id = any(${arrayParam(ids)}::bigint[]) and kind = 'cash' order by player_id for update`,
    )
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
    type Row = { id: string | number | bigint; player_id: string | number | bigint | null; kind: string }
    const take = (rows: Row[]) => {
      for (const r of rows) out.set(accountKey(r.player_id === null ? null : Number(r.player_id), r.kind), Number(r.id))
    }
    take(
      rowsOf<Row>(
        await executeNamed(
          db,
          'ledger_account_ids',
          sql`
          with want(player_id, kind) as (${wantedAccounts(unique)}),
          new_house as (
            insert into accounts (kind) select kind from want where player_id is null
            on conflict (kind) where player_id is null do nothing returning id, player_id, kind),
          new_player as (
            insert into accounts (player_id, kind, balance) select player_id, kind, 0 from want where player_id is not null
            on conflict (player_id, kind) where player_id is not null do nothing returning id, player_id, kind)
          select id, player_id, kind from new_house
          union all select id, player_id, kind from new_player
          union all ${existingAccounts(sql`want`)}`,
        ),
      ),
    )
    const missing = unique.filter((w) => !out.has(accountKey(w.playerId, w.kind)))
    if (missing.length > 0) {
      take(
        rowsOf<Row>(
          await executeNamed(db, 'ledger_account_ids_again', sql`with again(player_id, kind) as (${wantedAccounts(missing)}) ${existingAccounts(sql`again`)}`),
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
   * Moves money in ONE statement (ADR 061): adds each signed delta to a player account's running balance, only where
   * the result stays >= 0 (the CHECK backs it), locking the rows in account-id order first (the sorted scan locks them
   * in the order it returns them, so two movements over the same accounts never wait on each other in a cycle); inserts
   * the transfer rows (a key that already exists is skipped); and sends one NOTIFY per player named in `notify`, which
   * PostgreSQL delivers at commit. The rows and the notifications are written only when every delta applied: a
   * refused delta leaves no transfer behind, whatever the caller does next. A named statement over one array per
   * column (ADR 058, 059): the same text for one transfer and for a batch of sixty-four. Answers the new balances of
   * the rows updated (one missing was refused) and the ids of the transfers inserted, by key.
   */
  async move(
    db: Db,
    movement: {
      deltas: ReadonlyArray<{ accountId: number; delta: bigint }>
      transfers: ReadonlyArray<{
        idempotencyKey: string
        debitAccountId: number
        creditAccountId: number
        amount: bigint
        kind: string
        reference: string
        createdAt: Date
      }>
      /** The channel and the players to name on it (each once); none: nothing is sent. */
      notify?: { channel: string; playerIds: readonly number[] }
    },
  ): Promise<{ balances: Map<number, bigint>; inserted: Map<string, number> }> {
    const balances = new Map<number, bigint>()
    const inserted = new Map<string, number>()
    const { deltas, transfers: rows } = movement
    if (deltas.length === 0 && rows.length === 0) return { balances, inserted }
    const delta = columnsOf(deltas)
    const row = columnsOf(rows)
    const notify = movement.notify ?? { channel: '', playerIds: [] }
    const result = await executeNamed(
      db,
      'ledger_move',
      sql`
      with v(id, delta) as (select * from unnest(${delta((d) => d.accountId)}::bigint[], ${delta((d) => d.delta.toString())}::bigint[])),
      locked as materialized (select a.id from accounts a where a.id in (select id from v) order by a.id for update),
      moved as (
        update accounts a set balance = a.balance + v.delta
        from v join locked l on l.id = v.id
        where a.id = v.id and a.balance is not null and a.balance + v.delta >= 0
        returning a.id, a.balance),
      every_delta as (select (select count(*) from moved) = (select count(*) from v) as applied),
      written as (
        insert into transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
        select t.idempotency_key, t.debit_account_id, t.credit_account_id, t.amount, t.kind, t.reference, t.created_at
        from unnest(${row((r) => r.idempotencyKey)}::text[], ${row((r) => r.debitAccountId)}::bigint[],
                    ${row((r) => r.creditAccountId)}::bigint[], ${row((r) => String(r.amount))}::bigint[], ${row((r) => r.kind)}::text[],
                    ${row((r) => r.reference)}::text[], ${row((r) => r.createdAt.toISOString())}::timestamptz[]) with ordinality
             as t(idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at, n)
        where (select applied from every_delta)
        order by t.n
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key)
      select 'balance' as what, id, balance::text as value from moved
      union all select 'transfer', id, idempotency_key from written
      union all select 'notified', count(pg_notify(${notify.channel}, p::text)), null
        from unnest(${arrayParam(notify.playerIds.map((id) => Math.trunc(id)))}::bigint[]) p where (select applied from every_delta)`,
    )
    for (const r of rowsOf<{ what: string; id: string | number; value: string | null }>(result)) {
      if (r.what === 'balance') balances.set(Number(r.id), BigInt(r.value!))
      else if (r.what === 'transfer') inserted.set(r.value!, Number(r.id))
    }
    return { balances, inserted }
  },

  /** All four balances of a player in one indexed read. */
  async balances(db: Db, playerId: number): Promise<Record<PlayerAccountKind, bigint>> {
    const rows = await db.select({ kind: accounts.kind, balance: accounts.balance }).from(accounts).where(eq(accounts.playerId, playerId))
    const out: Record<PlayerAccountKind, bigint> = { cash: 0n, withdraw_hold: 0n, referral: 0n, rebate: 0n }
    for (const r of rows) if (r.kind in out) out[r.kind as PlayerAccountKind] = r.balance ?? 0n
    return out
  },

  /**
   * The rows that break an invariant of DESIGN §3, a list per check (all empty: every invariant holds), and how many
   * rows the checks read. The ledger service names each failure (ledger.verify).
   */
  async invariantViolations(db: Db) {
    const q = async <T>(query: SQL) => rowsOf<T>(await db.execute(query))
    const mismatched = await q<{ id: string; player_id: string; kind: string; balance: string; computed: string }>(sql`
      select a.id, a.player_id, a.kind, a.balance, coalesce(c.s, 0) - coalesce(d.s, 0) as computed
      from accounts a
      left join (select credit_account_id as id, sum(amount) as s from transfers group by 1) c on c.id = a.id
      left join (select debit_account_id as id, sum(amount) as s from transfers group by 1) d on d.id = a.id
      where a.player_id is not null and a.balance <> coalesce(c.s, 0) - coalesce(d.s, 0)`)
    const negative = await q<{ player_id: string; kind: string; balance: string }>(sql`select player_id, kind, balance from accounts where balance < 0`)
    const unbalanced = await q<{ id: string }>(sql`select id from transfers where amount <= 0 or debit_account_id = credit_account_id`)
    // Every credited deposit has exactly one credit of its amount to its player's cash; an unmatched one has none.
    const badDeposits = await q<{ id: string; status: string; n: string; total: string | null }>(sql`
      select d.id, d.status, count(t.id) as n, sum(t.amount) as total
      from deposits d
      left join transfers t on t.reference = 'deposit:' || d.id and t.kind = 'deposit'
      left join accounts a on a.id = t.credit_account_id
      group by d.id, d.status, d.amount, d.player_id
      having (d.status in ('MATCHED', 'ASSIGNED') and (count(t.id) <> 1 or sum(t.amount) <> d.amount or bool_or(a.player_id is distinct from d.player_id or a.kind <> 'cash')))
          or (d.status = 'UNMATCHED' and count(t.id) <> 0)`)
    // A withdrawal is held once; a paid one is paid out once; a refused one is released once; each of its amount,
    // between exactly the accounts its kind implies.
    const badWithdrawals = await q<{ id: string; status: string; kinds: string; shaped: boolean }>(sql`
      select * from (
        select w.id, w.status,
          coalesce(string_agg(t.kind, ',' order by t.kind), '') as kinds,
          coalesce(bool_and(t.amount = w.amount and case t.kind
            when 'withdraw_hold' then da.player_id = w.player_id and da.kind = 'cash' and ca.player_id = w.player_id and ca.kind = 'withdraw_hold'
            when 'withdraw_payout' then da.player_id = w.player_id and da.kind = 'withdraw_hold' and ca.player_id is null and ca.kind = 'bank_out'
            when 'withdraw_release' then da.player_id = w.player_id and da.kind = 'withdraw_hold' and ca.player_id = w.player_id and ca.kind = 'cash'
            else false end), true) as shaped
        from withdrawals w
        left join transfers t on t.reference = 'withdrawal:' || w.id
        left join accounts da on da.id = t.debit_account_id
        left join accounts ca on ca.id = t.credit_account_id
        group by w.id, w.status
      ) x
      where not shaped or kinds <> case status
        when 'PENDING' then 'withdraw_hold'
        when 'PAYING' then 'withdraw_hold'
        when 'PAYOUT_HELD' then 'withdraw_hold'
        when 'OUTCOME_UNKNOWN' then 'withdraw_hold'
        when 'SUCCESS' then 'withdraw_hold,withdraw_payout'
        else 'withdraw_hold,withdraw_release' end`)
    // A promotion's bonus was paid exactly once, in full, to the player's cash.
    const badBonuses = await q<{ id: string; n: string; total: string | null }>(sql`
      select pp.id, count(t.id) as n, sum(t.amount) as total
      from player_promotions pp
      left join transfers t on t.reference = 'deposit:' || pp.deposit_id and t.kind = 'promotion_bonus'
      left join accounts a on a.id = t.credit_account_id
      group by pp.id, pp.bonus, pp.player_id
      having count(t.id) <> (case when pp.bonus > 0 then 1 else 0 end)
          or coalesce(sum(t.amount), 0) <> pp.bonus
          or bool_or(a.player_id is distinct from pp.player_id or a.kind <> 'cash')`)
    // Each commission or rebate accrual was paid exactly once (nothing for a zero amount), to the right wallet.
    const badAccruals = await q<{ day: string; beneficiary_id: string; source_id: string; level: number }>(sql`
      select a.day, a.beneficiary_id, a.source_id, a.level
      from accruals a
      left join transfers t on t.idempotency_key = 'accrual:' || a.day || ':' || a.beneficiary_id || ':' || a.source_id || ':' || a.level
      left join accounts c on c.id = t.credit_account_id
      where (a.amount > 0 and (t.id is null or t.amount <> a.amount or c.player_id <> a.beneficiary_id
                               or c.kind <> case when a.level = 0 then 'rebate' else 'referral' end))
         or (a.amount = 0 and t.id is not null)`)
    // Each move of a referral or rebate wallet to cash has exactly its transfer.
    const badPayouts = await q<{ id: string; n: string }>(sql`
      select p.id, count(t.id) as n from wallet_payouts p
      left join transfers t on t.reference = 'payout:' || p.id and t.amount = p.amount
      group by p.id having count(t.id) <> 1`)
    // Every transfer that names a deposit or withdrawal points at one that exists. Two anti-joins: under one OR the
    // planner kept each NOT EXISTS a subplan, run per transfer once its hash outgrew work_mem (quadratic: issue 22 §5).
    const orphans = await q<{ id: string; reference: string }>(sql`
      select t.id, t.reference from transfers t
      where t.reference like 'deposit:%' and not exists (select 1 from deposits d where 'deposit:' || d.id = t.reference)
      union all
      select t.id, t.reference from transfers t
      where t.reference like 'withdrawal:%' and not exists (select 1 from withdrawals w where 'withdrawal:' || w.id = t.reference)`)
    // Each player's valid turnover per Bangkok day (ADR 057, kept as rounds settle) is the sum of the bets standing in
    // rounds that are over, by the day each was taken: what the referral accrual pays on.
    const badTurnover = await q<{ player_id: string; day: string; kept: string | null; derived: string | null }>(sql`
      with derived as (
        select st.player_id, ${bangkokDateOf(sql`st.created_at`)} as day, sum(st.amount) as amount
        from seamless_transactions st
        join game_rounds r on r.provider_code = st.provider_code and r.round_id = st.round_id
        where ${VALID_BET}
        group by 1, 2
      )
      select coalesce(k.player_id, d.player_id) as player_id, to_char(coalesce(k.day, d.day), 'YYYY-MM-DD') as day, k.amount as kept, d.amount as derived
      from player_day_turnover k
      full join derived d on d.player_id = k.player_id and d.day = k.day
      where k.amount is distinct from d.amount and not (k.amount = 0 and d.amount is null)`)
    const [counts] = await q<{ n: string }>(sql`
      select (select count(*) from accounts) + (select count(*) from transfers) + (select count(*) from deposits) + (select count(*) from withdrawals) as n`)
    return {
      mismatched,
      negative,
      unbalanced,
      badDeposits,
      badWithdrawals,
      badBonuses,
      badAccruals,
      badPayouts,
      orphans,
      badTurnover,
      checked: Number(counts?.n ?? 0),
    }
  },
}
export type LedgerRepository = typeof ledgerRepository
