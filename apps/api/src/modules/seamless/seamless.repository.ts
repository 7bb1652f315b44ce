import { and, eq, sql, type SQL } from 'drizzle-orm'
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../../db/after-commit.ts'
import { bangkokDateOf } from '../../db/bangkok-day.ts'
import type { Db } from '../../db/client.ts'
import { arrayParam, columnsOf, executeNamed, rowsOf } from '../../db/rows.ts'
import type { seamlessLog } from '../../db/schema.ts'
import { gameRounds, seamlessTransactions } from '../../db/schema.ts'
import { txKey, type RoundChange, type RoundStatus, type TurnoverChange } from './seamless-decisions.ts'

export type SeamlessTxRow = typeof seamlessTransactions.$inferSelect
/** A claim as `claim` inserts it: every column given (the batch's clock, not the database's, stamps it). */
export type ClaimRow = Omit<SeamlessTxRow, 'response' | 'settledBy'> & { response: unknown }
/** A verbatim log row: every column given, none left to a default. */
export type LogRow = Omit<typeof seamlessLog.$inferSelect, 'id'>

type SavepointName = 'callback'

/** The answer of `claim`: the keys claimed, keyed `txKey`. */
export interface Claimed {
  keys: Set<string>
}

/** A batch of bets as `betBatch` sends it: the bets in processing order, each with its verbatim log row's fields. */
export interface BetBatch {
  bets: ReadonlyArray<{
    provider: string
    txId: string
    playerId: number
    roundId: string
    gameCode: string | null
    amount: bigint
    /** The game session the bet names; null when it had expired when the bet arrived. */
    sessionId: number | null
    log: { op: string; requestId: string | null; request: string }
  }>
  now: Date
  /** The Bangkok day of `now` (YYYY-MM-DD) and its start: the day's valid turnover and loss limit count from it. */
  day: string
  dayStart: Date
  /** Whether the players' loss limits (ADR 048) and promotions' turnover apply. */
  limits: boolean
  promotions: boolean
  /** The catalogue's refusal messages, in the order the function reads them (seamless-decisions.ts `BET_MESSAGES`). */
  messages: readonly string[]
  typeNumbers: Readonly<Record<string, number>>
  /** The ledger's NOTIFY channel for balances ('' none). */
  channel: string
}

