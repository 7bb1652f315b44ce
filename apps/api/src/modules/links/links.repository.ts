import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { players, playerSignals } from '../../db/schema.ts'
import { exists, rowsOf, type DbNumber as Num } from '../../db/rows.ts'

export type SignalKind = (typeof playerSignals.$inferSelect)['kind']
export type LinkReason = 'NAME' | 'DEVICE' | 'ADDRESS'

/**
 * Two signals link their players when their values are equal and they are of one sort: a device with a device, an
 * address (registration or latest sign-in) with an address of either kind.
 */
const SAME_SORT = sql`(a.kind = b.kind or (a.kind <> 'DEVICE' and b.kind <> 'DEVICE'))`

/**
 * The bank account holder's name key of a first name and surname, written exactly as the generated column
 * `players.name_key` is (NFKC, lower case, white space trimmed and collapsed): for a name not yet in `players`, a
 * registration compared with the players already there. links.routes.test.ts checks the two agree.
 */
export function nameKeyOf(firstname: string, surname: string): SQL {
  return sql`regexp_replace(lower(normalize(btrim(${firstname}::text) || ' ' || btrim(${surname}::text), NFKC)), '[[:space:]]+', ' ', 'g')`
}

/** SQL for linked accounts: the signals players leave, and who shares them. */
export const linksRepository = {
  /**
   * Records what a player was seen with. A LOGIN_ADDRESS replaces the player's previous one (only the latest sign-in
   * counts); a device or a registration address is kept, its time refreshed.
   */
  async record(db: Db, playerId: number, signals: ReadonlyArray<{ kind: SignalKind; value: string }>, now: Date): Promise<void> {
    if (signals.length === 0) return
    if (signals.some((s) => s.kind === 'LOGIN_ADDRESS')) {
      await db.delete(playerSignals).where(and(eq(playerSignals.playerId, playerId), eq(playerSignals.kind, 'LOGIN_ADDRESS')))
    }
    await db
      .insert(playerSignals)
      .values(signals.map((s) => ({ playerId, kind: s.kind, value: s.value, seenAt: now })))
      .onConflictDoUpdate({ target: [playerSignals.playerId, playerSignals.kind, playerSignals.value], set: { seenAt: now } })
  },

  async playerIdByMobile(db: Db, mobile: string): Promise<number | undefined> {
    const [row] = await db.select({ id: players.id }).from(players).where(eq(players.mobile, mobile)).limit(1)
    return row?.id
  },

  async exists(db: Db, playerId: number): Promise<boolean> {
    return exists(db, players, eq(players.id, playerId))
  },

  /** Every player linked to `playerId`, once per reason (and address), with what they share. */
  async linksOf(db: Db, playerId: number) {
    const byName = await db
      .select({ id: players.id, mobile: players.mobile, firstname: players.firstname, surname: players.surname })
      .from(players)
      .where(and(eq(players.nameKey, sql`(select name_key from players where id = ${playerId})`), ne(players.id, playerId)))
      .limit(200)
    const bySignal = rowsOf<{ id: Num; mobile: string; firstname: string; surname: string; kind: SignalKind; value: string }>(
      await db.execute(sql`
        select p.id, p.mobile, p.firstname, p.surname, a.kind, a.value
        from player_signals a
        join player_signals b on b.value = a.value and ${SAME_SORT} and b.player_id <> a.player_id
        join players p on p.id = b.player_id
        where a.player_id = ${playerId}
        limit 1000`),
    )
    return { byName, bySignal: bySignal.map((r) => ({ ...r, id: Number(r.id) })) }
  },

  /** How many other players each of `playerIds` is linked to (by name, device or address). One statement. */
  async linkedCounts(db: Db, playerIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>()
    if (playerIds.length === 0) return counts
    const values = sql.join(
      playerIds.map((id) => sql`(${id}::bigint)`),
      sql`, `,
    )
    const rows = rowsOf<{ id: Num; n: Num }>(
      await db.execute(sql`
        select v.id, count(distinct o.id) as n
        from (values ${values}) v(id)
        left join lateral (
          select pb.id from players pa join players pb on pb.name_key = pa.name_key and pb.id <> pa.id where pa.id = v.id
          union
          select b.player_id from player_signals a join player_signals b on b.value = a.value and ${SAME_SORT} and b.player_id <> a.player_id
          where a.player_id = v.id
        ) o(id) on true
        group by v.id`),
    )
    for (const r of rows) counts.set(Number(r.id), Number(r.n))
    return counts
  },

  /** Which of these (a, b) pairs are linked (by name, device or address), as `a|b` keys. One statement. */
  async linkedPairs(db: Db, pairs: ReadonlyArray<{ a: number; b: number }>): Promise<Set<string>> {
    const linked = new Set<string>()
    if (pairs.length === 0) return linked
    const values = sql.join(
      pairs.map((p) => sql`(${p.a}::bigint, ${p.b}::bigint)`),
      sql`, `,
    )
    const rows = rowsOf<{ a: Num; b: Num }>(
      await db.execute(sql`
        select v.a, v.b from (values ${values}) v(a, b)
        where exists (select 1 from players pa join players pb on pb.name_key = pa.name_key where pa.id = v.a and pb.id = v.b)
           or exists (select 1 from player_signals a join player_signals b on b.value = a.value and ${SAME_SORT} where a.player_id = v.a and b.player_id = v.b)`),
    )
    for (const r of rows) linked.add(`${Number(r.a)}|${Number(r.b)}`)
    return linked
  },
}
export type LinksRepository = typeof linksRepository
