import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant, int64, serialId } from './columns.ts'
import { deposits } from './money.ts'

/**
 * What a notification said, as `parseNotification` read it (ADR 080): amounts as satang in decimal text (JSON has no
 * bigint), times as ISO strings.
 */
export interface NotificationFacts {
  kind: 'INCOMING' | 'OUTGOING' | 'IGNORED' | 'UNPARSED'
  bank: string | null
  language?: 'th' | 'en'
  reason?: string
  toAccountMask?: string | null
  fromBankCode?: string | null
  fromAccount?: string | null
  fromName?: string | null
  amount?: string
  occurredAt?: string
  timeFrom?: 'text' | 'phone'
}

/**
 * Bank notification texts a forwarder phone passed on (issue 37 §2, ADR 080): every one kept as it came, read or
 * not. Only an incoming transfer that names its sender reaches deposits (`deposit_id`); the rest are listed for the
 * desk and never credited.
 */
export const bankNotifications = pgTable(
  'bank_notifications',
  {
    id: serialId(),
    /** sha256 of sender, the phone's received time and the text: the same notification forwarded twice is one row. */
    fingerprint: text('fingerprint').notNull(),
    sender: text('sender').notNull(),
    text: text('text').notNull(),
    /** When the phone received it (the forwarder's clock). */
    deviceReceivedAt: instant('device_received_at').notNull(),
    /** When the server stored it. */
    receivedAt: instant('received_at').notNull(),
    /** The pay-in account the forwarding phone says it belongs to, if it says. */
    payInAccount: text('pay_in_account'),
    facts: jsonb('facts').$type<NotificationFacts>().notNull(),
    /**
     * UNPARSED, OUTGOING, IGNORED: kept, never money. INCOMPLETE: an incoming transfer without a sender account, a
     * known pay-in account or a believable time. PARSED: handed to deposits, which answered CREDITED, UNMATCHED (a
     * deposit waiting for an operator), MATCHED_EXISTING (another source reported the transfer first) or AMBIGUOUS
     * (several transfers fit: nothing stored in deposits, an operator looks).
     */
    status: text('status', {
      enum: ['PARSED', 'UNPARSED', 'OUTGOING', 'IGNORED', 'INCOMPLETE', 'CREDITED', 'UNMATCHED', 'MATCHED_EXISTING', 'AMBIGUOUS'],
    }).notNull(),
    /** Why it stopped where it did (a message id or the deposit's note), for the desk. */
    note: text('note'),
    depositId: int64('deposit_id').references(() => deposits.id),
  },
  (t) => [
    uniqueIndex('bank_notifications_fingerprint_key').on(t.fingerprint),
    // The desk lists a Bangkok day's notifications, newest first.
    index('bank_notifications_received_idx').on(t.receivedAt),
    index('bank_notifications_deposit_idx')
      .on(t.depositId)
      .where(sql`deposit_id is not null`),
  ],
)
