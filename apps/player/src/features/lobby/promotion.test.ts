import { describe, expect, it } from 'vitest'
import { readPromotionView } from '../../lib/running-promotion.ts'
import { promotionInfo } from '../../testing/promotion-info.ts'
import { promotionProgress, shouldShowPromotion } from './promotion.ts'

const info = promotionInfo({
  title: 'ฝากแรกรับ 50%',
  turnover: { type: 'TURNOVER', total: 1000, current: 250 },
  credit_given: 150,
  received_at: '2026-11-20T10:00:00.000Z',
})

describe('promotion block (spec §4, §9)', () => {
  it('shows only with a promotion and a balance of at least 3', () => {
    expect(shouldShowPromotion({ enabled: true, info }, 3)).not.toBeNull()
    expect(shouldShowPromotion({ enabled: true, info }, 2.99)).toBeNull()
    expect(shouldShowPromotion({ enabled: false, info }, 100)).toBeNull()
    expect(shouldShowPromotion({ enabled: true }, 100)).toBeNull()
    expect(shouldShowPromotion({ enabled: true, info }, undefined)).toBeNull()
    expect(shouldShowPromotion(undefined, 100)).toBeNull()
  })

  it('reads the info defensively', () => {
    expect(readPromotionView(info)).toEqual({
      title: 'ฝากแรกรับ 50%',
      image: '/media/promo.svg',
      turnover: { type: 'TURNOVER', total: 1000, current: 250 },
      withdrawMin: 300,
      creditGiven: 150,
      receivedAt: '2026-11-20T10:00:00.000Z',
      rules: [],
    })
    expect(readPromotionView({ ...info, turnover: { type: 'X', total: '500', current: 'n/a' } })?.turnover).toEqual({ type: 'X', total: 500, current: 0 })
    for (const bad of [null, 'x', [], { title: '' }, { title: 'x' }, { title: 'x', turnover: { total: 'many' } }]) expect(readPromotionView(bad)).toBeNull()
  })

  it('progress is turnover / total, capped at 100%', () => {
    const parsed = readPromotionView(info)!
    expect(promotionProgress(parsed, 10)).toEqual({ current: 250, total: 1000, percent: 25, kind: 'turnover' })
    expect(promotionProgress({ ...parsed, turnover: { ...parsed.turnover, current: 5000 } }, 10).percent).toBe(100)
    expect(promotionProgress({ ...parsed, turnover: { ...parsed.turnover, total: 0 } }, 10).percent).toBe(100)
  })

  it('CREDIT type uses balance / total', () => {
    const credit = readPromotionView({ ...info, turnover: { type: 'CREDIT', total: 2000, current: 1 } })!
    expect(promotionProgress(credit, 500)).toEqual({ current: 500, total: 2000, percent: 25, kind: 'credit' })
    expect(promotionProgress(credit, 5000).percent).toBe(100)
  })
})
