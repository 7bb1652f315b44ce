import { sql } from 'drizzle-orm'
import { bigint, check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { instant, int64 } from './columns.ts'
import { playerRef, sessions } from './players.ts'

// The player's own limits and the session reminder (issue 21 §1, §6; ADR 048).

/**
 * One row per limit a player has: `value` in force (satang for the money limits, minutes for SESSION_REMINDER). A
 * looser value or a removal is not applied: it waits in `pending_*` (pending_value null with pending_requested_at set
 * is a removal) until the player confirms it between `pending_confirmable_at` (24 hours after the request) and
 * `pending_lapses_at`; a stricter value applies at once and drops what was pending.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    playerId: playerRef(),
    kind: text('kind', { enum: ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY', 'SESSION_REMINDER'] }).notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    updatedAt: instant('updated_at').notNull(),
    pendingValue: bigint('pending_value', { mode: 'bigint' }),
    pendingRequestedAt: instant('pending_requested_at'),
    pendingConfirmableAt: instant('pending_confirmable_at'),
    pendingLapsesAt: instant('pending_lapses_at'),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind] }),
    check('player_limits_value_positive', sql`value > 0`),
    check(
      'player_limits_pending_shape',
      sql`(pending_requested_at is null and pending_value is null and pending_confirmable_at is null and pending_lapses_at is null)
        or (pending_requested_at is not null and pending_confirmable_at is not null and pending_lapses_at is not null and (pending_value is null or pending_value > value))`,
    ),
  ],
)

/** When the player last acknowledged the session reminder in a web session (the next is owed N minutes later). */
export const sessionReminders = pgTable('session_reminders', {
  sessionId: int64('session_id')
    .primaryKey()
    .references(() => sessions.id),
  acknowledgedAt: instant('acknowledged_at').notNull(),
})
