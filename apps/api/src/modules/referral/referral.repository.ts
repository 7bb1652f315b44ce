import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accruals, players, walletPayouts } from '../../db/schema.ts'
import { arrayParam, executeNamed, rowsOf, rowWhere, type DbNumber as Num } from '../../db/rows.ts'
import { VALID_BET } from '../../db/valid-turnover.ts'

export type AccrualRow = typeof accruals.$inferSelect
export type NewAccrual = typeof accruals.$inferInsert
export type PayoutWalletKind = (typeof walletPayouts.$inferSelect)['wallet']

/** Advisory lock serialising accrual runs (the daily job, the back-office endpoint, the command line). */
export const ACCRUAL_LOCK = 7_262_010

const big = (v: Num | null | undefined) => BigInt(v ?? 0)

export const referralRepository = {
  /** Blocks until no other accrual run holds the lock; released when the transaction ends. */
  async lockAccruals(db: Db): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${ACCRUAL_LOCK})`)
  },

  /**
   * Players with valid turnover on a Bangkok day whose accrual has not been written yet (every accrued source has its
   * level-0 row, even a zero one), lowest id first, at most `limit`. Reads the day's bets once, grouped per player.
   * `cuts` split the day where a plan version took over (ADR 044): `parts` is the turnover of each stretch, in order
   * (one part without cuts), and `turnover` their sum.
   */
  async unaccruedTurnover(
    db: Db,
    q: { day: string; start: Date; end: Date; cuts?: Date[]; limit: number },
  ): Promise<Array<{ playerId: number; turnover: bigint; parts: bigint[] }>> {
    const edges = [q.start, ...(q.cuts ?? []), q.end]
    const stretches = edges
      .slice(0, -1)
      .map(
        (from, i) =>
          sql`coalesce(sum(st.amount) filter (where st.created_at >= ${from.toISOString()} and st.created_at < ${edges[i + 1]!.toISOString()}), 0) as ${sql.raw(`part${i}`)}`,
      )
    const rows = rowsOf<Record<string, Num> & { player_id: Num; turnover: Num }>(
      await db.execute(sql`
        select t.* from (
          select st.player_id, sum(st.amount) as turnover, ${sql.join(stretches, sql`, `)}
          from seamless_transactions st
          join game_rounds r on r.provider_code = st.provider_code and r.round_id = st.round_id
          where ${VALID_BET} and st.created_at >= ${q.start.toISOString()} and st.created_at < ${q.end.toISOString()} and st.player_id is not null
          group by st.player_id
        ) t
        where not exists (select 1 from accruals a where a.day = ${q.day} and a.beneficiary_id = t.player_id and a.source_id = t.player_id and a.level = 0)
        order by t.player_id
        limit ${q.limit}`),
    )
    return rows.map((r) => ({ playerId: Number(r.player_id), turnover: big(r.turnover), parts: stretches.map((_, i) => big(r[`part${i}`])) }))
  },

  /** Up to three uplines of each player, nearest first: [level1, level2, level3] (shorter when the chain ends). */
  async uplineChains(db: Db, playerIds: number[]): Promise<Map<number, number[]>> {
    const chains = new Map<number, number[]>()
    if (playerIds.length === 0) return chains
    const rows = rowsOf<{ id: Num; u1: Num | null; u2: Num | null; u3: Num | null }>(
      await db.execute(sql`
        select p.id, p.upline_id as u1, p1.upline_id as u2, p2.upline_id as u3
        from players p
        left join players p1 on p1.id = p.upline_id
        left join players p2 on p2.id = p1.upline_id
        where p.id in (${sql.join(
          playerIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    )
    for (const r of rows) {
      const chain: number[] = []
      for (const u of [r.u1, r.u2, r.u3]) {
        if (u === null) break
        chain.push(Number(u))
      }
      chains.set(Number(r.id), chain)
    }
    return chains
  },

  /** Inserts the accruals that do not exist yet; answers only those this call inserted (the rest were there). */
  async insertAccruals(db: Db, rows: NewAccrual[]): Promise<AccrualRow[]> {
    if (rows.length === 0) return []
    return db.insert(accruals).values(rows).onConflictDoNothing().returning()
  },

  /** A player's level-1 downlines, newest first (index players(upline_id, created_at)). */
  async downlines(db: Db, uplineId: number, page: number, size: number) {
    return db
      .select({ mobile: players.mobile, createdAt: players.createdAt })
      .from(players)
      .where(eq(players.uplineId, uplineId))
      .orderBy(desc(players.createdAt), desc(players.id))
      .limit(size)
      .offset(page * size)
  },
  async countDownlines(db: Db, uplineId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(players).where(eq(players.uplineId, uplineId))
    return Number(row?.n ?? 0)
  },
  /** A player's mobile, for a registration link's upline (shown masked). */
  async mobileOf(db: Db, playerId: number): Promise<string | undefined> {
    const [row] = await db.select({ mobile: players.mobile }).from(players).where(eq(players.id, playerId)).limit(1)
    return row?.mobile
  },
  async inviteCode(db: Db, playerId: number): Promise<string | undefined> {
    const [row] = await db.select({ code: players.inviteCode }).from(players).where(eq(players.id, playerId)).limit(1)
    return row?.code
  },

  /**
   * Everything `GET /wallet/v2/balance` shows, for each player asked, in the order asked (a player asked twice is
   * answered twice): the three balances (accounts by player), what each referral wallet has paid out (wallet_payouts by
   * player and wallet, at most one row a day; "ever earned" is then paid out + remaining, as nothing else moves money in
   * or out of those two wallets), and the Bangkok day's valid turnover (one row of player_day_turnover, kept as rounds
   * settle: ADR 057). Primary-key and index reads only, one round trip for the whole list: it is the hottest read of
   * the app, so the service gathers the reads that arrive together into one call (ADR 059), and it runs as a named
   * prepared statement with the list as one array parameter, planned once per connection (planning took five times
   * its execution).
   */
  async walletSummaries(db: Db, playerIds: readonly number[], day: string) {
    const rows = rowsOf<Record<'cash' | 'referral' | 'rebate' | 'bonus_paid' | 'refund_paid' | 'turnover', Num | null>>(
      await executeNamed(
        db,
        'wallet_summaries',
        sql`select
              (select balance from accounts where player_id = p.id and kind = 'cash') as cash,
              (select balance from accounts where player_id = p.id and kind = 'referral') as referral,
              (select balance from accounts where player_id = p.id and kind = 'rebate') as rebate,
              (select sum(amount) from wallet_payouts where player_id = p.id and wallet = 'bonus') as bonus_paid,
              (select sum(amount) from wallet_payouts where player_id = p.id and wallet = 'refund') as refund_paid,
              (select amount from player_day_turnover where player_id = p.id and day = ${day}::date) as turnover
            from unnest(${arrayParam(playerIds)}::bigint[]) with ordinality as p(id, n)
            order by p.n`,
      ),
    )
    // A player with no account yet reads as zero.
    return rows.map((row) => ({
      cash: big(row.cash),
      referral: big(row.referral),
      rebate: big(row.rebate),
      bonusPaid: big(row.bonus_paid),
      refundPaid: big(row.refund_paid),
      turnover: big(row.turnover),
    }))
  },

  async findPayout(db: Db, playerId: number, wallet: PayoutWalletKind, period: string) {
    return rowWhere(db, walletPayouts, and(eq(walletPayouts.playerId, playerId), eq(walletPayouts.wallet, wallet), eq(walletPayouts.period, period)))
  },

  /**
   * Claims the player's one payout of this wallet in this period. Undefined when it is taken: a concurrent request
   * waits on the unique index until the first commits, then finds it taken.
   */
  async claimPayout(db: Db, row: { playerId: number; wallet: PayoutWalletKind; period: string; amount: bigint; createdAt: Date }) {
    const [inserted] = await db.insert(walletPayouts).values(row).onConflictDoNothing().returning()
    return inserted
  },
}

export type ReferralRepository = typeof referralRepository
