/**
 * The player's running promotion as the pages read it from GET /user/@me (contract `PromotionInfo`): the lobby's
 * promotion block and its game marks, the promotion page and the deposit screen's promotion choice (ADR 072). The app
 * does not run the contract's zod schemas (bundle budget), so the info is read defensively: anything unusable reads as
 * no promotion rather than breaking the page.
 */
import type { PromotionRule } from '@sanam/contract/promotions/rules'

export interface PromotionView {
  title: string
  image: string | null
  turnover: { type: string; total: number; current: number }
  withdrawMin: number | null
  creditGiven: number | null
  receivedAt: string | null
  /** The rules it was granted under (its PROHIBITED_GAMES_* rules mark games in the lobby); empty when absent. */
  rules: PromotionRule[]
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

function finite(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : null
}

function rulesOf(value: unknown): PromotionRule[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const rule = record(item)
    return rule && typeof rule.type === 'string' ? [{ type: rule.type, value: rule.value }] : []
  })
}

/** The promotion info in a usable form, or null when it lacks a title or a turnover total. */
export function readPromotionView(info: unknown): PromotionView | null {
  const data = record(info)
  const turnover = record(data?.turnover)
  const total = finite(turnover?.total)
  if (!data || typeof data.title !== 'string' || data.title.trim() === '' || !turnover || total === null) return null
  return {
    title: data.title,
    image: typeof data.image === 'string' && data.image !== '' ? data.image : null,
    turnover: { type: typeof turnover.type === 'string' ? turnover.type : '', total, current: finite(turnover.current) ?? 0 },
    withdrawMin: finite(record(data.withdraw)?.min),
    creditGiven: finite(data.credit_given),
    receivedAt: typeof data.received_at === 'string' ? data.received_at : null,
    rules: rulesOf(data.rules),
  }
}

/** The running promotion of `GET /user/@me`'s promotion block, or null when none runs (or it cannot be read). */
export function runningPromotion(promotion: { enabled: boolean; info?: unknown } | undefined | null): PromotionView | null {
  return promotion?.enabled ? readPromotionView(promotion.info) : null
}

/**
 * What is left before the promotion's target is met: turnover still to play, or (CREDIT) balance still to reach, in
 * baht, never below 0. The promotion ends when the player withdraws after it is met (or the balance runs out).
 */
export function targetLeft(view: PromotionView): { kind: 'turnover' | 'credit'; left: number } {
  const kind = view.turnover.type.toUpperCase() === 'CREDIT' ? 'credit' : 'turnover'
  return { kind, left: Math.max(0, view.turnover.total - view.turnover.current) }
}
