import {
  checkDraft,
  computeBonus,
  isProhibited,
  msg,
  satangToBaht,
  targetMet,
  turnoverTarget,
  withdrawalTerms,
  type DraftRefusal,
  type Promotion,
  type PromotionRule,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { PlanReader } from '../plan/plan.service.ts'
import type { ExclusionReader } from '../exclusions/restriction.ts'
import type { GamesRepository } from '../games/games.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { LaunchGuard } from '../portal/portal.service.ts'
import type { PlayerPromotionRow, PromotionRow, PromotionsRepository } from './promotions.repository.ts'

const refusals: Record<DraftRefusal, (limit?: bigint) => string> = {
  HAS_ACTIVE_PROMOTION: () => msg('PROMOTION_HAS_ACTIVE'),
  NEW_MEMBERS_ONLY: () => msg('PROMOTION_NEW_MEMBERS_ONLY'),
  OLD_MEMBERS_ONLY: () => msg('PROMOTION_OLD_MEMBERS_ONLY'),
  BELOW_MIN_DEPOSIT: (limit) => msg('PROMOTION_BELOW_MIN_DEPOSIT', { limit: limit ?? 0n }),
  ABOVE_MAX_DEPOSIT: (limit) => msg('PROMOTION_ABOVE_MAX_DEPOSIT', { limit: limit ?? 0n }),
}

/** A bet as promotions count it toward turnover. */
export interface CountedBet {
  playerId: number
  providerCode: string
  gameCode: string | null
  amount: bigint
}

/** Below this cash balance an active promotion ends (spec: "balance falls below 1 baht"). */
const DUST = 100n

/** The credit as the API carries it: baht for FIXED (kept in satang), a percentage for PERCENT (kept in hundredths). */
export const creditGivenBaht = (type: 'FIXED' | 'PERCENT', value: bigint) => (type === 'FIXED' ? satangToBaht(value) : Number(value) / 100)

export function toPromotion(row: PromotionRow): Promotion {
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    credit_given: creditGivenBaht(row.creditGivenType, row.creditGiven),
    credit_given_type: row.creditGivenType,
    rules: row.rules,
  }
}

/** Whether players see and may claim the promotion at `now`: active, published, and inside its schedule. */
export function isLive(row: Pick<PromotionRow, 'active' | 'versionId' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  const at = now.getTime()
  return row.active && row.versionId !== null && (row.startsAt === null || row.startsAt.getTime() <= at) && (row.endsAt === null || row.endsAt.getTime() > at)
}

/** The withdrawal terms while a promotion runs (ADR 072): `blocked` and `held` while its target is not met. */
export interface WithdrawTerms {
  blocked?: string
  held?: { title: string; type: 'TURNOVER' | 'CREDIT'; left: bigint }
  min: bigint
  mandatory: boolean
  value: bigint
}

/** What the promotion service is given (app.ts wires the real ones; promotions.service.test.ts fakes them). */
export interface PromotionServiceDeps {
  db: Db
  ledger: Pick<Ledger, 'transferMany' | 'balances'>
  clock: Clock
  /** The referral plan and limits: the minimum withdrawal when a promotion's rules set none (ADR 044). */
  plan: PlanReader
  promotionsRepository: Pick<
    PromotionsRepository,
    'activeMany' | 'hasCreditedDeposit' | 'end' | 'listActive' | 'history' | 'find' | 'findVersion' | 'start' | 'gameTypes' | 'changeTurnover'
  >
  gamesRepository: Pick<GamesRepository, 'gamesOf'>
  /** Time-outs and self-exclusions (ADR 047): a restricted player is offered no promotion and starts none. */
  exclusionsRepository: ExclusionReader
}

/**
 * Promotions: which a player may take, the bonus on the matched deposit, turnover from bets, the withdrawal terms,
 * and the end of a promotion (completed by a withdrawal, or forfeited when the balance runs out). The other money
 * modules call the hooks below inside their own transactions.
 */
