import { exclusionEnd, exclusionKind, type ExclusionPeriod, type Restriction } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Actor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuthService } from './auth-port.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PlayerLaunchGuard } from '../portal/portal.service.ts'
import type { ExclusionRow, ExclusionsRepository } from './exclusions.repository.ts'
import { excludedError, toRestriction } from './restriction.ts'

/** Whether an exclusion ending at `next` (null: never) ends later than one ending at `current`. */
function endsLater(next: Date | null, current: Date | null): boolean {
  if (current === null) return false
  return next === null || next.getTime() > current.getTime()
}

/**
 * Time-out and self-exclusion (issue 21 §2, ADR 047). A player's choice starts at once and holds to its end: there is
 * no way here, or anywhere in the application, to end one early (the table is append-only by trigger). Choosing ends
 * every web and game session of the player and forfeits an active promotion's bonus, in the choice's own transaction.
 */
export function createExclusionService(deps: {
  db: Db
  clock: Clock
  auth: Pick<AuthService, 'endAllSessions'>
  ledger: Pick<Ledger, 'lockPlayers'>
  /** The promotion hook that forfeits the running promotion's bonus, with its reason (inside the choice's transaction). */
  promotions: { onExcluded(tx: Db, playerId: number): Promise<void> }
  exclusionsRepository: Pick<ExclusionsRepository, 'insert' | 'activeMany'>
  /** The confirmation the exclusion requires (ADR 087), in the choice's transaction; none: nobody is told. */
  notices?: { excluded(tx: Db, exclusion: { playerId: number; exclusionId: number; endsAt: Date | null }): Promise<unknown> }
}) {
  const { db, clock, exclusionsRepository } = deps

  /** Refuses a launch (game or provider lobby) while the player is restricted: asked before anything about the game. */
  const launchGuard: PlayerLaunchGuard = async ({ playerId }) => {
    const row = (await exclusionsRepository.activeMany(db, [playerId], clock.now())).get(playerId)
    if (row) throw excludedError(row)
  }

  return {
    launchGuard,

    /**
     * Starts a time-out or self-exclusion now. While one is in force, only a choice that ends later is taken (a new
     * row; the earlier one stands as it was); anything else is EXCLUSION_ALREADY_LONGER (409), changing nothing.
     */
    async choose(actor: Actor, period: ExclusionPeriod): Promise<Restriction> {
      const now = clock.now()
      const endsAt = exclusionEnd(period, now)
      let started: ExclusionRow | undefined
      await deps.auth.endAllSessions(actor.playerId, async (tx) => {
        // Takes turns with the player's money requests: a withdrawal or deposit in flight commits before or after.
        await deps.ledger.lockPlayers(tx, [actor.playerId])
        const current = (await exclusionsRepository.activeMany(tx, [actor.playerId], now)).get(actor.playerId)
        if (current && !endsLater(endsAt, current.endsAt)) throw new AppError('EXCLUSION_ALREADY_LONGER')
        started = await exclusionsRepository.insert(tx, {
          playerId: actor.playerId,
          kind: exclusionKind(period),
          period,
          startsAt: now,
          endsAt,
          createdAt: now,
        })
        await deps.promotions.onExcluded(tx, actor.playerId)
        await deps.notices?.excluded(tx, { playerId: actor.playerId, exclusionId: started.id, endsAt })
      })
      return toRestriction(started!)
    },
  }
}
export type ExclusionService = ReturnType<typeof createExclusionService>
