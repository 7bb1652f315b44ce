import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { ReferralPage } from './referral-page.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const invites = (page: number, total: number) =>
  ok({
    invite_code: 'DEMO2345',
    percentage: { level1: 0.03, level2: 0.02, level3: 0.005 },
    downlines: Array.from({ length: Math.min(10, total - page * 10) }, (_, i) => ({
      username: `081-xxx-${String(page * 10 + i).padStart(4, '0')}`,
      created_at: '2026-11-21T17:30:00.000Z',
    })),
    page,
    size: 10,
    total,
  })

const wallets = (bonusRemaining: number) =>
  ok({
    balance: 100,
    bonus: { total: 1500, remaining: bonusRemaining, options: { min: 300, max: 1000, interval: 'WEEKEN' } },
    refund: { total: 80.25, remaining: 80.25, options: { min: 0, max: 1000, interval: 'MONTH' } },
    turnover: 0,
  })

function renderReferral(url: string | { pathname: string; hash?: string; state?: unknown } = '/referral') {
  return renderRoutes({ url, routes: [page('/referral', <ReferralPage />)] })
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent

describe('ReferralPage tabs (spec §2 Referral)', () => {
  it('picks the tab from router state activeTab, else the #amount hash, else the invite link', () => {
    stubApi({})
    renderReferral()
    expect(selectedTab()).toBe('ลิงก์แนะนำ')
    cleanup()
    renderReferral({ pathname: '/referral', hash: '#amount' })
    expect(selectedTab()).toBe('ยอดสะสม')
    cleanup()
    renderReferral({ pathname: '/referral', state: { activeTab: 'friends' } })
    expect(selectedTab()).toBe('รายชื่อเพื่อน')
  })
})

describe('invite tab', () => {
  it('shows the code, this origin’s register link and the levels as percentages', async () => {
    stubApi({ 'GET /invites': invites(0, 0) })
    renderReferral()
    expect((await screen.findByTestId('invite-code')).textContent).toBe('DEMO2345')
    expect(screen.getByTestId('invite-link').textContent).toBe(`${window.location.origin}/register?invite_code=DEMO2345`)
    expect([1, 2, 3].map((level) => screen.getByTestId(`level-${level}`).textContent)).toEqual(['3%', '2%', '0.5%'])
  })

  it('copies the link and says so; a refused clipboard says to copy by hand', async () => {
    stubApi({ 'GET /invites': invites(0, 0) })
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderReferral()
    fireEvent.click(await screen.findByRole('button', { name: 'คัดลอกลิงก์' }))
    expect(await screen.findByText('คัดลอกลิงก์แนะนำเพื่อนแล้ว')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?invite_code=DEMO2345`)
    fireEvent.click(screen.getByRole('button', { name: 'คัดลอกลิงก์' }))
    expect(await screen.findByText('คัดลอกไม่สำเร็จ กรุณาคัดลอกลิงก์ด้วยตนเอง')).toBeTruthy()
  })

  it('opens LINE, Telegram and Facebook in a new window without an opener', async () => {
    stubApi({ 'GET /invites': invites(0, 0) })
    const open = vi.fn(() => null)
    vi.stubGlobal('open', open)
    renderReferral()
    const link = encodeURIComponent(`${window.location.origin}/register?invite_code=DEMO2345`)
    fireEvent.click(await screen.findByRole('button', { name: /แชร์ผ่าน LINE/ }))
    fireEvent.click(screen.getByRole('button', { name: /แชร์ผ่าน Telegram/ }))
    fireEvent.click(screen.getByRole('button', { name: /แชร์ผ่าน Facebook/ }))
    expect(open.mock.calls.map((call: unknown[]) => [String(call[0]).split('?')[0], String(call[0]).includes(link), call[1], call[2]])).toEqual([
      ['https://social-plugins.line.me/lineit/share', true, '_blank', 'noopener,noreferrer'],
      ['https://t.me/share/url', true, '_blank', 'noopener,noreferrer'],
      ['https://www.facebook.com/sharer/sharer.php', true, '_blank', 'noopener,noreferrer'],
    ])
  })

  it('offers the device’s share sheet first where there is one', async () => {
    stubApi({ 'GET /invites': invites(0, 0) })
    const share = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    try {
      renderReferral()
      const buttons = within(await screen.findByTestId('invite-link').then((node) => node.parentElement!)).getAllByRole('button')
      expect(buttons.map((button) => button.textContent)).toEqual([
        'คัดลอกลิงก์',
        'แชร์ลิงก์',
        expect.stringMatching(/^LINE/),
        expect.stringMatching(/^Telegram/),
        expect.stringMatching(/^Facebook/),
      ])
      fireEvent.click(screen.getByRole('button', { name: 'แชร์ลิงก์' }))
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/register?invite_code=DEMO2345` }))
    } finally {
      Reflect.deleteProperty(navigator, 'share')
    }
  })
})

