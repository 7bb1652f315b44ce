import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, instant, int64, requiredRef, satang, serialId, updatedAt } from './columns.ts'
import { operatorRef } from './backoffice.ts'
import { playerBankAccount } from './players.ts'
import { withdrawals } from './money.ts'

/**
 * A withdrawal sent to the payout bank (ADR 081), owned by the payouts module: one per withdrawal. `reference` is
 * Sanam's own, made and stored (with an audit entry) before the bank is called, so a retry or a status read asks the
 * bank about the same payout. `status` is the step reached:
 * READY (nothing sent) → INQUIRING (the account-name check) → INITIATING (from here money may move) → CONFIRMING →
 * PAID or REJECTED (the bank said so); HELD when a check stopped it before anything was sent; UNKNOWN when an answer
 * was lost (asked again with back-off, or resolved by two operators: RESOLVED_PAID, RESOLVED_REFUNDED).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serialId(),
    withdrawalId: requiredRef('withdrawal_id', () => withdrawals.id),
    reference: text('reference').notNull(),
    /** The adapter that sent it (`demo`, `http`). */
    bank: text('bank').notNull(),
    amount: satang('amount').notNull(),
    ...playerBankAccount(),
    status: text('status', {
      enum: ['READY', 'INQUIRING', 'INITIATING', 'CONFIRMING', 'PAID', 'REJECTED', 'HELD', 'UNKNOWN', 'RESOLVED_PAID', 'RESOLVED_REFUNDED'],
    }).notNull(),
    /** Who approved the withdrawal (null: the auto-approval, issue 37 §4). */
    approvedBy: operatorRef('approved_by'),
    /** The account holder's name the inquiry answered. */
    accountName: text('account_name'),
    /** The bank's id of the initiated transfer (what confirm names). */
    bankTransactionId: text('bank_transaction_id'),
    /** The bank's reference of the money moved (or the one two operators read on the statement). */
    bankReference: text('bank_reference'),
    /** Why it is HELD, UNKNOWN or REJECTED: a code (NAME_MISMATCH, INQUIRY_UNAVAILABLE, TIMEOUT, HTTP_503, ...). */
    lastError: text('last_error'),
    /** How many times the bank was asked about an UNKNOWN payout, and when next. */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: instant('next_check_at'),
    /** An operator's proposed resolution of an UNKNOWN payout, waiting for a second, different operator. */
    proposedOutcome: text('proposed_outcome', { enum: ['PAID', 'NOT_PAID'] }),
    proposedReference: text('proposed_reference'),
    proposedNote: text('proposed_note'),
    proposedBy: operatorRef('proposed_by'),
    proposedAt: instant('proposed_at'),
    resolvedBy: operatorRef('resolved_by'),
    /** When the payout left the in-flight steps for a state it cannot leave by itself (PAID, REJECTED, HELD, UNKNOWN). */
    settledAt: instant('settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_reference_key').on(t.reference),
    uniqueIndex('payouts_withdrawal_key').on(t.withdrawalId),
    index('payouts_status_idx').on(t.status, t.createdAt),
    check('payouts_amount_positive', sql`amount > 0`),
  ],
)

/**
 * A payout bank's status callbacks (ADR 086): every signed callback kept once (`fingerprint`, sha256 of the raw
 * body: the same event sent again is a replay and does nothing). A callback never settles a payout by itself: it
 * records what the bank said and triggers the look-up by reference; `outcome` is the payout's status after it.
 */
export const payoutCallbacks = pgTable(
  'payout_callbacks',
  {
    id: serialId(),
    fingerprint: text('fingerprint').notNull(),
    reference: text('reference').notNull(),
    /** What the callback said: SUCCESS, REJECTED or PENDING (ADR 081's look-up words). */
    reportedStatus: text('reported_status').notNull(),
    bankReference: text('bank_reference'),
    errorCode: text('error_code'),
    /** The payout the reference names (null: none of ours). */
    payoutId: int64('payout_id').references(() => payouts.id),
    /** The payout's status once the callback was handled (the look-up's answer when it was unknown). */
    outcome: text('outcome'),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [uniqueIndex('payout_callbacks_fingerprint_key').on(t.fingerprint), index('payout_callbacks_reference_idx').on(t.reference)],
)