export const seamlessRepository = {
  /** Takes a rolled-back bet out of its round; a round left with nothing in it is ROLLED_BACK. */
  async removeBetFromRound(db: Db, providerCode: string, roundId: string, amount: bigint, now: Date): Promise<void> {
    await db
      .update(gameRounds)
      .set({
        totalBet: sql`${gameRounds.totalBet} - ${amount}`,
        status: sql`case when ${gameRounds.totalBet} - ${amount} = 0 and ${gameRounds.totalWin} = 0 then 'ROLLED_BACK' else ${gameRounds.status} end`,
        updatedAt: now,
      })
      .where(and(eq(gameRounds.providerCode, providerCode), eq(gameRounds.roundId, roundId)))
  },
  /**
   * Closes rounds that stayed OPEN since before `before`, their bets counted as valid turnover in the same statement;
   * returns how many. A callback touching a round refreshes its updated_at under the round's row lock, so a round a
   * callback is settling or betting in is never closed under it (the UPDATE re-reads it after waiting).
   */
  async closeStaleRounds(db: Db, before: Date, now: Date): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with closed as (
          update game_rounds set status = 'CLOSED', updated_at = ${now.toISOString()}::timestamptz
          where status = 'OPEN' and updated_at < ${before.toISOString()}::timestamptz
          returning provider_code, round_id
        ), counted as (${turnoverOfRounds(sql`closed as over`)})
        select count(*)::int as n from closed`),
    )
    return Number(row?.n ?? 0)
  },

  // Each statement below serves any number of callbacks (a batch, or one callback in its savepoint: ADR 017).

  /**
   * Claims (provider, tx_id) for these requests at once, in the given order: of two rows with one key, the first is
   * inserted and the second skipped, as two claims in that order would be. Answers the keys claimed (`txKey`).
   */
  async claim(db: Db, rows: readonly ClaimRow[]): Promise<Claimed> {
    const out: Claimed = { keys: new Set() }
    if (rows.length === 0) return out
    const column = columnsOf(rows)
    const result = rowsOf<{ provider_code: string; tx_id: string }>(
      await executeNamed(
        db,
        'seamless_claim',
        sql`insert into seamless_transactions
              (provider_code, tx_id, op, player_id, round_id, game_code, amount, ref_tx_id, status, fingerprint, response, created_at)
            select c.provider_code, c.tx_id, c.op, c.player_id, c.round_id, c.game_code, c.amount, c.ref_tx_id, c.status, c.fingerprint,
                   c.response::jsonb, c.created_at
            from unnest(${column((r) => r.providerCode)}::text[], ${column((r) => r.txId)}::text[], ${column((r) => r.op)}::text[],
                        ${column((r) => r.playerId)}::bigint[], ${column((r) => r.roundId)}::text[], ${column((r) => r.gameCode)}::text[],
                        ${column((r) => String(r.amount))}::bigint[], ${column((r) => r.refTxId)}::text[], ${column((r) => r.status)}::text[],
                        ${column((r) => r.fingerprint)}::text[], ${column((r) => JSON.stringify(r.response))}::text[],
                        ${column((r) => r.createdAt.toISOString())}::timestamptz[]) with ordinality
                 as c(provider_code, tx_id, op, player_id, round_id, game_code, amount, ref_tx_id, status, fingerprint, response, created_at, n)
            order by c.n
            on conflict do nothing
            returning provider_code, tx_id`,
      ),
    )
    for (const row of result) out.keys.add(txKey(row.provider_code, row.tx_id))
    return out
  },
  /**
   * A batch of bets in ONE statement (ADR 096): the function `seamless_bet_batch` (migration 0044) locks the players'
   * cash rows, claims, reads the gate, the rounds, the loss limits and the promotions, decides bet by bet, moves the
   * money, adds to the rounds and the turnover, settles the claims and writes the verbatim log. Answers each bet's
   * answer as the JSON text the log keeps, and whether it moved money, in processing order. A named statement: one
   * text for any batch.
   */
  async betBatch(db: Db, batch: BetBatch): Promise<Array<{ answer: string; moved: boolean }>> {
    const bet = columnsOf(batch.bets)
    return rowsOf<{ answer: string; moved: boolean }>(
      await executeNamed(
        db,
        'seamless_bet_batch',
        sql`select answer, moved from seamless_bet_batch(
              ${bet((b) => b.provider)}::text[], ${bet((b) => b.txId)}::text[], ${bet((b) => b.playerId)}::bigint[], ${bet((b) => b.roundId)}::text[],
              ${bet((b) => b.gameCode)}::text[], ${bet((b) => String(b.amount))}::bigint[], ${bet((b) => b.sessionId)}::bigint[],
              ${bet((b) => b.log.op)}::text[], ${bet((b) => b.log.requestId)}::text[], ${bet((b) => b.log.request)}::text[],
              ${batch.now.toISOString()}::timestamptz, ${batch.day}::date, ${batch.dayStart.toISOString()}::timestamptz,
              ${batch.limits}::boolean, ${batch.promotions}::boolean, ${arrayParam(batch.messages)}::text[],
              ${JSON.stringify(batch.typeNumbers)}::jsonb, ${batch.channel}::text) order by seq`,
      ),
    )
  },
  /** The claim rows of these tx_ids, keyed by `txKey`; `lock` takes them for the rest of the transaction. */
  async find(db: Db, keys: ReadonlyArray<{ providerCode: string; txId: string }>, options: { lock?: boolean } = {}): Promise<Map<string, SeamlessTxRow>> {
    const out = new Map<string, SeamlessTxRow>()
    if (keys.length === 0) return out
    const query = db
      .select()
      .from(seamlessTransactions)
      .where(sql`(${seamlessTransactions.providerCode}, ${seamlessTransactions.txId}) in (${keyRelation(keys.map((k) => [k.providerCode, k.txId]))})`)
    const rows = options.lock ? await query.for('update').prepare('seamless_find_locked').execute() : await query.prepare('seamless_find').execute()
    for (const row of rows) out.set(txKey(row.providerCode, row.txId), row)
    return out
  },
  /**
   * Marks a standing bet settled by the win `winTxId` (a policy that settles bet by bet, ADR 082), on condition that it
   * is still standing and unsettled: true when it was. The caller holds the bet's row lock (`find` with `lock`), so a
   * rollback or another win of the same bet waits for this transaction and then reads the mark.
   */
  async markSettled(db: Db, providerCode: string, betTxId: string, winTxId: string): Promise<boolean> {
    const rows = await db
      .update(seamlessTransactions)
      .set({ settledBy: winTxId })
      .where(
        and(
          eq(seamlessTransactions.providerCode, providerCode),
          eq(seamlessTransactions.txId, betTxId),
          eq(seamlessTransactions.op, 'bet'),
          eq(seamlessTransactions.status, 'OK'),
          sql`${seamlessTransactions.settledBy} is null`,
        ),
      )
      .returning({ txId: seamlessTransactions.txId })
    return rows.length === 1
  },
  /**
   * Locks the existing rounds asked for, for the rest of the transaction, and answers the owner and status of each,
   * keyed `provider|round_id`: a win or a rollback reads the status it changes, which the stale-round job must not
   * change in between (the valid turnover would be counted twice or not at all). Bets read rounds with their claims.
   */
  async lockRounds(db: Db, keys: ReadonlyArray<{ providerCode: string; roundId: string }>): Promise<Map<string, { playerId: number; status: RoundStatus }>> {
    const out = new Map<string, { playerId: number; status: RoundStatus }>()
    if (keys.length === 0) return out
    const rows = rowsOf<{ provider_code: string; round_id: string; player_id: string | number; status: RoundStatus }>(
      await executeNamed(db, 'seamless_rounds_locked', sql`${roundsIn(keys)} for update`),
    )
    for (const row of rows) out.set(txKey(row.provider_code, row.round_id), { playerId: Number(row.player_id), status: row.status })
    return out
  },
  /**
   * Adds to rounds, creating each on its first bet or win (a win creates it SETTLED, and settles an existing one), and
   * answers each round's status after the change, keyed `provider|round_id`. Each round must appear once (ON CONFLICT
   * cannot touch a row twice): the caller sums a round's bets and gives the values its first bet would have created
   * the round with.
   */
  async addToRounds(db: Db, rounds: readonly RoundChange[], now: Date): Promise<Map<string, RoundStatus>> {
    if (rounds.length === 0) return new Map()
    const column = columnsOf(rounds)
    const rows = rowsOf<{ provider_code: string; round_id: string; status: RoundStatus }>(
      await executeNamed(
        db,
        'seamless_add_to_rounds',
        sql`insert into game_rounds as g (provider_code, round_id, player_id, game_code, total_bet, total_win, status, opened_at, updated_at)
            select r.provider_code, r.round_id, r.player_id, r.game_code, r.bet, r.win, case when r.settle then 'SETTLED' else 'OPEN' end,
                   ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            from unnest(${column((r) => r.providerCode)}::text[], ${column((r) => r.roundId)}::text[], ${column((r) => r.playerId)}::bigint[],
                        ${column((r) => r.gameCode)}::text[], ${column((r) => String(r.bet))}::bigint[], ${column((r) => String(r.win))}::bigint[],
                        ${column((r) => r.settle)}::boolean[]) as r(provider_code, round_id, player_id, game_code, bet, win, settle)
            on conflict (provider_code, round_id) do update set
              total_bet = g.total_bet + excluded.total_bet,
              total_win = g.total_win + excluded.total_win,
              status = case when excluded.status = 'SETTLED' then 'SETTLED' else g.status end,
              updated_at = excluded.updated_at
            returning g.provider_code, g.round_id, g.status`,
      ),
    )
    return new Map(rows.map((row) => [txKey(row.provider_code, row.round_id), row.status]))
  },
  /**
   * Adds to players' valid turnover of a day (ADR 057): bets that became valid (positive) or stopped being valid (a
   * rollback, negative). Changes to one (player, day) are summed first: one upsert cannot touch a row twice.
   */
  async addTurnover(db: Db, changes: readonly TurnoverChange[]): Promise<void> {
    const sums = new Map<string, TurnoverChange>()
    for (const change of changes) {
      const key = `${change.playerId}|${change.day}`
      const sum = sums.get(key)
      if (sum) sum.amount += change.amount
      else sums.set(key, { ...change })
    }
    if (sums.size === 0) return
    const column = columnsOf([...sums.values()])
    await executeNamed(
      db,
      'seamless_add_turnover',
      sql`insert into player_day_turnover (player_id, day, amount)
          select * from unnest(${column((c) => c.playerId)}::bigint[], ${column((c) => c.day)}::date[], ${column((c) => String(c.amount))}::bigint[])
          on conflict (player_id, day) do update set amount = player_day_turnover.amount + excluded.amount`,
    )
  },
  /** Counts every bet standing (OK) in these rounds as valid turnover: the rounds just became over (a win settled them). */
  async addTurnoverOfRounds(db: Db, keys: ReadonlyArray<{ providerCode: string; roundId: string }>): Promise<void> {
    if (keys.length === 0) return
    await executeNamed(
      db,
      'seamless_add_turnover_of_rounds',
      turnoverOfRounds(sql`(${keyRelation(keys.map((k) => [k.providerCode, k.roundId]))}) as over(provider_code, round_id)`),
    )
  },
  /**
   * Records what calls were answered, in one statement (ADR 061): each claim settled (its final status and answer) and
   * the verbatim log row of each call with its answer (append-only). A call answered without a claim of its own (a
   * replay, a refusal before any money) has a log row and nothing to settle.
   */
  async record(
    db: Db,
    settlements: ReadonlyArray<{ providerCode: string; txId: string; status: string; response: unknown }>,
    log: readonly LogRow[],
  ): Promise<void> {
    if (settlements.length === 0 && log.length === 0) return
    const settle = columnsOf(settlements)
    const entry = columnsOf(log)
    await executeNamed(
      db,
      'seamless_record',
      sql`
      with settled as (
        update seamless_transactions s set status = v.status, response = v.response::jsonb
        from unnest(${settle((r) => r.providerCode)}::text[], ${settle((r) => r.txId)}::text[], ${settle((r) => r.status)}::text[], ${settle((r) =>
          JSON.stringify(r.response),
        )}::text[]) v(provider_code, tx_id, status, response)
        where s.provider_code = v.provider_code and s.tx_id = v.tx_id
        returning 1)
      insert into seamless_log (provider_code, op, request_id, tx_id, request, response, http_status, created_at)
      select * from unnest(${entry((e) => e.providerCode)}::text[], ${entry((e) => e.op)}::text[], ${entry((e) => e.requestId)}::text[],
                           ${entry((e) => e.txId)}::text[], ${entry((e) => e.request)}::text[], ${entry((e) => e.response)}::text[],
                           ${entry((e) => e.httpStatus)}::int[], ${entry((e) => e.createdAt.toISOString())}::timestamptz[])`,
    )
  },
  /**
   * The savepoint around each callback of a batch run callback by callback (ADR 011, ADR 017): a failing callback
   * rolls back to it and fails alone. The name is fixed, never input. Through db/after-commit.ts, so what a rolled-back
   * callback registered to run after COMMIT (the ledger's transfer count) goes with it.
   */
  async savepoint(tx: Db, name: SavepointName): Promise<void> {
    await savepoint(tx, `seamless_${name}`)
  },
  async rollbackToSavepoint(tx: Db, name: SavepointName): Promise<void> {
    await rollbackToSavepoint(tx, `seamless_${name}`)
  },
  async releaseSavepoint(tx: Db, name: SavepointName): Promise<void> {
    await releaseSavepoint(tx, `seamless_${name}`)
  },
}
export type SeamlessRepository = typeof seamlessRepository

/**
 * The statement adding the bets standing (OK) in `rounds` (a relation named `over` of provider_code and round_id) to their players'
 * valid turnover, each on the Bangkok day it was taken. The rounds' bets are read by seamless_tx_bets_by_round_idx.
 */
function turnoverOfRounds(rounds: SQL): SQL {
  return sql`
    insert into player_day_turnover (player_id, day, amount)
    select st.player_id, ${bangkokDateOf(sql`st.created_at`)}, sum(st.amount)
    from seamless_transactions st
    join ${rounds} on over.provider_code = st.provider_code and over.round_id = st.round_id
    where st.op = 'bet' and st.status = 'OK'
    group by 1, 2
    on conflict (player_id, day) do update set amount = player_day_turnover.amount + excluded.amount`
}

/** The owner and status of the existing rounds among `keys`: the read of a batch's claim and of `lockRounds`. */
function roundsIn(keys: ReadonlyArray<{ providerCode: string; roundId: string }>): SQL {
  return sql`select provider_code, round_id, player_id, status from game_rounds
             where (provider_code, round_id) in (${keyRelation(keys.map((k) => [k.providerCode, k.roundId]))})`
}

/** (provider, id) pairs as a relation of two text columns: two array parameters, so the statement's text never changes. */
function keyRelation(pairs: ReadonlyArray<readonly [string, string]>): SQL {
  const column = columnsOf(pairs)
  return sql`select * from unnest(${column((p) => p[0])}::text[], ${column((p) => p[1])}::text[])`
}
