import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, instant, int64, onePending, requiredRef, satang, serialId } from './columns.ts'
import { decisionColumns, operatorRef } from './backoffice.ts'
import { playerBankAccount, playerRef, players } from './players.ts'

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
    id: serialId(),
    playerId: int64('player_id').references(() => players.id),
    kind: text('kind').notNull(),
    balance: satang('balance'),
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
    id: serialId(),
    idempotencyKey: text('idempotency_key').notNull(),
    debitAccountId: requiredRef('debit_account_id', () => accounts.id),
    creditAccountId: requiredRef('credit_account_id', () => accounts.id),
    amount: satang('amount').notNull(),
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

/**
 * Operator bank accounts players pay into (the back-office's pay-in accounts). A row is one version of an account's
 * details, never edited: a new account or a change of bank, number, name or PromptPay id is a new PENDING row
 * (`replaces_id` names the row a change replaces) that a second finance operator approves (status APPROVED, then
 * `active`) or rejects. Retiring clears `active` at once. Every APPROVED row, active or retired, still matches
 * transfers; a PENDING or REJECTED one never did.
 */
export const operatorBankAccounts = pgTable(
  'operator_bank_accounts',
  {
    id: serialId(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    promptpayType: text('promptpay_type', { enum: ['MSISDN', 'NATID', 'EWALLETID'] }),
    promptpayId: text('promptpay_id'),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('APPROVED'),
    /** Who proposed this version; null for the system (the demo seed, accounts from before the editor). */
    proposedBy: operatorRef('proposed_by'),
    /** Who approved or rejected it; null while pending, or the system for a seeded account. */
    ...decisionColumns(),
    /** The account this version replaces when approved (a change of details), retired in the same transaction. */
    replacesId: int64('replaces_id'),
    retiredAt: instant('retired_at'),
    /** When a draft bill last named it: bills go to the active account used least recently. */
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [
    check('operator_bank_accounts_active_approved', sql`not active or status = 'APPROVED'`),
    index('operator_bank_accounts_number_idx').on(t.accountNumber),
  ],
)

/** A player's intent to deposit: carries the chosen promotion; lives 180 s. */
export const draftBills = pgTable(
  'draft_bills',
  {
    id: text('id').primaryKey(),
    playerId: playerRef(),
    amount: satang('amount').notNull(),
    promotionId: int64('promotion_id'),
    operatorAccountId: requiredRef('operator_account_id', () => operatorBankAccounts.id),
    status: text('status', { enum: ['LIVE', 'COMPLETED', 'CANCELLED', 'EXPIRED'] })
      .notNull()
      .default('LIVE'),
    depositId: int64('deposit_id'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('draft_bills_one_live_key')
      .on(t.playerId)
      .where(sql`status = 'LIVE'`),
    index('draft_bills_player_idx').on(t.playerId, t.createdAt),
  ],
)

/** Why a deposit attempt (a draft bill asked for) was refused: the error code the player was answered with. */
export const DECLINED_DEPOSIT_REASONS = ['LIMIT_EXCEEDED', 'PLAYER_EXCLUDED', 'DEPENDENCY_DOWN'] as const
export type DeclinedDepositReason = (typeof DECLINED_DEPOSIT_REASONS)[number]

/**
 * Deposit attempts refused before a bill was made (issue 39 §4, ADR 090 amended 2026-11-29): by a deposit limit, a
 * time-out or self-exclusion, no open pay-in account. The care marker "three declined deposits in 24 hours" counts them
 * with the refused slips. Written once per refusal and never updated; at most `DECLINED_PER_DAY` a player a day are kept
 * (a flood of refused requests adds nothing), and the draft-bill job prunes rows past the retention.
 */
export const declinedDeposits = pgTable(
  'declined_deposits',
  {
    id: serialId(),
    playerId: playerRef(),
    reason: text('reason', { enum: DECLINED_DEPOSIT_REASONS }).notNull(),
    amount: satang('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('declined_deposits_player_idx').on(t.playerId, t.createdAt), index('declined_deposits_created_idx').on(t.createdAt)],
)

/** A transfer as a bank feed (or an operator) reports it: the facts a deposit and a deposit exception both keep. */
const bankTransferColumns = () => ({
  externalId: text('external_id').notNull(),
  requestHash: text('request_hash').notNull(),
  toAccount: text('to_account').notNull(),
  fromBankCode: text('from_bank_code').notNull(),
  fromAccount: text('from_account').notNull(),
  fromName: text('from_name'),
  amount: satang('amount').notNull(),
  occurredAt: instant('occurred_at').notNull(),
  receivedAt: instant('received_at').notNull(),
})

/**
 * Money that arrived at an operator account (bank feed, operator entry). MATCHED rows are credited to a player;
 * UNMATCHED rows wait in the back-office queue until an operator assigns them (then ASSIGNED).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serialId(),
    /** Where the transfer was first reported: the bank feed, an operator, a player's verified slip (ADR 079), a forwarded bank notification (no bank reference; `external_id` is `notification:<id>`, ADR 080). */
    source: text('source', { enum: ['BANK_FEED', 'MANUAL', 'SLIP', 'NOTIFICATION'] }).notNull(),
    ...bankTransferColumns(),
    /**
     * The transfer as the sending bank names it, `<sending bank code>:<reference>` (the slip's QR, a feed body's
     * `from_bank_ref`): one transfer credits once whichever source reports it first (ADR 079). Null when unknown.
     */
    senderRef: text('sender_ref'),
    /** CLAIMED: an operator's manual deposit, credited once the feed or a second operator confirms it; REJECTED if not. */
    status: text('status', { enum: ['MATCHED', 'UNMATCHED', 'ASSIGNED', 'CLAIMED', 'REJECTED'] }).notNull(),
    note: text('note'),
    playerId: int64('player_id').references(() => players.id),
    draftBillId: text('draft_bill_id'),
    creditedAt: instant('credited_at'),
    /** When the bank feed reported this transfer (null: only an operator's word for it, ADR 035). */
    feedAt: instant('feed_at'),
    /** When a bank notification reported this transfer (ADR 080): one notification is attached to one transfer. */
    notificationAt: instant('notification_at'),
  },
  (t) => [
    uniqueIndex('deposits_external_id_key').on(t.externalId),
    uniqueIndex('deposits_sender_ref_key')
      .on(t.senderRef)
      .where(sql`sender_ref is not null`),
    // The daily reconciliation reads a Bangkok day of transfers (ADR 035).
    index('deposits_occurred_idx').on(t.occurredAt),
    index('deposits_player_idx').on(t.playerId, t.creditedAt),
    // The risk rules' shared sender account (issue 39 R3, R5, ADR 089): the players one account paid in for.
    index('deposits_sender_idx').on(t.fromBankCode, t.fromAccount),
    // The back-office's deposit history, newest credited first (issue 12 §4).
    index('deposits_credited_idx')
      .on(t.creditedAt)
      .where(sql`credited_at is not null`),
    // The same-transfer lookup of reference-less sources (ADR 080): a pay-in account's transfers of one amount.
    index('deposits_same_transfer_idx').on(t.amount, t.occurredAt),
    // The bank feed's own lookup reads only the transfers no feed report has claimed yet (those a notification or a
    // slip reported first): through the index above it read every transfer of the amount in the window, most of them
    // the feed's own, so each report cost more the more transfers of its amount had come in (ADR 080, amended).
    index('deposits_same_transfer_unfed_idx')
      .on(t.amount, t.occurredAt)
      .where(sql`feed_at is null`),
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
    id: serialId(),
    playerId: playerRef(),
    amount: satang('amount').notNull(),
    /** The player's bank account at the time of the request: where the money goes. */
    ...playerBankAccount(),
    /**
     * PENDING waits for operators; with a payout bank (ADR 081) an approved one is PAYING until the bank answers,
     * PAYOUT_HELD when the bank's checks stopped it before anything was sent (the account name), OUTCOME_UNKNOWN when
     * no answer says whether money moved. All four keep the money in withdraw_hold; only SUCCESS and FAIL move it.
     */
    status: text('status', { enum: ['PENDING', 'PAYING', 'PAYOUT_HELD', 'OUTCOME_UNKNOWN', 'SUCCESS', 'FAIL', 'CANCEL'] })
      .notNull()
      .default('PENDING'),
    payoutRef: text('payout_ref'),
    reason: text('reason'),
    decidedBy: int64('decided_by'),
    decidedAt: instant('decided_at'),
    /**
     * The auto-approval's answer (issue 37 §4, ADR 085), given at the request with a payout bank configured: empty when
     * every gate held and the withdrawal went to the bank without an operator, else the gates' reason codes, which the
     * desk reads. Null when it was not asked (no payout bank).
     */
    autoRefusals: jsonb('auto_refusals').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The auto-approval's caps read the auto-approved payouts of the last hour (site) and day (player).
    index('withdrawals_auto_approved_idx')
      .on(t.createdAt)
      .where(sql`auto_refusals = '[]'::jsonb`),
    index('withdrawals_player_idx').on(t.playerId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`amount > 0`),
  ],
)

/**
 * Every operator action that moves money (ADR 035): a manual deposit (a claim that a transfer exists), the assignment
 * of an unmatched transfer, an adjustment either way, a withdrawal's payout. The money policy writes one row per
 * action: APPLIED when one operator may do it alone, PENDING with the reasons why it waits for a second, different
 * operator (then APPLIED or REJECTED). `amount` is satang to the member: negative only for a debit adjustment.
 * Adjustment rows are the adjustment itself (their transfer key is `adjustment:<id>`).
 */
export const approvals = pgTable(
  'approvals',
  {
    id: serialId(),
    kind: text('kind', { enum: ['MANUAL_DEPOSIT', 'ASSIGN_DEPOSIT', 'ADJUSTMENT', 'WITHDRAWAL'] }).notNull(),
    playerId: playerRef(),
    amount: satang('amount').notNull(),
    /** The requesting operator's reason or note. */
    note: text('note').notNull(),
    /** Why it waits for a second operator (policy codes); empty when one operator sufficed. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    status: text('status', { enum: ['PENDING', 'APPLIED', 'REJECTED'] }).notNull(),
    /** The id the operator's screen gave an adjustment: sending it again answers the same row, moves nothing. */
    requestId: text('request_id'),
    depositId: int64('deposit_id').references(() => deposits.id),
    withdrawalId: int64('withdrawal_id').references(() => withdrawals.id),
    payoutRef: text('payout_ref'),
    requestedBy: operatorRef('requested_by').notNull(),
    /** The second operator; null when applied alone or completed by the bank feed. */
    ...decisionColumns(),
    /** A rejection's reason, or how a claim was completed (`BANK_FEED`). */
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('approvals_request_id_key')
      .on(t.requestId)
      .where(sql`request_id is not null`),
    // One waiting action per transfer, one approval per withdrawal.
    onePending('approvals_pending_deposit_key', t.depositId),
    uniqueIndex('approvals_withdrawal_key')
      .on(t.withdrawalId)
      .where(sql`withdrawal_id is not null`),
    index('approvals_status_idx').on(t.status, t.createdAt),
    index('approvals_requested_by_idx').on(t.requestedBy, t.createdAt),
    index('approvals_player_idx').on(t.playerId, t.createdAt),
    check('approvals_amount_nonzero', sql`amount <> 0`),
  ],
)

/**
 * A bank-feed transfer whose reference is already taken by a record with other facts (amount, sender or pay-in
 * account): never answered DUPLICATE silently, it waits here with both records until an operator credits the member
 * it belongs to (through the money policy) or dismisses it, with a reason (ADR 035).
 */
export const depositExceptions = pgTable(
  'deposit_exceptions',
  {
    id: serialId(),
    ...bankTransferColumns(),
    /** The record that holds the reference. */
    depositId: requiredRef('deposit_id', () => deposits.id),
    /** What differs: AMOUNT, SENDER, PAY_IN_ACCOUNT. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    status: text('status', { enum: ['OPEN', 'CREDITED', 'DISMISSED'] }).notNull(),
    resolvedBy: operatorRef('resolved_by'),
    resolvedAt: instant('resolved_at'),
    resolutionNote: text('resolution_note'),
    /**
     * DEPOSIT_LIMIT only (ADR 048): the member's limit the credited transfer went past, satang, and what was left of it
     * before the transfer: `{ kind, limit, remaining }` (amounts as decimal strings of satang).
     */
    limitDetail: jsonb('limit_detail').$type<{ kind: string; limit: string; remaining: string }>(),
    /** CREDITED: the deposit row made of this transfer, credited through the money policy. */
    creditedDepositId: int64('credited_deposit_id').references(() => deposits.id),
  },
  (t) => [
    uniqueIndex('deposit_exceptions_request_hash_key').on(t.requestHash),
    index('deposit_exceptions_status_idx').on(t.status, t.receivedAt),
    index('deposit_exceptions_occurred_idx').on(t.occurredAt),
    check('deposit_exceptions_amount_positive', sql`amount > 0`),
  ],
)

/** Idempotency-Key records (Stripe's rules): the first answer is kept and replayed for the same key and body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    playerId: int64('player_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.scope, t.key] })],
)

/** A key of the reports' sums: text, '' where a transfer's kind has none. */
const sumKey = (name: string) => text(name).notNull()

/** What a row of the reports' daily or hourly sums is keyed by beside its day or hour, and what it counts (ADR 097). */
const sumColumns = () => ({
  kind: sumKey('kind'),
  /** A game transfer's provider (its house account `game:<provider>`). */
  provider: sumKey('provider'),
  /** A game transfer's game, as its round names it. */
  game: sumKey('game'),
  /** A deposit's pay-in account, the bank's digits ('' when only an operator's word). */
  payInAccount: sumKey('pay_in_account'),
  /** A bonus's or a forfeit's promotion (0 for other kinds). */
  promotionId: int64('promotion_id').notNull(),
  total: satang('total').notNull(),
  count: int64('n').notNull(),
})

/**
 * The reports' daily sums (ADR 097): per closed Bangkok day, the sum and count of the day's transfers of each report
 * kind, by what the reports group them by (the game's provider and game, the deposit's pay-in account, the bonus's
 * promotion; '' or 0 where a kind has none). Written once per day by the rollup job, never updated: a transfer's day is
 * its creation day and the ledger is append-only, so a closed day's sums cannot change. `ledger:verify` recomputes them.
 */
export const reportDaySums = pgTable(
  'report_day_sums',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...sumColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.provider, t.game, t.payInAccount, t.promotionId] })],
)

