import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf, type DbNumber } from '../../db/rows.ts'
import { bangkokDayRange, HOUR_MS } from '@sanam/contract/bangkok'
import { bangkokDateOf, bangkokDayStartOf, bangkokDayTextOf, bangkokHourTextOf } from '../../db/bangkok-day.ts'

// The reports' reads (issue 20 §5). Every money figure is a sum over the ledger's immutable transfers in a range of
// Bangkok days [from, to) (instants at the start of a day): the days already rolled up come from their daily sums
// (`report_day_sums`, ADR 097), the closed hours after the last day rolled up from their hourly sums
// (`report_hour_sums`, ADR 097's fifth amendment), and the rest (the last hour or two) from the transfers themselves,
// found through `transfers_kind_created_idx` (kind, created_at). What a transfer was for
// (its provider, game, deposit or promotion) is looked up by primary key or index from the transfer's own accounts and
// reference, the same way for the rollup and for the days read directly (`transferFacts`). The counts of different
// players (players-by-day) cannot be summed across days and still read the transfers.
// The statements are built by `reportQueries` so the EXPLAIN test runs exactly what the repository runs.

export const GGR_KINDS = ['game_bet', 'game_rollback', 'game_win'] as const
export const PAYMENT_KINDS = ['deposit', 'withdraw_payout'] as const
export const REFERRAL_KINDS = ['referral_commission', 'rebate_accrual', 'referral_payout', 'rebate_payout'] as const
export const BONUS_KINDS = ['promotion_bonus', 'promotion_forfeit'] as const
/** Every kind a report sums: what the daily sums hold (ADR 097). */
export const SUMMED_KINDS = [...GGR_KINDS, ...PAYMENT_KINDS, ...REFERRAL_KINDS, ...BONUS_KINDS] as const
/** The rollup job's advisory lock (ADR 097); the command-line rollup takes the same one. */
export const REPORT_ROLLUP_LOCK = 7_262_011

/**
 * How far the sums reach, read once per report (ADR 097): the last Bangkok day rolled up into the daily sums, and the
 * first instant of the last hour rolled up into the hourly sums (an ISO text); null before the first of each. Every
 * hour from the end of `day` through `hour` is in the hourly sums (the job rolls them in order from there); an `hour`
 * before the end of `day` says nothing (its day's sums have it).
 */
export interface RolledUp {
  day: string | null
  hour: string | null
}
export const NOTHING_ROLLED_UP: RolledUp = { day: null, hour: null }

/**
 * Where a read of [from, to) takes each part from, given what is rolled up: the daily sums up to `rolled.day`, the
 * hourly sums of [hoursFrom, hoursTo) (none when empty), the transfers from `transfersFrom`.
 */
function readPlan(from: Date, to: Date, rolled: RolledUp): { hoursFrom: Date; hoursTo: Date; transfersFrom: Date } {
  const daysEnd = rolled.day === null ? from.getTime() : Math.max(from.getTime(), bangkokDayRange(rolled.day).end.getTime())
  const hoursEnd = rolled.hour === null ? daysEnd : Math.max(daysEnd, Math.min(to.getTime(), Date.parse(rolled.hour) + HOUR_MS))
  return { hoursFrom: new Date(daysEnd), hoursTo: new Date(hoursEnd), transfersFrom: new Date(hoursEnd) }
}

/** `column` is one of `kinds`. */
const kindListed = (column: SQL, kinds: readonly string[]) =>
  sql`${column} in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`
const kindIn = (kinds: readonly string[]) => kindListed(sql`t.kind`, kinds)
const within = (from: Date, to: Date) => sql`t.created_at >= ${from} and t.created_at < ${to}`
/** The house account of a game transfer: a bet credits `game:<provider>`, a win or a rollback debits it. */
const gameAccount = sql`a.id = case when t.kind = 'game_bet' then t.credit_account_id else t.debit_account_id end`
const ggrSums = sql`
  sum(case when f.kind = 'game_bet' then f.total else 0 end) as bets,
  sum(case when f.kind = 'game_rollback' then f.total else 0 end) as rollbacks,
  sum(case when f.kind = 'game_win' then f.total else 0 end) as wins`
