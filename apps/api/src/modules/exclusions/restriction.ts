import { msg, type Restriction } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { ExclusionRow, ExclusionsRepository, NewAccountProbe } from './exclusions.repository.ts'

/**
 * How every enforcement point asks (ADR 047): the player's time-out or self-exclusion in force now, read with the
 * caller's handle (inside its transaction when it has one). Pure over the repository it is given.
 */
export type ExclusionReader = Pick<ExclusionsRepository, 'activeMany'>

/** The restriction as the contract shows it to the player and the back-office. */
export function toRestriction(row: ExclusionRow): Restriction {
  return { kind: row.kind, period: row.period, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt?.toISOString() ?? null }
}

/** The refusal a restricted player gets, with the end of the restriction in its Thai message. */
export function excludedError(row: ExclusionRow): AppError {
  return new AppError('PLAYER_EXCLUDED', row.endsAt ? msg('EXCLUDED_UNTIL', { until: row.endsAt }) : msg('EXCLUDED_FOR_GOOD'))
}

/** The player's restriction in force at `now`, or null. */
export async function restrictionOf(reader: ExclusionReader, db: Db, playerId: number, now: Date): Promise<Restriction | null> {
  const row = (await reader.activeMany(db, [playerId], now)).get(playerId)
  return row ? toRestriction(row) : null
}

/** Throws PLAYER_EXCLUDED (403) while the player has a time-out or self-exclusion in force at `now`. */
export async function refuseWhileExcluded(reader: ExclusionReader, db: Db, playerId: number, now: Date): Promise<void> {
  const row = (await reader.activeMany(db, [playerId], now)).get(playerId)
  if (row) throw excludedError(row)
}

/**
 * Refuses a registration of a person with a time-out or self-exclusion in force at `now` (their name and one more
 * thing they share: ADR 047, amended 2026-11-29). The answer is the neutral REGISTRATION_REFUSED under RULE_REFUSED:
 * neither the code nor the text says that anyone is excluded, or who.
 */
export async function refuseExcludedPerson(
  reader: Pick<ExclusionsRepository, 'excludedMatchingNewAccount'>,
  db: Db,
  probe: NewAccountProbe,
  now: Date,
): Promise<void> {
  if ((await reader.excludedMatchingNewAccount(db, probe, now)) !== undefined) throw new AppError('RULE_REFUSED', msg('REGISTRATION_REFUSED'))
}
