import type { Promotion } from '@sanam/contract'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, renderRoutes } from '../../../testing/render.tsx'
import { readPromotionView } from '../../../lib/running-promotion.ts'
import { promotionInfo } from '../../../testing/promotion-info.ts'
import { PromotionPage, type PromotionList } from './promotion-page.tsx'

afterEach(cleanup)

const promotions: Promotion[] = [
  { id: 2, title: 'ฝากประจำ รับเพิ่ม 100 บาท', image: '/media/promotions/demo-2.svg', credit_given: 100, credit_given_type: 'FIXED', rules: [] },
  { id: 3, title: 'ฝาก 500 รับเพิ่ม 10%', image: '/media/promotions/demo-3.svg', credit_given: 10, credit_given_type: 'PERCENT', rules: [] },
]

function Landed() {
  const location = useLocation()
  return <p data-testid="landed">{JSON.stringify({ path: `${location.pathname}${location.search}`, state: location.state as unknown })}</p>
}

function renderPage(list: PromotionList, running: Parameters<typeof PromotionPage>[0]['running'] = null) {
  return renderRoutes({
    url: '/promotion',
    routes: [page('/promotion', <PromotionPage promotions={list} running={running} />), page('/deposit', <Landed />)],
  })
}

describe('PromotionPage (spec §2 Promotion page)', () => {
  it('shows each image and a button per title that opens the deposit screen with it, image and title in the state', () => {
    renderPage({ status: 'success', data: promotions, refetch: () => {} })
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('img')?.getAttribute('src'))).toEqual([
      '/media/promotions/demo-2.svg',
      '/media/promotions/demo-3.svg',
    ])
    fireEvent.click(screen.getByRole('link', { name: 'ฝาก 500 รับเพิ่ม 10%' }))
    expect(JSON.parse(screen.getByTestId('landed').textContent!)).toEqual({
      path: '/deposit?promotion_id=3',
      state: { image: '/media/promotions/demo-3.svg', title: 'ฝาก 500 รับเพิ่ม 10%' },
    })
  })

  it('says when it is loading, empty, or failed (with a retry)', () => {
    const { unmount } = renderPage({ status: 'pending', data: undefined, refetch: () => {} })
    expect(screen.getByText('กำลังโหลด...')).toBeTruthy()
    unmount()
    const empty = renderPage({ status: 'success', data: [], refetch: () => {} })
    expect(screen.getByText('ไม่มีข้อมูล')).toBeTruthy()
    empty.unmount()
    const refetch = vi.fn()
    renderPage({ status: 'error', data: undefined, refetch })
    fireEvent.click(screen.getByRole('button', { name: 'ลองใหม่' }))
    expect(refetch).toHaveBeenCalled()
  })

  it('while a promotion runs says which and until what, not "ไม่มีข้อมูล" (issue 36)', () => {
    const info = promotionInfo({ turnover: { type: 'TURNOVER', total: 1500, current: 250.5 } })
    renderPage({ status: 'success', data: [], refetch: () => {} }, readPromotionView(info))
    expect(screen.queryByText('ไม่มีข้อมูล')).toBeNull()
    const note = screen.getByRole('note')
    expect(note.textContent).toContain('คุณกำลังรับโปรโมชั่น ฝากแรก รับ 100 อยู่')
    expect(note.textContent).toContain('ทำยอดเล่นอีก 1,249.5 บาทแล้วถอนเงิน หรือเมื่อยอดเงินเหลือต่ำกว่า 1 บาท')
    cleanup()
    renderPage({ status: 'success', data: [], refetch: () => {} }, readPromotionView({ ...info, turnover: { type: 'TURNOVER', total: 1500, current: 1500 } }))
    expect(screen.getByRole('note').textContent).toContain('ทำยอดครบแล้ว โปรโมชั่นนี้จะสิ้นสุดเมื่อคุณถอนเงิน')
  })
})