/** A numeric id after `prefix` in a transfer's reference (`deposit:12`), null for anything else. */
const referencedId = (prefix: string) => sql`case when t.reference ~ ${`^${prefix}:[0-9]{1,18}$`} then substr(t.reference, ${prefix.length + 2})::bigint end`
/** A deposit's pay-in account as the money desk's reconciliation reads it: the bank's digits, '' when only an operator's word. */
const payInAccount = sql`case when d.feed_at is not null then regexp_replace(d.to_account, '[^0-9]', '', 'g') else '' end`
/** Which side of a transfer is the player: the one paying for a bet, the one paid for a deposit. */
export type PlayerSide = 'debit' | 'credit'
const playerAccount = (side: PlayerSide) => (side === 'debit' ? sql`a.id = t.debit_account_id` : sql`a.id = t.credit_account_id`)

/** The promotion a bonus transfer was paid for (through its deposit) or a forfeit took back (its player's promotion), else 0. */
const promotionOf = sql`coalesce(case
    when t.kind = 'promotion_bonus' then (
      select pp.promotion_id from accounts pa join player_promotions pp on pp.player_id = pa.player_id
      where pa.id = t.credit_account_id and pp.deposit_id = ${referencedId('deposit')} limit 1)
    when t.kind = 'promotion_forfeit' then (select pp.promotion_id from player_promotions pp where pp.id = ${referencedId('promotion')})
  end, 0)`

/**
 * What a read groups transfers by beyond their day and kind: a game transfer's provider (its house account), its game
 * (its round; the provider is looked up for it too), a deposit's pay-in account, a bonus's promotion. Each report
 * looks up only what it groups by (a year's GGR by provider has no use for each of today's bets' rounds); the rollup
 * and ledger:verify look up all of them (ALL_DIMENSIONS).
 */
export type FactDimension = 'provider' | 'game' | 'payInAccount' | 'promotion'
export const ALL_DIMENSIONS: readonly FactDimension[] = ['provider', 'game', 'payInAccount', 'promotion']

/**
 * Each transfer of `kinds` in [from, to) with its Bangkok day and what the reports group it by ('' or 0 where a kind
 * has none, or where `dimensions` leaves it out): the one definition the rollup stores per day and the reports read
 * for the days not rolled up yet. What a transfer is grouped by is looked up for each transfer by key (its house
 * account, round, deposit, promotion), as subqueries the planner cannot turn into joins (`offset 0`, scalar
 * subqueries): a join let it hash every account and every deposit for a day's transfers (measured at 20 million
 * transfers: 2.7 s a day), so a day's rollup grew with the history; by key it costs the day's transfers only (ADR 097,
 * amended). A look-up a read does not need is left out: on PGlite each of a day's bets' round look-ups cost about 10 µs
 * (ADR 097, fourth amendment).
 */
