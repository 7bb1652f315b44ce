import type { NoticeKind } from '@sanam/contract'
import type { Db } from '../../db/client.ts'

/**
 * Where a player's notice goes on LINE (ADR 087), answered by the LINE module (ADR 088): the LINE user id the player
 * linked, when they chose this kind of notice and LINE is on; null otherwise (not linked, not chosen, LINE off, or a
 * self-excluded player for anything but the exclusion's own notice). Read in the event's transaction.
 */
export interface PlayerLineAddress {
  lineUserFor(tx: Db, playerId: number, notice: NoticeKind): Promise<string | null>
}