export function createPromotionService(deps: PromotionServiceDeps) {
  const { db, ledger, clock, promotionsRepository, gamesRepository } = deps
  /** A player's active promotion: the many-player read with one player. */
  const activeOf = async (tx: Db, playerId: number, lock = false) => (await promotionsRepository.activeMany(tx, [playerId], lock)).get(playerId)
  /** The site's minimum withdrawal, satang. */
  const siteMin = async (tx: Db) => (await deps.plan.current(tx)).withdrawMin

  async function cash(tx: Db, playerId: number) {
    return (await ledger.balances(tx, playerId)).cash
  }

  async function eligibility(tx: Db, playerId: number, promotion: PromotionRow, amount: bigint, exceptDepositId?: number) {
    const active = await activeOf(tx, playerId)
    const isNewMember = !(await promotionsRepository.hasCreditedDeposit(tx, playerId, exceptDepositId))
    return checkDraft(promotion.rules, { isNewMember, hasActivePromotion: Boolean(active) }, amount)
  }

  function progress(active: PlayerPromotionRow, balance: bigint) {
    const target = { type: active.turnoverType, target: active.turnoverTarget }
    return { target, met: targetMet(target, { turnover: active.turnoverCurrent, balance }) }
  }

  /**
   * Ends the promotion with its reason, moving the player's cash to the house's forfeit account: all of it, or at most
   * `cap` (a time-out or self-exclusion takes back only the bonus, ADR 047).
   */
  async function forfeit(tx: Db, active: PlayerPromotionRow, status: 'COMPLETED' | 'FORFEITED', reason: string, cap?: bigint) {
    const balance = await cash(tx, active.playerId)
    const rest = cap !== undefined && cap < balance ? cap : balance
    if (rest > 0n) {
      await ledger.transferMany(tx, [
        {
          key: `forfeit:${active.id}`,
          from: { player: active.playerId, kind: 'cash' },
          to: { house: 'forfeit' },
          amount: rest,
          kind: 'promotion_forfeit',
          reference: `promotion:${active.id}`,
        },
      ])
    }
    await promotionsRepository.end(tx, active.id, status, reason, clock.now())
  }

  /**
   * The turnover these bets give their players' active promotions, summed per promotion: the one rule for what counts
   * (an active promotion that started no later than the bet, a game and provider it does not prohibit), for bets
   * placed now and for bets rolled back later alike.
   */
  async function turnoverOf(tx: Db, bets: ReadonlyArray<CountedBet & { placedAt?: Date }>): Promise<Array<{ id: number; amount: bigint }>> {
    if (bets.length === 0) return []
    const actives = await promotionsRepository.activeMany(
      tx,
      bets.map((b) => b.playerId),
    )
    const counted = bets.filter((b) => {
      const active = actives.get(b.playerId)
      return active !== undefined && (b.placedAt === undefined || active.receivedAt.getTime() <= b.placedAt.getTime())
    })
    if (counted.length === 0) return []
    const pairs = new Map<string, { providerCode: string; gameCode: string }>()
    for (const b of counted) if (b.gameCode) pairs.set(`${b.providerCode}|${b.gameCode}`, { providerCode: b.providerCode, gameCode: b.gameCode })
    const types = await promotionsRepository.gameTypes(tx, [...pairs.values()])
    const sums = new Map<number, bigint>()
    for (const b of counted) {
      const active = actives.get(b.playerId)!
      const type = b.gameCode ? (types.get(`${b.providerCode}|${b.gameCode}`) ?? null) : null
      if (isProhibited(active.rules, { type, provider: b.providerCode })) continue
      sums.set(active.id, (sums.get(active.id) ?? 0n) + b.amount)
    }
    return [...sums].map(([id, amount]) => ({ id, amount }))
  }

  const launchGuard: LaunchGuard = async ({ playerId, provider, game }) => {
    const active = await activeOf(db, playerId)
    if (!active) return
    if (game) {
      if (isProhibited(active.rules, { type: game.type, provider: provider.code })) throw new AppError('PROMOTION_PROHIBITED')
      return
    }
    // A provider's lobby opens every game of the provider, and what the player picks there is not ours to check.
    // So a lobby is refused when its provider is prohibited, and also when ANY of its games is of a prohibited type
    // (not only when all are): letting the player in would let them play that game. The games stay one launch away,
    // one by one, where each is checked. A provider with no game in our catalogue tells us nothing about its types:
    // while a type is prohibited, its lobby is refused too (fail closed).
    if (isProhibited(active.rules, { type: null, provider: provider.code })) throw new AppError('PROMOTION_PROHIBITED')
    if (!active.rules.some((rule) => rule.type === 'PROHIBITED_GAMES_TYPE')) return
    const types = new Set((await gamesRepository.gamesOf(db, provider.code)).map((g) => g.type))
    if (types.size === 0 || [...types].some((type) => isProhibited(active.rules, { type, provider: provider.code }))) {
      throw new AppError('PROMOTION_PROHIBITED_LOBBY')
    }
  }

  /** The title and image of the version the player was granted, not of a later edit. */
  const grantedVersion = (tx: Db, active: PlayerPromotionRow) =>
    active.versionId === null ? promotionsRepository.find(tx, active.promotionId) : promotionsRepository.findVersion(tx, active.versionId)

  /** Whether the player has a time-out or self-exclusion in force now (read with `tx`). */
  const excluded = async (tx: Db, playerId: number) => (await deps.exclusionsRepository.activeMany(tx, [playerId], clock.now())).has(playerId)

  return {
    launchGuard,

    /** Published promotions inside their schedule the player may take now (none while one is running or while restricted). */
    async list(playerId: number): Promise<Promotion[]> {
      const now = clock.now()
      if (await excluded(db, playerId)) return []
      const rows = (await promotionsRepository.listActive(db)).filter((row) => isLive(row, now))
      const out: Promotion[] = []
      for (const row of rows) {
        const verdict = await eligibility(db, playerId, row, 0n)
        // Deposit limits are checked on the amount later; here only who may take it counts.
        if (verdict.ok || verdict.reason === 'BELOW_MIN_DEPOSIT' || verdict.reason === 'ABOVE_MAX_DEPOSIT') out.push(toPromotion(row))
      }
      return out
    },

    async histories(playerId: number, page: number, size = 20) {
      const { rows, total } = await promotionsRepository.history(db, playerId, page, size)
      const status = { ACTIVE: 'PENDING', COMPLETED: 'SUCCESS', FORFEITED: 'FAIL' } as const
      return {
        list: rows.map(({ pp, title }) => ({
          id: pp.id,
          description: pp.endReason ? `${title} (${pp.endReason})` : title,
          bonus: satangToBaht(pp.bonus),
          status: status[pp.status],
        })),
        page,
        size,
        total,
      }
    },

    /** The promotion block of GET /user/@me. */
    async info(playerId: number) {
      const active = await activeOf(db, playerId)
      if (!active) return { enabled: false }
      const promotion = await grantedVersion(db, active)
      const balance = await cash(db, playerId)
      const terms = withdrawalTerms(active.rules, balance, await siteMin(db))
      const credit = active.turnoverType === 'CREDIT'
      return {
        enabled: true,
        info: {
          title: promotion?.title ?? '',
          image: promotion?.image ?? '',
          turnover: {
            type: credit ? ('CREDIT' as const) : ('TURNOVER' as const),
            total: satangToBaht(active.turnoverTarget),
            current: satangToBaht(credit ? balance : active.turnoverCurrent),
          },
          withdraw: { min: satangToBaht(terms.min) },
          credit_given: satangToBaht(active.bonus),
          received_at: active.receivedAt.toISOString(),
          rules: active.rules,
        },
      }
    },

    /** Draft bill: the promotion must exist, be published and in its schedule, and the player may take it with this amount. */
    async checkDraft(playerId: number, promotionId: number, amount: bigint): Promise<void> {
      const promotion = await promotionsRepository.find(db, promotionId)
      if (!promotion || !isLive(promotion, clock.now())) throw new AppError('RULE_REFUSED', msg('PROMOTION_NOT_FOUND'))
      const verdict = await eligibility(db, playerId, promotion, amount)
      if (!verdict.ok) throw new AppError('RULE_REFUSED', refusals[verdict.reason](verdict.limit))
    },

    /**
     * The matched deposit of a bill that carried a promotion: bonus and promotion start in the deposit's
     * transaction, under the version published now, which the player keeps (its version, rules, bonus and turnover
     * target are stored with it). If the player is no longer eligible, or the promotion was disabled or its schedule
     * ended meanwhile, or the player started a time-out or self-exclusion (ADR 047), the deposit is credited without a
     * bonus.
     */
    async onDepositCredited(tx: Db, input: { playerId: number; depositId: number; amount: bigint; promotionId: number }): Promise<void> {
      if (await excluded(tx, input.playerId)) return
      const promotion = await promotionsRepository.find(tx, input.promotionId)
      if (!promotion || !isLive(promotion, clock.now())) return
      const verdict = await eligibility(tx, input.playerId, promotion, input.amount, input.depositId)
      if (!verdict.ok) return
      const bonus = computeBonus(promotion, input.amount)
      if (bonus > 0n) {
        await ledger.transferMany(tx, [
          {
            key: `promotion:${input.depositId}`,
            from: { house: 'promotion' },
            to: { player: input.playerId, kind: 'cash' },
            amount: bonus,
            kind: 'promotion_bonus',
            reference: `deposit:${input.depositId}`,
          },
        ])
      }
      const target = turnoverTarget(promotion.rules, input.amount)
      await promotionsRepository.start(tx, {
        playerId: input.playerId,
        promotionId: promotion.id,
        versionId: promotion.versionId,
        depositId: input.depositId,
        deposit: input.amount,
        bonus,
        turnoverType: target.type,
        turnoverTarget: target.target,
        rules: promotion.rules as PromotionRule[],
        receivedAt: clock.now(),
      })
    },

    /**
     * Bets count toward their players' active promotions unless the game or provider is prohibited: one read of the
     * active promotions, one of the game types when needed, one turnover update (a batch of one bet included). Bets
     * do not end promotions, so reading the active promotions once is what reading them before each bet would read
     * inside the caller's transaction.
     */
    async onBets(tx: Db, bets: readonly CountedBet[]): Promise<void> {
      const counted = await turnoverOf(tx, bets)
      await promotionsRepository.changeTurnover(
        tx,
        counted.map(({ id, amount }) => ({ id, delta: amount })),
      )
    },

    /**
     * Rolled-back bets take back the turnover they added. A bet counted toward the promotion that was active when it
     * was placed, unless its game or provider was prohibited; with one active promotion per player, that is the
     * active one now if it started no later than the bet. A promotion that ended keeps its history; a newer one
     * never had the bet. (A bet racing the deposit that started the promotion may have missed it while being
     * stamped after it: the promotion then loses at most that bet's amount, never below zero.)
     */
    async onRollbacks(tx: Db, bets: ReadonlyArray<CountedBet & { placedAt: Date }>): Promise<void> {
      const counted = await turnoverOf(tx, bets)
      await promotionsRepository.changeTurnover(
        tx,
        counted.map(({ id, amount }) => ({ id, delta: -amount })),
      )
    },

    /**
     * A time-out or self-exclusion started (ADR 047), inside its transaction: the running promotion ends FORFEITED with
     * the reason, and its bonus goes back to the house, at most what is left in cash. The player's own money (the
     * deposit, and winnings beyond the bonus) stays theirs to withdraw, free of the promotion's withdrawal terms.
     */
    async onExcluded(tx: Db, playerId: number): Promise<void> {
      const active = await activeOf(tx, playerId, true)
      if (active) await forfeit(tx, active, 'FORFEITED', msg('PROMOTION_ENDED_EXCLUSION'), active.bonus)
    },

    /** After a round settles: a promotion whose balance ran below 1 baht ends, forfeiting the dust. */
    async onSettled(tx: Db, playerId: number): Promise<void> {
      const active = await activeOf(tx, playerId, true)
      if (active && (await cash(tx, playerId)) < DUST) await forfeit(tx, active, 'FORFEITED', msg('PROMOTION_ENDED_DUST'))
    },

    /**
     * GET /wallet/withdraw terms and the check before a withdrawal: blocked until the target is met, with the refusal
     * (`blocked`) and what holds the balance (`held`: the promotion's title and what is left of its target, ADR 072).
     */
    async withdrawTerms(tx: Db, playerId: number): Promise<WithdrawTerms> {
      const active = await activeOf(tx, playerId)
      if (!active) return { min: await siteMin(tx), mandatory: false, value: 0n }
      const balance = await cash(tx, playerId)
      const terms = withdrawalTerms(active.rules, balance, await siteMin(tx))
      const { target, met } = progress(active, balance)
      if (met || target.type === 'NONE') return terms
      const left = target.type === 'CREDIT' ? target.target - balance : target.target - active.turnoverCurrent
      const text = target.type === 'CREDIT' ? msg('PROMOTION_TARGET_CREDIT', { target: target.target }) : msg('PROMOTION_TARGET_TURNOVER', { left })
      const held = { title: (await grantedVersion(tx, active))?.title ?? '', type: target.type, left }
      return { ...terms, blocked: msg('PROMOTION_WITHDRAW_BLOCKED', { left: text }), held }
    },

    /**
     * Inside the withdrawal's transaction, after the hold: the promotion completes, and with MAX_WITHDRAW whatever
     * is left in cash is forfeited.
     */
    async onWithdrawn(tx: Db, playerId: number): Promise<void> {
      const active = await activeOf(tx, playerId, true)
      if (!active) return
      const capped = withdrawalTerms(active.rules, 0n, await siteMin(tx)).mandatory
      if (capped) await forfeit(tx, active, 'COMPLETED', msg('PROMOTION_ENDED_WITHDRAWN'))
      else await promotionsRepository.end(tx, active.id, 'COMPLETED', msg('PROMOTION_ENDED_WITHDRAWN'), clock.now())
    },
  }
}
export type PromotionService = ReturnType<typeof createPromotionService>
