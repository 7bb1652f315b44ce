import { and, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { lineLinkRequests, lineLinks, lineWebhookEvents, playerExclusions } from '../../db/schema.ts'

export type LineLinkRow = typeof lineLinks.$inferSelect

/**
 * The condition that a player may be told of `notice` at `now` (ADR 087): the exclusion's own notice always; any
 * other only without a time-out or self-exclusion in force. Reads the exclusions' table for that one condition.
 */
export function toldOf(playerId: number, notice: string, now: Date): SQL {
  if (notice === 'exclusion') return sql`true`
  return sql`not exists (select 1 from ${playerExclusions} where ${playerExclusions.playerId} = ${playerId}
    and ${playerExclusions.startsAt} <= ${now} and (${playerExclusions.endsAt} is null or ${playerExclusions.endsAt} > ${now}))`
}

/** SQL for players' LINE links, the link requests and the webhook events seen (ADR 088). */
export const lineRepository = {
  async linkOf(db: Db, playerId: number): Promise<LineLinkRow | undefined> {
    const [row] = await db.select().from(lineLinks).where(eq(lineLinks.playerId, playerId))
    return row
  },

  /**
   * The LINE user a notice of `notice` goes to, as a query of one column (`recipient`) and at most one row: the player
   * linked LINE and chose the notice, and, unless it is the exclusion's own notice, has no time-out or self-exclusion in
   * force at `now` (ADR 087). Not run here: the notices module writes it into the outbox's insert, so the look-up costs
   * the event's transaction no statement of its own (issue 38 §6). Reads the exclusions' table for that one condition.
   */
  lineUserQuery(playerId: number, notice: string, now: Date): SQL {
    return sql`select ${lineLinks.lineUserId} as recipient from ${lineLinks}
      where ${lineLinks.playerId} = ${playerId} and ${lineLinks.lineUserId} is not null and ${notice} = any(${lineLinks.notices})
        and ${toldOf(playerId, notice, now)}`
  },

  /** The player a LINE user is linked to, if any. */
  async playerOfLineUser(db: Db, lineUserId: string): Promise<number | undefined> {
    const [row] = await db.select({ playerId: lineLinks.playerId }).from(lineLinks).where(eq(lineLinks.lineUserId, lineUserId))
    return row?.playerId
  },

  /** Sets which notices go to LINE; a player without a row gets one, not linked. */
  async saveNotices(db: Db, playerId: number, notices: string[], at: Date): Promise<void> {
    await db
      .insert(lineLinks)
      .values({ playerId, notices, updatedAt: at })
      .onConflictDoUpdate({ target: lineLinks.playerId, set: { notices, updatedAt: at } })
  },

  /** Links the player to the LINE user (a player who never chose gets `defaults`); the unique index refuses a second player. */
  async link(db: Db, playerId: number, lineUserId: string, at: Date, defaults: string[]): Promise<void> {
    await db
      .insert(lineLinks)
      .values({ playerId, lineUserId, linkedAt: at, notices: defaults, updatedAt: at })
      .onConflictDoUpdate({ target: lineLinks.playerId, set: { lineUserId, linkedAt: at, updatedAt: at } })
  },

  /** Unlinks whoever matches (a player, or the LINE user that blocked the Official Account); answers whether one was. */
  async unlink(db: Db, where: { playerId: number } | { lineUserId: string }, at: Date): Promise<boolean> {
    const rows = await db
      .update(lineLinks)
      .set({ lineUserId: null, linkedAt: null, updatedAt: at })
      .where(and('playerId' in where ? eq(lineLinks.playerId, where.playerId) : eq(lineLinks.lineUserId, where.lineUserId), isNotNull(lineLinks.lineUserId)))
      .returning({ playerId: lineLinks.playerId })
    return rows.length > 0
  },

  async insertRequest(db: Db, row: { lineUserId: string; tokenHash: Buffer; tokenExpiresAt: Date }): Promise<void> {
    await db.insert(lineLinkRequests).values(row)
  },

  /**
   * The player confirms the link token: the request whose token this is, not completed, not past its 10 minutes, and
   * not confirmed by another player, takes the player and a new nonce (a nonce given before no longer counts).
   * Answers the LINE user it was issued for, or undefined.
   */
  async confirmToken(db: Db, tokenHash: Buffer, playerId: number, nonce: { hash: Buffer; expiresAt: Date }, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(lineLinkRequests)
      .set({ playerId, nonceHash: nonce.hash, nonceExpiresAt: nonce.expiresAt })
      .where(
        and(
          eq(lineLinkRequests.tokenHash, tokenHash),
          isNull(lineLinkRequests.completedAt),
          gt(lineLinkRequests.tokenExpiresAt, now),
          or(isNull(lineLinkRequests.playerId), eq(lineLinkRequests.playerId, playerId)),
        ),
      )
      .returning({ lineUserId: lineLinkRequests.lineUserId })
    return row?.lineUserId
  },

  /**
   * LINE's accountLink event uses the nonce: once, within its 10 minutes, and only for the LINE user the link token
   * was issued to. Answers the player who confirmed it, or undefined (unknown, used, expired, another LINE user).
   */
  async completeNonce(db: Db, nonceHash: Buffer, lineUserId: string, now: Date): Promise<number | undefined> {
    const [row] = await db
      .update(lineLinkRequests)
      .set({ completedAt: now })
      .where(
        and(
          eq(lineLinkRequests.nonceHash, nonceHash),
          eq(lineLinkRequests.lineUserId, lineUserId),
          isNull(lineLinkRequests.completedAt),
          gt(lineLinkRequests.nonceExpiresAt, now),
        ),
      )
      .returning({ playerId: lineLinkRequests.playerId })
    return row?.playerId ?? undefined
  },

  /** Records a webhook event id; false when it was seen before (a redelivery). */
  async firstSight(db: Db, eventId: string, at: Date): Promise<boolean> {
    const rows = await db.insert(lineWebhookEvents).values({ eventId, receivedAt: at }).onConflictDoNothing().returning({ eventId: lineWebhookEvents.eventId })
    return rows.length > 0
  },

  /** Deletes webhook event ids and link requests older than `before`; answers how many. */
  async prune(db: Db, before: Date): Promise<number> {
    const events = await db.delete(lineWebhookEvents).where(lt(lineWebhookEvents.receivedAt, before)).returning({ id: lineWebhookEvents.eventId })
    const requests = await db.delete(lineLinkRequests).where(lt(lineLinkRequests.createdAt, before)).returning({ id: lineLinkRequests.id })
    return events.length + requests.length
  },
}
export type LineRepository = typeof lineRepository