/**
 * The Bangkok days rolled up into `report_day_sums`, one row each, in order from the first day with a report
 * transfer: every day up to the last one here is in the sums, every later day is read from the transfers (ADR 097).
 */
export const reportRollups = pgTable('report_rollups', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** How many transfers the day's sums hold (what ledger:verify recounts). */
  transfers: int64('transfers').notNull(),
  rolledAt: instant('rolled_at').notNull(),
})

/**
 * The reports' hourly sums (ADR 097, fifth amendment): the same sums as `report_day_sums` per closed hour of the days
 * not rolled up yet (today, and yesterday until its day is rolled up), so a report reads at most the last hour or two
 * of today's transfers instead of the whole day. Written once per hour by the rollup job, never updated; the hours of
 * days rolled up since are redundant and deleted a day later. `ledger:verify` recomputes them.
 */
export const reportHourSums = pgTable(
  'report_hour_sums',
  {
    /** The hour's first instant (Bangkok's hours are UTC's: its offset is whole hours). */
    hour: instant('hour').notNull(),
    ...sumColumns(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.kind, t.provider, t.game, t.payInAccount, t.promotionId] })],
)

/**
 * The hours rolled up into `report_hour_sums`, one row each, in order with no gap from the end of the last day rolled
 * up when the first of them was: the hours from the end of the last day rolled up through the last hour here are in
 * the hourly sums, later instants are read from the transfers (ADR 097, fifth amendment).
 */
export const reportHourRollups = pgTable('report_hour_rollups', {
  hour: instant('hour').primaryKey(),
  /** How many transfers the hour's sums hold. */
  transfers: int64('transfers').notNull(),
  rolledAt: instant('rolled_at').notNull(),
})
