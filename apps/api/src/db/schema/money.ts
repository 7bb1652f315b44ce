import { sql } from 'drizzle-orm'
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { operators } from './backoffice.ts'
import { players } from './players.ts'

// Money (DESIGN §3). All amounts are integer satang (bigint).

/** Player account kinds keep a running balance; house accounts do not. */
export const PLAYER_ACCOUNT_KINDS = ['cash', 'withdraw_hold', 'referral', 'rebate'] as const
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number]

/**
 * Ledger accounts. A player account has a balance that can never go below zero (CHECK, and every debit is a
 * conditional UPDATE); a house account (bank_in, bank_out, game:<provider>, promotion, ...) has no balance
 * column at all: its balance is the sum of its transfers, so no house row is ever a hot spot.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id),
    kind: text('kind').notNull(),
    balance: bigint('balance', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_player_kind_key')
      .on(t.playerId, t.kind)
      .where(sql`player_id is not null`),
    uniqueIndex('accounts_house_kind_key')
      .on(t.kind)
      .where(sql`player_id is null`),
    check('accounts_balance_shape', sql`(player_id is not null and balance is not null and balance >= 0) or (player_id is null and balance is null)`),
  ],
)

/** Immutable money movements: one debit, one credit, an amount, and a unique idempotency key. */
export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transfers_idempotency_key').on(t.idempotencyKey),
    index('transfers_debit_idx').on(t.debitAccountId, t.id),
    index('transfers_credit_idx').on(t.creditAccountId, t.id),
    index('transfers_reference_idx').on(t.reference),
    // The back-office dashboard sums a few kinds over two weeks (issue 12 §2).
    index('transfers_kind_created_idx').on(t.kind, t.createdAt),
    check('transfers_amount_positive', sql`amount > 0`),
    check('transfers_two_accounts', sql`debit_account_id <> credit_account_id`),
  ],
)

/** Operator bank accounts players pay into; the back-office edits them. */
export const operatorBankAccounts = pgTable('operator_bank_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  promptpayType: text('promptpay_type', { enum: ['MSISDN', 'NATID', 'EWALLETID'] }),
  promptpayId: text('promptpay_id'),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
})

/** A player's intent to deposit: carries the chosen promotion; lives 180 s. */
export const draftBills = pgTable(
  'draft_bills',
  {
    id: text('id').primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    promotionId: bigint('promotion_id', { mode: 'number' }),
    operatorAccountId: bigint('operator_account_id', { mode: 'number' })
      .notNull()
      .references(() => operatorBankAccounts.id),
    status: text('status', { enum: ['LIVE', 'COMPLETED', 'CANCELLED', 'EXPIRED'] })
      .notNull()
      .default('LIVE'),
    depositId: bigint('deposit_id', { mode: 'number' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('draft_bills_one_live_key')
      .on(t.playerId)
      .where(sql`status = 'LIVE'`),
    index('draft_bills_player_idx').on(t.playerId, t.createdAt),
  ],
)

/**
 * Money that arrived at an operator account (bank feed, operator entry). MATCHED rows are credited to a player;
 * UNMATCHED rows wait in the back-office queue until an operator assigns them (then ASSIGNED).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source', { enum: ['BANK_FEED', 'MANUAL'] }).notNull(),
    externalId: text('external_id').notNull(),
    requestHash: text('request_hash').notNull(),
    toAccount: text('to_account').notNull(),
    fromBankCode: text('from_bank_code').notNull(),
    fromAccount: text('from_account').notNull(),
    fromName: text('from_name'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['MATCHED', 'UNMATCHED', 'ASSIGNED'] }).notNull(),
    note: text('note'),
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id),
    draftBillId: text('draft_bill_id'),
    creditedAt: timestamp('credited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('deposits_external_id_key').on(t.externalId),
    index('deposits_player_idx').on(t.playerId, t.creditedAt),
    // The back-office's deposit history, newest credited first (issue 12 §4).
    index('deposits_credited_idx')
      .on(t.creditedAt)
      .where(sql`credited_at is not null`),
    index('deposits_unmatched_idx')
      .on(t.receivedAt)
      .where(sql`status = 'UNMATCHED'`),
    check('deposits_amount_positive', sql`amount > 0`),
  ],
)

/** Money leaving to a player's own bank account after an operator approves. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    bankCode: text('bank_code').notNull(),
    bankAccount: text('bank_account').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCESS', 'FAIL', 'CANCEL'] })
      .notNull()
      .default('PENDING'),
    payoutRef: text('payout_ref'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_player_idx').on(t.playerId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`amount > 0`),
  ],
)

/**
 * Approvals of a withdrawal above the four-eyes amount (BACKOFFICE_FOUR_EYES_BAHT, ADR 031): the first operator's
 * approval waits here; a second, different operator's approval pays. One row per operator and withdrawal.
 */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    payoutRef: text('payout_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.operatorId] })],
)

/**
 * Manual balance adjustments of a member's cash wallet by operators (issue 12 §5), against the ledger's `adjustment`
 * house account. Up to the four-eyes amount an adjustment is APPLIED at once; above it, it waits PENDING until a
 * second, different operator approves (then APPLIED) or an operator rejects it (REJECTED). The transfer's key is
 * `adjustment:<id>`, so an adjustment moves money once whatever happens to the request.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** Satang; positive credits the member, negative debits them. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** The id the operator's screen gave the request: sending it again answers the same adjustment, moves nothing. */
    requestId: text('request_id').notNull(),
    status: text('status', { enum: ['PENDING', 'APPLIED', 'REJECTED'] }).notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('adjustments_request_id_key').on(t.requestId),
    index('adjustments_player_idx').on(t.playerId, t.createdAt),
    index('adjustments_status_idx').on(t.status, t.createdAt),
    check('adjustments_amount_nonzero', sql`amount <> 0`),
  ],
)

/** Idempotency-Key records (Stripe's rules): the first answer is kept and replayed for the same key and body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.scope, t.key] })],
)
