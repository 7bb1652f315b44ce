import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf, type DbNumber } from '../../db/rows.ts'
import { bangkokDayTextOf } from '../../db/bangkok-day.ts'

// The reports' reads (issue 20 §5). Every figure is a sum over the ledger's immutable transfers in a range of instants
// [from, to), found through `transfers_kind_created_idx` (kind, created_at); what a transfer was for (its provider,
// round, deposit or promotion) is looked up by primary key or index from the transfer's own accounts and reference.
// The statements are built by `reportQueries` so the EXPLAIN test runs exactly what the repository runs.

export const GGR_KINDS = ['game_bet', 'game_rollback', 'game_win'] as const
export const PAYMENT_KINDS = ['deposit', 'withdraw_payout'] as const
export const REFERRAL_KINDS = ['referral_commission', 'rebate_accrual', 'referral_payout', 'rebate_payout'] as const

const kindIn = (kinds: readonly string[]) =>
  sql`t.kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`
const within = (from: Date, to: Date) => sql`t.created_at >= ${from} and t.created_at < ${to}`
/** The house account of a game transfer: a bet credits `game:<provider>`, a win or a rollback debits it. */
const gameAccount = sql`a.id = case when t.kind = 'game_bet' then t.credit_account_id else t.debit_account_id end`
const ggrSums = sql`
  sum(case when t.kind = 'game_bet' then t.amount else 0 end) as bets,
  sum(case when t.kind = 'game_rollback' then t.amount else 0 end) as rollbacks,
  sum(case when t.kind = 'game_win' then t.amount else 0 end) as wins`
/** A numeric id after `prefix` in a transfer's reference (`deposit:12`), null for anything else. */
const referencedId = (prefix: string) => sql`case when t.reference ~ ${`^${prefix}:[0-9]{1,18}$`} then substr(t.reference, ${prefix.length + 2})::bigint end`
/** A deposit's pay-in account as the money desk's reconciliation reads it: the bank's digits, '' when only an operator's word. */
const payInAccount = sql`case when d.feed_at is not null then regexp_replace(d.to_account, '[^0-9]', '', 'g') else '' end`
/** Which side of a transfer is the player: the one paying for a bet, the one paid for a deposit. */
export type PlayerSide = 'debit' | 'credit'
const playerAccount = (side: PlayerSide) => (side === 'debit' ? sql`a.id = t.debit_account_id` : sql`a.id = t.credit_account_id`)

export const reportQueries = {
  /** Sum and count of transfers of `kinds` per Bangkok day and kind. */
  kindsByDay: (kinds: readonly string[], from: Date, to: Date) => sql`
    select ${bangkokDayTextOf(sql`t.created_at`)} as day, t.kind, sum(t.amount) as total, count(*) as n
    from transfers t
    where ${kindIn(kinds)} and ${within(from, to)}
    group by 1, 2`,

  /** Bets, rollbacks and wins per provider (its house account `game:<provider>`), after `after`, `limit` of them. */
  ggrByProvider: (from: Date, to: Date, after: string | null, limit: number) => sql`
    select substr(a.kind, 6) as provider, max(p.title) as title, ${ggrSums}
    from transfers t
    join accounts a on ${gameAccount}
    left join providers p on p.code = substr(a.kind, 6)
    where ${kindIn(GGR_KINDS)} and ${within(from, to)} ${after === null ? sql`` : sql`and a.kind > ${`game:${after}`}`}
    group by a.kind
    order by a.kind
    limit ${limit}`,

  /**
   * Bets, rollbacks and wins per game: the round a transfer names (`round:<provider>:<round id>`) says which game it
   * was ('' when the round has none); keyset by (provider, game).
   */
  ggrByGame: (from: Date, to: Date, after: { provider: string; game: string } | null, limit: number) => sql`
    select substr(a.kind, 6) as provider, coalesce(r.game_code, '') as game, max(g.title) as title, ${ggrSums}
    from transfers t
    join accounts a on ${gameAccount}
    left join game_rounds r on r.provider_code = substr(a.kind, 6) and r.round_id = substr(t.reference, length(a.kind) + 3)
    left join games g on g.provider_code = r.provider_code and g.code = r.game_code
    where ${kindIn(GGR_KINDS)} and ${within(from, to)}
      ${after === null ? sql`` : sql`and (substr(a.kind, 6), coalesce(r.game_code, '')) > (${after.provider}, ${after.game})`}
    group by 1, 2
    order by 1, 2
    limit ${limit}`,

  /** Credited deposits per pay-in account (the deposit record a transfer names), with the account's bank and name. */
  depositsByAccount: (from: Date, to: Date, after: string | null, limit: number) => sql`
    with sums as (
      select ${payInAccount} as account, sum(t.amount) as total, count(*) as n
      from transfers t
      left join deposits d on d.id = ${referencedId('deposit')}
      where t.kind = 'deposit' and ${within(from, to)} ${after === null ? sql`` : sql`and ${payInAccount} > ${after}`}
      group by 1
      order by 1
      limit ${limit}
    )
    select s.account, s.total, s.n, o.bank_code, o.account_name
    from sums s
    left join lateral (
      select bank_code, account_name from operator_bank_accounts o where o.account_number = s.account order by o.active desc, o.id desc limit 1
    ) o on true
    order by s.account`,

  /**
   * Bonus paid and forfeited per promotion. A bonus transfer names its deposit (`deposit:<id>`), and the player's
   * promotion taken with that deposit names the promotion; a forfeit names the player's promotion (`promotion:<id>`).
   */
  bonusByPromotion: (from: Date, to: Date, after: number | null, limit: number) => sql`
    with items as (
      select t.kind, t.amount,
        case when t.kind = 'promotion_bonus' then (
          select pp.promotion_id from accounts a join player_promotions pp on pp.player_id = a.player_id
          where a.id = t.credit_account_id and pp.deposit_id = ${referencedId('deposit')} limit 1
        ) else (
          select pp.promotion_id from player_promotions pp where pp.id = ${referencedId('promotion')}
        ) end as promotion_id
      from transfers t
      where ${kindIn(['promotion_bonus', 'promotion_forfeit'])} and ${within(from, to)}
    )
    select coalesce(i.promotion_id, 0) as promotion_id, max(p.title) as title,
      count(*) filter (where i.kind = 'promotion_bonus') as claims,
      sum(case when i.kind = 'promotion_bonus' then i.amount else 0 end) as bonus,
      sum(case when i.kind = 'promotion_forfeit' then i.amount else 0 end) as forfeited
    from items i
    left join promotions p on p.id = i.promotion_id
    ${after === null ? sql`` : sql`where coalesce(i.promotion_id, 0) > ${after}`}
    group by 1
    order by 1
    limit ${limit}`,

  /** Players who joined, per Bangkok day. */
  newPlayersByDay: (from: Date, to: Date) => sql`
    select ${bangkokDayTextOf(sql`p.created_at`)} as day, count(*) as n
    from players p
    where p.created_at >= ${from} and p.created_at < ${to}
    group by 1`,

  /** Different players with a transfer of `kind` on their `side`, per Bangkok day (`byDay`) or over the whole range. */
  playersWith: (kind: string, side: PlayerSide, from: Date, to: Date, byDay: boolean) => sql`
    select ${byDay ? bangkokDayTextOf(sql`t.created_at`) : sql`''`} as day, count(distinct a.player_id) as n
    from transfers t
    join accounts a on ${playerAccount(side)}
    where t.kind = ${kind} and ${within(from, to)}
    group by 1`,
}

