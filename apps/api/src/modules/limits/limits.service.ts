import {
  bahtToSatang,
  limitKinds,
  msg,
  satangToBaht,
  type LimitKind,
  type PlayerLimit,
  type PlayerLimits,
  type SessionReminder,
  type SetLimitBody,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Actor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import {
  decideChange,
  decideConfirm,
  depositAllowance,
  depositKinds,
  depositReopens,
  livePending,
  lossAllowance,
  periodOf,
  periodRanges,
  remainingOf,
  reminderDueAt,
  type DepositKind,
  type LimitState,
} from './limit-rules.ts'
export { depositPeriodText } from './limit-rules.ts'
import type { LimitsRepository, PlayerLimitRow } from './limits.repository.ts'

const isMoney = (kind: LimitKind) => kind !== 'SESSION_REMINDER'
/** A value as the contract carries it: baht for money limits, minutes for the reminder. */
const valueOut = (kind: LimitKind, value: bigint | null) => (value === null ? null : isMoney(kind) ? satangToBaht(value) : Number(value))

/**
 * The player's own limits (issue 21 §1, §6; ADR 048): deposits per Bangkok day, week and month, net loss per Bangkok
 * day, the session reminder. A first or stricter limit applies at once, a looser one or a removal after 24 hours and
 * a second confirmation (limit-rules.ts). Other modules ask it: deposits (`depositAllowance`, in the bill's and the
 * credit's transaction), the seamless wallet (`lossAllowances`, under the batch's player locks) and the portal
 * (`launchGuard`: no launch while a reminder is owed).
 */
/** Who tells the player a money limit changed (the notices module, ADR 087), in the change's transaction. */
export interface LimitNotices {
  limitChanged(tx: Db, change: { playerId: number; outcome: 'applied' | 'pending'; confirmableAt?: Date; changeKey: string }): Promise<unknown>
}

export function createLimitsService(deps: {
  db: Db
  clock: Clock
  /** The player's notice of a changed money limit (ADR 087); none: nobody is told. */
  notices?: LimitNotices
  limitsRepository: Pick<
    LimitsRepository,
    'lockPlayer' | 'forPlayer' | 'forPlayers' | 'apply' | 'remove' | 'setPending' | 'depositedSince' | 'netLossSince' | 'session' | 'acknowledge'
  >
}) {
  const { db, clock, limitsRepository: repo } = deps

  async function view(tx: Db, playerId: number, now: Date): Promise<PlayerLimits> {
    const rows = await repo.forPlayer(tx, playerId)
    const ranges = periodRanges(now)
    const byKind = new Map(rows.map((r) => [r.kind, r]))
    const deposited = await repo.depositedSince(tx, playerId, { day: ranges.DAY.start, week: ranges.WEEK.start, month: ranges.MONTH.start })
    const lost = (await repo.netLossSince(tx, [playerId], ranges.DAY.start)).get(playerId) ?? 0n
    const used: Record<Exclude<LimitKind, 'SESSION_REMINDER'>, bigint> = {
      DEPOSIT_DAY: deposited.day,
      DEPOSIT_WEEK: deposited.week,
      DEPOSIT_MONTH: deposited.month,
      LOSS_DAY: lost,
    }
    const limits = limitKinds.map((kind): PlayerLimit => {
      const row = byKind.get(kind)
      const pending = row ? livePending(row, now) : null
      const money = kind === 'SESSION_REMINDER' ? null : { used: used[kind], range: ranges[periodOf[kind]] }
      return {
        kind,
        value: valueOut(kind, row?.value ?? null),
        pending: pending && {
          value: valueOut(kind, pending.value),
          requested_at: pending.requestedAt.toISOString(),
          confirmable_from: pending.confirmableAt.toISOString(),
          lapses_at: pending.lapsesAt.toISOString(),
          confirmable: now >= pending.confirmableAt,
        },
        used: money ? satangToBaht(money.used) : null,
        remaining: money && row ? satangToBaht(remainingOf(row.value, money.used)) : null,
        period_ends_at: money ? money.range.end.toISOString() : null,
      }
    })
    return { limits, now: now.toISOString() }
  }

  /** One player's limit changes, serialised, answered with the limits after the change. */
  function change(playerId: number, work: (tx: Db, rows: Map<LimitKind, PlayerLimitRow>, now: Date) => Promise<string>) {
    return inTransaction(db, async (tx) => {
      await repo.lockPlayer(tx, playerId)
      const now = clock.now()
      const rows = new Map((await repo.forPlayer(tx, playerId)).map((r) => [r.kind, r]))
      const message = await work(tx, rows, now)
      return { data: await view(tx, playerId, now), message }
    })
  }

  /** A money limit's change told to the player (ADR 087); the session reminder is no limit on money and is not told. */
  async function notify(tx: Db, playerId: number, kind: LimitKind, now: Date, outcome: 'applied' | 'pending', confirmableAt?: Date) {
    if (!isMoney(kind) || !deps.notices) return
    await deps.notices.limitChanged(tx, { playerId, outcome, changeKey: `${kind}:${now.toISOString()}`, ...(confirmableAt ? { confirmableAt } : {}) })
  }

  async function reminder(actor: Actor): Promise<SessionReminder> {
    const now = clock.now()
    const session = await repo.session(db, actor.sessionId)
    if (!session) throw new AppError('UNAUTHORIZED')
    const [limit] = await repo.forPlayers(db, [actor.playerId], ['SESSION_REMINDER'])
    const lost = (await repo.netLossSince(db, [actor.playerId], session.startedAt)).get(actor.playerId) ?? 0n
    const every = limit ? Number(limit.value) : null
    const dueAt = every === null ? null : reminderDueAt(session.startedAt, session.acknowledgedAt, every)
    return {
      started_at: session.startedAt.toISOString(),
      now: now.toISOString(),
      minutes_played: Math.max(0, Math.floor((now.getTime() - session.startedAt.getTime()) / 60_000)),
      net_result: satangToBaht(-lost),
      every_minutes: every,
      due: dueAt !== null && now >= dueAt,
      due_in_seconds: dueAt === null ? null : Math.max(0, Math.ceil((dueAt.getTime() - now.getTime()) / 1000)),
    }
  }

  return {
    limits: (actor: Actor) => view(db, actor.playerId, clock.now()),

    /** Sets, tightens, loosens or removes one limit (ADR 048); answers the limits and what happened, in Thai. */
    set(actor: Actor, body: SetLimitBody) {
      const value = body.value === null ? null : body.kind === 'SESSION_REMINDER' ? BigInt(body.value) : bahtToSatang(body.value)
      return change(actor.playerId, async (tx, rows, now) => {
        const decided = decideChange(rows.get(body.kind), value, now)
        switch (decided.kind) {
          case 'none_to_remove':
            throw new AppError('RULE_REFUSED', msg('LIMIT_NONE_TO_REMOVE'))
          case 'apply':
            await repo.apply(tx, actor.playerId, body.kind, decided.value, now)
            await notify(tx, actor.playerId, body.kind, now, 'applied')
            return msg('LIMIT_SAVED')
          case 'unchanged':
            await repo.setPending(tx, actor.playerId, body.kind, null)
            return msg('LIMIT_UNCHANGED')
          case 'pending':
            await repo.setPending(tx, actor.playerId, body.kind, decided.pending)
            await notify(tx, actor.playerId, body.kind, now, 'pending', decided.pending.confirmableAt)
            return msg('LIMIT_PENDING')
        }
      })
    },

    /** The player's second confirmation of a looser limit or a removal, 24 hours or more after asking. */
    confirm(actor: Actor, kind: LimitKind) {
      return change(actor.playerId, async (tx, rows, now) => {
        const decided = decideConfirm(rows.get(kind), now)
        if (decided.kind === 'nothing_pending') throw new AppError('RULE_REFUSED', msg('LIMIT_NOTHING_PENDING'))
        if (decided.kind === 'not_yet') throw new AppError('RULE_REFUSED', msg('LIMIT_NOT_YET', { at: decided.confirmableAt.toISOString() }))
        if (decided.value === null) await repo.remove(tx, actor.playerId, kind)
        else await repo.apply(tx, actor.playerId, kind, decided.value, now)
        await notify(tx, actor.playerId, kind, now, 'applied')
        return msg('LIMIT_CONFIRMED')
      })
    },

    /** Withdraws a pending change: the limit in force stays. */
    cancel(actor: Actor, kind: LimitKind) {
      return change(actor.playerId, async (tx, rows, now) => {
        const row = rows.get(kind)
        if (!row || !livePending(row, now)) throw new AppError('RULE_REFUSED', msg('LIMIT_NOTHING_PENDING'))
        await repo.setPending(tx, actor.playerId, kind, null)
        return msg('LIMIT_CANCELLED')
      })
    },

    /**
     * What the player may still deposit under the deposit limit that binds now (the smallest remaining of day, week and
     * month, by credit time), or null without a deposit limit. Read in the caller's transaction. Given the minimum
     * deposit, also `reopens`: when a deposit is possible again if a limit leaves less than the minimum (else null).
     */
    async depositAllowance(
      tx: Db,
      playerId: number,
      min?: bigint,
    ): Promise<{ kind: DepositKind; limit: bigint; remaining: bigint; reopens?: { kind: DepositKind; at: Date } | null } | null> {
      const rows = (await repo.forPlayers(tx, [playerId], depositKinds)) as Array<PlayerLimitRow & { kind: DepositKind }>
      if (rows.length === 0) return null
      const ranges = periodRanges(clock.now())
      const d = await repo.depositedSince(tx, playerId, { day: ranges.DAY.start, week: ranges.WEEK.start, month: ranges.MONTH.start })
      const used = { DEPOSIT_DAY: d.day, DEPOSIT_WEEK: d.week, DEPOSIT_MONTH: d.month }
      const allowance = depositAllowance(rows, used)
      if (!allowance || min === undefined) return allowance
      const ends = { DEPOSIT_DAY: ranges.DAY.end, DEPOSIT_WEEK: ranges.WEEK.end, DEPOSIT_MONTH: ranges.MONTH.end }
      return { ...allowance, reopens: depositReopens(rows, used, min, ends) }
    },

    /**
     * For a batch of bets, under its players' cash locks: each player with a daily loss limit and how much more they
     * may stake today (limit minus today's net loss; see lossAllowance). Players without one are absent. Two statements
     * whatever the batch's size; one when no player in it has a loss limit.
     */
    async lossAllowances(tx: Db, playerIds: readonly number[]): Promise<Map<number, bigint>> {
      const out = new Map<number, bigint>()
      const rows = await repo.forPlayers(tx, playerIds, ['LOSS_DAY'])
      if (rows.length === 0) return out
      const today = periodRanges(clock.now()).DAY.start
      const lost = await repo.netLossSince(
        tx,
        rows.map((r) => r.playerId),
        today,
      )
      for (const r of rows) out.set(r.playerId, lossAllowance(r.value, lost.get(r.playerId) ?? 0n))
      return out
    },

    /** The session reminder's state for this web session (all from the server's clock and records). */
    session: reminder,

    /** The player saw the reminder: the next is owed N minutes from now. */
    async acknowledge(actor: Actor): Promise<SessionReminder> {
      await repo.acknowledge(db, actor.sessionId, clock.now())
      return reminder(actor)
    },

    /**
     * The portal asks before a launch: no game opens while a session reminder is owed and not acknowledged. One
     * primary-key read for a player without a reminder.
     */
    async launchGuard(context: { playerId: number; sessionId: number }): Promise<void> {
      const [limit] = await repo.forPlayers(db, [context.playerId], ['SESSION_REMINDER'])
      if (!limit) return
      const session = await repo.session(db, context.sessionId)
      if (!session) throw new AppError('UNAUTHORIZED')
      if (clock.now() >= reminderDueAt(session.startedAt, session.acknowledgedAt, Number(limit.value))) throw new AppError('SESSION_REMINDER_DUE')
    },
  }
}
export type LimitsService = ReturnType<typeof createLimitsService>
export type { LimitState }
