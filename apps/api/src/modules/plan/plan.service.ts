import {
  bahtToSatang,
  msg,
  nearestSatang,
  satangToBaht,
  type PayoutInterval,
  type PlanOverview,
  type PlanProposalBody,
  type PlanValues,
  type PlanVersion,
} from '@sanam/contract'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { rejection, reviewView } from '../../db/reviewed.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { NotificationChannel } from '../../lib/notification-listener.ts'
import { proposalEntry, refusalEntry, type AuditActor, type AuditRepository } from '../audit/audit.repository.ts'
import { assertSecondOperator, canDecide, type Decider, type SeparateDuties } from '../approvals/money-policy.ts'
import type { NamedPlanVersion, NewPlanVersion, PlanRepository, PlanVersionRow } from './plan.repository.ts'

/** The PostgreSQL channel on which a process tells every other one that a plan version was applied (its id). */
export const PLAN_CHANGED_CHANNEL = 'sanam_plan_changed'

/** Decided versions the back-office shows. */
const HISTORY_SIZE = 50

/** A wallet's move to cash, in satang: below `min` refused, at most `max` at a time (0: no cap), once per interval. */
export interface PayoutTerms {
  min: bigint
  max: bigint
  interval: PayoutInterval
}

/** The referral plan and limits in force (ADR 044). Rates in basis points (300 is 3 %), amounts in satang. */
export interface Plan {
  id: number
  effectiveFrom: Date
  /** Commission of upline levels 1-3. */
  levels: readonly [number, number, number]
  /** Rebate on a player's own valid turnover. */
  rebate: number
  bonus: PayoutTerms
  refund: PayoutTerms
  depositMin: bigint
  withdrawMin: bigint
  /** BACKOFFICE_FOUR_EYES_BAHT's successor (ADR 035): more than this in one action waits for a second operator. */
  fourEyesAbove: bigint
  /** The auto-approval's caps (issue 37 §4, ADR 085), satang and a count. */
  autoApproval: { perPayout: bigint; playerDailyTotal: bigint; playerDailyCount: number; siteHourlyBudget: bigint }
}

/** A fraction from the environment (0.03) → basis points (300). */
const bp = (fraction: number) => Math.round(fraction * 10_000)

/** The first version's values, from the environment: read at first start only, when the database holds no version. */
export function planDefaults(config: Config): Omit<NewPlanVersion, 'status' | 'reason' | 'createdAt'> {
  return {
    level1Bp: bp(config.REFERRAL_LEVEL1),
    level2Bp: bp(config.REFERRAL_LEVEL2),
    level3Bp: bp(config.REFERRAL_LEVEL3),
    rebateBp: bp(config.REBATE_RATE),
    bonusMin: nearestSatang(config.BONUS_MIN),
    bonusMax: nearestSatang(config.BONUS_MAX),
    bonusInterval: config.BONUS_INTERVAL,
    refundMin: nearestSatang(config.REFUND_MIN),
    refundMax: nearestSatang(config.REFUND_MAX),
    refundInterval: config.REFUND_INTERVAL,
    depositMin: nearestSatang(config.DEPOSIT_MIN_AMOUNT),
    withdrawMin: nearestSatang(config.WITHDRAW_MIN_AMOUNT),
    fourEyesAbove: nearestSatang(config.BACKOFFICE_FOUR_EYES_BAHT),
  }
}

function toPlan(row: PlanVersionRow): Plan {
  return {
    id: row.id,
    effectiveFrom: row.effectiveFrom ?? new Date(0),
    levels: [row.level1Bp, row.level2Bp, row.level3Bp],
    rebate: row.rebateBp,
    bonus: { min: row.bonusMin, max: row.bonusMax, interval: row.bonusInterval },
    refund: { min: row.refundMin, max: row.refundMax, interval: row.refundInterval },
    depositMin: row.depositMin,
    withdrawMin: row.withdrawMin,
    fourEyesAbove: row.fourEyesAbove,
    autoApproval: {
      perPayout: row.autoPayoutMax,
      playerDailyTotal: row.autoPlayerDayTotal,
      playerDailyCount: row.autoPlayerDayCount,
      siteHourlyBudget: row.autoSiteHourBudget,
    },
  }
}

