import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** bytea as a Buffer on both drivers (PGlite hands back a plain Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

/** Players (spec §3 User). A row exists only once the phone is confirmed (or OTP is off). */
export const players = pgTable(
  'players',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    surname: text('surname').notNull(),
    bankCode: text('bank_code').notNull(),
    bankAccount: text('bank_account').notNull(),
    inviteCode: text('invite_code').notNull(),
    uplineId: bigint('upline_id', { mode: 'number' }),
    status: text('status', { enum: ['ACTIVE', 'LOCKED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The bank account holder's name (the registered names: the account must be the player's own), normalised the
     * way linked accounts compare it: NFKC, lower case, white space collapsed. Players sharing it are linked.
     */
    nameKey: text('name_key').generatedAlwaysAs(
      sql`regexp_replace(lower(normalize(btrim(firstname) || ' ' || btrim(surname), NFKC)), '[[:space:]]+', ' ', 'g')`,
    ),
  },
  (t) => [
    uniqueIndex('players_mobile_key').on(t.mobile),
    index('players_name_key_idx').on(t.nameKey),
    uniqueIndex('players_bank_key').on(t.bankCode, t.bankAccount),
    uniqueIndex('players_invite_code_key').on(t.inviteCode),
    index('players_upline_idx').on(t.uplineId, t.createdAt),
  ],
)

/**
 * Registrations waiting for their OTP. Kept apart from players so an abandoned sign-up never
 * holds a phone number or a bank account: registering the same phone again replaces the row.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    /** sha256 of the challenge token handed to the app. */
    tokenHash: bytea('token_hash').notNull(),
    /** sha256(token ':' code): useless without the token, which is never stored. */
    otpHash: bytea('otp_hash').notNull(),
    otpRef: text('otp_ref').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    payload: jsonb('payload').$type<PendingPayload>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_registrations_mobile_key').on(t.mobile)],
)

export interface PendingPayload {
  passwordHash: string
  firstname: string
  surname: string
  bankCode: string
  bankAccount: string
  uplineId: number | null
}

/** Server-side sessions: only the token's hash is stored, so a session can be revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** When the session was last used, kept to the minute (one write a minute at most): idle sessions end. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_player_live_idx')
      .on(t.playerId)
      .where(sql`revoked_at is null`),
  ],
)

/** Site settings: one row (id = 1), edited by the back-office later. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  title: text('title').notNull(),
  description: text('description').notNull(),
  themePrimary: text('theme_primary').notNull(),
  themeBackground: text('theme_background').notNull(),
  faviconUrl: text('favicon_url').notNull(),
  logoUrl: text('logo_url').notNull(),
  contactLine: text('contact_line').notNull(),
  slides: jsonb('slides').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/** Images and other small files served under /media (generated SVGs now, uploads later). */
export const media = pgTable('media', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  etag: text('etag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

// ---------------------------------------------------------------------------------------------
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

/** Back-office operators. */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'finance', 'support'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_username_key').on(t.username)],
)

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash)],
)

/** Append-only record of every operator action (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId)],
)

// ---------------------------------------------------------------------------------------------
// Games (DESIGN §4 Games).

/** Game providers in the catalogue. `adapter` names the GameProvider that launches them ('demo' in demo mode). */
export const providers = pgTable('providers', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  types: jsonb('types').$type<string[]>().notNull(),
  maintenance: boolean('maintenance').notNull().default(false),
  lobby: boolean('lobby').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  popularity: integer('popularity').notNull().default(0),
  adapter: text('adapter').notNull().default('demo'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerCode: text('provider_code')
      .notNull()
      .references(() => providers.code),
    code: text('code').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    type: text('type').notNull(),
    lobby: boolean('lobby').notNull().default(false),
    maintenance: boolean('maintenance').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_provider_code_key').on(t.providerCode, t.code),
    index('games_type_idx').on(t.type),
    index('games_popularity_idx').on(t.popularity),
  ],
)

/** A launch: binds a player to a provider (and game) for a short time. Only the token's hash is stored. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    providerCode: text('provider_code').notNull(),
    gameCode: text('game_code'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when the player's sessions end (logout, password change, lock): bets are refused, wins and rollbacks not. */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('game_sessions_token_hash_key').on(t.tokenHash),
    index('game_sessions_player_idx').on(t.playerId, t.createdAt),
    index('game_sessions_player_open_idx')
      .on(t.playerId)
      .where(sql`revoked_at is null`),
  ],
)

/**
 * One row per (provider, tx_id): bets, wins, rollbacks and rollback tombstones. The first answer is kept and
 * replayed; the same tx_id with different content is a DUPLICATE.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    providerCode: text('provider_code').notNull(),
    txId: text('tx_id').notNull(),
    op: text('op', { enum: ['bet', 'win', 'rollback', 'tombstone'] }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    refTxId: text('ref_tx_id'),
    /** OK, INSUFFICIENT_FUNDS, ... as first answered; ROLLED_BACK once a rollback cancelled this bet. */
    status: text('status').notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.providerCode, t.txId] }),
    index('seamless_tx_player_idx').on(t.playerId, t.createdAt),
    // The daily commission job reads one day's bets.
    index('seamless_tx_bets_by_time_idx')
      .on(t.createdAt)
      .where(sql`op = 'bet'`),
  ],
)

