import {
  CARE_MARKER_TEXT,
  careMarkers,
  msg,
  type CareEvaluateResult,
  type CareTaskDetail,
  type CareTaskSummary,
  type Page,
  type RecordCareInteractionBody,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction, tryAdvisoryLock } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { OperatorActor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditRepository } from '../audit/audit.repository.ts'
import type { CareRepository, CareTaskRow, MarkerThresholds } from './care.repository.ts'

/**
 * The advisory lock of the markers' evaluation (ADR 090): the scheduled `care-markers` job (jobs/runner.ts) and an
 * operator's check now (`evaluateNow`) both take it, so the markers are never evaluated twice at once.
 */
export const CARE_MARKERS_LOCK = 7_262_013
/** The care tasks' page size. */
export const CARE_PAGE_SIZE = 20
/** The markers job's first run looks back this far (later runs start where the last stopped). */
export const FIRST_LOOK_BACK_MS = 24 * 60 * 60 * 1000
/**
 * The job reads events up to this long before its clock: an event written by a transaction still open when the job
 * runs carries a time before the job's, and is seen by the next run (no transaction lives this long: statement timeouts).
 */
export const LAG_MS = 2 * 60 * 1000

function summary(row: { task: CareTaskRow; mobile: string; name: string }, interactions: number): CareTaskSummary {
  const t = row.task
  return {
    id: t.id,
    player_id: t.playerId,
    mobile: row.mobile,
    name: row.name,
    marker: t.marker,
    marker_text: CARE_MARKER_TEXT[t.marker],
    facts: t.facts,
    status: t.status,
    opened_at: t.openedAt.toISOString(),
    closed_at: t.closedAt?.toISOString() ?? null,
    interactions,
  }
}

/**
 * The markers of harm and their care tasks (issue 39 §4, ADR 090). `evaluate` is the markers job: each marker's SQL over
 * the players with an event since the last run (up to LAG_MS ago), a task opened per player and marker unless one is open. Operators
 * read the tasks and record what they did (audited); a care task never holds or moves money and is not an AML case.
 * `evaluateNow` is the same evaluation asked by an operator (the care desk's button), under the job's lock.
 */
export function createCareTaskService(deps: {
  db: Db
  clock: Clock
  thresholds: MarkerThresholds
  careRepository: Pick<CareRepository, 'cursor' | 'setCursor' | 'markerHits' | 'openTasks' | 'page' | 'task' | 'interactions' | 'insertInteraction' | 'close'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, careRepository: repo } = deps

  async function detail(tx: Db, id: number): Promise<CareTaskDetail> {
    const row = await repo.task(tx, id)
    if (!row) throw new AppError('NOT_FOUND')
    const list = await repo.interactions(tx, id)
    return {
      ...summary(row, list.length),
      closed_by: row.closedBy ?? null,
      interaction_list: list.map(({ interaction: i, operator }) => ({
        id: i.id,
        channel: i.channel,
        note: i.note,
        happened_at: i.happenedAt.toISOString(),
        recorded_at: i.recordedAt.toISOString(),
        operator,
      })),
    }
  }

  /** The markers' evaluation (the caller holds CARE_MARKERS_LOCK in `tx`): answers how many tasks it opened. */
  async function evaluate(tx: Db): Promise<number> {
    const now = clock.now()
    const until = new Date(now.getTime() - LAG_MS)
    const since = (await repo.cursor(tx)) ?? new Date(until.getTime() - FIRST_LOOK_BACK_MS)
    if (since.getTime() >= until.getTime()) return 0
    let opened = 0
    for (const marker of careMarkers) opened += await repo.openTasks(tx, await repo.markerHits(tx, marker, since, until, deps.thresholds), now)
    await repo.setCursor(tx, until)
    return opened
  }

  return {
    /** The markers job (in the job's transaction, under its lock): answers how many tasks it opened. */
    evaluate,

    /**
     * The markers checked now by an operator (ADR 090, amended 2026-11-30): the job's evaluation, in a transaction of
     * its own holding the job's lock, so the job and an operator never evaluate at once (409 while the other runs),
     * audited (`care.evaluate`, the tasks opened) in the same transaction. It sees what the job would: events up to
     * LAG_MS before the clock, from where the last run (the job's or an operator's) stopped.
     */
    evaluateNow(actor: OperatorActor): Promise<CareEvaluateResult> {
      return inTransaction(db, async (tx) => {
        if (!(await tryAdvisoryLock(tx, CARE_MARKERS_LOCK))) throw new AppError('CONFLICT', msg('CARE_EVALUATE_BUSY'))
        const opened = await evaluate(tx)
        await deps.auditRepository.record(tx, {
          actor,
          action: 'care.evaluate',
          targetType: 'job',
          targetId: 'care-markers',
          after: { opened },
          at: clock.now(),
        })
        return { opened }
      })
    },

    async page(status: 'OPEN' | 'CLOSED', page: number): Promise<Page<CareTaskSummary>> {
      const { rows, total } = await repo.page(db, status, page, CARE_PAGE_SIZE)
      return { list: rows.map((r) => summary(r, r.interactions)), page, size: CARE_PAGE_SIZE, total }
    },

    task: (id: number) => detail(db, id),

    /**
     * Records what an operator did about a task (never in the future; a closed task takes no more), audited; with
     * `close`, the task is closed in the same transaction, and the marker seen again later opens a new one.
     */
    record(actor: OperatorActor, id: number, body: RecordCareInteractionBody): Promise<CareTaskDetail> {
      return db.transaction(async (tx) => {
        const now = clock.now()
        const row = await repo.task(tx, id, true)
        if (!row) throw new AppError('NOT_FOUND')
        if (row.task.status !== 'OPEN') throw new AppError('CONFLICT', msg('CARE_TASK_CLOSED'))
        const happenedAt = new Date(body.happened_at)
        if (happenedAt.getTime() > now.getTime()) throw new AppError('VALIDATION_FAILED', msg('CARE_FUTURE_INTERACTION'))
        const interaction = await repo.insertInteraction(tx, {
          taskId: id,
          operatorId: actor.operatorId,
          channel: body.channel,
          note: body.note,
          happenedAt,
          recordedAt: now,
        })
        if (body.close) await repo.close(tx, id, actor.operatorId, now)
        await deps.auditRepository.record(tx, {
          actor,
          action: body.close ? 'care.close' : 'care.interaction',
          targetType: 'care_task',
          targetId: String(id),
          after: { player_id: row.task.playerId, marker: row.task.marker, interaction: interaction.id, channel: body.channel, happened_at: body.happened_at },
          at: now,
        })
        return detail(tx, id)
      })
    },
  }
}
export type CareTaskService = ReturnType<typeof createCareTaskService>
