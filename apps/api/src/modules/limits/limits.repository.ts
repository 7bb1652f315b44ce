import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { arrayParam, oneRow, rowsOf, type DbNumber } from '../../db/rows.ts'
import { playerLimits, sessionReminders, sessions } from '../../db/schema.ts'

export type PlayerLimitRow = typeof playerLimits.$inferSelect
type LimitKind = PlayerLimitRow['kind']

/** SQL for the player's own limits, what they count (deposits, net game loss) and the session reminder (ADR 048). */
export const limitsRepository = {
  /** Makes one player's limit changes take turns until the transaction ends (the rows may not exist yet). */
  async lockPlayer(db: Db, playerId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('player-limits'), ${playerId}::int)`)
  },
  async forPlayer(db: Db, playerId: number): Promise<PlayerLimitRow[]> {
    return db.select().from(playerLimits).where(eq(playerLimits.playerId, playerId))
  },
  /** These players' limits of these kinds (one statement for a batch of bets). */
  async forPlayers(db: Db, playerIds: readonly number[], kinds: readonly LimitKind[]): Promise<PlayerLimitRow[]> {
    if (playerIds.length === 0) return []
    // Named (db/rows.ts): every bet batch reads this.
    return db
      .select()
      .from(playerLimits)
      .where(sql`${playerLimits.playerId} = any(${arrayParam([...new Set(playerIds)])}::bigint[]) and ${playerLimits.kind} = any(${arrayParam(kinds)}::text[])`)
      .prepare('limits_for_players')
      .execute()
  },
  /** Sets a limit's value in force, dropping any pending change. */
  async apply(db: Db, playerId: number, kind: LimitKind, value: bigint, now: Date): Promise<void> {
    const cleared = { value, updatedAt: now, pendingValue: null, pendingRequestedAt: null, pendingConfirmableAt: null, pendingLapsesAt: null }
    await db
      .insert(playerLimits)
      .values({ playerId, kind, ...cleared })
      .onConflictDoUpdate({ target: [playerLimits.playerId, playerLimits.kind], set: cleared })
  },
  async remove(db: Db, playerId: number, kind: LimitKind): Promise<void> {
    await db.delete(playerLimits).where(and(eq(playerLimits.playerId, playerId), eq(playerLimits.kind, kind)))
  },
  /** Records (or replaces, or with null clears) the change waiting on an existing limit. */
  async setPending(
    db: Db,
    playerId: number,
    kind: LimitKind,
    pending: { value: bigint | null; requestedAt: Date; confirmableAt: Date; lapsesAt: Date } | null,
  ): Promise<void> {
    await db
      .update(playerLimits)
      .set({
        pendingValue: pending?.value ?? null,
        pendingRequestedAt: pending?.requestedAt ?? null,
        pendingConfirmableAt: pending?.confirmableAt ?? null,
        pendingLapsesAt: pending?.lapsesAt ?? null,
      })
      .where(and(eq(playerLimits.playerId, playerId), eq(playerLimits.kind, kind)))
  },

  /**
   * The player's credited deposits (any source: matched, assigned, confirmed) summed by credit time from each start,
   * in satang: what the deposit limits count.
   */
  async depositedSince(db: Db, playerId: number, since: { day: Date; week: Date; month: Date }): Promise<{ day: bigint; week: bigint; month: bigint }> {
    const earliest = new Date(Math.min(since.day.getTime(), since.week.getTime(), since.month.getTime()))
    const [row] = rowsOf<{ day: DbNumber | null; week: DbNumber | null; month: DbNumber | null }>(
      await db.execute(sql`
        select coalesce(sum(amount) filter (where credited_at >= ${since.day.toISOString()}::timestamptz), 0) as day,
               coalesce(sum(amount) filter (where credited_at >= ${since.week.toISOString()}::timestamptz), 0) as week,
               coalesce(sum(amount) filter (where credited_at >= ${since.month.toISOString()}::timestamptz), 0) as month
        from deposits
        where player_id = ${playerId} and credited_at >= ${earliest.toISOString()}::timestamptz`),
    )
    return { day: BigInt(row?.day ?? 0), week: BigInt(row?.week ?? 0), month: BigInt(row?.month ?? 0) }
  },

  /**
   * Each player's net game loss since `since`, in satang: the bets answered OK (a bet rolled back is ROLLED_BACK and
   * drops out) minus the wins answered OK, by the time each call was taken. Negative when the player is ahead. Players
   * without a call since then are absent (0).
   */
  async netLossSince(db: Db, playerIds: readonly number[], since: Date): Promise<Map<number, bigint>> {
    const out = new Map<number, bigint>()
    if (playerIds.length === 0) return out
    const ids = sql.join(
      [...new Set(playerIds)].map((id) => sql`${id}`),
      sql`, `,
    )
    const rows = rowsOf<{ player_id: DbNumber; net: DbNumber }>(
      await db.execute(sql`
        select player_id, sum(case when op = 'bet' then amount else -amount end) as net
        from seamless_transactions
        where player_id in (${ids}) and created_at >= ${since.toISOString()}::timestamptz and status = 'OK' and op in ('bet', 'win')
        group by player_id`),
    )
    for (const row of rows) out.set(Number(row.player_id), BigInt(row.net))
    return out
  },

  /** When the web session began, and when its reminder was last acknowledged. */
  async session(db: Db, sessionId: number): Promise<{ startedAt: Date; acknowledgedAt: Date | null } | undefined> {
    return oneRow(
      db
        .select({ startedAt: sessions.createdAt, acknowledgedAt: sessionReminders.acknowledgedAt })
        .from(sessions)
        .leftJoin(sessionReminders, eq(sessionReminders.sessionId, sessions.id))
        .where(eq(sessions.id, sessionId))
        .limit(1),
    )
  },
  async acknowledge(db: Db, sessionId: number, at: Date): Promise<void> {
    await db
      .insert(sessionReminders)
      .values({ sessionId, acknowledgedAt: at })
      .onConflictDoUpdate({ target: sessionReminders.sessionId, set: { acknowledgedAt: at } })
  },
}
export type LimitsRepository = typeof limitsRepository
