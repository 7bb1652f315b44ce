import { and, asc, desc, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { playerExclusions } from '../../db/schema.ts'

export type ExclusionRow = typeof playerExclusions.$inferSelect
export type NewExclusion = typeof playerExclusions.$inferInsert

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
      .where(
        and(
          inArray(playerExclusions.playerId, [...new Set(playerIds)]),
          lte(playerExclusions.startsAt, now),
          or(isNull(playerExclusions.endsAt), gt(playerExclusions.endsAt, now)),
        ),
      )
      .orderBy(asc(playerExclusions.playerId), sql`${playerExclusions.endsAt} desc nulls first`, desc(playerExclusions.id))
    return new Map(rows.map((row) => [row.playerId, row]))
  },

  /** Which of these players had a time-out or self-exclusion in force at any moment of [start, end). */
  async inForceDuring(db: Db, playerIds: readonly number[], start: Date, end: Date): Promise<Set<number>> {
    if (playerIds.length === 0) return new Set()
    const rows = await db
      .selectDistinct({ playerId: playerExclusions.playerId })
      .from(playerExclusions)
      .where(
        and(
          inArray(playerExclusions.playerId, [...new Set(playerIds)]),
          lt(playerExclusions.startsAt, end),
          or(isNull(playerExclusions.endsAt), gt(playerExclusions.endsAt, start)),
        ),
      )
    return new Set(rows.map((r) => r.playerId))
  },
}
export type ExclusionsRepository = typeof exclusionsRepository
