import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { onePending, satang, serialId } from './columns.ts'
import { versionReviewColumns } from './backoffice.ts'

// The referral plan and limits (issue 20 §4, ADR 044). Amounts are integer satang, rates basis points (hundredths of
// a percent: 300 is 3 %).

const PAYOUT_INTERVALS = ['DAY', 'WEEKEN', 'MONTH'] as const

/**
 * Every version of the referral plan and the limits: the commission rates of levels 1-3 and the rebate rate, each
 * wallet's payout terms, the deposit and withdrawal minimums and the four-eyes threshold. A version is proposed by one
 * operator (PENDING), then APPLIED by a second, different finance operator (from `effective_from`, the approval's
 * moment) or REJECTED. Versions are never changed once decided: the applied ones are the plan's history, and the
 * accrual pays each stretch of turnover at the rates of the version in force when it was played. The first version
 * comes from the environment at first start (no proposer: `proposed_by` null).
 */
export const planVersions = pgTable(
  'plan_versions',
  {
    id: serialId(),
    status: text('status', { enum: ['PENDING', 'APPLIED', 'REJECTED'] }).notNull(),
    level1Bp: integer('level1_bp').notNull(),
    level2Bp: integer('level2_bp').notNull(),
    level3Bp: integer('level3_bp').notNull(),
    rebateBp: integer('rebate_bp').notNull(),
    bonusMin: satang('bonus_min').notNull(),
    /** 0: no cap. */
    bonusMax: satang('bonus_max').notNull(),
    bonusInterval: text('bonus_interval', { enum: PAYOUT_INTERVALS }).notNull(),
    refundMin: satang('refund_min').notNull(),
    /** 0: no cap. */
    refundMax: satang('refund_max').notNull(),
    refundInterval: text('refund_interval', { enum: PAYOUT_INTERVALS }).notNull(),
    depositMin: satang('deposit_min').notNull(),
    withdrawMin: satang('withdraw_min').notNull(),
    /** A money action of more than this (or a day's totals passing it) waits for a second operator; 0: every one. */
    fourEyesAbove: satang('four_eyes_above').notNull(),
    /**
     * The auto-approval's caps (issue 37 §4, ADR 085): one payout at most, a player's auto-approved total and count in a
     * rolling 24 hours, and every player's together in a rolling hour (over it, everything waits for operators).
     */
    autoPayoutMax: satang('auto_payout_max')
      .notNull()
      .default(sql`500000`),
    autoPlayerDayTotal: satang('auto_player_day_total')
      .notNull()
      .default(sql`2000000`),
    autoPlayerDayCount: integer('auto_player_day_count').notNull().default(3),
    autoSiteHourBudget: satang('auto_site_hour_budget')
      .notNull()
      .default(sql`10000000`),
    /** Why the change is asked for. */
    reason: text('reason').notNull(),
    /**
     * Who proposed it (null for the first version, written at first start from the environment), who decided it, and
     * from when an APPLIED version took over (its approval; the epoch for the first one).
     */
    ...versionReviewColumns(),
  },
  (t) => [
    // One proposal waits at a time, and one first version exists, however many processes start at once.
    onePending('plan_versions_one_pending_key', t.status),
    uniqueIndex('plan_versions_one_first_key')
      .on(t.status)
      .where(sql`proposed_by is null`),
    index('plan_versions_effective_idx')
      .on(t.effectiveFrom)
      .where(sql`status = 'APPLIED'`),
    check('plan_versions_applied_effective', sql`(status = 'APPLIED') = (effective_from is not null)`),
    check(
      'plan_versions_ranges',
      sql`level1_bp between 0 and 10000 and level2_bp between 0 and 10000 and level3_bp between 0 and 10000 and rebate_bp between 0 and 10000
        and bonus_min >= 0 and bonus_max >= 0 and refund_min >= 0 and refund_max >= 0 and deposit_min > 0 and withdraw_min > 0 and four_eyes_above >= 0
        and auto_payout_max >= 0 and auto_player_day_total >= 0 and auto_player_day_count >= 0 and auto_site_hour_budget >= 0`,
    ),
  ],
)
