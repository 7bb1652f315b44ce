import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { demoUser, fail, ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { WithdrawPage } from './withdraw-page.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const balance = (amount: number) =>
  ok({
    balance: amount,
    bonus: { total: 0, remaining: 0, options: { min: 300, max: 1000, interval: 'DAY' } },
    refund: { total: 0, remaining: 0, options: { min: 0, max: 1000, interval: 'DAY' } },
    turnover: 0,
  })
const config = (options: unknown, min = 300, extra: Record<string, unknown> = {}) =>
  ok({ min_withdraw: min, options, withdrawable: 5000, held_by: null, ...extra })
const free = { mandatory: false, value: 0 }

function renderWithdraw() {
  return renderRoutes({ url: '/withdraw', routes: [page('/withdraw', <WithdrawPage user={demoUser} />), page('/history', <p>history</p>)] })
}

/** The page once its terms have loaded and the amount field takes input. */
async function renderReadyToType() {
  renderWithdraw()
  await waitFor(() => expect(amountField().disabled).toBe(false))
}

/** The server's answer to a withdrawal it took: PENDING, with its message. */
const accepted = (id: number, amount: number) => ok({ id, amount, status: 'PENDING', created_at: '2026-11-22T03:00:00Z' }, 'ได้รับคำขอถอนเงินแล้ว')

const amountField = () => screen.getByLabelText('จำนวนเงินที่ต้องการถอน (บาท)') as HTMLInputElement
const confirm = () => screen.getByRole('button', { name: 'ยืนยัน' })
const posts = (api: ReturnType<typeof stubApi>) => api.mock.calls.filter(([, init]) => init?.method === 'POST')

describe('WithdrawPage (spec §2 Withdraw, §5)', () => {
  it('shows the balance, the registered account, the time note and the history link', async () => {
    stubApi({ 'GET /wallet/v2/balance': balance(1234.5), 'GET /wallet/withdraw': config(free, 300, { withdrawable: 1234 }) })
    renderWithdraw()
    // Withdrawals are whole baht: what can be withdrawn, then the whole balance beside it.
    await waitFor(() => expect(screen.getByTestId('withdraw-balance').textContent).toBe('฿1,234.00'))
    await waitFor(() => expect(screen.getByTestId('withdraw-total').textContent).toBe('ยอดเงินทั้งหมด ฿1,234.50'))
    const account = screen.getByRole('region', { name: 'บัญชีที่รับเงิน' })
    expect(within(account).getByText('ธนาคารกสิกรไทย')).toBeTruthy()
    expect(within(account).getByText('สมชาย ใจดี')).toBeTruthy()
    expect(within(account).getByTestId('bank-account-number').textContent).toBe('123-4-56789-0')
    expect(screen.getByText('การถอนเงินใช้เวลา 10-15 นาที')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ดูประวัติการถอน' }).getAttribute('href')).toBe('/history')
  })

  it('keeps digits only and shows thousands separators as the player types', async () => {
    stubApi({ 'GET /wallet/v2/balance': balance(5000), 'GET /wallet/withdraw': config(free) })
    await renderReadyToType()
    fireEvent.change(amountField(), { target: { value: '12a34.5' } })
    expect(amountField().value).toBe('12,345')
    expect(amountField().inputMode).toBe('numeric')
  })

  it('on submit: an amount is required, then the minimum; nothing is sent', async () => {
    const api = stubApi({ 'GET /wallet/v2/balance': balance(5000), 'GET /wallet/withdraw': config(free, 300) })
    await renderReadyToType()
    fireEvent.click(confirm())
    expect(screen.getByRole('alert').textContent).toBe('กรุณากรอกจำนวนเงิน')
    fireEvent.change(amountField(), { target: { value: '250' } })
    fireEvent.click(confirm())
    expect(screen.getByRole('alert').textContent).toBe('ยอดถอนขั้นต่ำ 300 บาท')
    expect(posts(api)).toHaveLength(0)
  })

  it('on blur raises a smaller amount to the minimum and says why', async () => {
    stubApi({ 'GET /wallet/v2/balance': balance(5000), 'GET /wallet/withdraw': config(free, 1500) })
    await renderReadyToType()
    fireEvent.change(amountField(), { target: { value: '99' } })
    fireEvent.blur(amountField())
    expect(amountField().value).toBe('1,500')
    expect(screen.getByRole('alert').textContent).toBe('ยอดถอนขั้นต่ำ 1,500 บาท')
  })

  it('a tap on confirm that raised the amount (by leaving the field) only shows it; the next tap sends it', async () => {
    const api = stubApi({
      'GET /wallet/v2/balance': balance(5000),
      'GET /wallet/withdraw': config(free, 1500),
      'POST /wallet/withdraw': accepted(1, 1500),
    })
    await renderReadyToType()
    fireEvent.change(amountField(), { target: { value: '99' } })
    // A tap on the button: the field loses focus, then the click.
    fireEvent.blur(amountField())
    fireEvent.click(confirm())
    expect(amountField().value).toBe('1,500')
    expect(screen.getByRole('alert').textContent).toBe('ยอดถอนขั้นต่ำ 1,500 บาท')
    expect(posts(api)).toHaveLength(0)
    fireEvent.click(confirm())
    await screen.findByText('ได้รับคำขอถอนเงินแล้ว')
    expect(JSON.parse(String(posts(api)[0]![1]!.body))).toEqual({ amount: 1500 })
  })

  it('locks and fills the field with the promotion’s amount, and sends that amount', async () => {
    const api = stubApi({
      'GET /wallet/v2/balance': balance(5000),
      'GET /wallet/withdraw': config({ mandatory: true, value: 3000 }),
      'POST /wallet/withdraw': accepted(1, 3000),
    })
    renderWithdraw()
    await waitFor(() => expect(amountField().value).toBe('3,000'))
    expect(amountField().readOnly).toBe(true)
    expect(screen.getByText(/กำหนดยอดถอนไว้ที่ 3,000 บาท/)).toBeTruthy()
    fireEvent.click(confirm())
    await screen.findByText('ได้รับคำขอถอนเงินแล้ว')
    expect(JSON.parse(String(posts(api)[0]![1]!.body))).toEqual({ amount: 3000 })
  })

  it('shows the field disabled while the terms carry no mandatory flag', async () => {
    stubApi({ 'GET /wallet/v2/balance': balance(5000), 'GET /wallet/withdraw': config({ value: 0 }) })
    renderWithdraw()
    await screen.findByText('ขั้นต่ำ 300 บาท')
    expect(amountField().disabled).toBe(true)
  })

  it('terms that could not be loaded: the field stays disabled, the page says so and tries again on request', async () => {
    let calls = 0
    stubApi({
      'GET /wallet/v2/balance': balance(5000),
      'GET /wallet/withdraw': () => (++calls === 1 ? fail(503, 'UNAVAILABLE', 'ระบบไม่พร้อมใช้งาน') : config(free)),
    })
    renderWithdraw()
    fireEvent.click(await screen.findByRole('button', { name: 'ลองใหม่' }))
    await waitFor(() => expect(amountField().disabled).toBe(false))
    expect(screen.queryByRole('button', { name: 'ลองใหม่' })).toBeNull()
  })

  it('a double tap sends one withdrawal with an Idempotency-Key; the server message is the toast; the field clears', async () => {
    const api = stubApi({
      'GET /wallet/v2/balance': balance(5000),
      'GET /wallet/withdraw': config(free),
      'POST /wallet/withdraw': accepted(7, 500),
    })
    await renderReadyToType()
    fireEvent.change(amountField(), { target: { value: '500' } })
    fireEvent.click(confirm())
    fireEvent.click(confirm())
    expect(await screen.findByText('ได้รับคำขอถอนเงินแล้ว')).toBeTruthy()
    expect(posts(api)).toHaveLength(1)
    expect((posts(api)[0]![1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[\x21-\x7e]{16,}$/)
    expect(amountField().value).toBe('')
  })

  it('retries a withdrawal that got no answer with the same key; a new amount gets a new key', async () => {
    let calls = 0
    const api = stubApi({
      'GET /wallet/v2/balance': balance(5000),
      'GET /wallet/withdraw': config(free),
      'POST /wallet/withdraw': () => {
        calls++
        if (calls === 1) throw new TypeError('Failed to fetch')
        return fail(422, 'RULE_REFUSED', 'ยอดเงินไม่เพียงพอ')
      },
    })
    await renderReadyToType()
    fireEvent.change(amountField(), { target: { value: '500' } })
    fireEvent.click(confirm())
    await screen.findByText('เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง')
    await waitFor(() => expect(confirm().hasAttribute('disabled')).toBe(false))
    fireEvent.click(confirm())
    // The server's refusal is the error toast.
    await screen.findByText('ยอดเงินไม่เพียงพอ')
    await waitFor(() => expect(confirm().hasAttribute('disabled')).toBe(false))
    fireEvent.change(amountField(), { target: { value: '600' } })
    fireEvent.click(confirm())
    await waitFor(() => expect(posts(api)).toHaveLength(3))
    const keys = posts(api).map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key'])
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  it('a promotion whose turnover is not met: nothing is withdrawable, and the page says why before the player types (issue 36)', async () => {
    const api = stubApi({
      'GET /wallet/v2/balance': balance(4000),
      'GET /wallet/withdraw': config(free, 300, { withdrawable: 0, held_by: { title: 'ฝากแรก รับ 100', type: 'TURNOVER', left: 1500 } }),
    })
    renderWithdraw()
    await waitFor(() => expect(screen.getByTestId('withdraw-balance').textContent).toBe('฿0.00'))
    await waitFor(() => expect(screen.getByTestId('withdraw-total').textContent).toBe('ยอดเงินทั้งหมด ฿4,000.00'))
    expect(screen.getByTestId('withdraw-held').textContent).toBe('ยังถอนไม่ได้จนกว่าจะทำยอดโปรโมชั่น ฝากแรก รับ 100 ครบ: ยอดเล่นอีก 1,500 บาท')
    expect(amountField().disabled).toBe(true)
    expect(confirm().hasAttribute('disabled')).toBe(true)
    fireEvent.submit(confirm().closest('form')!)
    expect(posts(api)).toHaveLength(0)
  })

  it('a CREDIT-type promotion says how much balance is still to reach', async () => {
    stubApi({
      'GET /wallet/v2/balance': balance(400),
      'GET /wallet/withdraw': config(free, 300, { withdrawable: 0, held_by: { title: 'โปรเครดิต', type: 'CREDIT', left: 600.5 } }),
    })
    renderWithdraw()
    expect((await screen.findByTestId('withdraw-held')).textContent).toBe('ยังถอนไม่ได้จนกว่ายอดเงินจะถึงเป้าของโปรโมชั่น โปรเครดิต: อีก 600.5 บาท')
  })
})
