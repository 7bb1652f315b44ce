import type { LineState } from '@sanam/contract'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { LineCard } from './line-card.tsx'

const state = (over: Partial<LineState> = {}): LineState => ({
  offered: true,
  linked: false,
  linked_at: null,
  notices: ['deposit_credited', 'payout_paid', 'payout_refused', 'limit_changed', 'exclusion'],
  add_friend_url: 'https://line.me/R/ti/p/@sanam-demo',
  ...over,
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const show = () =>
  renderRoutes({
    url: '/history',
    routes: [
      page(
        '/history',
        <div data-testid="page">
          <LineCard />
        </div>,
      ),
    ],
  })

describe('the LINE card on the account page (ADR 088)', () => {
  it('shows nothing of LINE on a site that does not offer it', async () => {
    stubApi({ 'GET /line': ok(state({ offered: false, add_friend_url: null })) })
    show()
    await vi.waitFor(() => expect(screen.getByTestId('page').textContent).toBe(''))
  })

  it('says how to link, with the add-friend link and its QR code; promotions are not ticked', async () => {
    stubApi({ 'GET /line': ok(state()) })
    show()
    const card = await screen.findByRole('region', { name: 'การแจ้งเตือนทาง LINE' })
    await within(card).findByText('ยังไม่ได้เชื่อมต่อ LINE')
    expect(
      within(card)
        .getByRole('link', { name: /เพิ่มเพื่อน LINE Official Account/ })
        .getAttribute('href'),
    ).toBe('https://line.me/R/ti/p/@sanam-demo')
    expect((within(card).getByRole('checkbox', { name: 'โปรโมชั่นและข่าวสาร (เฉพาะเมื่อคุณเลือก)' }) as HTMLInputElement).checked).toBe(false)
    expect(within(card).queryByRole('button', { name: 'ยกเลิกการเชื่อมต่อ LINE' })).toBeNull()
  })

  it('sends the notices ticked, and unlinks', async () => {
    const api = stubApi({
      'GET /line': ok(state({ linked: true, linked_at: '2026-11-29T05:00:00.000Z' })),
      'POST /line/notices': (body) => ok(state({ linked: true, notices: (body as { notices: LineState['notices'] }).notices }), 'บันทึกการแจ้งเตือนทาง LINE แล้ว'),
      'POST /line/unlink': () => ok(state(), 'ยกเลิกการเชื่อมต่อ LINE แล้ว'),
    })
    show()
    const card = await screen.findByRole('region', { name: 'การแจ้งเตือนทาง LINE' })
    await within(card).findByText('เชื่อมต่อ LINE แล้ว')
    fireEvent.click(within(card).getByRole('checkbox', { name: 'ยอดฝากเข้าบัญชี' }))
    fireEvent.click(within(card).getByRole('checkbox', { name: 'โปรโมชั่นและข่าวสาร (เฉพาะเมื่อคุณเลือก)' }))
    fireEvent.click(within(card).getByRole('button', { name: 'บันทึกการแจ้งเตือน' }))
    await screen.findByText('บันทึกการแจ้งเตือนทาง LINE แล้ว')
    const sent = api.mock.calls.find(([url]) => String(url).endsWith('/line/notices'))
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ notices: ['payout_paid', 'payout_refused', 'limit_changed', 'exclusion', 'promotion'] })
    fireEvent.click(within(card).getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ LINE' }))
    await within(card).findByText('ยังไม่ได้เชื่อมต่อ LINE')
  })
})
