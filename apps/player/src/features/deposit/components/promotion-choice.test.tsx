import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { readPromotionView } from '../../../lib/running-promotion.ts'
import { promotionInfo } from '../../../testing/promotion-info.ts'
import { PromotionChoice } from './deposit-parts.tsx'

afterEach(cleanup)

const running = readPromotionView(promotionInfo())

const choice = (props: Partial<Parameters<typeof PromotionChoice>[0]> = {}) => (
  <PromotionChoice list={[]} selected={null} locked={false} onChoose={() => {}} onShowRules={() => {}} {...props} />
)

describe('PromotionChoice (issue 36, ADR 072)', () => {
  it('while a promotion runs says which one and until what beside the "ไม่รับโปรโมชั่น" choice', () => {
    render(choice({ running }))
    expect(screen.getByRole('combobox').textContent).toBe('ไม่รับโปรโมชั่น')
    const note = screen.getByRole('note')
    expect(note.textContent).toContain('คุณกำลังรับโปรโมชั่น ฝากแรก รับ 100 อยู่')
    expect(note.textContent).toContain('ทำยอดเล่นอีก 1,500 บาทแล้วถอนเงิน')
  })

  it('says nothing more without one', () => {
    render(choice())
    expect(screen.queryByRole('note')).toBeNull()
  })
})
