import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { gameRounds, gameSessions, players, seamlessLog, seamlessTransactions } from '../../db/schema.ts'

export type SeamlessTxRow = typeof seamlessTransactions.$inferSelect

/** provider and id (NUL-separated: text in PostgreSQL never holds NUL): the key of a claim or a round in the set-based answers. */
export function txKey(providerCode: string, id: string): string {
  return `${providerCode}\u0000${id}`
}

type SavepointName = 'batch' | 'callback'

export const seamlessRepository = {
  /**
   * Whether each player may bet (status ACTIVE), read inside the batch's transaction so a lock takes effect on the
   * next bet, whatever was read or cached before the batch.
   */
  /**
   * The bet gate read inside a batch's transaction: for each game session still open (not revoked by a logout, a
   * password change, a lock), whether its player is active. A session missing from the answer was revoked.
   */
  async openGameSessions(db: Db, sessionIds: readonly number[]): Promise<Map<number, { playerActive: boolean }>> {
    if (sessionIds.length === 0) return new Map()
    const rows = await db
      .select({ id: gameSessions.id, status: players.status })
      .from(gameSessions)
      .innerJoin(players, eq(players.id, gameSessions.playerId))
      .where(and(inArray(gameSessions.id, [...new Set(sessionIds)]), isNull(gameSessions.revokedAt)))
    return new Map(rows.map((row) => [row.id, { playerActive: row.status === 'ACTIVE' }]))
  },
  /** Claims (provider, tx_id) for this request; undefined when it was already used (a replay or a clash). */
  async claim(db: Db, row: typeof seamlessTransactions.$inferInsert): Promise<SeamlessTxRow | undefined> {
    const [inserted] = await db.insert(seamlessTransactions).values(row).onConflictDoNothing().returning()
    return inserted
  },
  async find(db: Db, providerCode: string, txId: string, forUpdate = false): Promise<SeamlessTxRow | undefined> {
    const query = db
      .select()
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.providerCode, providerCode), eq(seamlessTransactions.txId, txId)))
      .limit(1)
    const [row] = forUpdate ? await query.for('update') : await query
    return row
  },
  async settle(db: Db, providerCode: string, txId: string, status: string, response: unknown): Promise<void> {
    await db
      .update(seamlessTransactions)
      .set({ status, response })
      .where(and(eq(seamlessTransactions.providerCode, providerCode), eq(seamlessTransactions.txId, txId)))
  },

  /** Adds to a round, creating it on the first bet or win. Returns the round's owner. */
  async addToRound(
    db: Db,
    round: { providerCode: string; roundId: string; playerId: number; gameCode: string | null; bet: bigint; win: bigint; settle: boolean; now: Date },
  ): Promise<{ playerId: number }> {
    const [row] = await db
      .insert(gameRounds)
      .values({
        providerCode: round.providerCode,
        roundId: round.roundId,
        playerId: round.playerId,
        gameCode: round.gameCode,
        totalBet: round.bet,
        totalWin: round.win,
        status: round.settle ? 'SETTLED' : 'OPEN',
        openedAt: round.now,
        updatedAt: round.now,
      })
      .onConflictDoUpdate({
        target: [gameRounds.providerCode, gameRounds.roundId],
        set: {
          totalBet: sql`${gameRounds.totalBet} + ${round.bet}`,
          totalWin: sql`${gameRounds.totalWin} + ${round.win}`,
          status: round.settle ? sql`'SETTLED'` : sql`${gameRounds.status}`,
          updatedAt: round.now,
        },
      })
      .returning({ playerId: gameRounds.playerId })
    if (!row) throw new Error('round upsert returned no row')
    return row
  },
  async findRound(db: Db, providerCode: string, roundId: string) {
    const [row] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerCode, providerCode), eq(gameRounds.roundId, roundId)))
      .limit(1)
    return row
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

  async log(db: Db, entry: typeof seamlessLog.$inferInsert): Promise<void> {
    await db.insert(seamlessLog).values(entry)
  },

  // Set-based statements for a batch made only of bets (ADR 011, "Set-based bets"): each one statement per batch.

  /**
   * Claims many (provider, tx_id) at once, in the given order: of two rows with one key, the first is inserted and
   * the second skipped, as two claims in that order would be. Returns the keys claimed (`provider|tx_id`).
   */
  async claimMany(db: Db, rows: ReadonlyArray<typeof seamlessTransactions.$inferInsert>): Promise<Set<string>> {
    if (rows.length === 0) return new Set()
    const inserted = await db
      .insert(seamlessTransactions)
      .values([...rows])
      .onConflictDoNothing()
      .returning({ providerCode: seamlessTransactions.providerCode, txId: seamlessTransactions.txId })
    return new Set(inserted.map((r) => txKey(r.providerCode, r.txId)))
  },
  async findMany(db: Db, keys: ReadonlyArray<{ providerCode: string; txId: string }>): Promise<Map<string, SeamlessTxRow>> {
    const out = new Map<string, SeamlessTxRow>()
    if (keys.length === 0) return out
    const rows = await db
      .select()
      .from(seamlessTransactions)
      .where(or(...keys.map((k) => and(eq(seamlessTransactions.providerCode, k.providerCode), eq(seamlessTransactions.txId, k.txId)))))
    for (const row of rows) out.set(txKey(row.providerCode, row.txId), row)
    return out
  },
  /** Settles many claims: each its status and answer. */
  async settleMany(db: Db, rows: ReadonlyArray<{ providerCode: string; txId: string; status: string; response: unknown }>): Promise<void> {
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
   * `addToRound` for bets, many rounds at once. Each round must appear once (ON CONFLICT cannot touch a row twice):
   * the caller sums a round's bets and gives the values its first bet would have created the round with.
   */
  async addBetsToRounds(
    db: Db,
    rounds: ReadonlyArray<{ providerCode: string; roundId: string; playerId: number; gameCode: string | null; bet: bigint }>,
    now: Date,
  ): Promise<void> {
    if (rounds.length === 0) return
    await db
      .insert(gameRounds)
      .values(rounds.map((r) => ({ providerCode: r.providerCode, roundId: r.roundId, playerId: r.playerId, gameCode: r.gameCode, totalBet: r.bet, totalWin: 0n, status: 'OPEN' as const, openedAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [gameRounds.providerCode, gameRounds.roundId],
        set: { totalBet: sql`${gameRounds.totalBet} + excluded.total_bet`, updatedAt: now },
      })
  },
  async logMany(db: Db, entries: ReadonlyArray<typeof seamlessLog.$inferInsert>): Promise<void> {
    if (entries.length === 0) return
    await db.insert(seamlessLog).values([...entries])
  },
  /**
   * Savepoints inside a batch's transaction (ADR 011): `batch` is taken around a set-based attempt so a failure can
   * fall back to the per-callback path; `callback` around each callback of that path (one at a time, so one name
   * serves). The names are fixed, never input.
   */
  async savepoint(tx: Db, name: SavepointName): Promise<void> {
    await tx.execute(sql.raw(`savepoint seamless_${name}`))
  },
  async rollbackToSavepoint(tx: Db, name: SavepointName): Promise<void> {
    await tx.execute(sql.raw(`rollback to savepoint seamless_${name}`))
  },
  async releaseSavepoint(tx: Db, name: SavepointName): Promise<void> {
    await tx.execute(sql.raw(`release savepoint seamless_${name}`))
  },
}
