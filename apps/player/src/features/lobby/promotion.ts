/**
 * The home lobby's promotion block (spec §2 promotion panel, §3 Promotion info, §4 Home, §9): when it shows and
 * how far the player is. The app does not run the contract's zod schemas (bundle budget), so `promotion.info` is
 * read defensively here: anything unusable hides the block rather than breaking the page.
 */

/** Spec §4 and §9: the block needs a credit balance of at least 3. */
export const PROMOTION_MIN_BALANCE = 3

export interface PromotionView {
  title: string
  image: string | null
  turnover: { type: string; total: number; current: number }
  withdrawMin: number | null
  creditGiven: number | null
  receivedAt: string | null
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

function finite(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : null
}

/** The promotion info (contract `PromotionInfo`) in a usable form, or null when it lacks a title or a turnover total. */
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
  }
}

/** Spec §4: the block shows only with a promotion and a balance of at least 3. */
export function shouldShowPromotion(promotion: { enabled: boolean; info?: unknown } | undefined, balance: number | undefined): PromotionView | null {
  if (!promotion?.enabled || balance === undefined || !(balance >= PROMOTION_MIN_BALANCE)) return null
  return readPromotionView(promotion.info)
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
