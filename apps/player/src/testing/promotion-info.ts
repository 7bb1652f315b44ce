import type { PromotionInfo } from '@sanam/contract'

/** A running promotion as GET /user/@me gives it (`promotion.info`), for the tests of the screens that show it. */
export function promotionInfo(overrides: Partial<PromotionInfo> = {}): PromotionInfo {
  return {
    title: 'ฝากแรก รับ 100',
    image: '/media/promo.svg',
    turnover: { type: 'TURNOVER', total: 1500, current: 0 },
    withdraw: { min: 300 },
    credit_given: 100,
    received_at: '2026-11-20T03:00:00Z',
    rules: [],
    ...overrides,
  }
}
