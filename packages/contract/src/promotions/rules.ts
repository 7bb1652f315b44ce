/**
 * Promotion rules (spec §3) and how they are evaluated. Pure functions on integer satang, shared by the server
 * (which enforces them) and the player app (which explains them). No zod here: this runs in the browser bundle.
 */
import { nearestSatang } from '../money.ts'

export const promotionRuleTypes = [
  'TURNOVER_BY_MUTIPLE',
  'TURNOVER_BY_CREDIT',
  'MIN_DEPOSIT',
  'MAX_DEPOSIT',
  'MIN_WITHDRAW',
  'MAX_WITHDRAW',
  'MAX_BONUS',
  'OLD_MEMBER',
  'NEW_MEMBER',
  'PROHIBITED_GAMES_TYPE',
  'PROHIBITED_GAMES_PROVIDER',
] as const
export type PromotionRuleType = (typeof promotionRuleTypes)[number]

/** A rule as the API carries it. Baht amounts for money rules; a multiplier; 1 for member rules; lists for prohibitions. */
export interface PromotionRule {
  type: string
  value: unknown
}

export type CreditGivenType = 'FIXED' | 'PERCENT'

/** Spec §3 game type numbers for our catalogue's game types (PROHIBITED_GAMES_TYPE values are these numbers). */
export const gameTypeNumbers: Readonly<Record<string, number>> = {
  SLOT: 1,
  CARD: 2,
  CRASH: 3,
  FISHING: 4,
  CASINO: 5,
  CASINO_LIVE: 5,
  SPORT: 6,
  LOTTERY: 8,
  FUNKY: 10,
}

function numberOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null
}

function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value]
  return items.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim().toLowerCase())
}

/** The numeric value of the first rule of `type`, or null when absent or malformed. */
export function ruleNumber(rules: readonly PromotionRule[], type: PromotionRuleType): number | null {
  const rule = rules.find((r) => r.type === type)
  return rule ? numberOf(rule.value) : null
}

function ruleSatang(rules: readonly PromotionRule[], type: PromotionRuleType): bigint | null {
  const n = ruleNumber(rules, type)
  return n === null ? null : nearestSatang(n)
}

export type DraftRefusal = 'HAS_ACTIVE_PROMOTION' | 'NEW_MEMBERS_ONLY' | 'OLD_MEMBERS_ONLY' | 'BELOW_MIN_DEPOSIT' | 'ABOVE_MAX_DEPOSIT'

/** Whether a player may take this promotion with a deposit of `amount` satang. */
export function checkDraft(
  rules: readonly PromotionRule[],
  player: { isNewMember: boolean; hasActivePromotion: boolean },
  amount: bigint,
): { ok: true } | { ok: false; reason: DraftRefusal; limit?: bigint } {
  if (player.hasActivePromotion) return { ok: false, reason: 'HAS_ACTIVE_PROMOTION' }
  if (ruleNumber(rules, 'NEW_MEMBER') === 1 && !player.isNewMember) return { ok: false, reason: 'NEW_MEMBERS_ONLY' }
  if (ruleNumber(rules, 'OLD_MEMBER') === 1 && player.isNewMember) return { ok: false, reason: 'OLD_MEMBERS_ONLY' }
  const min = ruleSatang(rules, 'MIN_DEPOSIT')
  if (min !== null && amount < min) return { ok: false, reason: 'BELOW_MIN_DEPOSIT', limit: min }
  const max = ruleSatang(rules, 'MAX_DEPOSIT')
  if (max !== null && amount > max) return { ok: false, reason: 'ABOVE_MAX_DEPOSIT', limit: max }
  return { ok: true }
}

/**
 * The bonus for a deposit: FIXED satang, or PERCENT (in hundredths of a percent: 5000 = 50 %) of the deposit rounded
 * down, capped by MAX_BONUS.
 */
export function computeBonus(promotion: { creditGivenType: CreditGivenType; creditGiven: bigint; rules: readonly PromotionRule[] }, deposit: bigint): bigint {
  const raw = promotion.creditGivenType === 'FIXED' ? promotion.creditGiven : (deposit * promotion.creditGiven) / 10_000n
  const cap = ruleSatang(promotion.rules, 'MAX_BONUS')
  const bonus = cap !== null && raw > cap ? cap : raw
  return bonus > 0n ? bonus : 0n
}

/**
 * What must happen before the player may withdraw: TURNOVER (bets adding up to deposit × TURNOVER_BY_MUTIPLE),
 * CREDIT (a cash balance of TURNOVER_BY_CREDIT) or NONE.
 */
export function turnoverTarget(rules: readonly PromotionRule[], deposit: bigint): { type: 'TURNOVER' | 'CREDIT' | 'NONE'; target: bigint } {
  const multiple = ruleNumber(rules, 'TURNOVER_BY_MUTIPLE')
  if (multiple !== null && multiple > 0) return { type: 'TURNOVER', target: (deposit * BigInt(Math.round(multiple * 100))) / 100n }
  const credit = ruleSatang(rules, 'TURNOVER_BY_CREDIT')
  if (credit !== null && credit > 0n) return { type: 'CREDIT', target: credit }
  return { type: 'NONE', target: 0n }
}

/** True when the target is reached: turnover so far, or the cash balance for CREDIT. */
export function targetMet(target: { type: 'TURNOVER' | 'CREDIT' | 'NONE'; target: bigint }, progress: { turnover: bigint; balance: bigint }): boolean {
  if (target.type === 'TURNOVER') return progress.turnover >= target.target
  if (target.type === 'CREDIT') return progress.balance >= target.target
  return true
}

/** True when bets on this game count for nothing and its launch is refused. */
export function isProhibited(rules: readonly PromotionRule[], game: { type: string | null; provider: string }): boolean {
  const types = rules.filter((r) => r.type === 'PROHIBITED_GAMES_TYPE').flatMap((r) => listOf(r.value))
  const providers = rules.filter((r) => r.type === 'PROHIBITED_GAMES_PROVIDER').flatMap((r) => listOf(r.value))
  if (providers.includes(game.provider.toLowerCase())) return true
  if (game.type === null) return false
  const number = gameTypeNumbers[game.type]
  return types.includes(game.type.toLowerCase()) || (number !== undefined && types.includes(String(number)))
}

/**
 * Withdrawal terms while a promotion is active and its target met: the minimum (the larger of the site's and
 * MIN_WITHDRAW) and, with MAX_WITHDRAW, a mandatory amount of min(balance, MAX_WITHDRAW) in whole baht (withdrawals
 * are whole baht) — the rest is forfeited.
 */
export function withdrawalTerms(rules: readonly PromotionRule[], balance: bigint, siteMin: bigint): { min: bigint; mandatory: boolean; value: bigint } {
  const ruleMin = ruleSatang(rules, 'MIN_WITHDRAW')
  const min = ruleMin !== null && ruleMin > siteMin ? ruleMin : siteMin
  const max = ruleSatang(rules, 'MAX_WITHDRAW')
  if (max === null) return { min, mandatory: false, value: 0n }
  const whole = (balance / 100n) * 100n
  return { min, mandatory: true, value: whole < max ? whole : (max / 100n) * 100n }
}
