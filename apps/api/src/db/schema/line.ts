import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { bytea, createdAt, instant, int64, serialId, updatedAt } from './columns.ts'
import { players } from './players.ts'

/**
 * A player's LINE (ADR 088): the LINE user they linked (null: not linked, or unlinked), and which notices go to it.
 * One LINE user to one player (the unique index); the preferences stay when the player unlinks.
 */
export const lineLinks = pgTable(
  'line_links',
  {
    playerId: int64('player_id')
      .primaryKey()
      .references(() => players.id),
    lineUserId: text('line_user_id'),
    linkedAt: instant('linked_at'),
    /** The notice kinds (contract NOTICE_KINDS) that go to LINE; promotion only when the player chose it. */
    notices: text('notices').array().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('line_links_line_user').on(t.lineUserId), check('line_links_linked_together', sql`(${t.lineUserId} is null) = (${t.linkedAt} is null)`)],
)

/**
 * One try at linking (ADR 088): LINE's link token issued for a LINE user who wrote to the Official Account (its hash,
 * 10 minutes), then the player who confirmed it in Sanam and Sanam's nonce (its hash, single use, 10 minutes), then
 * LINE's accountLink event that completed it. Nothing in it is usable again once used or past its time.
 */
export const lineLinkRequests = pgTable(
  'line_link_requests',
  {
    id: serialId(),
    lineUserId: text('line_user_id').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    tokenExpiresAt: instant('token_expires_at').notNull(),
    playerId: int64('player_id').references(() => players.id),
    nonceHash: bytea('nonce_hash'),
    nonceExpiresAt: instant('nonce_expires_at'),
    completedAt: instant('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('line_link_requests_token').on(t.tokenHash),
    uniqueIndex('line_link_requests_nonce').on(t.nonceHash),
    index('line_link_requests_created').on(t.createdAt),
  ],
)

/** LINE webhook events already handled, by `webhookEventId`: a redelivered one is ignored (ADR 088); kept 7 days. */
export const lineWebhookEvents = pgTable(
  'line_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [index('line_webhook_events_received').on(t.receivedAt)],
)
