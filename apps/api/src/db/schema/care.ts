import { careChannels, careMarkers, carePromptKinds } from '@sanam/contract/schemas/care'
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant, int64, serialId } from './columns.ts'
import { operatorRef } from './backoffice.ts'
import { playerRef } from './players.ts'

// Player care (issue 39 §3, §4; ADR 090): the RTS 12 prompts the player answered, the markers of harm that open care
// tasks, and what operators did about them. Apart from anti-money-laundering cases: a care task never holds money.

/** How a prompt was answered: a deposit limit set, declined (after a second confirmation), or the review read. */
export const CARE_PROMPT_ANSWERS = ['LIMIT_SET', 'DECLINED', 'REVIEWED'] as const

/**
 * One row per prompt a player answered, once per period: `period` is the instant the prompt became due (the server's
 * rule, prompt-rules.ts), so a second answer of the same prompt (another tab, a replay) finds the first.
 */
export const careAnswers = pgTable(
  'care_answers',
  {
    id: serialId(),
    playerId: playerRef(),
    kind: text('kind', { enum: carePromptKinds }).notNull(),
    period: instant('period').notNull(),
    answer: text('answer', { enum: CARE_PROMPT_ANSWERS }).notNull(),
    /** A decline's second confirmation, when the player gave it (declining is recorded only with one). */
    confirmedAt: instant('confirmed_at'),
    answeredAt: instant('answered_at').notNull(),
  },
  (t) => [uniqueIndex('care_answers_period_key').on(t.playerId, t.kind, t.period), index('care_answers_player_idx').on(t.playerId, t.answeredAt)],
)

/** How often the player asked to be offered the account-and-spending review: every 1, 3 or (default) 6 months. */
export const careReviewCadence = pgTable(
  'care_review_cadence',
  {
    playerId: playerRef().primaryKey(),
    everyMonths: integer('every_months').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  () => [check('care_review_cadence_months', sql`every_months in (1, 3, 6)`)],
)

/**
 * A care task: one marker of harm seen on one player, with the figures that fired it (`facts`). At most one OPEN task
 * per player and marker (the partial unique index): the marker seen again while one is open adds nothing.
 */
export const careTasks = pgTable(
  'care_tasks',
  {
    id: serialId(),
    playerId: playerRef(),
    marker: text('marker', { enum: careMarkers }).notNull(),
    status: text('status', { enum: ['OPEN', 'CLOSED'] })
      .notNull()
      .default('OPEN'),
    facts: jsonb('facts').$type<Record<string, string | number>>().notNull(),
    openedAt: instant('opened_at').notNull(),
    closedAt: instant('closed_at'),
    closedBy: operatorRef('closed_by'),
  },
  (t) => [
    uniqueIndex('care_tasks_one_open_key')
      .on(t.playerId, t.marker)
      .where(sql`status = 'OPEN'`),
    index('care_tasks_status_idx').on(t.status, t.openedAt),
    index('care_tasks_player_idx').on(t.playerId, t.openedAt),
    check('care_tasks_closed_shape', sql`(status = 'OPEN' and closed_at is null) or (status = 'CLOSED' and closed_at is not null)`),
  ],
)

/** What an operator did about a care task: how they reached the player, what was said or done, when; never edited. */
export const careInteractions = pgTable(
  'care_interactions',
  {
    id: serialId(),
    taskId: int64('task_id')
      .notNull()
      .references(() => careTasks.id),
    operatorId: operatorRef('operator_id').notNull(),
    channel: text('channel', { enum: careChannels }).notNull(),
    note: text('note').notNull(),
    /** When it happened (the operator's word; a call made earlier may be recorded later). */
    happenedAt: instant('happened_at').notNull(),
    recordedAt: instant('recorded_at').notNull(),
  },
  (t) => [index('care_interactions_task_idx').on(t.taskId, t.recordedAt)],
)

/** Where the markers job stopped: it looks at players with events after this instant (one row). */
export const careMarkerCursor = pgTable('care_marker_cursor', {
  id: integer('id').primaryKey(),
  evaluatedUntil: instant('evaluated_until').notNull(),
})