describe('totals tab', () => {
  it('shows both wallets with their terms in Thai and baht', async () => {
    stubApi({ 'GET /wallet/v2/balance': wallets(600) })
    renderReferral({ pathname: '/referral', hash: '#amount' })
    const bonus = await screen.findByRole('region', { name: 'โบนัสแนะนำเพื่อน' })
    expect(within(bonus).getByTestId('bonus-remaining').textContent).toBe('600.00 บาท')
    expect(within(bonus).getByTestId('bonus-total').textContent).toBe('1,500.00 บาท')
    expect(within(bonus).getByText('300.00 บาท')).toBeTruthy()
    expect(within(bonus).getByText('1,000.00 บาท')).toBeTruthy()
    expect(within(bonus).getByText('รายสัปดาห์ (ทุกวันศุกร์)')).toBeTruthy()
    const refund = screen.getByRole('region', { name: 'ยอดเล่นคืนสะสม' })
    expect(within(refund).getByTestId('refund-remaining').textContent).toBe('80.25 บาท')
    expect(within(refund).getByText('รายเดือน (ทุกวันที่ 1)')).toBeTruthy()
  })

  it('moves a wallet to the main wallet: the server message as a toast, the cards refreshed; a refusal as an error toast', async () => {
    let remaining = 600
    const api = stubApi({
      'GET /wallet/v2/balance': () => wallets(remaining),
      'POST /wallet/transfer/bonus': () => {
        remaining = 0
        return ok({ amount: 600, remaining: 0 }, 'โอนเข้ากระเป๋าหลักสำเร็จ')
      },
      'POST /wallet/transfer/refund': fail(422, 'RULE_REFUSED', 'เดือนนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันที่ 1 ของเดือนหน้า'),
    })
    renderReferral({ pathname: '/referral', hash: '#amount' })
    const bonus = await screen.findByRole('region', { name: 'โบนัสแนะนำเพื่อน' })
    fireEvent.click(within(bonus).getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }))
    expect(await screen.findByText('โอนเข้ากระเป๋าหลักสำเร็จ')).toBeTruthy()
    await waitFor(() => expect(within(bonus).getByTestId('bonus-remaining').textContent).toBe('0.00 บาท'))
    const refund = screen.getByRole('region', { name: 'ยอดเล่นคืนสะสม' })
    fireEvent.click(within(refund).getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }))
    expect(await screen.findByText('เดือนนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันที่ 1 ของเดือนหน้า')).toBeTruthy()
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url))).toEqual([
      '/api/wallet/transfer/bonus',
      '/api/wallet/transfer/refund',
    ])
  })

  it('keeps the move disabled below the minimum and says which minimum it waits for; an empty wallet waits too', async () => {
    const api = stubApi({
      'GET /wallet/v2/balance': ok({
        balance: 100,
        bonus: { total: 1500, remaining: 299.99, options: { min: 300, max: 1000, interval: 'DAY' } },
        refund: { total: 0, remaining: 0, options: { min: 0, max: 1000, interval: 'DAY' } },
        turnover: 0,
      }),
    })
    renderReferral({ pathname: '/referral', hash: '#amount' })
    const bonus = await screen.findByRole('region', { name: 'โบนัสแนะนำเพื่อน' })
    const move = within(bonus).getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }) as HTMLButtonElement
    expect(move.disabled).toBe(true)
    expect(within(bonus).getByTestId('bonus-below-min').textContent).toBe('โอนได้เมื่อยอดคงเหลือถึงขั้นต่ำ 300.00 บาท')
    expect(move.getAttribute('aria-describedby')).toBe(within(bonus).getByTestId('bonus-below-min').id)
    const refund = screen.getByRole('region', { name: 'ยอดเล่นคืนสะสม' })
    expect((within(refund).getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }) as HTMLButtonElement).disabled).toBe(true)
    expect(within(refund).getByTestId('refund-below-min').textContent).toBe('ยังไม่มียอดที่โอนได้')
    fireEvent.click(move)
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([])
  })

  it('offers the move from the minimum up', async () => {
    stubApi({ 'GET /wallet/v2/balance': wallets(300) })
    renderReferral({ pathname: '/referral', hash: '#amount' })
    const bonus = await screen.findByRole('region', { name: 'โบนัสแนะนำเพื่อน' })
    expect((within(bonus).getByRole('button', { name: 'โอนเข้ากระเป๋าหลัก' }) as HTMLButtonElement).disabled).toBe(false)
    expect(within(bonus).queryByTestId('bonus-below-min')).toBeNull()
  })
})

describe('friends tab', () => {
  it('lists downlines 10 a page with the Thai date, and pages', async () => {
    stubApi({ 'GET /invites': (_body, _init, url) => invites(Number(url.searchParams.get('page')), 12) })
    renderReferral({ pathname: '/referral', state: { activeTab: 'friends' } })
    const table = await screen.findByRole('table', { name: 'รายชื่อเพื่อน' })
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('081-xxx-000022 พ.ย. 2569')
    expect(screen.getByText('เพื่อนที่สมัครผ่านคุณ 12 คน')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'หน้าถัดไป' }))
    await screen.findByText('081-xxx-0011')
    expect(within(screen.getByRole('table', { name: 'รายชื่อเพื่อน' })).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByText('หน้า 2')).toBeTruthy()
  })
})
