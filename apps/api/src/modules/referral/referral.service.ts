import {
  DOWNLINE_PAGE_SIZE,
  maskMobile,
  maskMobileForStrangers,
  msg,
  satangToBaht,
  type AccrueResult,
  type InviteInfo,
  type MessageId,
  type PayoutInterval,
  type PayoutResult,
  type PayoutWalletName,
  type UplineDisplay,
  type WalletSummary,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { createBatcher } from '../../lib/batcher.ts'
import { AppError } from '../../errors.ts'
import type { ExclusionsRepository } from '../exclusions/exclusions.repository.ts'
import { refuseWhileExcluded } from '../exclusions/restriction.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import { payoutWindow } from './payout-window.ts'
import type { LinkService } from '../links/links.service.ts'
import type { PayoutTerms, Plan, PlanService } from '../plan/plan.service.ts'
import type { NewAccrual, ReferralRepository } from './referral.repository.ts'

/** `rate` basis points (300 is 3 %) of `turnover` satang, rounded down to the satang. */
export function shareOf(turnover: bigint, rate: number): bigint {
  return (turnover * BigInt(rate)) / 10_000n
}

/**
 * What a stretch of turnover pays at one level (0: the player's own rebate, 1-3: the uplines' commission): each
 * stretch at the rate of the plan version in force when it was played (ADR 044), each rounded down to the satang.
 */
function amountFor(parts: bigint[], plans: Plan[], level: number): bigint {
  let amount = 0n
  for (const [i, turnover] of parts.entries()) {
    const plan = plans[i]!
    amount += shareOf(turnover, level === 0 ? plan.rebate : (plan.levels[level - 1] ?? 0))
  }
  return amount
}

/** The ledger side of each wallet: which player account it is and which house account funds it. */
const WALLETS = {
  bonus: { account: 'referral', payoutKind: 'referral_payout' },
  refund: { account: 'rebate', payoutKind: 'rebate_payout' },
} as const

/** What a second transfer in the same period is told, by the payout interval. */
const alreadyTransferred = {
  DAY: 'REFERRAL_DONE_TODAY',
  WEEKEN: 'REFERRAL_DONE_THIS_WEEK',
  MONTH: 'REFERRAL_DONE_THIS_MONTH',
} as const satisfies Record<PayoutInterval, MessageId>

/** Sources accrued per transaction: bounds a transaction's size and how long it holds the accrual lock. */
export const ACCRUAL_BATCH = 500

/** Balance reads answered by one statement at most (ADR 059): bounds the statement's array and the rows it answers. */
const SUMMARY_BATCH = 256

export interface AccrualStats {
  day: string
  /** Players whose turnover of the day was accrued by this run. */
  sources: number
  /** Accrual rows written (zero amounts included). */
  accruals: number
  /** Ledger transfers made (accruals above zero). */
  transfers: number
  /** Satang paid into referral wallets (levels 1-3) and rebate wallets (level 0). */
  referral: bigint
  rebate: bigint
}

const emptyStats = (day: string): AccrualStats => ({ day, sources: 0, accruals: 0, transfers: 0, referral: 0n, rebate: 0n })

function addStats(a: AccrualStats, b: AccrualStats): AccrualStats {
  return {
    day: a.day,
    sources: a.sources + b.sources,
    accruals: a.accruals + b.accruals,
    transfers: a.transfers + b.transfers,
    referral: a.referral + b.referral,
    rebate: a.rebate + b.rebate,
  }
}

export function toAccrueResult(stats: AccrualStats): AccrueResult {
  return { ...stats, referral: satangToBaht(stats.referral), rebate: satangToBaht(stats.rebate) }
}

/** What the referral service is given (app.ts wires the real ones; referral.service.test.ts fakes them). */
export interface ReferralServiceDeps {
  db: Db
  ledger: Pick<Ledger, 'transferMany' | 'lockPlayers' | 'balances'>
  clock: Clock
  links: Pick<LinkService, 'linkedPairs'>
  /** The referral plan: rates and wallet terms in force now, and the versions in force over a day (ADR 044). */
  plan: Pick<PlanService, 'current' | 'during'>
  referralRepository: Pick<
    ReferralRepository,
    | 'unaccruedTurnover'
    | 'uplineChains'
    | 'insertAccruals'
    | 'lockAccruals'
    | 'inviteCode'
    | 'mobileOf'
    | 'downlines'
    | 'countDownlines'
    | 'walletSummaries'
    | 'findPayout'
    | 'claimPayout'
  >
  auditRepository: Pick<AuditRepository, 'record'>
  /** Time-outs and self-exclusions (ADR 047): no accrual for a day a beneficiary was restricted, no move to cash during one. */
  exclusionsRepository: Pick<ExclusionsRepository, 'activeMany' | 'inForceDuring'>
  /** Told the size of each batch of balance reads (ADR 059), for the metrics. */
  onSummaryBatch?: (size: number) => void
  /** The risk rules of a commission payout (issue 39 R4, ADR 089): refuses one they hold. Absent, none. */
  risk?: { onReferralPayout(playerId: number, period: string): Promise<void> }
}

/**
 * Referral programme and rebate (DESIGN §4): invite info, the daily accrual of commission (levels 1-3) and rebate
 * (level 0) from valid turnover, the wallets' summary, and moves of either wallet to cash on its schedule.
 * The ledger moves all money: house referral_expense / rebate_expense → the player's referral / rebate account on
 * accrual, referral / rebate → cash on a payout.
 */
export function createReferralService(deps: ReferralServiceDeps) {
  const { db, ledger, clock, plan, referralRepository, auditRepository } = deps
  // Every player polls the balance, so the reads that arrive while one is being answered are answered together by the
  // next one statement (ADR 059). Each read is asked of the database after it arrived: nothing is answered from before it.
  const summaries = createBatcher<number, Awaited<ReturnType<ReferralRepository['walletSummaries']>>[number]>({
    maxBatch: SUMMARY_BATCH,
    run: async (playerIds) => {
      deps.onSummaryBatch?.(playerIds.length)
      return (await referralRepository.walletSummaries(db, playerIds, bangkokDay(clock.now()))).map((value) => ({ ok: true as const, value }))
    },
  })

  /**
   * Accrues up to `limit` players' turnover of `day` in the caller's transaction (which should hold the accrual lock
   * or be the only writer). Idempotent per (day, beneficiary, source, level): the accrual row is inserted first and
   * only a row this call inserted is paid, under a key derived from it. `more` says the limit was reached.
   */
  async function accrueBatch(tx: Db, day: string, limit = ACCRUAL_BATCH): Promise<AccrualStats & { more: boolean }> {
    const { start, end } = bangkokDayRange(day)
    // The plan versions in force over the day: turnover is split where one took over, each part paid at its own rates.
    const versions = await plan.during(tx, start, end)
    const plans = versions.map((v) => v.plan)
    const cuts = versions.slice(1).map((v) => v.from)
    const sources = await referralRepository.unaccruedTurnover(tx, { day, start, end, cuts, limit })
    const stats = emptyStats(day)
    if (sources.length === 0) return { ...stats, more: false }
    const chains = await referralRepository.uplineChains(
      tx,
      sources.map((s) => s.playerId),
    )
    const now = clock.now()

    const rows: NewAccrual[] = []
    for (const { playerId, turnover, parts } of sources) {
      rows.push({ day, beneficiaryId: playerId, sourceId: playerId, level: 0, turnover, amount: amountFor(parts, plans, 0), createdAt: now })
      const seen = new Set([playerId])
      for (const [index, upline] of (chains.get(playerId) ?? []).entries()) {
        // A chain never loops (an upline exists before its downline), but a damaged one must not pay twice.
        if (seen.has(upline)) break
        seen.add(upline)
        rows.push({ day, beneficiaryId: upline, sourceId: playerId, level: index + 1, turnover, amount: amountFor(parts, plans, index + 1), createdAt: now })
      }
    }
    // Linked accounts (issue 10): commission from a downline linked to the upline it would pay (same account holder
    // name, device or address) is not paid, and neither is the rebate of a downline linked to any of its uplines,
    // the usual shape of one person playing through a second account. Such accruals are still written, at 0 with
    // the reason, so the day stays accrued once and an operator can see what was held back and why.
    const uplinePairs = rows.filter((r) => r.level > 0).map((r) => ({ a: r.beneficiaryId, b: r.sourceId }))
    const linked = await deps.links.linkedPairs(tx, uplinePairs)
    const linkedSources = new Set(uplinePairs.filter((p) => linked.has(`${p.a}|${p.b}`)).map((p) => p.b))
    for (const r of rows) {
      if (r.level > 0 ? linked.has(`${r.beneficiaryId}|${r.sourceId}`) : linkedSources.has(r.sourceId)) {
        r.amount = 0n
        r.skipReason = 'LINKED_ACCOUNT'
      }
    }
    // A beneficiary with a time-out or self-exclusion in force at any moment of the day earns nothing for it (ADR 047):
    // written at 0 with the reason, like a linked account's.
    const restricted = await deps.exclusionsRepository.inForceDuring(
      tx,
      rows.map((r) => r.beneficiaryId),
      start,
      end,
    )
    for (const r of rows) {
      if (restricted.has(r.beneficiaryId) && !r.skipReason) {
        r.amount = 0n
        r.skipReason = 'EXCLUDED'
      }
    }
    const inserted = await referralRepository.insertAccruals(tx, rows)
    stats.sources = new Set(inserted.map((r) => r.sourceId)).size
    stats.accruals = inserted.length

    // Credits in one fixed order (beneficiary, then wallet), so two runs that credit the same players cannot deadlock.
    const payable = inserted
      .filter((r) => r.amount > 0n)
      .sort((a, b) => a.beneficiaryId - b.beneficiaryId || Number(a.level === 0) - Number(b.level === 0) || a.sourceId - b.sourceId || a.level - b.level)
    await ledger.transferMany(
      tx,
      payable.map((r) => {
        const rebate = r.level === 0
        return {
          key: `accrual:${r.day}:${r.beneficiaryId}:${r.sourceId}:${r.level}`,
          from: { house: rebate ? 'rebate_expense' : 'referral_expense' },
          to: { player: r.beneficiaryId, kind: rebate ? 'rebate' : 'referral' },
          amount: r.amount,
          kind: rebate ? 'rebate_accrual' : 'referral_commission',
          reference: `accrual:${r.day}:${r.sourceId}`,
        } as const
      }),
    )
    for (const r of payable) {
      stats.transfers++
      if (r.level === 0) stats.rebate += r.amount
      else stats.referral += r.amount
    }
    return { ...stats, more: sources.length === limit }
  }

  function assertDayOver(day: string) {
    if (bangkokDayRange(day).end.getTime() > clock.now().getTime()) throw new AppError('RULE_REFUSED', msg('REFERRAL_DAY_NOT_OVER'))
  }

  /** Accrues a whole day that has ended, batch by batch, each batch in its own transaction under the accrual lock. */
  async function accrueDay(day: string, batchSize = ACCRUAL_BATCH): Promise<AccrualStats> {
    assertDayOver(day)
    let total = emptyStats(day)
    for (;;) {
      const batch = await inTransaction(db, async (tx) => {
        await referralRepository.lockAccruals(tx)
        return accrueBatch(tx, day, batchSize)
      })
      total = addStats(total, batch)
      if (!batch.more) return total
    }
  }

  /** Ever earned = paid out + remaining: accruals are the only credits and payouts the only debits of these wallets. */
  function walletOf(paid: bigint, remaining: bigint, terms: PayoutTerms) {
    return {
      total: satangToBaht(paid + remaining),
      remaining: satangToBaht(remaining),
      options: { min: satangToBaht(terms.min), max: satangToBaht(terms.max), interval: terms.interval },
    }
  }

  return {
    accrueBatch,
    accrueDay,

    /** The back-office run of one day: the accrual, then its audit entry. */
    async accrueForOperator(operator: AuditActor, day: string): Promise<AccrueResult> {
      const stats = await accrueDay(day)
      const result = toAccrueResult(stats)
      // In a transaction of its own: the audit chain's lock is held from reading its head to the insert.
      await inTransaction(db, (tx) =>
        auditRepository.record(tx, { actor: operator, action: 'referral.accrue', targetType: 'accrual_day', targetId: day, after: result, at: clock.now() }),
      )
      return result
    },

    /**
     * Who a registration link's `u` names, as a visitor may see it (ADR 073): the last four digits of the upline's
     * mobile; an id that is no player is 404 (registration then ignores it too).
     */
    async uplineDisplay(uplineId: number): Promise<UplineDisplay> {
      const mobile = await referralRepository.mobileOf(db, uplineId)
      if (mobile === undefined) throw new AppError('NOT_FOUND', msg('UPLINE_NOT_FOUND'))
      return { upline: maskMobileForStrangers(mobile) }
    },

    /** Invite code, level rates and a page of level-1 downlines (masked), newest first. */
    async inviteInfo(playerId: number, page: number): Promise<InviteInfo> {
      const size = DOWNLINE_PAGE_SIZE
      const [code, rows, total, { levels }] = await Promise.all([
        referralRepository.inviteCode(db, playerId),
        referralRepository.downlines(db, playerId, page, size),
        referralRepository.countDownlines(db, playerId),
        plan.current(),
      ])
      if (code === undefined) throw new AppError('UNAUTHORIZED')
      // The contract's fractions (0.03 is 3 %) from basis points.
      const [level1, level2, level3] = levels.map((rate) => rate / 10_000) as [number, number, number]
      return {
        invite_code: code,
        percentage: { level1, level2, level3 },
        downlines: rows.map((r) => ({ username: maskMobile(r.mobile), created_at: r.createdAt.toISOString() })),
        page,
        size,
        total,
      }
    },

    /** The balance call's data: cash, both referral wallets with their terms, and today's (Bangkok) valid turnover. */
    async walletSummary(playerId: number): Promise<WalletSummary> {
      const [s, terms] = await Promise.all([summaries.submit(playerId), plan.current()])
      return {
        balance: satangToBaht(s.cash),
        bonus: walletOf(s.bonusPaid, s.referral, terms.bonus),
        refund: walletOf(s.refundPaid, s.rebate, terms.refund),
        turnover: satangToBaht(s.turnover),
      }
    },

    /**
     * Moves the wallet's remaining amount, capped at its max, to cash. Refused outside the interval, below the min,
     * or with nothing to move; once per period: the payout row is unique per (player, wallet, period), so of two
     * concurrent requests exactly one moves money and the other is told it was already done (409).
     */
    async transfer(playerId: number, wallet: PayoutWalletName): Promise<PayoutResult> {
      await refuseWhileExcluded(deps.exclusionsRepository, db, playerId, clock.now())
      const terms = (await plan.current())[wallet]
      const { account, payoutKind } = WALLETS[wallet]
      const window = payoutWindow(terms.interval, clock.now())
      if (!window.open) throw new AppError('RULE_REFUSED', window.reason === 'NOT_FRIDAY' ? msg('REFERRAL_FRIDAYS_ONLY') : msg('REFERRAL_FIRSTS_ONLY'))
      const alreadyDone = () => new AppError('CONFLICT', msg(alreadyTransferred[terms.interval]))
      if (wallet === 'bonus') await deps.risk?.onReferralPayout(playerId, window.period)

      return inTransaction(db, async (tx) => {
        // Concurrent moves of one player take turns on the player's cash row, so a request that waited sees the
        // first one's payout and is told it was already done, rather than finding the wallet it emptied.
        await ledger.lockPlayers(tx, [playerId])
        if (await referralRepository.findPayout(tx, playerId, wallet, window.period)) throw alreadyDone()
        const remaining = (await ledger.balances(tx, playerId))[account]
        if (remaining <= 0n) throw new AppError('RULE_REFUSED', msg('REFERRAL_NOTHING'))
        if (remaining < terms.min) throw new AppError('RULE_REFUSED', msg('REFERRAL_BELOW_MIN', { min: satangToBaht(terms.min) }))
        const amount = terms.max > 0n && remaining > terms.max ? terms.max : remaining

        const payout = await referralRepository.claimPayout(tx, { playerId, wallet, period: window.period, amount, createdAt: clock.now() })
        if (!payout) throw alreadyDone()
        await ledger.transferMany(tx, [
          {
            key: `payout:${wallet}:${playerId}:${window.period}`,
            from: { player: playerId, kind: account },
            to: { player: playerId, kind: 'cash' },
            amount,
            kind: payoutKind,
            reference: `payout:${payout.id}`,
          },
        ])
        return { amount: satangToBaht(amount), remaining: satangToBaht(remaining - amount) }
      })
    },
  }
}
export type ReferralService = ReturnType<typeof createReferralService>