const transferFacts = (kinds: readonly string[], from: SQL, to: SQL, dimensions: readonly FactDimension[]) => {
  const has = (d: FactDimension) => dimensions.includes(d)
  const provider = has('provider') || has('game')
  return sql`
    select ${bangkokDateOf(sql`t.created_at`)} as day, t.kind,
      ${provider ? sql`coalesce(h.provider, '')` : sql`''`} as provider,
      ${has('game') ? sql`coalesce((select r.game_code from game_rounds r where r.provider_code = h.provider and r.round_id = substr(t.reference, length('round:' || h.provider || ':') + 1)), '')` : sql`''`} as game,
      ${has('payInAccount') ? sql`case when t.kind = 'deposit' then coalesce((select ${payInAccount} from deposits d where d.id = ${referencedId('deposit')}), '') else '' end` : sql`''`} as pay_in_account,
      ${has('promotion') ? promotionOf : sql`0`}::bigint as promotion_id, t.amount
    from transfers t
    ${provider ? sql`left join lateral (select substr(a.kind, 6) as provider from accounts a where ${kindIn(GGR_KINDS)} and ${gameAccount} offset 0) h on true` : sql``}
    where ${kindIn(kinds)} and t.created_at >= ${from} and t.created_at < ${to}`
}

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`

/**
 * The CTE `facts` (day, kind, provider, game, pay_in_account, promotion_id, total, n) over the Bangkok days [from, to)
 * (instants at the start of a day): the stored daily sums of the days up to `rolled.day`, the stored hourly sums of
 * the hours after it through `rolled.hour` (both read just before), and the transfers from the end of the last of
 * those, summed the same way (`readPlan`). Every bound is a constant, so the transfers are found through
 * `transfers_kind_created_idx` from the first instant not rolled up. A rollup committing after `rolled` was read changes
 * nothing: its day or hour is past the bounds for the sums and still read from the hourly sums or the transfers (the
 * hours of a day rolled up are kept a day longer, for such a read).
 */
const factsOf = (kinds: readonly string[], from: Date, to: Date, dimensions: readonly FactDimension[], rolled: RolledUp) => {
  const { hoursFrom, hoursTo, transfersFrom } = readPlan(from, to, rolled)
  return sql`
  with facts as (
    select s.day, s.kind, s.provider, s.game, s.pay_in_account, s.promotion_id, s.total, s.n
    from report_day_sums s
    where ${rolled.day === null ? sql`false` : sql`s.day <= ${rolled.day}::date`} and ${kindListed(sql`s.kind`, kinds)}
      and s.day >= ${bangkokDateOf(instant(from))} and s.day < ${bangkokDateOf(instant(to))}
    union all
    select ${bangkokDateOf(sql`h.hour`)}, h.kind, h.provider, h.game, h.pay_in_account, h.promotion_id, h.total, h.n
    from report_hour_sums h
    where ${hoursTo > hoursFrom ? sql`h.hour >= ${instant(hoursFrom)} and h.hour < ${instant(hoursTo)}` : sql`false`} and ${kindListed(sql`h.kind`, kinds)}
    union all
    select f.day, f.kind, f.provider, f.game, f.pay_in_account, f.promotion_id, sum(f.amount), count(*)
    from (${transferFacts(kinds, instant(transfersFrom), instant(to), dimensions)}) f
    group by 1, 2, 3, 4, 5, 6
  )`
}

/** A rollup period: its sums' and its rollups' tables, and the name of their key column. */
const PERIODS = {
  day: { sums: sql.raw('report_day_sums'), rollups: sql.raw('report_rollups'), key: sql.raw('day') },
  hour: { sums: sql.raw('report_hour_sums'), rollups: sql.raw('report_hour_rollups'), key: sql.raw('hour') },
} as const
export type RollupPeriod = keyof typeof PERIODS

/**
 * Stores the sums of the transfers of [start, end) under `key` (a day's date or an hour's first instant) and marks the
 * period rolled up, in one statement; answers the period's transfers. The one definition (`transferFacts`, every
 * dimension) for days and hours alike.
 */
const rollUpPeriod = (period: RollupPeriod, key: SQL, start: Date, end: Date, at: Date) => {
  const { sums, rollups, key: column } = PERIODS[period]
  return sql`
    with sums as (
      select f.kind, f.provider, f.game, f.pay_in_account, f.promotion_id, sum(f.amount) as total, count(*) as n
      from (${transferFacts(SUMMED_KINDS, instant(start), instant(end), ALL_DIMENSIONS)}) f
      group by 1, 2, 3, 4, 5
    ), stored as (
      insert into ${sums} (${column}, kind, provider, game, pay_in_account, promotion_id, total, n)
      select ${key}, kind, provider, game, pay_in_account, promotion_id, total, n from sums
      returning n
    )
    insert into ${rollups} (${column}, transfers, rolled_at)
    select ${key}, coalesce(sum(n), 0), ${instant(at)} from stored
    returning transfers`
}

/**
 * The stored sums of `period` that differ from the transfers' own (`derived`: the same columns, summed again), a row
 * kept with no transfers behind it, transfers with no row, or a different total or count; at most `limit`, the period's
 * key as text.
 */
const sumDifferences = (period: RollupPeriod, keyText: (column: SQL) => SQL, derived: SQL, limit: number) => {
  const { sums, key } = PERIODS[period]
  return sql`
    with derived as (${derived}),
    compared as (
      select ${keyText(key)} as period, kind, provider, game, pay_in_account, promotion_id,
        s.total as kept_total, s.n as kept_n, d.total as derived_total, d.n as derived_n
      from ${sums} s
      full join derived d using (${key}, kind, provider, game, pay_in_account, promotion_id)
    )
    select c.*
    from compared c
    where c.kept_total is distinct from c.derived_total or c.kept_n is distinct from c.derived_n
    order by c.period, c.kind
    limit ${limit}`
}

export const reportQueries = {
  /** Sum and count of transfers of `kinds` per Bangkok day and kind. */
  kindsByDay: (kinds: readonly string[], from: Date, to: Date, rolled: RolledUp = NOTHING_ROLLED_UP) => sql`
    ${factsOf(kinds, from, to, [], rolled)}
    select to_char(f.day, 'YYYY-MM-DD') as day, f.kind, sum(f.total) as total, sum(f.n) as n
    from facts f
    group by 1, 2`,

  /** Bets, rollbacks and wins per provider (its house account `game:<provider>`), after `after`, `limit` of them. */
  ggrByProvider: (from: Date, to: Date, after: string | null, limit: number, rolled: RolledUp = NOTHING_ROLLED_UP) => sql`
    ${factsOf(GGR_KINDS, from, to, ['provider'], rolled)}
    select f.provider, max(p.title) as title, ${ggrSums}
    from facts f
    left join providers p on p.code = f.provider
    ${after === null ? sql`` : sql`where f.provider > ${after}`}
    group by f.provider
    order by f.provider
    limit ${limit}`,

  /**
   * Bets, rollbacks and wins per game: the round a transfer names (`round:<provider>:<round id>`) says which game it
   * was ('' when the round has none); keyset by (provider, game).
   */
  ggrByGame: (from: Date, to: Date, after: { provider: string; game: string } | null, limit: number, rolled: RolledUp = NOTHING_ROLLED_UP) => sql`
    ${factsOf(GGR_KINDS, from, to, ['game'], rolled)}
    select f.provider, f.game, max(g.title) as title, ${ggrSums}
    from facts f
    left join games g on f.game <> '' and g.provider_code = f.provider and g.code = f.game
    ${after === null ? sql`` : sql`where (f.provider, f.game) > (${after.provider}, ${after.game})`}
    group by 1, 2
    order by 1, 2
    limit ${limit}`,

  /** Credited deposits per pay-in account (the deposit record a transfer names), with the account's bank and name. */
  depositsByAccount: (from: Date, to: Date, after: string | null, limit: number, rolled: RolledUp = NOTHING_ROLLED_UP) => sql`
    ${factsOf(['deposit'], from, to, ['payInAccount'], rolled)},
    sums as (
      select f.pay_in_account as account, sum(f.total) as total, sum(f.n) as n
      from facts f
      ${after === null ? sql`` : sql`where f.pay_in_account > ${after}`}
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
  bonusByPromotion: (from: Date, to: Date, after: number | null, limit: number, rolled: RolledUp = NOTHING_ROLLED_UP) => sql`
    ${factsOf(BONUS_KINDS, from, to, ['promotion'], rolled)}
    select f.promotion_id, max(p.title) as title,
      coalesce(sum(f.n) filter (where f.kind = 'promotion_bonus'), 0) as claims,
      sum(case when f.kind = 'promotion_bonus' then f.total else 0 end) as bonus,
      sum(case when f.kind = 'promotion_forfeit' then f.total else 0 end) as forfeited
    from facts f
    left join promotions p on p.id = f.promotion_id
    ${after === null ? sql`` : sql`where f.promotion_id > ${after}`}
    group by 1
    order by 1
    limit ${limit}`,

  /** How far the sums reach (`RolledUp`): each table's last entry by its primary key. */
  rolledUp: () => sql`
    select (select to_char(max(day), 'YYYY-MM-DD') from report_rollups) as day,
      (select to_char(max(hour) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from report_hour_rollups) as hour`,

  /** The Bangkok day of the first transfer of a summed kind (the index's first entry per kind), null when there is none. */
  firstSummedDay: () => sql`
    select to_char(min(${bangkokDateOf(sql`m.first`)}), 'YYYY-MM-DD') as day
    from (select (select min(t.created_at) from transfers t where t.kind = k.kind) as first
          from unnest(array[${sql.join(
            SUMMED_KINDS.map((k) => sql`${k}`),
            sql`, `,
          )}]::text[]) as k(kind)) m`,

  /**
   * No JIT for the rest of the transaction (the rollup's). A day's rollup is some thousands of index probes, which the
   * planner costs above PostgreSQL's JIT thresholds: measured at 2 million transfers, 2.1 s of a day's 2.2 s was
   * compiling the statement, 0.1 s running it. The embedded database has no JIT; the setting is accepted and does nothing.
   */
  withoutJit: () => sql`set local jit = off`,

  /** Stores a closed Bangkok day's sums and marks the day rolled up, in one statement; answers the day's transfers. */
  rollUpDay: (day: string, at: Date) => {
    const { start, end } = bangkokDayRange(day)
    return rollUpPeriod('day', sql`${day}::date`, start, end, at)
  },

  /** Stores a closed hour's sums (`hour`, its first instant) and marks the hour rolled up; answers its transfers. */
  rollUpHour: (hour: Date, at: Date) => rollUpPeriod('hour', instant(hour), hour, new Date(hour.getTime() + HOUR_MS), at),

  /**
   * Deletes the hourly sums of the days rolled up at or before `rolledBefore` (and of any day before them): no read
   * takes those hours from the hourly sums any more. Answers the hours deleted.
   */
  forgetHoursOfDaysRolledBefore: (rolledBefore: Date) => sql`
    with kept as (select ${bangkokDayStartOf(sql`max(day) + 1`)} as first from report_rollups where rolled_at <= ${instant(rolledBefore)}),
    sums as (delete from report_hour_sums where hour < (select first from kept))
    delete from report_hour_rollups where hour < (select first from kept)
    returning hour`,

  /**
   * Every stored daily sum that differs from the transfers' own over the days rolled up (a row kept with no transfers
   * behind it, transfers with no row, or a different total or count), at most `limit`. The days' transfers are read as
   * one range, from the first day rolled up to the last.
   */
  daySumDifferences: (limit: number) =>
    sumDifferences(
      'day',
      (day) => sql`to_char(${day}, 'YYYY-MM-DD')`,
      sql`
      with rolled as (select min(day) as first, max(day) as through from report_rollups)
      select f.day, f.kind, f.provider, f.game, f.pay_in_account, f.promotion_id, sum(f.amount) as total, count(*) as n
      from (${transferFacts(
        SUMMED_KINDS,
        sql`(select ${bangkokDayStartOf(sql`first`)} from rolled)`,
        sql`(select ${bangkokDayStartOf(sql`through + 1`)} from rolled)`,
        ALL_DIMENSIONS,
      )}) f
      group by 1, 2, 3, 4, 5, 6`,
      limit,
    ),

  /** The same for the hourly sums kept: each hour rolled up summed again from its own transfers. */
  hourSumDifferences: (limit: number) =>
    sumDifferences(
      'hour',
      (hour) => bangkokHourTextOf(hour),
      sql`
      select r.hour, f.kind, f.provider, f.game, f.pay_in_account, f.promotion_id, sum(f.amount) as total, count(*) as n
      from report_hour_rollups r
      cross join lateral (${transferFacts(SUMMED_KINDS, sql`r.hour`, sql`r.hour + interval '1 hour'`, ALL_DIMENSIONS)}) f
      group by 1, 2, 3, 4, 5, 6`,
      limit,
    ),

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

/** How far the daily and the hourly sums reach (each an index's last entry). */
async function rolledUp(db: Db): Promise<RolledUp> {
  const row = rowsOf<{ day: string | null; hour: string | null }>(await db.execute(reportQueries.rolledUp()))[0]
  return { day: row?.day ?? null, hour: row?.hour ?? null }
}

export const reportsRepository = {
  // The summed reads take `rolled`, how far the sums reach (`rolledUp`), read once by the caller per report.
  async kindsByDay(db: Db, kinds: readonly string[], from: Date, to: Date, rolled: RolledUp) {
    const rows = rowsOf<{ day: string; kind: string; total: DbNumber; n: DbNumber }>(await db.execute(reportQueries.kindsByDay(kinds, from, to, rolled)))
    return rows.map((r) => ({ day: r.day, kind: r.kind, total: BigInt(r.total), count: Number(r.n) }))
  },

  async ggrByProvider(db: Db, from: Date, to: Date, after: string | null, limit: number, rolled: RolledUp) {
    const rows = rowsOf<{ provider: string; title: string | null; bets: DbNumber; rollbacks: DbNumber; wins: DbNumber }>(
      await db.execute(reportQueries.ggrByProvider(from, to, after, limit, rolled)),
    )
    return rows.map((r) => ({ provider: r.provider, title: r.title, ...ggrOf(r) }))
  },

  async ggrByGame(db: Db, from: Date, to: Date, after: { provider: string; game: string } | null, limit: number, rolled: RolledUp) {
    const rows = rowsOf<{ provider: string; game: string; title: string | null; bets: DbNumber; rollbacks: DbNumber; wins: DbNumber }>(
      await db.execute(reportQueries.ggrByGame(from, to, after, limit, rolled)),
    )
    return rows.map((r) => ({ provider: r.provider, game: r.game, title: r.title, ...ggrOf(r) }))
  },

  async depositsByAccount(db: Db, from: Date, to: Date, after: string | null, limit: number, rolled: RolledUp) {
    const rows = rowsOf<{ account: string; total: DbNumber; n: DbNumber; bank_code: string | null; account_name: string | null }>(
      await db.execute(reportQueries.depositsByAccount(from, to, after, limit, rolled)),
    )
    return rows.map((r) => ({ account: r.account, bankCode: r.bank_code, accountName: r.account_name, total: BigInt(r.total), count: Number(r.n) }))
  },

  async bonusByPromotion(db: Db, from: Date, to: Date, after: number | null, limit: number, rolled: RolledUp) {
    const rows = rowsOf<{ promotion_id: DbNumber; title: string | null; claims: DbNumber; bonus: DbNumber; forfeited: DbNumber }>(
      await db.execute(reportQueries.bonusByPromotion(from, to, after, limit, rolled)),
    )
    return rows.map((r) => ({
      promotionId: Number(r.promotion_id),
      title: r.title,
      claims: Number(r.claims),
      bonus: BigInt(r.bonus),
      forfeited: BigInt(r.forfeited),
    }))
  },

  rolledUp,

  async firstSummedDay(db: Db): Promise<string | null> {
    return rowsOf<{ day: string | null }>(await db.execute(reportQueries.firstSummedDay()))[0]?.day ?? null
  },

  /** Turns JIT compilation off for the rest of the caller's transaction (the rollup's, `reportQueries.withoutJit`). */
  async withoutJit(db: Db): Promise<void> {
    await db.execute(reportQueries.withoutJit())
  },

  /** Rolls one closed day up; answers how many transfers its sums hold. */
  async rollUpDay(db: Db, day: string, at: Date): Promise<number> {
    return Number(rowsOf<{ transfers: DbNumber }>(await db.execute(reportQueries.rollUpDay(day, at)))[0]!.transfers)
  },

  /** Rolls one closed hour up (its first instant); answers how many transfers its sums hold. */
  async rollUpHour(db: Db, hour: Date, at: Date): Promise<number> {
    return Number(rowsOf<{ transfers: DbNumber }>(await db.execute(reportQueries.rollUpHour(hour, at)))[0]!.transfers)
  },

  /** Deletes the hourly sums of the days rolled up at or before `rolledBefore`; answers how many hours. */
  async forgetHoursOfDaysRolledBefore(db: Db, rolledBefore: Date): Promise<number> {
    return rowsOf(await db.execute(reportQueries.forgetHoursOfDaysRolledBefore(rolledBefore))).length
  },

  /** The stored sums of `period` that differ from the ledger's transfers, at most `limit`; `period` is the day or hour as text. */
  async sumDifferences(db: Db, period: RollupPeriod, limit: number) {
    const query = period === 'day' ? reportQueries.daySumDifferences(limit) : reportQueries.hourSumDifferences(limit)
    const rows = rowsOf<{
      period: string
      kind: string
      provider: string
      game: string
      pay_in_account: string
      promotion_id: DbNumber
      kept_total: DbNumber | null
      kept_n: DbNumber | null
      derived_total: DbNumber | null
      derived_n: DbNumber | null
    }>(await db.execute(query))
    const amount = (v: DbNumber | null) => (v === null ? null : BigInt(v))
    return rows.map((r) => ({
      period: r.period,
      kind: r.kind,
      provider: r.provider,
      game: r.game,
      payInAccount: r.pay_in_account,
      promotionId: Number(r.promotion_id),
      kept: r.kept_total === null ? null : { total: amount(r.kept_total)!, count: Number(r.kept_n) },
      derived: r.derived_total === null ? null : { total: amount(r.derived_total)!, count: Number(r.derived_n) },
    }))
  },

  /** How many rows of `period`'s sums there are (what ledger:verify compares when nothing differs). */
  async sumRows(db: Db, period: RollupPeriod): Promise<number> {
    return Number(rowsOf<{ n: DbNumber }>(await db.execute(sql`select count(*) as n from ${PERIODS[period].sums}`))[0]!.n)
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
