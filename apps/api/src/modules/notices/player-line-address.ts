import type { SQL } from 'drizzle-orm'
import type { NoticeKind } from '@sanam/contract'

/**
 * Where a player's notice goes on LINE (ADR 087), answered by the LINE module (ADR 088): a query of one column
 * (`recipient`) answering the LINE user the player linked, when they chose this kind of notice and are not in a
 * time-out or self-exclusion (but for the exclusion's own notice); no row otherwise. Null when LINE is off. The
 * notices module writes it into the outbox's insert, in the event's transaction: one statement (issue 38 §6).
 */
export interface PlayerLineAddress {
  lineUserQuery(playerId: number, notice: NoticeKind): SQL | null
}
