import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../../db/after-commit.ts'
import type { Db } from '../../db/client.ts'
import { gameRounds, gameSessions, playerExclusions, players, seamlessLog, seamlessTransactions } from '../../db/schema.ts'
import { txKey, type RoundChange } from './seamless-decisions.ts'

export type SeamlessTxRow = typeof seamlessTransactions.$inferSelect

type SavepointName = 'batch' | 'callback'

export const seamlessRepository = {
  /**
   * The bet gate read inside a batch's transaction: for each game session still open (not revoked by a logout, a
   * password change, a lock, a time-out or self-exclusion), whether its player may bet: active, and with no time-out
   * or self-exclusion in force at `now` (ADR 047). One statement. A session missing from the answer was revoked.
   */
  async openGameSessions(db: Db, sessionIds: readonly number[], now: Date): Promise<Map<number, { playerActive: boolean }>> {
    if (sessionIds.length === 0) return new Map()
    const at = sql`${now.toISOString()}::timestamptz`
    const excluded = sql<boolean>`exists (select 1 from ${playerExclusions} e where e.player_id = ${players.id} and e.starts_at <= ${at} and (e.ends_at is null or e.ends_at > ${at}))`
    const rows = await db
      .select({ id: gameSessions.id, status: players.status, excluded })
      .from(gameSessions)
      .innerJoin(players, eq(players.id, gameSessions.playerId))
      .where(and(inArray(gameSessions.id, [...new Set(sessionIds)]), isNull(gameSessions.revokedAt)))
    return new Map(rows.map((row) => [row.id, { playerActive: row.status === 'ACTIVE' && !row.excluded }]))
  },
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
  /** Closes rounds that stayed OPEN since before `before`; returns how many. */
  async closeStaleRounds(db: Db, before: Date, now: Date): Promise<number> {
    const rows = await db
      .update(gameRounds)
      .set({ status: 'CLOSED', updatedAt: now })
      .where(and(eq(gameRounds.status, 'OPEN'), lt(gameRounds.updatedAt, before)))
      .returning({ id: gameRounds.roundId })
    return rows.length
  },

  // Each statement below serves any number of callbacks (a batch, or one callback in its savepoint: ADR 017).

  /**
   * Claims (provider, tx_id) for these requests at once, in the given order: of two rows with one key, the first is inserted and
   * the second skipped, as two claims in that order would be. Returns the keys claimed (`provider|tx_id`).
   */
  async claim(db: Db, rows: ReadonlyArray<typeof seamlessTransactions.$inferInsert>): Promise<Set<string>> {
    if (rows.length === 0) return new Set()
    const inserted = await db
      .insert(seamlessTransactions)
      .values([...rows])
      .onConflictDoNothing()
      .returning({ providerCode: seamlessTransactions.providerCode, txId: seamlessTransactions.txId })
    return new Set(inserted.map((r) => txKey(r.providerCode, r.txId)))
  },
  /** The claim rows of these tx_ids, keyed by `txKey`; `lock` takes them for the rest of the transaction. */
  async find(db: Db, keys: ReadonlyArray<{ providerCode: string; txId: string }>, options: { lock?: boolean } = {}): Promise<Map<string, SeamlessTxRow>> {
    const out = new Map<string, SeamlessTxRow>()
    if (keys.length === 0) return out
    const query = db
      .select()
      .from(seamlessTransactions)
      .where(or(...keys.map((k) => and(eq(seamlessTransactions.providerCode, k.providerCode), eq(seamlessTransactions.txId, k.txId)))))
    const rows = options.lock ? await query.for('update') : await query
    for (const row of rows) out.set(txKey(row.providerCode, row.txId), row)
    return out
  },
  /** Settles claims: each its status and answer. */
  async settle(db: Db, rows: ReadonlyArray<{ providerCode: string; txId: string; status: string; response: unknown }>): Promise<void> {
    if (rows.length === 0) return
    const values = sql.join(
      rows.map((r) => sql`(${r.providerCode}::text, ${r.txId}::text, ${r.status}::text, ${JSON.stringify(r.response)}::jsonb)`),
      sql`, `,
    )
    await db.execute(sql`
      update seamless_transactions s set status = v.status, response = v.response
      from (values ${values}) v(provider_code, tx_id, status, response)
      where s.provider_code = v.provider_code and s.tx_id = v.tx_id`)
  },
  /** The owner of each existing round asked for, keyed `provider|round_id`. */
  async roundOwners(db: Db, keys: ReadonlyArray<{ providerCode: string; roundId: string }>): Promise<Map<string, number>> {
    const out = new Map<string, number>()
    if (keys.length === 0) return out
    const rows = await db
      .select({ providerCode: gameRounds.providerCode, roundId: gameRounds.roundId, playerId: gameRounds.playerId })
      .from(gameRounds)
      .where(or(...keys.map((k) => and(eq(gameRounds.providerCode, k.providerCode), eq(gameRounds.roundId, k.roundId)))))
    for (const row of rows) out.set(txKey(row.providerCode, row.roundId), row.playerId)
    return out
  },
  /**
   * Adds to rounds, creating each on its first bet or win (a win creates it SETTLED, and settles an existing one).
   * Each round must appear once (ON CONFLICT cannot touch a row twice): the caller sums a round's bets and gives the
   * values its first bet would have created the round with.
   */
  async addToRounds(db: Db, rounds: readonly RoundChange[], now: Date): Promise<void> {
    if (rounds.length === 0) return
    await db
      .insert(gameRounds)
      .values(
        rounds.map((r) => ({
          providerCode: r.providerCode,
          roundId: r.roundId,
          playerId: r.playerId,
          gameCode: r.gameCode,
          totalBet: r.bet,
          totalWin: r.win,
          status: r.settle ? ('SETTLED' as const) : ('OPEN' as const),
          openedAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [gameRounds.providerCode, gameRounds.roundId],
        set: {
          totalBet: sql`${gameRounds.totalBet} + excluded.total_bet`,
          totalWin: sql`${gameRounds.totalWin} + excluded.total_win`,
          status: sql`case when excluded.status = 'SETTLED' then 'SETTLED' else ${gameRounds.status} end`,
          updatedAt: now,
        },
      })
  },
  /** The verbatim log rows of signed calls and their answers (append-only). */
  async log(db: Db, entries: ReadonlyArray<typeof seamlessLog.$inferInsert>): Promise<void> {
    if (entries.length === 0) return
    await db.insert(seamlessLog).values([...entries])
  },
  /**
   * Savepoints inside a batch's transaction (ADR 011): `batch` is taken around the attempt of the whole batch so a
   * failure can fall back to one callback at a time; `callback` around each callback then (one at a time, so one name
   * serves). The names are fixed, never input. Through db/after-commit.ts, so what a rolled-back attempt registered to
   * run after COMMIT (the ledger's transfer count) goes with it.
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
