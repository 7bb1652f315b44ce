/**
 * The home lobby's promotion block (spec §2 promotion panel, §3 Promotion info, §4 Home, §9): when it shows and
 * how far the player is. `promotion.info` is read defensively (lib/running-promotion.ts): anything unusable hides
 * the block rather than breaking the page.
 */
import { runningPromotion, type PromotionView } from '../../lib/running-promotion.ts'

/** Spec §4 and §9: the block needs a credit balance of at least 3. */
export const PROMOTION_MIN_BALANCE = 3

/** Spec §4: the block shows only with a promotion and a balance of at least 3. */
export function shouldShowPromotion(promotion: { enabled: boolean; info?: unknown } | undefined, balance: number | undefined): PromotionView | null {
  if (balance === undefined || !(balance >= PROMOTION_MIN_BALANCE)) return null
  return runningPromotion(promotion)
}

export interface PromotionProgress {
  /** What counts towards the target: turnover, or the balance for a CREDIT-type promotion. */
  current: number
  total: number
  /** 0-100, capped at 100. */
  percent: number
  kind: 'turnover' | 'credit'
}

/** Spec §9: progress = turnover / total, capped at 100%; for CREDIT type balance / total. */
export function promotionProgress(info: PromotionView, balance: number): PromotionProgress {
  const kind = info.turnover.type.toUpperCase() === 'CREDIT' ? 'credit' : 'turnover'
  const current = kind === 'credit' ? balance : info.turnover.current
  const total = info.turnover.total
  const ratio = total > 0 ? current / total : 1
  const percent = Math.min(100, Math.max(0, ratio * 100))
  return { current, total, percent: Number.isFinite(percent) ? percent : 0, kind }
}