/** One record per (provider, round_id): what was bet and won in it. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    providerCode: text('provider_code').notNull(),
    roundId: text('round_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    gameCode: text('game_code'),
    totalBet: bigint('total_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    totalWin: bigint('total_win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: ['OPEN', 'SETTLED', 'ROLLED_BACK', 'CLOSED'] })
      .notNull()
      .default('OPEN'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerCode, t.roundId] }),
    index('game_rounds_open_idx')
      .on(t.updatedAt)
      .where(sql`status = 'OPEN'`),
  ],
)

/** Every seamless request and answer, verbatim, for reconciliation with providers (append-only). */
export const seamlessLog = pgTable(
  'seamless_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerCode: text('provider_code').notNull(),
    op: text('op').notNull(),
    requestId: text('request_id'),
    txId: text('tx_id'),
    request: text('request').notNull(),
    response: text('response').notNull(),
    httpStatus: integer('http_status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('seamless_log_tx_idx').on(t.providerCode, t.txId)],
)

// ---------------------------------------------------------------------------------------------
// Promotions, referral and rebate (spec §3, §9; DESIGN §4).

/** An offer a player can take with a deposit. FIXED credit is satang; PERCENT credit is hundredths of a percent. */
export const promotions = pgTable('promotions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  creditGivenType: text('credit_given_type', { enum: ['FIXED', 'PERCENT'] }).notNull(),
  creditGiven: bigint('credit_given', { mode: 'bigint' }).notNull(),
  rules: jsonb('rules').$type<Array<{ type: string; value: unknown }>>().notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
})

/** A promotion a player took: its bonus, turnover target and progress, and how it ended. One ACTIVE per player. */
export const playerPromotions = pgTable(
  'player_promotions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    depositId: bigint('deposit_id', { mode: 'number' }).notNull(),
    deposit: bigint('deposit', { mode: 'bigint' }).notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull(),
    turnoverType: text('turnover_type', { enum: ['TURNOVER', 'CREDIT', 'NONE'] }).notNull(),
    turnoverTarget: bigint('turnover_target', { mode: 'bigint' }).notNull(),
    turnoverCurrent: bigint('turnover_current', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The promotion's rules as they were when taken: later edits do not change a running promotion. */
    rules: jsonb('rules').$type<Array<{ type: string; value: unknown }>>().notNull(),
    status: text('status', { enum: ['ACTIVE', 'COMPLETED', 'FORFEITED'] })
      .notNull()
      .default('ACTIVE'),
    endReason: text('end_reason'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('player_promotions_one_active_key')
      .on(t.playerId)
      .where(sql`status = 'ACTIVE'`),
    index('player_promotions_player_idx').on(t.playerId, t.receivedAt),
  ],
)

/**
 * Commission and rebate accruals, one per (Bangkok day, beneficiary, source player, level): running the daily job
 * twice pays once. Level 0 is the player's own rebate; levels 1-3 are upline commission.
 */
export const accruals = pgTable(
  'accruals',
  {
    day: text('day').notNull(),
    beneficiaryId: bigint('beneficiary_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    level: smallint('level').notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Why an accrual that would have paid was recorded at 0 instead: LINKED_ACCOUNT (source and beneficiary linked). */
    skipReason: text('skip_reason', { enum: ['LINKED_ACCOUNT'] }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.beneficiaryId, t.sourceId, t.level] }), index('accruals_beneficiary_idx').on(t.beneficiaryId, t.level)],
)

/**
 * What links players to each other besides their name (issue 10, linked accounts): the sha256 of a device id the
 * player app sends (every device seen), the address a player registered from (one) and the address of their latest
 * sign-in (one, replaced at each sign-in). Players sharing a device, or an address of either kind, are linked.
 */
export const playerSignals = pgTable(
  'player_signals',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    kind: text('kind', { enum: ['DEVICE', 'REGISTER_ADDRESS', 'LOGIN_ADDRESS'] }).notNull(),
    value: text('value').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.kind, t.value] }), index('player_signals_value_idx').on(t.value, t.kind)],
)

/** Moves of the referral (bonus) or rebate (refund) wallet to cash: one per player, wallet and payout period. */
export const walletPayouts = pgTable(
  'wallet_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    wallet: text('wallet', { enum: ['bonus', 'refund'] }).notNull(),
    /** The Bangkok payout period: a day (DAY), a Friday (WEEKEN) or a month's 1st (MONTH), e.g. '2026-11-21'. */
    period: text('period').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_payouts_period_key').on(t.playerId, t.wallet, t.period)],
)
