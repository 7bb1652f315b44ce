import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { decisionColumns, operatorRef } from './backoffice.ts'
import { createdAt, instant, int64, onePending, requiredRef, satang, serialId } from './columns.ts'
import { playerRef } from './players.ts'

// Promotions, referral and rebate (spec §3, §9; DESIGN §4).

/**
 * An offer a player can take with a deposit. FIXED credit is satang; PERCENT credit is hundredths of a percent. The
 * terms here are the published version's (`version_id`); before its first publication a promotion carries its first
 * proposal's terms with `version_id` null and `active` false, and players never see it. Players see a promotion that
 * is active, published and inside its schedule (starts_at, ends_at; null is open).
 */
export const promotions = pgTable('promotions', {
  id: serialId(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  creditGivenType: text('credit_given_type', { enum: ['FIXED', 'PERCENT'] }).notNull(),
  creditGiven: bigint('credit_given', { mode: 'bigint' }).notNull(),
  rules: jsonb('rules').$type<Array<{ type: string; value: unknown }>>().notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  startsAt: instant('starts_at'),
  endsAt: instant('ends_at'),
  /** The published version these terms are (null: never published). No FK: the version row references this one. */
  versionId: int64('version_id'),
  createdAt: createdAt(),
})

/**
 * Every set of terms an operator proposed for a promotion (issue 20 §1). A proposal is PENDING until a second operator
 * holding money.decide publishes it (its terms are copied onto the promotion) or rejects it; a newer proposal REPLACES
 * the pending one. Rows are never changed otherwise: a publication names the version it approves. proposed_by and
 * decided_by null mean the system (the demo seed, promotions that existed before versions).
 */
export const promotionVersions = pgTable(
  'promotion_versions',
  {
    id: serialId(),
    promotionId: requiredRef('promotion_id', () => promotions.id),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    creditGivenType: text('credit_given_type', { enum: ['FIXED', 'PERCENT'] }).notNull(),
    creditGiven: bigint('credit_given', { mode: 'bigint' }).notNull(),
    rules: jsonb('rules').$type<Array<{ type: string; value: unknown }>>().notNull(),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    status: text('status', { enum: ['PENDING', 'PUBLISHED', 'REJECTED', 'REPLACED'] }).notNull(),
    proposedBy: operatorRef('proposed_by'),
    proposedAt: instant('proposed_at').notNull(),
    ...decisionColumns(),
    decisionNote: text('decision_note'),
  },
  (t) => [uniqueIndex('promotion_versions_number_key').on(t.promotionId, t.number), onePending('promotion_versions_one_pending_key', t.promotionId)],
)

/** A promotion a player took: its bonus, turnover target and progress, and how it ended. One ACTIVE per player. */
export const playerPromotions = pgTable(
  'player_promotions',
  {
    id: serialId(),
    playerId: playerRef(),
    promotionId: requiredRef('promotion_id', () => promotions.id),
    depositId: int64('deposit_id').notNull(),
    deposit: satang('deposit').notNull(),
    bonus: satang('bonus').notNull(),
    turnoverType: text('turnover_type', { enum: ['TURNOVER', 'CREDIT', 'NONE'] }).notNull(),
    turnoverTarget: satang('turnover_target').notNull(),
    turnoverCurrent: satang('turnover_current')
      .notNull()
      .default(sql`0`),
    /** The published version it was granted under: later versions do not change a running promotion. */
    versionId: int64('version_id').references(() => promotionVersions.id),
    /** The promotion's rules as they were when taken: later edits do not change a running promotion. */
    rules: jsonb('rules').$type<Array<{ type: string; value: unknown }>>().notNull(),
    status: text('status', { enum: ['ACTIVE', 'COMPLETED', 'FORFEITED'] })
      .notNull()
      .default('ACTIVE'),
    endReason: text('end_reason'),
    receivedAt: instant('received_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (t) => [
    uniqueIndex('player_promotions_one_active_key')
      .on(t.playerId)
      .where(sql`status = 'ACTIVE'`),
    index('player_promotions_player_idx').on(t.playerId, t.receivedAt),
    // The bonus a deposit started (the risk rules' R5 on each credited deposit, ADR 089).
    index('player_promotions_deposit_idx').on(t.depositId),
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
    beneficiaryId: playerRef('beneficiary_id'),
    sourceId: playerRef('source_id'),
    level: smallint('level').notNull(),
    turnover: satang('turnover').notNull(),
    amount: satang('amount').notNull(),
    /**
     * Why an accrual that would have paid was recorded at 0 instead: LINKED_ACCOUNT (source and beneficiary linked),
     * EXCLUDED (the beneficiary had a time-out or self-exclusion in force on the day, ADR 047).
     */
    skipReason: text('skip_reason', { enum: ['LINKED_ACCOUNT', 'EXCLUDED'] }),
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
    playerId: playerRef(),
    kind: text('kind', { enum: ['DEVICE', 'REGISTER_ADDRESS', 'LOGIN_ADDRESS'] }).notNull(),
    value: text('value').notNull(),
    seenAt: instant('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind, t.value] }),
    index('player_signals_value_idx').on(t.value, t.kind),
    // The risk rules' R3 (ADR 089): players on one IPv4 /24 or one other address, found by the index, not a scan.
    index('player_signals_network_idx')
      .on(signalNetworkOf('value'))
      .where(sql`kind <> 'DEVICE'`),
  ],
)

/**
 * An address signal's network, as `column` (an SQL column name) holds it: an IPv4 address without its last number
 * (its /24), any other address whole. `player_signals_network_idx` indexes this very expression.
 */
export function signalNetworkOf(column: string) {
  return sql.raw(`(case when ${column} ~ '^\\d+\\.\\d+\\.\\d+\\.\\d+$' then regexp_replace(${column}, '\\.\\d+$', '') else ${column} end)`)
}

/** Moves of the referral (bonus) or rebate (refund) wallet to cash: one per player, wallet and payout period. */
export const walletPayouts = pgTable(
  'wallet_payouts',
  {
    id: serialId(),
    playerId: playerRef(),
    wallet: text('wallet', { enum: ['bonus', 'refund'] }).notNull(),
    /** The Bangkok payout period: a day (DAY), a Friday (WEEKEN) or a month's 1st (MONTH), e.g. '2026-11-21'. */
    period: text('period').notNull(),
    amount: satang('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_payouts_period_key').on(t.playerId, t.wallet, t.period)],
)
