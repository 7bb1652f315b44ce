import { and, asc, desc, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rowsOf, type DbNumber } from '../../db/rows.ts'
import { playerExclusions } from '../../db/schema.ts'
import { nameKeyOf } from '../links/links.repository.ts'

export type ExclusionRow = typeof playerExclusions.$inferSelect
export type NewExclusion = typeof playerExclusions.$inferInsert

/**
 * A registration as the same-person rule sees it (ADR 047, amended 2026-11-29): the bank account holder's name (the
 * registered names), the device hashes and linkable addresses it came with (links.service's `signalsOf`), and the
 * bank account it names.
 */
export interface NewAccountProbe {
  firstname: string
  surname: string
  devices: readonly string[]
  addresses: readonly string[]
  bankCode: string
  bankAccount: string
}

/** `x` has a time-out or self-exclusion in force at `now`. */
const inForce = (now: Date) => sql`exists (
  select 1 from player_exclusions e
  where e.player_id = x.id and e.starts_at <= ${now} and (e.ends_at is null or e.ends_at > ${now}))`

/**
 * A transfer credited to `x` came from this bank account, read in full (a masked sender shows too few digits). Reads
 * the deposits module's table: which accounts a person has paid from is only known there.
 */
const sentFrom = (bankCode: SQL, bankAccount: SQL) => sql`exists (
  select 1 from deposits d
  where d.player_id = x.id and d.credited_at is not null and d.from_bank_code = ${bankCode}
    and regexp_replace(d.from_account, '[^0-9]', '', 'g') = ${bankAccount})`

/** `column in (values)`, or false for none (SQL has no empty list). */
const inList = (column: SQL, values: readonly string[]) =>
  values.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`

/** These players' exclusions that began as `began` says and had not ended by `after` (a permanent one never ends). */
const playersExcluded = (playerIds: readonly number[], began: SQL, after: Date) =>
  and(inArray(playerExclusions.playerId, [...new Set(playerIds)]), began, or(isNull(playerExclusions.endsAt), gt(playerExclusions.endsAt, after)))

/** Time-outs and self-exclusions (ADR 047): rows are only ever added; the table refuses changes and removals. */
export const exclusionsRepository = {
  async insert(db: Db, row: NewExclusion): Promise<ExclusionRow> {
    const [inserted] = await db.insert(playerExclusions).values(row).returning()
    return inserted!
  },

  /**
   * For each of these players with a time-out or self-exclusion in force at `now`, the one that ends last (a permanent
   * one before any other): one statement for any number of players.
   */
  async activeMany(db: Db, playerIds: readonly number[], now: Date): Promise<Map<number, ExclusionRow>> {
    if (playerIds.length === 0) return new Map()
    const rows = await db
      .selectDistinctOn([playerExclusions.playerId])
      .from(playerExclusions)
      .where(playersExcluded(playerIds, lte(playerExclusions.startsAt, now), now))
      .orderBy(asc(playerExclusions.playerId), sql`${playerExclusions.endsAt} desc nulls first`, desc(playerExclusions.id))
    return new Map(rows.map((row) => [row.playerId, row]))
  },

  /**
   * The same-person rule for a new account (ADR 047, amended 2026-11-29): a player with a time-out or self-exclusion
   * in force at `now` whose bank account holder's name (`players.name_key`) is the registration's AND who shares with it
   * one more thing: a device, an address (where they registered or last signed in), or the bank account (one a
   * transfer credited to them came from; their registered one is refused as taken before this is asked). The name
   * alone is not enough: two people may share one. One statement, from the name's index. Answers the excluded
   * player's id, or undefined.
   */
  async excludedMatchingNewAccount(db: Db, probe: NewAccountProbe, now: Date): Promise<number | undefined> {
    const rows = rowsOf<{ id: DbNumber }>(
      await db.execute(sql`
        select x.id from players x
        where x.name_key = ${nameKeyOf(probe.firstname, probe.surname)}
          and ${inForce(now)}
          and (exists (
                select 1 from player_signals s
                where s.player_id = x.id
                  and ((s.kind = 'DEVICE' and ${inList(sql`s.value`, probe.devices)}) or (s.kind <> 'DEVICE' and ${inList(sql`s.value`, probe.addresses)})))
            or ${sentFrom(sql`${probe.bankCode}`, sql`${probe.bankAccount}`)})
        limit 1`),
    )
    return rows[0] === undefined ? undefined : Number(rows[0].id)
  },

  /**
   * The same-person rule for the member a bank transfer would be credited to (ADR 047, amended 2026-11-29): another
   * player with a time-out or self-exclusion in force at `now`, of the member's name, who shares with the member a
   * device or an address, or from whose credited transfers the member's registered bank account is known. The rule
   * of `excludedMatchingNewAccount`, for an account that exists (opened before the exclusion, or before the rule).
   * One statement. Answers the excluded player's id, or undefined.
   */
  async excludedMatchingMember(db: Db, playerId: number, now: Date): Promise<number | undefined> {
    const rows = rowsOf<{ id: DbNumber }>(
      await db.execute(sql`
        select x.id from players p
        join players x on x.name_key = p.name_key and x.id <> p.id
        where p.id = ${playerId}
          and ${inForce(now)}
          and (exists (
                select 1 from player_signals s
                join player_signals ps on ps.value = s.value and (ps.kind = 'DEVICE') = (s.kind = 'DEVICE')
                where s.player_id = x.id and ps.player_id = p.id)
            or ${sentFrom(sql`p.bank_code`, sql`p.bank_account`)})
        limit 1`),
    )
    return rows[0] === undefined ? undefined : Number(rows[0].id)
  },

  /** Which of these players had a time-out or self-exclusion in force at any moment of [start, end). */
  async inForceDuring(db: Db, playerIds: readonly number[], start: Date, end: Date): Promise<Set<number>> {
    if (playerIds.length === 0) return new Set()
    const rows = await db
      .selectDistinct({ playerId: playerExclusions.playerId })
      .from(playerExclusions)
      .where(playersExcluded(playerIds, lt(playerExclusions.startsAt, end), start))
    return new Set(rows.map((r) => r.playerId))
  },
}
export type ExclusionsRepository = typeof exclusionsRepository
