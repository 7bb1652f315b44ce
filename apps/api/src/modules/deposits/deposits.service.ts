import { randomUUID } from 'node:crypto'
import { bahtToSatang, findBank, msg, satangToBaht, type DepositBank, type DraftBill } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { uniqueViolation } from '../../db/errors.ts'
import { AppError } from '../../errors.ts'
import { refuseWhileExcluded, type ExclusionReader } from '../exclusions/restriction.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Actor } from '../../lib/actor.ts'
import type { DepositsRepository, DraftBillRow, OperatorAccountRow } from './deposits.repository.ts'
import { promptPayPayload } from './promptpay.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { PlanReader } from '../plan/plan.service.ts'
import type { LimitsService } from '../limits/limits.service.ts'
import { depositPeriodText } from '../limits/limit-rules.ts'
import { DECLINED_DEPOSIT_REASONS, type DeclinedDepositReason } from '../../db/schema.ts'

export interface DepositSettings {
  billTtlSeconds: number
  billGraceSeconds: number
  statusWindowMinutes: number
  /**
   * Whether a forwarded bank notification alone may credit a member (BANK_NOTIFICATIONS_CREDIT, ADR 080). Off unless
   * set: an SMS sender id can be spoofed, so by default a notification only joins a transfer another source reports,
   * and one that nothing else reports waits for the feed or an operator.
   */
  notificationsCredit?: boolean
}

/** What the player's deposit service is given (services.ts wires the real ones; deposits.service.test.ts fakes them). */
export interface DepositServiceDeps {
  db: Db
  clock: Clock
  settings: Pick<DepositSettings, 'billTtlSeconds' | 'billGraceSeconds' | 'statusWindowMinutes'>
  /** The player's own deposit limits (ADR 048): a bill over them is refused. */
  limits?: Pick<LimitsService, 'depositAllowance'>
  /** The referral plan and limits: the deposit minimum (ADR 044). */
  plan: PlanReader
  promotions?: Pick<PromotionService, 'checkDraft'>
  depositsRepository: Pick<
    DepositsRepository,
    | 'activeOperatorAccount'
    | 'pickOperatorAccount'
    | 'expireBills'
    | 'expireAllBills'
    | 'insertBill'
    | 'latestBill'
    | 'cancelLiveBill'
    | 'lastCredited'
    | 'creditedAfter'
    | 'findById'
    | 'recordDeclined'
    | 'pruneDeclined'
  >
  /** Time-outs and self-exclusions (ADR 047): no draft bill while one is in force. */
  exclusionsRepository: ExclusionReader
}

/**
 * A refused deposit attempt kept for the care marker (ADR 090, amended 2026-11-29): at most this many a player in 24
 * hours (the marker needs three), and for this many days (the marker reads 24 hours; the rest is for an inquiry).
 */
export const DECLINED_PER_DAY = 10
export const DECLINED_KEPT_DAYS = 30
const DECLINING = new Set<string>(DECLINED_DEPOSIT_REASONS)

/**
 * The player's deposits by bank transfer: the pay-in account to pay, draft bills and their expiry, and the slip check's
 * status. Transfers arriving are the intake's (transfer-intake.service.ts); an operator's held ones, held-transfers.
 */
