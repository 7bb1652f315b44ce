import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, instant, int64, satang, serialId, updatedAt } from './columns.ts'
import { playerRef } from './players.ts'

// Transfer slips a player submits (issue 37 §1, ADR 079): the slips module's own table.

/** What a verifier said of a slip, as kept (amount in satang as a string, times ISO): for the desk and the retries. */
export interface SlipFacts {
  amount: string
  occurredAt: string
  sender: { bankCode: string | null; account: string | null; name: string | null }
  receiver: { bankCode: string | null; account: string | null; name: string | null; proxy: { type: string; value: string } | null }
  seenBefore: boolean
}

/**
 * One row per slip a player submitted (`slip_key` = `<sending bank>:<reference>`, or `tmn:<reference>`), once per
 * player: CHECKING while the verifier has not answered (retried at `next_attempt_at`, 30 s, 2 min, 10 min), CREDITED
 * (the deposit it credited or found credited), REFUSED (`reason`), MANUAL_REVIEW after the last unknown answer, CLOSED
 * by an operator. An unknown answer never credits.
 */
export const slipChecks = pgTable(
  'slip_checks',
  {
    id: serialId(),
    playerId: playerRef(),
    slipKey: text('slip_key').notNull(),
    /** The QR text as the player's browser decoded it (already read and accepted by the server). */
    payload: text('payload').notNull(),
    /** The verifier asked (`demo`, `easyslip`, ...). */
    verifier: text('verifier').notNull(),
    status: text('status', { enum: ['CHECKING', 'CREDITED', 'REFUSED', 'MANUAL_REVIEW', 'CLOSED'] }).notNull(),
    /** Why it was refused, sent to review, or how it was credited (a slips reason code, ADR 079). */
    reason: text('reason'),
    /** The verifier's last answer code (its own words: `1010`, `TIMEOUT`, ...), for the desk. */
    verifierCode: text('verifier_code'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    facts: jsonb('facts').$type<SlipFacts>(),
    depositId: int64('deposit_id'),
    /** The operator who closed a manual-review item, and why. */
    closedBy: int64('closed_by'),
    closeNote: text('close_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('slip_checks_player_key').on(t.playerId, t.slipKey),
    index('slip_checks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'CHECKING'`),
    index('slip_checks_status_idx').on(t.status, t.createdAt),
    check('slip_checks_attempts', sql`attempts >= 0`),
  ],
)

/**
 * Demo mode only (ADR 079): the transfers the demo bank made (`npm run bank:transfer -- --slip`), as a bank's own
 * records. The demo verifier answers from here and nowhere else: a slip of a transfer the demo bank never made is
 * NOT_FOUND, as a real verifier would say. Amount in satang.
 */
export const demoBankTransfers = pgTable(
  'demo_bank_transfers',
  {
    id: serialId(),
    sendingBank: text('sending_bank').notNull(),
    reference: text('reference').notNull(),
    fromAccount: text('from_account').notNull(),
    fromName: text('from_name').notNull(),
    toBank: text('to_bank').notNull(),
    toAccount: text('to_account').notNull(),
    toName: text('to_name').notNull(),
    amount: satang('amount').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('demo_bank_transfers_ref_key').on(t.sendingBank, t.reference), check('demo_bank_transfers_amount_positive', sql`amount > 0`)],
)
