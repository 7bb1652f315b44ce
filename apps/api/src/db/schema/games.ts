import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, instant, int64, satang, serialId, sessionColumns, updatedAt } from './columns.ts'
import { playerRef } from './players.ts'

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
  updatedAt: updatedAt(),
})

export const games = pgTable(
  'games',
  {
    id: serialId(),
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
    updatedAt: updatedAt(),
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
    id: serialId(),
    /** Revoked when the player's sessions end (logout, password change, lock): bets are refused, wins and rollbacks not. */
    ...sessionColumns(),
    playerId: playerRef(),
    providerCode: text('provider_code').notNull(),
    gameCode: text('game_code'),
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
    playerId: int64('player_id'),
    roundId: text('round_id').notNull(),
    gameCode: text('game_code'),
    amount: satang('amount').notNull(),
    refTxId: text('ref_tx_id'),
    /** OK, INSUFFICIENT_FUNDS, ... as first answered; ROLLED_BACK once a rollback cancelled this bet. */
    status: text('status').notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
    /**
     * A bet settled by a win that names it (a provider whose round policy settles bet by bet, ADR 082): that win's
     * tx_id. Set once, under the bet's row lock, so a second win or a rollback after it is refused by its policy.
     */
    settledBy: text('settled_by'),
  },
  (t) => [
    primaryKey({ columns: [t.providerCode, t.txId] }),
    index('seamless_tx_player_idx').on(t.playerId, t.createdAt),
    // The daily commission job reads one day's bets.
    index('seamless_tx_bets_by_time_idx')
      .on(t.createdAt)
      .where(sql`op = 'bet'`),
    // A round's bets, read when the round becomes valid turnover (settled by a win or closed by the stale-round job).
    index('seamless_tx_bets_by_round_idx')
      .on(t.providerCode, t.roundId)
      .where(sql`op = 'bet'`),
  ],
)

/** One record per (provider, round_id): what was bet and won in it. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    providerCode: text('provider_code').notNull(),
    roundId: text('round_id').notNull(),
    playerId: int64('player_id').notNull(),
    gameCode: text('game_code'),
    totalBet: satang('total_bet')
      .notNull()
      .default(sql`0`),
    totalWin: satang('total_win')
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: ['OPEN', 'SETTLED', 'ROLLED_BACK', 'CLOSED'] })
      .notNull()
      .default('OPEN'),
    openedAt: instant('opened_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerCode, t.roundId] }),
    index('game_rounds_open_idx')
      .on(t.updatedAt)
      .where(sql`status = 'OPEN'`),
  ],
)

/**
 * Each player's valid turnover per Bangkok day (ADR 057), in satang: the bets answered OK (not rolled back) whose
 * round is over (SETTLED or CLOSED), by the day each bet was taken: what the referral accrual pays on, kept as bets'
 * rounds settle so that the balance read (every 5 seconds per player) reads one row instead of the day's bets.
 * Derived: `ledger:verify` checks it against seamless_transactions and game_rounds.
 */
export const playerDayTurnover = pgTable(
  'player_day_turnover',
  {
    playerId: playerRef(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: satang('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day] })],
)

/** Every seamless request and answer, verbatim, for reconciliation with providers (append-only). */
export const seamlessLog = pgTable(
  'seamless_log',
  {
    id: serialId(),
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