/** A version's values as the contract carries them: percent and baht. */
function valuesOf(row: PlanVersionRow): PlanValues {
  return {
    level1_percent: row.level1Bp / 100,
    level2_percent: row.level2Bp / 100,
    level3_percent: row.level3Bp / 100,
    rebate_percent: row.rebateBp / 100,
    bonus_min: satangToBaht(row.bonusMin),
    bonus_max: satangToBaht(row.bonusMax),
    bonus_interval: row.bonusInterval,
    refund_min: satangToBaht(row.refundMin),
    refund_max: satangToBaht(row.refundMax),
    refund_interval: row.refundInterval,
    deposit_min: satangToBaht(row.depositMin),
    withdraw_min: satangToBaht(row.withdrawMin),
    four_eyes_above: satangToBaht(row.fourEyesAbove),
    auto_payout_max: satangToBaht(row.autoPayoutMax),
    auto_player_day_total: satangToBaht(row.autoPlayerDayTotal),
    auto_player_day_count: row.autoPlayerDayCount,
    auto_site_hour_budget: satangToBaht(row.autoSiteHourBudget),
  }
}

/** The contract's values (validated) → the stored columns. */
function columnsOf(body: PlanValues): Omit<NewPlanVersion, 'status' | 'reason' | 'createdAt'> {
  const rate = (percent: number) => Math.round(percent * 100)
  return {
    level1Bp: rate(body.level1_percent),
    level2Bp: rate(body.level2_percent),
    level3Bp: rate(body.level3_percent),
    rebateBp: rate(body.rebate_percent),
    bonusMin: bahtToSatang(body.bonus_min),
    bonusMax: bahtToSatang(body.bonus_max),
    bonusInterval: body.bonus_interval,
    refundMin: bahtToSatang(body.refund_min),
    refundMax: bahtToSatang(body.refund_max),
    refundInterval: body.refund_interval,
    depositMin: bahtToSatang(body.deposit_min),
    withdrawMin: bahtToSatang(body.withdraw_min),
    fourEyesAbove: bahtToSatang(body.four_eyes_above),
    autoPayoutMax: bahtToSatang(body.auto_payout_max),
    autoPlayerDayTotal: bahtToSatang(body.auto_player_day_total),
    autoPlayerDayCount: body.auto_player_day_count,
    autoSiteHourBudget: bahtToSatang(body.auto_site_hour_budget),
  }
}

/** `operatorId` as the second operator of the proposal `row` (ADR 075). */
const decider = (row: { proposedBy: number | null }, operatorId: number, at: Date): Decider => ({
  firstId: row.proposedBy,
  secondId: operatorId,
  at,
  action: 'plan',
})

function toVersion(row: NamedPlanVersion): PlanVersion {
  return {
    ...valuesOf(row),
    id: row.id,
    status: row.status,
    reason: row.reason,
    ...reviewView(row),
    effective_from: row.effectiveFrom ? row.effectiveFrom.toISOString() : null,
  }
}

/** What the plan service is given (app.ts wires the real ones). */
export interface PlanServiceDeps {
  db: Db
  clock: Clock
  /** The environment's values, written as the first version when the database has none. */
  defaults: Omit<NewPlanVersion, 'status' | 'reason' | 'createdAt'>
  /** True on PostgreSQL: other processes keep a copy of the plan too, and hear of every change through the listener. */
  broadcast: boolean
  /** The money desk's separate duties (ADR 036): who may decide money, and with whom. */
  separateDuties: SeparateDuties
  planRepository: Pick<
    PlanRepository,
    'insertFirst' | 'insertPending' | 'inForceAt' | 'appliedBetween' | 'find' | 'named' | 'pending' | 'history' | 'decide' | 'announce'
  >
  auditRepository: Pick<AuditRepository, 'record'>
}

