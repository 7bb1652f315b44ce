import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, instant, serialId } from './columns.ts'
import { operatorRef, versionReviewColumns } from './backoffice.ts'
import { playerRef } from './players.ts'

// AML and fraud rules with cases (issue 39 §1, §2, ADR 089): the risk module's tables.

/**
 * The risk rules' parameters (baht, ratios, counts as the contract's RiskParams names them), one version per change: a
 * proposal by one operator (PENDING), applied by a second, different one (APPLIED, from `effective_from`) or REJECTED.
 * With no applied version the code's defaults are in force (version 0). Never changed once decided.
 */
export const riskParamVersions = pgTable(
  'risk_param_versions',
  {
    id: serialId(),
    status: text('status', { enum: ['PENDING', 'APPLIED', 'REJECTED'] }).notNull(),
    params: jsonb('params').$type<Record<string, number>>().notNull(),
    reason: text('reason').notNull(),
    ...versionReviewColumns(),
  },
  (t) => [
    uniqueIndex('risk_param_versions_one_pending_key')
      .on(t.status)
      .where(sql`status = 'PENDING'`),
    index('risk_param_versions_effective_idx')
      .on(t.effectiveFrom)
      .where(sql`status = 'APPLIED'`),
  ],
)

/**
 * One player's case: the alerts that asked for it, worked by operators (assignee, due date, notes) and closed with an
 * outcome. At most one case per player is not CLOSED. A closing that needs a second operator (confirmed risk, or a
 * suspicious transaction report) is asked first (`close_*`), then confirmed by a different operator.
 */
export const riskCases = pgTable(
  'risk_cases',
  {
    id: serialId(),
    playerId: playerRef(),
    status: text('status', { enum: ['OPEN', 'INVESTIGATING', 'CLOSED'] }).notNull(),
    assigneeId: operatorRef('assignee_id'),
    dueAt: instant('due_at'),
    outcome: text('outcome', { enum: ['CONFIRMED_RISK', 'USEFUL_ALERT', 'FALSE_POSITIVE'] }),
    str: boolean('str').notNull().default(false),
    closeOutcome: text('close_outcome', { enum: ['CONFIRMED_RISK', 'USEFUL_ALERT', 'FALSE_POSITIVE'] }),
    closeStr: boolean('close_str'),
    closeNote: text('close_note'),
    closeRequestedBy: operatorRef('close_requested_by'),
    closeRequestedAt: instant('close_requested_at'),
    closedBy: operatorRef('closed_by'),
    closedAt: instant('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('risk_cases_one_open_key')
      .on(t.playerId)
      .where(sql`status <> 'CLOSED'`),
    index('risk_cases_status_idx').on(t.status, t.dueAt),
    check('risk_cases_closed_outcome', sql`(status = 'CLOSED') = (outcome is not null and closed_at is not null)`),
  ],
)

/**
 * What a rule found on one event, with what it read to decide (the parameters' version and the aggregates), so the
 * decision can be replayed. `case_id` is the case it opened or joined; null for a review no case holds yet.
 */
export const riskAlerts = pgTable(
  'risk_alerts',
  {
    id: serialId(),
    playerId: playerRef(),
    caseId: integer('case_id'),
    rule: text('rule').notNull(),
    event: text('event', { enum: ['DEPOSIT', 'WITHDRAWAL', 'REGISTRATION', 'REFERRAL_PAYOUT'] }).notNull(),
    action: text('action', { enum: ['REVIEW', 'CASE', 'HOLD'] }).notNull(),
    reference: text('reference').notNull(),
    paramsVersion: integer('params_version').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('risk_alerts_player_idx').on(t.playerId, t.createdAt),
    index('risk_alerts_case_idx').on(t.caseId),
    index('risk_alerts_unattached_idx')
      .on(t.createdAt)
      .where(sql`case_id is null`),
    // One alert per rule per event: a retried event does not alert twice.
    uniqueIndex('risk_alerts_rule_reference_key').on(t.rule, t.reference),
  ],
)

/** An operator's note on a case. */
export const riskCaseNotes = pgTable(
  'risk_case_notes',
  {
    id: serialId(),
    caseId: integer('case_id').notNull(),
    operatorId: operatorRef('operator_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('risk_case_notes_case_idx').on(t.caseId, t.createdAt)],
)
