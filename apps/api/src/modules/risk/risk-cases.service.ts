import { Readable } from 'node:stream'
import {
  formatSatang,
  msg,
  RISK_OUTCOME_TEXT,
  RISK_REPORT_COLUMNS,
  RISK_REPORT_DIRECTION,
  satangToBaht,
  type RiskAlert,
  type RiskCase,
  type RiskCaseSummary,
  type RiskCaseUpdateBody,
  type RiskCloseBody,
  type RiskRule,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { csvStringifier } from '../../lib/csv.ts'
import { asCanDecide, assertSecondOperator, decideRefusal, type SeparateDuties } from '../approvals/money-policy.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { LinkService } from '../links/links.service.ts'
import type { RiskCaseRow, RiskRepository } from './risk.repository.ts'

/** What each rule found, in the desk's words (listed, not built from the rule's name, so the catalogue sees each id). */
const RULE_MESSAGES = {
  R1: 'RISK_R1',
  R2: 'RISK_R2',
  R3: 'RISK_R3',
  R4: 'RISK_R4',
  R5: 'RISK_R5',
  R6: 'RISK_R6',
  R7: 'RISK_R7',
  R8: 'RISK_R8',
  R9: 'RISK_R9',
  R10: 'RISK_R10',
} as const satisfies Record<RiskRule, string>
const RULE_TEXT = (rule: string) => msg(RULE_MESSAGES[rule as RiskRule])

/** Closings that need a second, different operator: a confirmed risk, or any closing that files a report. */
const needsSecond = (body: { outcome: string; str: boolean }) => body.outcome === 'CONFIRMED_RISK' || body.str

/**
 * The risk desk (issue 39 §2, ADR 089): the inbox of open cases and review alerts, a case with its evidence (the
 * alerts and their inputs, the player's ledger rows, the linked players, the notes), the work on it (assignee, due
 * date, status, notes) and its closing; closing as confirmed risk or with a suspicious transaction report waits for a
 * second, different operator (the money policy's four-eyes rule). Every step is audited in the hash chain. No step moves
 * money: while a case is open the withdrawal desk and the auto-approval hold the player's withdrawals.
 */
export function createRiskCasesService(deps: {
  db: Db
  clock: Clock
  separateDuties: SeparateDuties
  riskRepository: RiskRepository
  links: Pick<LinkService, 'forMember'>
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, riskRepository: repo, auditRepository } = deps

  const toAlert = (r: Awaited<ReturnType<RiskRepository['alerts']>>[number]): RiskAlert => ({
    id: r.alert.id,
    player_id: r.alert.playerId,
    mobile: r.mobile,
    case_id: r.alert.caseId,
    rule: r.alert.rule as RiskRule,
    event: r.alert.event,
    action: r.alert.action,
    reference: r.alert.reference,
    params_version: r.alert.paramsVersion,
    inputs: r.alert.inputs,
    text: RULE_TEXT(r.alert.rule),
    created_at: r.alert.createdAt.toISOString(),
  })
  const toSummary = (r: Awaited<ReturnType<RiskRepository['caseSummaries']>>[number]): RiskCaseSummary => {
    const c = r.riskCase
    return {
      id: c.id,
      player_id: c.playerId,
      mobile: r.mobile,
      status: c.status,
      assignee: r.assignee,
      assignee_id: c.assigneeId,
      due_at: c.dueAt?.toISOString() ?? null,
      outcome: c.outcome,
      str: c.str,
      rules: [...r.rules].sort() as RiskRule[],
      alerts: r.alerts,
      created_at: c.createdAt.toISOString(),
      closed_at: c.closedAt?.toISOString() ?? null,
      close_request:
        c.closeOutcome && c.closeRequestedBy !== null && c.closeRequestedAt
          ? {
              outcome: c.closeOutcome,
              str: c.closeStr ?? false,
              note: c.closeNote ?? '',
              requested_by: r.requester ?? '',
              requested_by_id: c.closeRequestedBy,
              at: c.closeRequestedAt.toISOString(),
            }
          : null,
    }
  }

  /** The case as its page shows it, read after the step's transaction (the linked players are read on their own). */
  async function view(id: number, operatorId: number, tx: Db = db): Promise<RiskCase> {
    const [summary] = await repo.caseSummaries(tx, { ids: [id] })
    if (!summary) throw new AppError('NOT_FOUND', msg('RISK_CASE_NOT_FOUND'))
    const c = summary.riskCase
    const player = (await repo.player(tx, c.playerId))!
    const links = await deps.links.forMember(c.playerId)
    const waiting = c.closeRequestedBy !== null && c.status !== 'CLOSED'
    return {
      ...toSummary(summary),
      player: {
        firstname: player.firstname,
        surname: player.surname,
        bank_code: player.bankCode,
        bank_account: player.bankAccount,
        created_at: player.createdAt.toISOString(),
      },
      alert_list: (await repo.alerts(tx, { caseId: id })).map(toAlert),
      ledger: (await repo.ledgerRows(tx, c.playerId)).map((l) => ({
        id: Number(l.id),
        kind: l.kind,
        amount: satangToBaht(BigInt(l.amount)),
        direction: l.direction,
        reference: l.reference,
        at: new Date(l.created_at).toISOString(),
      })),
      linked: links.list.map((l) => ({ player_id: l.player_id, mobile: l.mobile, reasons: l.reasons })),
      notes: (await repo.notes(tx, id)).map((n) => ({ id: n.id, operator: n.operator, body: n.body, at: n.at.toISOString() })),
      ...(waiting
        ? {
            can_decide: asCanDecide(
              await decideRefusal(tx, deps.separateDuties, { firstId: c.closeRequestedBy, secondId: operatorId, at: clock.now(), action: 'risk_case' }),
            ),
          }
        : {}),
    }
  }

  /** The case locked for a step, refused when it is closed. */
  async function openCase(tx: Db, id: number): Promise<RiskCaseRow> {
    const row = await repo.findCase(tx, id, true)
    if (!row) throw new AppError('NOT_FOUND', msg('RISK_CASE_NOT_FOUND'))
    if (row.status === 'CLOSED') throw new AppError('CONFLICT', msg('RISK_CASE_CLOSED'))
    return row
  }

  async function audit(
    tx: Db,
    actor: AuditActor,
    action: Parameters<AuditRepository['record']>[1]['action'],
    id: number,
    before: object | null,
    after: object,
  ) {
    await auditRepository.record(tx, { actor, action, targetType: 'risk_case', targetId: String(id), before, after, at: clock.now() })
  }

  /** One step on a case in its own transaction, answered with the case as the page shows it. */
  async function step(actor: AuditActor, id: number, work: (tx: Db, row: RiskCaseRow) => Promise<void>) {
    await inTransaction(db, async (tx) => work(tx, await openCase(tx, id)))
    return view(id, actor.operatorId)
  }

  async function close(tx: Db, actor: AuditActor, row: RiskCaseRow, outcome: RiskCloseBody['outcome'], str: boolean, note: string, by: 'alone' | 'second') {
    const at = clock.now()
    const closed = await repo.updateCase(tx, row.id, { status: 'CLOSED', outcome, str, closedBy: actor.operatorId, closedAt: at })
    if (!closed) throw new AppError('CONFLICT', msg('RISK_CASE_CLOSED'))
    await audit(
      tx,
      actor,
      by === 'alone' ? 'risk.case_close' : 'risk.case_close_confirm',
      row.id,
      { status: row.status },
      {
        status: 'CLOSED',
        outcome,
        str,
        note,
        ...(by === 'second' ? { requested_by: row.closeRequestedBy } : {}),
      },
    )
  }

  return {
    /** Open cases, the oldest due first, and the review alerts no case holds yet, newest first. */
    async inbox() {
      const cases = (await repo.caseSummaries(db, { open: true })).map(toSummary)
      const alerts = (await repo.alerts(db, { unattached: true })).map(toAlert)
      return { cases, alerts }
    },
    case: (id: number, operatorId: number) => view(id, operatorId),

    /** An operator opens a case from a review alert (or joins the player's open one): its withdrawals then wait. */
    async openFromAlert(actor: AuditActor, alertId: number): Promise<RiskCase> {
      const caseId = await inTransaction(db, async (tx) => {
        const alert = await repo.findAlert(tx, alertId)
        if (!alert) throw new AppError('NOT_FOUND', msg('RISK_ALERT_NOT_FOUND'))
        const at = clock.now()
        let row = await repo.openCaseOf(tx, alert.playerId)
        if (!row) {
          row = (await repo.insertCase(tx, alert.playerId, at, new Date(at.getTime() + 3 * 86_400_000))) ?? (await repo.openCaseOf(tx, alert.playerId))!
          await audit(tx, actor, 'risk.case_open', row.id, null, { player_id: alert.playerId, alert_id: alertId })
        }
        await repo.attachAlerts(tx, alert.playerId, row.id)
        return row.id
      })
      return view(caseId, actor.operatorId)
    },

    /** The assignee (an operator that is not disabled, or nobody), the due date (in the future), the status. */
    update: (actor: AuditActor, id: number, body: RiskCaseUpdateBody) =>
      step(actor, id, async (tx, row) => {
        if (body.assignee_id && !(await repo.operatorExists(tx, body.assignee_id))) throw new AppError('VALIDATION_FAILED', msg('RISK_ASSIGNEE_NOT_FOUND'))
        if (body.due_at && new Date(body.due_at).getTime() <= clock.now().getTime()) throw new AppError('VALIDATION_FAILED', msg('RISK_DUE_IN_PAST'))
        const set = {
          ...(body.assignee_id !== undefined ? { assigneeId: body.assignee_id } : {}),
          ...(body.due_at !== undefined ? { dueAt: body.due_at === null ? null : new Date(body.due_at) } : {}),
          ...(body.status ? { status: body.status } : {}),
        }
        if (Object.keys(set).length === 0) return
        await repo.updateCase(tx, id, set)
        await audit(
          tx,
          actor,
          'risk.case_update',
          id,
          { assignee_id: row.assigneeId, due_at: row.dueAt?.toISOString() ?? null, status: row.status },
          {
            ...(body.assignee_id !== undefined ? { assignee_id: body.assignee_id } : {}),
            ...(body.due_at !== undefined ? { due_at: body.due_at } : {}),
            ...(body.status ? { status: body.status } : {}),
          },
        )
      }),

    note: (actor: AuditActor, id: number, body: string) =>
      step(actor, id, async (tx) => {
        await repo.insertNote(tx, { caseId: id, operatorId: actor.operatorId, body, createdAt: clock.now() })
        await audit(tx, actor, 'risk.case_note', id, null, { note: body })
      }),

    /**
     * Closes the case, or, for a confirmed risk or a report (which need a second operator), records the closing for a
     * different operator to confirm: the case stays open (and the withdrawals held) until then.
     */
    close: (actor: AuditActor, id: number, body: RiskCloseBody) =>
      step(actor, id, async (tx, row) => {
        if (row.closeRequestedBy !== null) throw new AppError('CONFLICT', msg('RISK_CLOSE_WAITING'))
        if (body.str && body.outcome === 'FALSE_POSITIVE') throw new AppError('RULE_REFUSED', msg('RISK_STR_NEEDS_CONFIRMED'))
        if (!needsSecond(body)) return close(tx, actor, row, body.outcome, body.str, body.note, 'alone')
        const at = clock.now()
        await repo.updateCase(tx, id, {
          closeOutcome: body.outcome,
          closeStr: body.str,
          closeNote: body.note,
          closeRequestedBy: actor.operatorId,
          closeRequestedAt: at,
        })
        await audit(tx, actor, 'risk.case_close_request', id, { status: row.status }, { outcome: body.outcome, str: body.str, note: body.note })
      }),

    /** A second, different operator (not related to the first, not too new) confirms the waiting closing. */
    confirmClose: (actor: AuditActor, id: number) =>
      step(actor, id, async (tx, row) => {
        if (row.closeRequestedBy === null || !row.closeOutcome) throw new AppError('CONFLICT', msg('RISK_CLOSE_NONE'))
        await assertSecondOperator(tx, deps.separateDuties, { firstId: row.closeRequestedBy, secondId: actor.operatorId, at: clock.now(), action: 'risk_case' })
        await close(tx, actor, row, row.closeOutcome, row.closeStr ?? false, row.closeNote ?? '', 'second')
      }),

    /** Any operator turns the waiting closing down, with a reason: the case stays open. */
    rejectClose: (actor: AuditActor, id: number, reason: string) =>
      step(actor, id, async (tx, row) => {
        if (row.closeRequestedBy === null) throw new AppError('CONFLICT', msg('RISK_CLOSE_NONE'))
        await repo.updateCase(tx, id, { closeOutcome: null, closeStr: null, closeNote: null, closeRequestedBy: null, closeRequestedAt: null })
        await audit(tx, actor, 'risk.case_close_reject', id, { outcome: row.closeOutcome, str: row.closeStr }, { reason })
      }),

    /**
     * The suspicious transaction report's draft as CSV (a BOM, Thai headings, cells never formulas): one row per ledger
     * row of the evidence. Exporting it is audited.
     */
    async report(actor: AuditActor, id: number): Promise<Readable> {
      const c = await view(id, actor.operatorId)
      const reporter = actor.operatorId
      await inTransaction(db, (tx) => audit(tx, actor, 'risk.report_export', id, null, { rows: c.ledger.length }))
      const reasons = [...new Set(c.alert_list.map((a) => a.text))].join('; ')
      const outcome = c.outcome ?? c.close_request?.outcome
      const today = clock.now().toISOString()
      const out = csvStringifier({ bom: true, header: true, columns: [...RISK_REPORT_COLUMNS] })
      const rows = c.ledger.map((l) => [
        String(c.id),
        today,
        c.player.firstname,
        c.player.surname,
        c.mobile,
        c.player.bank_code,
        c.player.bank_account,
        l.at,
        l.kind,
        RISK_REPORT_DIRECTION[l.direction],
        formatSatang(BigInt(Math.round(l.amount * 100))),
        l.reference,
        reasons,
        outcome ? RISK_OUTCOME_TEXT[outcome] : '',
        String(reporter),
      ])
      return Readable.from(rows).pipe(out)
    },
  }
}
export type RiskCasesService = ReturnType<typeof createRiskCasesService>
