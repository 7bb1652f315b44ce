import type { DraftBill, Promotion } from '@sanam/contract'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { endSession, startSession } from '../../../lib/session.ts'
import { demoUser, fail, landing, ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { DepositPage } from './deposit-page.tsx'

vi.mock('qrcode', () => ({ default: { toDataURL: (payload: string) => Promise.resolve(`data:image/png;base64,${btoa(payload)}`) } }))

beforeAll(() => {
  // jsdom has no clipboard.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(() => Promise.resolve()) }, configurable: true })
})

afterEach(() => {
  cleanup()
  endSession()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const promotions: Promotion[] = [
  {
    id: 2,
    title: 'ฝากประจำ รับเพิ่ม 100 บาท',
    image: '/media/promotions/demo-2.svg',
    credit_given: 100,
    credit_given_type: 'FIXED',
    rules: [
      { type: 'OLD_MEMBER', value: 1 },
      { type: 'MIN_DEPOSIT', value: 300 },
      { type: 'PROHIBITED_GAMES_TYPE', value: [4, 10] },
      { type: 'LUCKY_DAY', value: 'fri' },
    ],
  },
  {
    id: 3,
    title: 'ฝาก 500 รับเพิ่ม 10%',
    image: '/media/promotions/demo-3.svg',
    credit_given: 10,
    credit_given_type: 'PERCENT',
    rules: [{ type: 'MAX_BONUS', value: 1000 }],
  },
]

const operatorBank = { code: '014', name: 'บจก. สนาม เดโม', address: '4071234567', qrcode: '00020101021129370016A000000677010111' }
const draftBill: DraftBill = {
  payment_id: 'bill-1',
  status: 'LIVE',
  amount: 300,
  promotion_id: null,
  expires_at: '2026-11-23T10:03:00.000Z',
  seconds_left: 180,
  payment_information: {
    bank_code: '004',
    bank_name: 'ธนาคารกสิกรไทย',
    bank_account_name: 'บจก. สนาม สอง',
    bank_address: '1112223334',
    bank_qrcode: '000201010212PAYLOAD-WITH-AMOUNT',
  },
}

function stubDeposit(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /wallet/deposit/config': ok({ min_amount: 200 }),
    'GET /wallet/deposit/bank': ok(operatorBank),
    'GET /promotion': ok({ list: promotions }),
    'GET /wallet/deposit/draft_bill': ok(null),
    'POST /wallet/deposit/draft_bill': ok(draftBill, 'สร้างรายการฝากเงินสำเร็จ'),
    'POST /wallet/deposit/draft_bill/cancel': ok(null, 'ยกเลิกโปรโมชั่นแล้ว'),
    ...overrides,
  })
}

/** The balance never moves in these tests unless a test says so. */
const steadyBalance = () => Promise.resolve(50)

function renderDeposit(url = '/deposit', readBalance = steadyBalance) {
  startSession('token', demoUser)
  return renderRoutes({
    url,
    routes: [
      page('/deposit', <DepositPage user={demoUser} readBalance={readBalance} contactUrl="https://line.me/R/ti/p/@sanam-demo" />),
      landing('/'),
      landing('/history'),
    ],
  })
}

const amount = () => (screen.getByTestId('deposit-amount') as HTMLInputElement).value
const select = () => screen.getByLabelText('โปรโมชั่น') as HTMLSelectElement
const target = () => screen.getByTestId('target-bank')

describe('DepositPage (spec §2 Deposit, §4, §5, §8)', () => {
  it('shows the notice, the own account, the target account with its QR, notes and links; the amount is the config minimum', async () => {
    stubDeposit()
    renderDeposit()
    expect(screen.getByRole('note').textContent).toContain('กรุณาโอนจากบัญชีที่ลงทะเบียนไว้เท่านั้น')
    const member = screen.getByTestId('member-bank')
    expect(member.textContent).toContain('ธนาคารกสิกรไทย')
    expect(member.textContent).toContain('สมชาย ใจดี')
    expect(member.textContent).toContain('123-4-56789-0')
    await waitFor(() => expect(amount()).toBe('200.00'))
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).readOnly).toBe(true)
    await waitFor(() => expect(target().textContent).toContain('407-1-23456-7'))
    expect(target().textContent).toContain('ธนาคารไทยพาณิชย์')
    expect(target().textContent).toContain('บจก. สนาม เดโม')
    const qr = await within(target()).findByRole('img', { name: /คิวอาร์โค้ดพร้อมเพย์/ })
    expect(qr.getAttribute('src')).toBe(`data:image/png;base64,${btoa(operatorBank.qrcode)}`)
    expect(screen.getByText('เครดิตจะเข้าอัตโนมัติภายใน 3-5 นาที')).toBeTruthy()
    expect(screen.getByText('ระบบรับเฉพาะยอดโอนจากบัญชีที่ลงทะเบียนไว้เท่านั้น')).toBeTruthy()
    expect(screen.getByRole('link', { name: /ติดต่อฝ่ายบริการลูกค้า/ }).getAttribute('href')).toBe('https://line.me/R/ti/p/@sanam-demo')
    const history = screen.getByRole('link', { name: 'ดูประวัติการฝาก-ถอน' })
    expect(history.getAttribute('href')).toBe('/history')
    // 'ฝาก-ถอน' never breaks at its hyphen (issue 21 §7).
    expect(Array.from(history.querySelectorAll('.nowrap'), (part) => part.textContent)).toEqual(['ฝาก-ถอน'])
    expect([...select().options].map((option) => option.text)).toEqual(['ไม่รับโปรโมชั่น', 'ฝากประจำ รับเพิ่ม 100 บาท', 'ฝาก 500 รับเพิ่ม 10%'])
  })

  it('copies the account number and says so', async () => {
    stubDeposit()
    renderDeposit()
    await waitFor(() => expect(target().textContent).toContain('407-1-23456-7'))
    fireEvent.click(within(target()).getByRole('button', { name: 'คัดลอกเลขบัญชี' }))
    await screen.findByText('คัดลอกเลขบัญชีแล้ว')
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('4071234567')
  })

  it('copies the account number on plain http, where the phone has no navigator.clipboard', async () => {
    stubDeposit()
    renderDeposit()
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    const copied: string[] = []
    const execCommand = (command: string) => {
      const field = document.activeElement as HTMLTextAreaElement
      if (command === 'copy') copied.push(field.value.slice(field.selectionStart, field.selectionEnd))
      return true
    }
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
    try {
      await waitFor(() => expect(target().textContent).toContain('407-1-23456-7'))
      fireEvent.click(within(target()).getByRole('button', { name: 'คัดลอกเลขบัญชี' }))
      await screen.findByText('คัดลอกเลขบัญชีแล้ว')
      expect(copied).toEqual(['4071234567'])
    } finally {
      Reflect.deleteProperty(document, 'execCommand')
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(() => Promise.resolve()) }, configurable: true })
    }
  })

  it('choosing a promotion opens its rules and sets the amount to its MIN_DEPOSIT; "no promotion" resets it', async () => {
    stubDeposit()
    renderDeposit()
    await waitFor(() => expect(select().options).toHaveLength(3))
    fireEvent.change(select(), { target: { value: '2' } })
    const modal = screen.getByRole('dialog', { name: 'ฝากประจำ รับเพิ่ม 100 บาท' })
    expect(within(modal).getByTestId('credit-given').textContent).toBe('100 บาท')
    // A space between the words and the amount, whatever styles are loaded (the back-office preview has none of the page's).
    expect(within(modal).getByTestId('credit-given').parentElement?.textContent).toBe('เครดิตที่ได้รับ 100 บาท')
    expect(
      within(modal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['สำหรับสมาชิกเก่าเท่านั้น', 'ฝากขั้นต่ำ 300 บาท', 'ห้ามเล่นเกมประเภท: ยิงปลา, ฟังกี้เกม', 'LUCKY_DAY: fri'])
    expect(amount()).toBe('300.00')
    fireEvent.click(within(modal).getByRole('button', { name: 'ปิด' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    // Without MIN_DEPOSIT the config's minimum applies; a percentage promotion says so.
    fireEvent.change(select(), { target: { value: '3' } })
    expect(within(screen.getByRole('dialog')).getByTestId('credit-given').textContent).toBe('10% ของยอดฝาก')
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ปิด' }))
    expect(amount()).toBe('200.00')

    fireEvent.change(select(), { target: { value: '2' } })
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ปิด' }))
    fireEvent.change(select(), { target: { value: '' } })
    expect(amount()).toBe('200.00')
    expect(screen.queryByRole('button', { name: 'ดูเงื่อนไขโปรโมชั่น' })).toBeNull()
  })

  it('?promotion_id= preselects the promotion', async () => {
    stubDeposit()
    renderDeposit('/deposit?promotion_id=2')
    await waitFor(() => expect(select().value).toBe('2'))
    expect(amount()).toBe('300.00')
    fireEvent.click(screen.getByRole('button', { name: 'ดูเงื่อนไขโปรโมชั่น' }))
    expect(screen.getByRole('dialog', { name: 'ฝากประจำ รับเพิ่ม 100 บาท' })).toBeTruthy()
  })

  it('confirm creates the draft: dropdown locked, target switches to the draft bank, countdown; cancel clears it all', async () => {
    const api = stubDeposit()
    renderDeposit('/deposit?promotion_id=2')
    await waitFor(() => expect(select().value).toBe('2'))
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรายการฝาก' }))
    await screen.findByText('สร้างรายการฝากเงินสำเร็จ')
    const call = api.mock.calls.find(([url, init]) => String(url).endsWith('/wallet/deposit/draft_bill') && init?.method === 'POST')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ amount: 300, promotion: 2 })
    expect(select().disabled).toBe(true)
    expect(screen.getByRole('timer').textContent).toBe('กรุณาโอนภายใน 3:00 นาที')
    expect(screen.queryByRole('button', { name: 'ยืนยันรายการฝาก' })).toBeNull()
    expect(target().textContent).toContain('111-2-22333-4')
    expect(target().textContent).toContain('บจก. สนาม สอง')
    await waitFor(() => expect(within(target()).getByRole('img').getAttribute('src')).toBe(`data:image/png;base64,${btoa('000201010212PAYLOAD-WITH-AMOUNT')}`))

    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิกรายการ' }))
    await screen.findByText('ยกเลิกโปรโมชั่นแล้ว')
    expect(api.mock.calls.some(([url, init]) => String(url).endsWith('/wallet/deposit/draft_bill/cancel') && init?.method === 'POST')).toBe(true)
    expect(screen.queryByRole('timer')).toBeNull()
    expect(select().disabled).toBe(false)
    expect(select().value).toBe('')
    expect(amount()).toBe('200.00')
    expect(target().textContent).toContain('407-1-23456-7')
  })

  it('a refused draft shows the server message under the amount and as an error toast', async () => {
    stubDeposit({ 'POST /wallet/deposit/draft_bill': fail(422, 'RULE_REFUSED', 'คุณมีโปรโมชั่นที่รับอยู่แล้ว') })
    renderDeposit()
    await waitFor(() => expect(amount()).toBe('200.00'))
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรายการฝาก' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('คุณมีโปรโมชั่นที่รับอยู่แล้ว')
    expect(screen.getByTestId('deposit-amount').getAttribute('aria-describedby')).toBe(alert.id)
    expect(screen.getAllByText('คุณมีโปรโมชั่นที่รับอยู่แล้ว')).toHaveLength(2)
    expect(screen.queryByRole('timer')).toBeNull()
  })

  it('a bill open elsewhere (409, another tab) is read again and shown with its cancel button', async () => {
    let open: DraftBill | null = null
    stubDeposit({
      'GET /wallet/deposit/draft_bill': () => ok(open),
      'POST /wallet/deposit/draft_bill': () => {
        open = { ...draftBill, amount: 500, seconds_left: 90 }
        return fail(409, 'CONFLICT', 'มีรายการฝากที่รอชำระอยู่แล้ว กรุณายกเลิกก่อนสร้างรายการใหม่')
      },
    })
    renderDeposit()
    await waitFor(() => expect(amount()).toBe('200.00'))
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรายการฝาก' }))
    // The server's seconds left, once the bill is read (the countdown may first draw before they arrive).
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('กรุณาโอนภายใน 1:30 นาที'))
    expect(amount()).toBe('500.00')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'ยกเลิกรายการ' })).toBeTruthy()
  })

  it('a reload shows the open bill again, from the server: amount, promotion, time left, cancel, target account and QR', async () => {
    stubDeposit({ 'GET /wallet/deposit/draft_bill': ok({ ...draftBill, promotion_id: 2, seconds_left: 75 }) })
    renderDeposit()
    // The server's seconds left, once the bill is read (the countdown may first draw before they arrive).
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('กรุณาโอนภายใน 1:15 นาที'))
    await waitFor(() => expect(select().value).toBe('2'))
    expect(select().disabled).toBe(true)
    expect(amount()).toBe('300.00')
    expect(screen.queryByRole('button', { name: 'ยืนยันรายการฝาก' })).toBeNull()
    expect(target().textContent).toContain('111-2-22333-4')
    await waitFor(() => expect(within(target()).getByRole('img').getAttribute('src')).toBe(`data:image/png;base64,${btoa('000201010212PAYLOAD-WITH-AMOUNT')}`))
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิกรายการ' }))
    await screen.findByText('ยกเลิกโปรโมชั่นแล้ว')
    expect(select().value).toBe('')
    expect(amount()).toBe('200.00')
  })

  it('a bill that expired while the player was away says so; a new one can be made', async () => {
    stubDeposit({ 'GET /wallet/deposit/draft_bill': ok({ ...draftBill, status: 'EXPIRED', seconds_left: 0 }) })
    renderDeposit()
    await screen.findByText('รายการฝากหมดเวลาแล้ว')
    expect(screen.queryByRole('timer')).toBeNull()
    expect(amount()).toBe('200.00')
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรายการฝาก' }))
    await screen.findByRole('timer')
    expect(screen.queryByText('รายการฝากหมดเวลาแล้ว')).toBeNull()
  })

  it('the slip check starts when a bill exists, not when the page opens', async () => {
    const api = stubDeposit()
    renderDeposit()
    await waitFor(() => expect(amount()).toBe('200.00'))
    const cursorCalls = () => api.mock.calls.filter(([url]) => String(url).includes('/wallet/deposit/status/')).length
    expect(screen.queryByText('กำลังตรวจสอบสลิป...')).toBeNull()
    expect(cursorCalls()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรายการฝาก' }))
    await screen.findByText('กำลังตรวจสอบสลิป...')
    expect(cursorCalls()).toBe(1)
    // The bill gone, the check stops.
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิกรายการ' }))
    await screen.findByText('ยกเลิกโปรโมชั่นแล้ว')
    expect(screen.queryByText('กำลังตรวจสอบสลิป...')).toBeNull()
  })

  it('no confirm button for an amount of zero', async () => {
    stubDeposit({ 'GET /wallet/deposit/config': ok({ min_amount: 0 }) })
    renderDeposit()
    await waitFor(() => expect(amount()).toBe('0.00'))
    expect(screen.queryByRole('button', { name: 'ยืนยันรายการฝาก' })).toBeNull()
  })

  it('when the 180 s run out everything resets and the screen says the bill expired (no silent trip home)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    stubDeposit()
    const { router } = renderDeposit('/deposit?promotion_id=2')
    await waitFor(() => expect(select().value).toBe('2'))
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรายการฝาก' }))
    await screen.findByRole('timer')
    await act(() => vi.advanceTimersByTimeAsync(179_000))
    expect(screen.getByRole('timer').textContent).toMatch(/0:0[01]/)
    expect(screen.queryByText('รายการฝากหมดเวลาแล้ว')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(screen.getByText('รายการฝากหมดเวลาแล้ว')).toBeTruthy()
    expect(screen.queryByRole('timer')).toBeNull()
    expect(screen.queryByText('กำลังตรวจสอบสลิป...')).toBeNull()
    expect(select().value).toBe('')
    expect(select().disabled).toBe(false)
    expect(amount()).toBe('200.00')
    expect(router.state.location.pathname).toBe('/deposit')
  })

  it('when the balance rises: the success toast, then home after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    stubDeposit()
    let balance = 50
    const { router } = renderDeposit('/deposit', () => Promise.resolve(balance))
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(screen.queryByText('ฝากเงินสำเร็จ ได้รับเครดิตแล้ว')).toBeNull()
    balance = 350
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(screen.getByText('ฝากเงินสำเร็จ ได้รับเครดิตแล้ว')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/deposit')
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(router.state.location.pathname).toBe('/')
  })
})
