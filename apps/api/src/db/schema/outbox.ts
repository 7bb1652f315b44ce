import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { createdAt, instant, int64, requiredRef, serialId } from './columns.ts'
import { operators } from './backoffice.ts'

/** What a message's row says of it: waiting, taken by a worker, delivered, refused for good, or given up (ADR 083). */
export const OUTBOX_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED', 'DEAD'] as const

/**
 * Every message Sanam sends to a person (ADR 083): written in the transaction of the event it reports, sent by the
 * outbox worker. `params` holds only what is not secret; a code or a one-time password is in `sealed_secret`, sealed
 * with TOTP_ENCRYPTION_KEY, and set null once the message is sent, refused, given up or past `expires_at`.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serialId(),
    /** Which adapter sends it: 'sms' today; LINE and the desk's channel are more adapters (issue 38 §3-§4). */
    channel: text('channel').notNull(),
    /** For SMS the phone (0812345678). */
    recipient: text('recipient').notNull(),
    templateId: text('template_id').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    sealedSecret: text('sealed_secret'),
    /** The retry key sent with every attempt to a channel that honours one (LINE's X-Line-Retry-Key). */
    idempotencyKey: uuid('idempotency_key').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    /** While SENDING: when a worker that took it and vanished (kill -9) is presumed gone, and the row is due again. */
    leaseUntil: instant('lease_until'),
    /** After it, the message is not sent (a code that has expired); null: no expiry. */
    expiresAt: instant('expires_at'),
    lastError: text('last_error'),
    /** The message an operator resent this one for (audited). */
    resendOf: int64('resend_of'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    uniqueIndex('outbox_messages_idempotency_key').on(t.idempotencyKey),
    index('outbox_messages_due')
      .on(t.nextAttemptAt)
      .where(sql`status in ('PENDING', 'SENDING')`),
    index('outbox_messages_channel_created').on(t.channel, t.createdAt),
    check('outbox_messages_status_check', sql`${t.status} in ('PENDING', 'SENDING', 'SENT', 'FAILED', 'DEAD')`),
    check('outbox_messages_secret_only_while_due', sql`${t.sealedSecret} is null or ${t.status} in ('PENDING', 'SENDING')`),
  ],
)

/** One row per attempt to send a message: when, what the channel answered. A row without `finished_at`: a worker vanished. */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: serialId(),
    messageId: requiredRef('message_id', () => outboxMessages.id),
    attempt: integer('attempt').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    /** SENT, RETRY, FAILED (refused for good), NO_CREDIT, RATE_LIMITED. */
    outcome: text('outcome'),
    error: text('error'),
  },
  (t) => [uniqueIndex('outbox_attempts_message_attempt').on(t.messageId, t.attempt)],
)

/** What the desk must act on, raised by the outbox (an SMS gateway out of credit); LINE for the desk comes later. */
export const operatorAlerts = pgTable(
  'operator_alerts',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    channel: text('channel'),
    details: text('details').notNull(),
    createdAt: createdAt(),
    resolvedAt: instant('resolved_at'),
    /**
     * What a desk alert is about (ADR 087), e.g. `withdrawal:42`: one alert per kind and subject, ever. Null for the
     * outbox's channel alerts, which are one per kind and channel while open.
     */
    subject: text('subject'),
    /** The values its Thai text and link are made of (ADR 087): ids, amounts in satang as text, minutes. */
    params: jsonb('params').$type<Record<string, string | number>>(),
  },
  // One open alert of a kind per channel: a gateway out of credit raises one, not one per message.
  (t) => [
    uniqueIndex('operator_alerts_open_kind')
      .on(t.kind, t.channel)
      .where(sql`resolved_at is null`),
    uniqueIndex('operator_alerts_kind_subject')
      .on(t.kind, t.subject)
      .where(sql`subject is not null`),
    index('operator_alerts_created').on(t.createdAt),
  ],
)

/** Which operator has read which alert (ADR 087): the back-office's list shows the others as unread. */
export const operatorAlertReads = pgTable(
  'operator_alert_reads',
  {
    alertId: int64('alert_id')
      .notNull()
      .references(() => operatorAlerts.id, { onDelete: 'cascade' }),
    operatorId: int64('operator_id')
      .notNull()
      .references(() => operators.id),
    readAt: instant('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.operatorId] })],
)
