import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import type { DashboardSummary } from '@sanam/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { durationText, PayoutFigures } from './payout-figures.tsx'

afterEach(cleanup)

const figures: DashboardSummary['payouts'] = {
  auto_approval_percent: 62.5,
  auto_approved: 5,
  auto_asked: 8,
  paid_p50_seconds: 42,
  paid_p95_seconds: 3 * 3600 + 5 * 60,
  unknown_count: 2,
  unknown_oldest_seconds: 75 * 60,
}

const shown = (payouts: typeof figures) =>
  render(
    <MemoryRouter>
      <PayoutFigures payouts={payouts} />
    </MemoryRouter>,
  )

// Issue 37 §4, ADR 085: the dashboard shows the auto-approval rate, request-to-paid time (p50, p95) and the unknowns.
describe('the dashboard’s payout figures', () => {
  it('shows the auto-approval rate with its counts, the p50 and p95 times, and the unknowns with the oldest’s age', () => {
    shown(figures)
    expect(screen.getByTestId('dashboard-auto-rate').textContent).toBe('อนุมัติอัตโนมัติ (ผ่านธนาคาร)62.5%5 / 8 รายการ')
    expect(within(screen.getByTestId('dashboard-paid-time')).getByText('42 วินาที')).toBeTruthy()
    expect(within(screen.getByTestId('dashboard-paid-time')).getByText(/95% ไม่เกิน 3 ชม. 5 นาที/)).toBeTruthy()
    const unknowns = screen.getByRole('link', { name: /รายการจ่ายที่ยังไม่ทราบผล/ })
    expect(unknowns.getAttribute('href')).toBe('/payouts')
    expect(within(unknowns).getByText('2').className).toContain('state--warn')
    expect(within(unknowns).getByText(/รายการที่รอนานที่สุด 1 ชม. 15 นาที/)).toBeTruthy()
  })

  it('says there is nothing yet rather than 0 % or 0 seconds when nothing was asked or paid', () => {
    shown({
      ...figures,
      auto_approval_percent: null,
      auto_approved: 0,
      auto_asked: 0,
      paid_p50_seconds: null,
      paid_p95_seconds: null,
      unknown_count: 0,
      unknown_oldest_seconds: null,
    })
    expect(within(screen.getByTestId('dashboard-auto-rate')).getByText('ยังไม่มี')).toBeTruthy()
    expect(within(screen.getByTestId('dashboard-paid-time')).getByText('ยังไม่มี')).toBeTruthy()
    expect(within(screen.getByTestId('dashboard-unknowns')).getByText('0').className).not.toContain('state--warn')
  })

  it('writes spans in seconds, minutes, or hours and minutes', () => {
    expect([durationText(0), durationText(59), durationText(60), durationText(3599), durationText(3600), durationText(90_000)]).toEqual([
      '0 วินาที',
      '59 วินาที',
      '1 นาที',
      '59 นาที',
      '1 ชม. 0 นาที',
      '25 ชม. 0 นาที',
    ])
  })
})