export interface GgrSums {
  bets: bigint
  rollbacks: bigint
  wins: bigint
}
const ggrOf = (r: { bets: DbNumber; rollbacks: DbNumber; wins: DbNumber }): GgrSums => ({
  bets: BigInt(r.bets),
  rollbacks: BigInt(r.rollbacks),
  wins: BigInt(r.wins),
})
const counts = (rows: Array<{ day: string; n: DbNumber }>) => new Map(rows.map((r) => [r.day, Number(r.n)]))

export const reportsRepository = {
  async kindsByDay(db: Db, kinds: readonly string[], from: Date, to: Date) {
    const rows = rowsOf<{ day: string; kind: string; total: DbNumber; n: DbNumber }>(await db.execute(reportQueries.kindsByDay(kinds, from, to)))
    return rows.map((r) => ({ day: r.day, kind: r.kind, total: BigInt(r.total), count: Number(r.n) }))
  },

  async ggrByProvider(db: Db, from: Date, to: Date, after: string | null, limit: number) {
    const rows = rowsOf<{ provider: string; title: string | null; bets: DbNumber; rollbacks: DbNumber; wins: DbNumber }>(
      await db.execute(reportQueries.ggrByProvider(from, to, after, limit)),
    )
    return rows.map((r) => ({ provider: r.provider, title: r.title, ...ggrOf(r) }))
  },

  async ggrByGame(db: Db, from: Date, to: Date, after: { provider: string; game: string } | null, limit: number) {
    const rows = rowsOf<{ provider: string; game: string; title: string | null; bets: DbNumber; rollbacks: DbNumber; wins: DbNumber }>(
      await db.execute(reportQueries.ggrByGame(from, to, after, limit)),
    )
    return rows.map((r) => ({ provider: r.provider, game: r.game, title: r.title, ...ggrOf(r) }))
  },

  async depositsByAccount(db: Db, from: Date, to: Date, after: string | null, limit: number) {
    const rows = rowsOf<{ account: string; total: DbNumber; n: DbNumber; bank_code: string | null; account_name: string | null }>(
      await db.execute(reportQueries.depositsByAccount(from, to, after, limit)),
    )
    return rows.map((r) => ({ account: r.account, bankCode: r.bank_code, accountName: r.account_name, total: BigInt(r.total), count: Number(r.n) }))
  },

  async bonusByPromotion(db: Db, from: Date, to: Date, after: number | null, limit: number) {
    const rows = rowsOf<{ promotion_id: DbNumber; title: string | null; claims: DbNumber; bonus: DbNumber; forfeited: DbNumber }>(
      await db.execute(reportQueries.bonusByPromotion(from, to, after, limit)),
    )
    return rows.map((r) => ({
      promotionId: Number(r.promotion_id),
      title: r.title,
      claims: Number(r.claims),
      bonus: BigInt(r.bonus),
      forfeited: BigInt(r.forfeited),
    }))
  },

  async newPlayersByDay(db: Db, from: Date, to: Date) {
    return counts(rowsOf<{ day: string; n: DbNumber }>(await db.execute(reportQueries.newPlayersByDay(from, to))))
  },

  /** Per Bangkok day, or over the whole range under the key '' when `byDay` is false. */
  async playersWith(db: Db, kind: string, side: PlayerSide, from: Date, to: Date, byDay: boolean) {
    return counts(rowsOf<{ day: string; n: DbNumber }>(await db.execute(reportQueries.playersWith(kind, side, from, to, byDay))))
  },
}
export type ReportsRepository = typeof reportsRepository
