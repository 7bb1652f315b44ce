import { msg, RiskParams, type RiskEvent, type RiskParamsBody, type RiskParamsVersion } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { rejection, reviewView } from '../../db/reviewed.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { asCanDecide, assertSecondOperator, decideRefusal, type SeparateDuties } from '../approvals/money-policy.ts'
import { proposalEntry, refusalEntry, type AuditActor, type AuditRepository } from '../audit/audit.repository.ts'
import { DEFAULT_RISK_PARAMS, evaluateRules, storable, type RiskFacts, type RiskFinding } from './risk-rules.ts'
import type { RiskRepository } from './risk.repository.ts'

const DAY = 86_400_000
/** How long a new case has before it is due (an operator may change it). */
const CASE_DUE_DAYS = 3

/** The parameters in force: the applied version's (id) or the defaults (0). */
export interface ParamsInForce {
  version: number
  params: RiskParams
}

/**
 * The risk rules at their hook points (issue 39 §1, ADR 089) and their parameters under two keys. Each hook runs in
 * the event's transaction, reads its facts by one statement, evaluates the rules (pure), and records what fired: an
 * alert with its inputs, and a case opened or joined when the alert asks for one. A clean event writes nothing.
 * Evaluation sits only on deposits credited, withdrawal requests, registrations and referral payouts: never on bets.
 */