/**
 * The referral plan and limits (issue 20 §4, ADR 044): the one place every reader asks for them (referral rates and
 * wallet terms, the deposit and withdrawal minimums, the money desk's four-eyes threshold). Versions live in the
 * database; one operator proposes, a second, different finance operator applies, and the new version takes effect from
 * that moment in every process: this process forgets its copy at commit, the others when the notification listener
 * hears the version's id on PLAN_CHANGED_CHANNEL (on the embedded database this process is the only one). While the
 * listener is away the copy is not trusted and the database answers.
 */
export function createPlanService(deps: PlanServiceDeps) {
  const { db, clock, planRepository, auditRepository } = deps
  let cached: Plan | undefined
  let online = !deps.broadcast
  /** Bumped whenever the copy is forgotten: a read that began before must not store what it read. */
  let generation = 0

  function forget() {
    generation++
    cached = undefined
  }

  async function inForce(tx: Db, at: Date): Promise<Plan> {
    const row = await planRepository.inForceAt(tx, at)
    // ensureFirst runs before the app serves; a database without any version was never started by this app.
    if (!row) throw new Error('the plan has no version: start the app once (it writes the first version from the environment)')
    return toPlan(row)
  }

  async function named(tx: Db, id: number): Promise<NamedPlanVersion> {
    const row = await planRepository.named(tx, id)
    if (!row) throw new AppError('NOT_FOUND', msg('PLAN_NOT_FOUND'))
    return row
  }

  /** Locks a PENDING version for a decision; refuses anything else (already decided: 409). */
  async function lockedPending(tx: Db, id: number): Promise<PlanVersionRow> {
    const row = await planRepository.find(tx, id, true)
    if (!row) throw new AppError('NOT_FOUND', msg('PLAN_NOT_FOUND'))
    if (row.status !== 'PENDING') throw new AppError('CONFLICT')
    return row
  }

  return {
    /** At start-up, before serving: writes the environment's values as the first version when there is none. */
    async ensureFirst(): Promise<void> {
      const at = clock.now()
      await inTransaction(db, async (tx) => {
        const row = {
          ...deps.defaults,
          status: 'APPLIED' as const,
          reason: 'first start: the environment variables',
          createdAt: at,
          decidedAt: at,
          effectiveFrom: new Date(0),
        }
        if (!(await planRepository.insertFirst(tx, row))) return
        await auditRepository.record(tx, {
          actor: null,
          action: 'plan.first',
          targetType: 'plan_version',
          targetId: 'first',
          after: valuesOf(row as PlanVersionRow),
          at,
        })
      })
    },

    /**
     * The plan in force now: this process's copy while it is sure to hear of changes, else the database's, read on
     * `tx` when the caller is inside a transaction (the embedded database has one connection: a read beside the
     * caller's open transaction would wait for it forever).
     */
    async current(tx: Db = db): Promise<Plan> {
      if (cached && online) return cached
      const ticket = generation
      const plan = await inForce(tx, clock.now())
      if (online && ticket === generation) cached = plan
      return plan
    },

    /**
     * The versions in force during [start, end), each with the moment it took over (the first: `start`), in order:
     * what the accrual pays each stretch of the day's turnover by, however late it runs.
     */
    async during(tx: Db, start: Date, end: Date): Promise<Array<{ from: Date; plan: Plan }>> {
      const first = await inForce(tx, start)
      const later = await planRepository.appliedBetween(tx, start, end)
      return [{ from: start, plan: first }, ...later.map((row) => ({ from: row.effectiveFrom!, plan: toPlan(row) }))]
    },

    /** The notification listener's channel: a version applied elsewhere makes this process read the plan again. */
    channel: {
      channel: PLAN_CHANGED_CHANNEL,
      apply(payload: string | undefined) {
        if (!payload || !/^\d{1,15}$/.test(payload)) return undefined
        forget()
        return { versionId: Number(payload) }
      },
      setOnline(value: boolean) {
        online = value
        forget()
      },
    } satisfies NotificationChannel<{ versionId: number }>,

    /** The plan, the proposal waiting with whether `operatorId` may approve it now (ADR 075), and the history. */
    async overview(operatorId: number): Promise<PlanOverview> {
      const plan = await inForce(db, clock.now())
      const [current, pending, history] = await Promise.all([named(db, plan.id), planRepository.pending(db), planRepository.history(db, HISTORY_SIZE)])
      const waiting = pending
        ? { ...toVersion(pending), can_decide: (await canDecide(db, deps.separateDuties, [decider(pending, operatorId, clock.now())]))[0]! }
        : null
      return { current: toVersion(current), pending: waiting, history: history.map(toVersion) }
    },

    /** One operator proposes every value of a new version; it waits for a second operator. One proposal at a time. */
    async propose(actor: AuditActor, body: PlanProposalBody): Promise<PlanVersion> {
      const { reason, ...values } = body
      const at = clock.now()
      return inTransaction(db, async (tx) => {
        const current = await named(tx, (await inForce(tx, at)).id)
        const columns = columnsOf(values)
        const before = valuesOf(current)
        if (JSON.stringify(valuesOf({ ...current, ...columns })) === JSON.stringify(before)) throw new AppError('RULE_REFUSED', msg('PLAN_UNCHANGED'))
        const row = await planRepository.insertPending(tx, { ...columns, status: 'PENDING', reason, proposedBy: actor.operatorId, createdAt: at })
        if (!row) throw new AppError('CONFLICT', msg('PLAN_PENDING_EXISTS'))
        const target = { action: 'plan.propose', targetType: 'plan_version', id: row.id } as const
        await auditRepository.record(tx, proposalEntry(actor, at, target, { version: current.id, ...before }, { reason, values: valuesOf(row) }))
        return toVersion(await named(tx, row.id))
      })
    },

    /**
     * A second finance operator applies a PENDING version by its id: never its author, never an operator related to the
     * author (ADR 036). From this moment it is the plan; turnover played before keeps the version it was played under.
     */
    async approve(actor: AuditActor, id: number): Promise<PlanVersion> {
      const at = clock.now()
      const applied = await inTransaction(db, async (tx) => {
        const row = await lockedPending(tx, id)
        await assertSecondOperator(tx, deps.separateDuties, decider(row, actor.operatorId, at))
        const previous = await named(tx, (await inForce(tx, at)).id)
        const decided = await planRepository.decide(tx, id, { status: 'APPLIED', decidedBy: actor.operatorId, decidedAt: at, effectiveFrom: at })
        await auditRepository.record(tx, {
          actor,
          action: 'plan.apply',
          targetType: 'plan_version',
          targetId: String(id),
          before: { version: previous.id, ...valuesOf(previous) },
          after: { version: id, effective_from: at.toISOString(), ...valuesOf(decided) },
          at,
        })
        if (deps.broadcast) await planRepository.announce(tx, PLAN_CHANGED_CHANNEL, id)
        return named(tx, id)
      })
      forget()
      return toVersion(applied)
    },

    /** Any operator who may propose turns a PENDING version down (its author withdrawing it included), with a reason. */
    async reject(actor: AuditActor, id: number, reason: string): Promise<PlanVersion> {
      const at = clock.now()
      return inTransaction(db, async (tx) => {
        await lockedPending(tx, id)
        await planRepository.decide(tx, id, rejection(actor.operatorId, at, reason))
        await auditRepository.record(tx, refusalEntry(actor, at, { action: 'plan.reject', targetType: 'plan_version', id }, reason))
        return toVersion(await named(tx, id))
      })
    },
  }
}
export type PlanService = ReturnType<typeof createPlanService>
/** What every reader of the plan is given. */
export type PlanReader = Pick<PlanService, 'current'>