export function createDepositService(deps: DepositServiceDeps) {
  const { db, clock, settings, depositsRepository } = deps

  function describeAccount(account: OperatorAccountRow, amount?: bigint) {
    const qrcode = account.promptpayType && account.promptpayId ? promptPayPayload({ type: account.promptpayType, id: account.promptpayId }, amount) : null
    return {
      code: account.bankCode,
      name: account.accountName,
      address: account.accountNumber,
      qrcode,
      bankName: findBank(account.bankCode)?.th ?? account.bankCode,
    }
  }

  async function operatorAccount(): Promise<OperatorAccountRow> {
    const account = await depositsRepository.activeOperatorAccount(db)
    if (!account) throw new AppError('DEPENDENCY_DOWN', msg('DEPOSIT_NOT_READY'))
    return account
  }

  /** A bill as the player sees it, by the server's clock `now`: LIVE with the seconds left, or EXPIRED. */
  function billAnswer(bill: DraftBillRow, account: OperatorAccountRow, now: Date): DraftBill {
    const target = describeAccount(account, bill.amount)
    const left = Math.ceil((bill.expiresAt.getTime() - now.getTime()) / 1000)
    return {
      payment_id: bill.id,
      status: left > 0 ? 'LIVE' : 'EXPIRED',
      amount: satangToBaht(bill.amount),
      promotion_id: bill.promotionId,
      expires_at: bill.expiresAt.toISOString(),
      seconds_left: Math.max(0, left),
      payment_information: {
        bank_code: target.code,
        bank_name: target.bankName,
        bank_account_name: target.name,
        bank_address: target.address,
        bank_qrcode: target.qrcode,
      },
    }
  }

  async function draftBill(actor: Actor, amountBaht: number, promotion: number | string | null | undefined): Promise<DraftBill> {
    await refuseWhileExcluded(deps.exclusionsRepository, db, actor.playerId, clock.now())
    const amount = bahtToSatang(amountBaht)
    const { depositMin } = await deps.plan.current()
    if (amount < depositMin) throw new AppError('RULE_REFUSED', msg('DEPOSIT_BELOW_MIN', { min: satangToBaht(depositMin) }))
    const promotionId = promotion === null || promotion === undefined ? null : Number(promotion)
    if (promotionId !== null) {
      if (!deps.promotions) throw new AppError('RULE_REFUSED', msg('PROMOTION_NOT_FOUND'))
      await deps.promotions.checkDraft(actor.playerId, promotionId, amount)
    }
    const allowance = deps.limits ? await deps.limits.depositAllowance(db, actor.playerId, depositMin) : null
    if (allowance && amount > allowance.remaining) {
      // Less than the minimum left under a limit: no deposit is possible until its period resets, so say when.
      const reopens = allowance.reopens
      throw new AppError(
        'LIMIT_EXCEEDED',
        reopens
          ? msg('DEPOSIT_LIMIT_REACHED', { period: depositPeriodText(reopens.kind), min: depositMin, until: reopens.at })
          : msg('DEPOSIT_LIMIT_REMAINING', { period: depositPeriodText(allowance.kind), remaining: allowance.remaining }),
      )
    }
    const now = clock.now()
    try {
      const { bill, account } = await inTransaction(db, async (tx) => {
        await depositsRepository.expireBills(tx, actor.playerId, now)
        // Several accounts may be active: the bill takes the one used least recently and remembers it.
        const account = await depositsRepository.pickOperatorAccount(tx, now)
        if (!account) throw new AppError('DEPENDENCY_DOWN', msg('DEPOSIT_NOT_READY'))
        const bill = await depositsRepository.insertBill(tx, {
          id: randomUUID(),
          playerId: actor.playerId,
          amount,
          promotionId,
          operatorAccountId: account.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + settings.billTtlSeconds * 1000),
        })
        return { bill, account }
      })
      return billAnswer(bill, account, now)
    } catch (error) {
      if (uniqueViolation(error) === 'draft_bills_one_live_key') throw new AppError('CONFLICT', msg('DRAFT_BILL_LIVE'))
      throw error
    }
  }

  return {
    config: async () => ({ min_amount: satangToBaht((await deps.plan.current()).depositMin) }),

    async bank(): Promise<DepositBank> {
      const a = describeAccount(await operatorAccount())
      return { code: a.code, name: a.name, address: a.address, qrcode: a.qrcode }
    },

    /**
     * A draft bill, or the refusal; a refusal by a limit, an exclusion or no open pay-in account (DECLINED_DEPOSIT_REASONS)
     * is recorded (the care marker's declined deposits), the one write a refusal makes; the answer is the same 4xx.
     */
    async createDraftBill(actor: Actor, amountBaht: number, promotion: number | string | null | undefined): Promise<DraftBill> {
      try {
        return await draftBill(actor, amountBaht, promotion)
      } catch (error) {
        if (error instanceof AppError && DECLINING.has(error.code)) {
          const now = clock.now()
          const row = { playerId: actor.playerId, reason: error.code as DeclinedDepositReason, amount: bahtToSatang(amountBaht), createdAt: now }
          await depositsRepository.recordDeclined(db, row, DECLINED_PER_DAY)
        }
        throw error
      }
    },

    /** Marks every live bill past its time as expired and prunes old refused attempts (the scheduled job); answers how many bills. */
    async expireDraftBills(tx: Db) {
      const now = clock.now()
      await depositsRepository.pruneDeclined(tx, new Date(now.getTime() - DECLINED_KEPT_DAYS * 86_400_000))
      return depositsRepository.expireAllBills(tx, now)
    },

    /**
     * The player's open draft bill (ADR 071): the newest, while it is live, or once its time ran out for as long as a
     * transfer still completes it (the grace), marked EXPIRED so the deposit page can say so; otherwise null. Read only:
     * a bill past its time is marked by the job or the player's next bill, not here.
     */
    async openDraftBill(actor: Actor): Promise<DraftBill | null> {
      const latest = await depositsRepository.latestBill(db, actor.playerId)
      if (!latest || (latest.bill.status !== 'LIVE' && latest.bill.status !== 'EXPIRED')) return null
      const now = clock.now()
      if (latest.bill.expiresAt.getTime() + settings.billGraceSeconds * 1000 <= now.getTime()) return null
      return billAnswer(latest.bill, latest.account, now)
    },

    async cancelDraftBill(actor: Actor): Promise<void> {
      if (!(await depositsRepository.cancelLiveBill(db, actor.playerId))) throw new AppError('NOT_FOUND', msg('DRAFT_BILL_NONE'))
    },

    /** Where a slip check begins: the player's last credited deposit now (spec §4; issue 21: never the phone's clock). */
    async checkCursor(actor: Actor, userId: number): Promise<{ after: number | null }> {
      if (userId !== actor.playerId) throw new AppError('FORBIDDEN')
      const last = await depositsRepository.lastCredited(db, actor.playerId)
      return { after: last?.id ?? null }
    },

    /**
     * A poll of the slip check: the newest deposit credited after the check's cursor (the player's own credited
     * deposit it began after, or none), within the status window; NOT_FOUND while there is none.
     */
    async status(actor: Actor, userId: number, after: number | null) {
      if (userId !== actor.playerId) throw new AppError('FORBIDDEN')
      const windowStart = new Date(clock.now().getTime() - settings.statusWindowMinutes * 60_000)
      const cursor = after === null ? null : await depositsRepository.findById(db, after)
      if (after !== null && (cursor?.playerId !== actor.playerId || !cursor.creditedAt)) {
        throw new AppError('VALIDATION_FAILED', msg('DEPOSIT_CHECK_CURSOR_INVALID'))
      }
      const deposit = await depositsRepository.creditedAfter(
        db,
        actor.playerId,
        cursor?.creditedAt ? { creditedAt: cursor.creditedAt, id: cursor.id } : null,
        windowStart,
      )
      if (!deposit?.creditedAt) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_YET_SEEN'))
      return { deposit_id: deposit.id, amount: satangToBaht(deposit.amount), credited_at: deposit.creditedAt.toISOString() }
    },
  }
}
export type DepositService = ReturnType<typeof createDepositService>