export function createRiskService(deps: {
  db: Db
  clock: Clock
  separateDuties: SeparateDuties
  riskRepository: RiskRepository
  auditRepository: Pick<AuditRepository, 'record'>
}) {
  const { db, clock, riskRepository: repo, auditRepository } = deps

  async function inForce(tx: Db): Promise<ParamsInForce> {
    const row = await repo.appliedParams(tx)
    if (!row) return { version: 0, params: DEFAULT_RISK_PARAMS }
    return { version: row.id, params: RiskParams.parse({ ...DEFAULT_RISK_PARAMS, ...row.params }) }
  }

  /** Opens the player's case, or answers the open one; the alerts no case holds yet join it. */
  async function caseFor(tx: Db, playerId: number, at: Date, cause: Record<string, unknown>) {
    const open = await repo.openCaseOf(tx, playerId)
    if (open) return open
    const opened = (await repo.insertCase(tx, playerId, at, new Date(at.getTime() + CASE_DUE_DAYS * DAY))) ?? (await repo.openCaseOf(tx, playerId))!
    await repo.attachAlerts(tx, playerId, opened.id)
    await auditRepository.record(tx, {
      actor: null,
      action: 'risk.case_open',
      targetType: 'risk_case',
      targetId: String(opened.id),
      after: { player_id: playerId, ...cause },
      at,
    })
    return opened
  }

  /**
   * Records the findings of one event: each as an alert (once per rule and event), a case opened or joined for those
   * that ask for one, a review joining the open case if there is one. Answers the findings that fired.
   */
  async function record(tx: Db, playerId: number, event: RiskEvent, reference: string, found: RiskFacts, findings: RiskFinding[], version: number) {
    if (findings.length === 0) return findings
    const at = clock.now()
    const needsCase = findings.some((f) => f.action !== 'REVIEW')
    const riskCase = needsCase ? await caseFor(tx, playerId, at, { reference, rules: findings.map((f) => f.rule) }) : await repo.openCaseOf(tx, playerId)
    for (const f of findings) {
      const inputs = storable({ ...f.inputs, facts: found.facts }) as Record<string, unknown>
      const alert = await repo.insertAlert(tx, {
        playerId,
        caseId: riskCase?.id ?? null,
        rule: f.rule,
        event,
        action: f.action,
        reference,
        paramsVersion: version,
        inputs,
        createdAt: at,
      })
      if (alert)
        await auditRepository.record(tx, {
          actor: null,
          action: 'risk.alert',
          targetType: 'player',
          targetId: String(playerId),
          after: { alert_id: alert.id, rule: f.rule, action: f.action, reference, case_id: riskCase?.id ?? null, params_version: version },
          at,
        })
    }
    return findings
  }

  /** Evaluates the event's rules on facts read in `tx` and records what fired. */
  async function evaluate(tx: Db, playerId: number, reference: string, found: RiskFacts) {
    const { version, params } = await inForce(tx)
    const findings = evaluateRules(found, params, clock.now())
    return record(tx, playerId, found.event, reference, found, findings, version)
  }

  const toVersion = (row: NonNullable<Awaited<ReturnType<RiskRepository['paramsVersion']>>>): RiskParamsVersion => ({
    ...RiskParams.parse({ ...DEFAULT_RISK_PARAMS, ...row.params }),
    id: row.id,
    status: row.status,
    reason: row.reason,
    ...reviewView(row),
    effective_from: row.effectiveFrom?.toISOString() ?? null,
  })
  const defaultsVersion: RiskParamsVersion = {
    ...DEFAULT_RISK_PARAMS,
    id: 0,
    status: 'APPLIED',
    reason: '',
    proposed_by: null,
    proposed_by_id: null,
    created_at: new Date(0).toISOString(),
    decided_by: null,
    decided_at: null,
    reject_reason: null,
    effective_from: new Date(0).toISOString(),
  }
  async function lockedPending(tx: Db, id: number) {
    const row = await repo.paramsVersion(tx, id)
    if (!row || row.status !== 'PENDING') throw new AppError('NOT_FOUND', msg('RISK_PARAMS_NOT_FOUND'))
    return row
  }
  const decider = (row: { proposedBy: number | null }, operatorId: number, at: Date) =>
    ({ firstId: row.proposedBy, secondId: operatorId, at, action: 'risk_params' }) as const

  return {
    /** The parameters in force in `tx` (the hooks' transaction), with their version. */
    inForce,
    /** The rules of a credited deposit (deposits' `credit()` calls it, ADR 089), in its transaction. */
    async onDepositCredited(tx: Db, deposit: { id: number; playerId: number }) {
      const facts = await repo.depositFacts(tx, deposit.id, deposit.playerId, clock.now())
      return evaluate(tx, deposit.playerId, `deposit:${deposit.id}`, { event: 'DEPOSIT', facts })
    },
    /** The rules of a withdrawal request, in its transaction (under the player's lock, before the auto-approval). */
    async onWithdrawalRequested(tx: Db, withdrawalId: number) {
      const { playerId, ...facts } = await repo.withdrawalFacts(tx, withdrawalId, clock.now())
      return evaluate(tx, playerId, `withdrawal:${withdrawalId}`, { event: 'WITHDRAWAL', facts })
    },
    /** The rules of a registration, once its signals are recorded (its own transaction). */
    async onRegistered(playerId: number) {
      await inTransaction(db, async (tx) => {
        const facts = await repo.registrationFacts(tx, playerId)
        await evaluate(tx, playerId, `player:${playerId}`, { event: 'REGISTRATION', facts })
      })
    },
    /**
     * The rules of a referral payout (the referral wallet to cash), in its transaction: a HOLD refuses the payout,
     * with the alert kept (its own transaction, so that the refusal does not undo it).
     */
    async onReferralPayout(playerId: number, period: string) {
      const held = await inTransaction(db, async (tx) => {
        const facts = await repo.referralFacts(tx, playerId)
        const findings = await evaluate(tx, playerId, `referral:${playerId}:${period}`, { event: 'REFERRAL_PAYOUT', facts })
        return findings.some((f) => f.action === 'HOLD')
      })
      if (held) throw new AppError('RULE_REFUSED', msg('RISK_REFERRAL_HELD'))
    },
    /** The player's open case, locked in `tx` (the withdrawal desk and the auto-approval ask it). */
    openCaseOf: (tx: Db, playerId: number) => repo.openCaseOf(tx, playerId),

    /** `GET /backoffice/risk/params`: in force and waiting, the waiting one with whether `operatorId` may apply it. */
    async overview(operatorId: number) {
      const applied = await repo.appliedWithReviewers(db)
      const pending = await repo.pendingParams(db)
      const waiting = pending
        ? { ...toVersion(pending), can_decide: asCanDecide(await decideRefusal(db, deps.separateDuties, decider(pending, operatorId, clock.now()))) }
        : null
      return { current: applied ? toVersion(applied) : defaultsVersion, pending: waiting }
    },
    /** One operator proposes every parameter anew; nothing changes until a second, different operator applies it. */
    async propose(actor: AuditActor, body: RiskParamsBody): Promise<RiskParamsVersion> {
      const { reason, ...values } = body
      const at = clock.now()
      return inTransaction(db, async (tx) => {
        const current = await inForce(tx)
        if (JSON.stringify(RiskParams.parse(values)) === JSON.stringify(RiskParams.parse(current.params)))
          throw new AppError('RULE_REFUSED', msg('RISK_PARAMS_UNCHANGED'))
        const row = await repo.insertPendingParams(tx, { status: 'PENDING', params: values, reason, proposedBy: actor.operatorId, createdAt: at })
        if (!row) throw new AppError('CONFLICT', msg('RISK_PARAMS_PENDING_EXISTS'))
        const target = { action: 'risk.params_propose', targetType: 'risk_params', id: row.id } as const
        await auditRepository.record(tx, proposalEntry(actor, at, target, { version: current.version, ...current.params }, { reason, values }))
        return toVersion((await repo.paramsVersion(tx, row.id))!)
      })
    },
    /** A second, different operator applies a waiting version (the money policy's four-eyes rule). */
    async approve(actor: AuditActor, id: number): Promise<RiskParamsVersion> {
      const at = clock.now()
      return inTransaction(db, async (tx) => {
        const row = await lockedPending(tx, id)
        await assertSecondOperator(tx, deps.separateDuties, decider(row, actor.operatorId, at))
        const previous = await inForce(tx)
        const decided = await repo.decideParams(tx, id, { status: 'APPLIED', decidedBy: actor.operatorId, decidedAt: at, effectiveFrom: at })
        if (!decided) throw new AppError('CONFLICT')
        await auditRepository.record(tx, {
          actor,
          action: 'risk.params_apply',
          targetType: 'risk_params',
          targetId: String(id),
          before: { version: previous.version, ...previous.params },
          after: { version: id, effective_from: at.toISOString(), ...decided.params },
          at,
        })
        return toVersion((await repo.paramsVersion(tx, id))!)
      })
    },
    /** Any operator who may propose turns a waiting version down, with a reason. */
    async reject(actor: AuditActor, id: number, reason: string): Promise<RiskParamsVersion> {
      const at = clock.now()
      return inTransaction(db, async (tx) => {
        await lockedPending(tx, id)
        await repo.decideParams(tx, id, rejection(actor.operatorId, at, reason))
        await auditRepository.record(tx, refusalEntry(actor, at, { action: 'risk.params_reject', targetType: 'risk_params', id }, reason))
        return toVersion((await repo.paramsVersion(tx, id))!)
      })
    },
  }
}
export type RiskService = ReturnType<typeof createRiskService>
