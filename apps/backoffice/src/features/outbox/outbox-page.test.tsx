import type { OutboxToday } from '@sanam/contract'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The outbox page (issue 38 §5) on stubbed data: what the desk reads, and which messages it may send again.

const state = vi.hoisted(() => ({ role: 'support' as string, today: undefined as unknown, resent: [] as number[] }))
vi.mock('../../lib/operator.ts', () => ({ useOperator: () => ({ data: { role: state.role } }) }))
vi.mock('../../components/toasts.tsx', () => ({ useToast: () => () => undefined }))
vi.mock('./api/get-outbox.ts', () => ({ useOutboxToday: () => ({ isPending: false, data: state.today }) }))
vi.mock('./api/resend-outbox-message.ts', () => ({
  useResendOutboxMessage: () => ({ isPending: false, mutate: (id: number) => state.resent.push(id) }),
}))
const { OutboxPage } = await import('./outbox-page.tsx')

const message = (over: Partial<OutboxToday['failed'][number]>): OutboxToday['failed'][number] => ({
  id: 1,
  channel: 'sms',
  recipient: '081-xxx-5678',
  template: 'PASSWORD_CHANGED',
  status: 'FAILED',
  attempts: 1,
  next_attempt_at: '2026-11-29T03:00:00.000Z',
  last_error: 'do-not-send list',
  created_at: '2026-11-29T03:00:00.000Z',
  sent_at: null,
  resend_of: null,
  resendable: true,
  ...over,
})

beforeEach(() => {
  state.resent = []
  state.today = {
    day: '2026-11-29',
    channels: [{ channel: 'sms', sent: 12, failed: 2, waiting: 1 }],
    failed: [
      message({ id: 7 }),
      message({ id: 8, template: 'OTP', status: 'DEAD', resendable: false, last_error: 'down (the request was told; not retried)' }),
    ],
    waiting: [message({ id: 9, status: 'PENDING', resendable: false, last_error: null })],
    alerts: [{ id: 1, kind: 'SMS_NO_CREDIT', channel: 'sms', details: 'SMSMKT answered 200 code 400', created_at: '2026-11-29T03:00:00.000Z' }],
  } satisfies OutboxToday
})
afterEach(cleanup)

describe('the outbox page', () => {
  it("shows today's counts per channel, the credit alert, and the failed and waiting messages", () => {
    render(<OutboxPage />)
    const row = screen.getByRole('row', { name: /SMS/ })
    expect(row.textContent).toContain('12')
    expect(screen.getByRole('alert').textContent).toContain('เครดิต SMS หมด')
    expect(screen.getByText(/#7 แจ้งเปลี่ยนรหัสผ่าน/)).toBeTruthy()
    expect(screen.getByText(/#9 แจ้งเปลี่ยนรหัสผ่าน/)).toBeTruthy()
  })

  it('shows a low credit reading (channel sms-credit) as the same alert: top up, without claiming the credit is out', () => {
    const today = state.today as OutboxToday
    today.alerts = [{ id: 2, kind: 'SMS_NO_CREDIT', channel: 'sms-credit', details: 'เครดิต SMS เหลือ 120', created_at: '2026-11-29T03:00:00.000Z' }]
    render(<OutboxPage />)
    const alert = screen.getByRole('alert').textContent
    expect(alert).toContain('เครดิต SMS หมดหรือใกล้หมด กรุณาเติมเครดิตกับผู้ให้บริการ SMS')
    expect(alert).toContain('sms-credit')
  })

  it.each([
    ['LINE_QUOTA', 'โควตาข้อความ LINE ของเดือนนี้หมดแล้ว'],
    ['LINE_UNAUTHORIZED', 'LINE ปฏิเสธ channel access token'],
  ])("shows LINE's own alert %s in LINE's words, never the SMS credit's (ADR 087)", (kind, words) => {
    const today = state.today as OutboxToday
    today.alerts = [{ id: 3, kind, channel: 'line', details: 'LINE push answered 429', created_at: '2026-11-29T03:00:00.000Z' }]
    render(<OutboxPage />)
    const alert = screen.getByRole('alert').textContent
    expect(alert).toContain(words)
    expect(alert).not.toContain('SMS')
  })

  it('counts any channel by its name, a LINE notice beside the SMS (ADR 087)', () => {
    const today = state.today as OutboxToday
    today.channels.push({ channel: 'line', sent: 4, failed: 1, waiting: 0 })
    today.failed.push(message({ id: 11, channel: 'line', recipient: 'U0123', template: 'NOTICE_DEPOSIT_CREDITED' }))
    render(<OutboxPage />)
    expect(screen.getByRole('row', { name: /LINE/ }).textContent).toContain('4')
    expect(screen.getByText(/#11 แจ้งเติมเงินเข้า/)).toBeTruthy()
  })

  it('offers a resend of a failed notice only, never of a code', () => {
    render(<OutboxPage />)
    fireEvent.click(screen.getByRole('button', { name: 'ส่งซ้ำ #7' }))
    expect(state.resent).toEqual([7])
    expect(screen.queryByRole('button', { name: 'ส่งซ้ำ #8' })).toBeNull()
    expect(screen.getByText('ส่งซ้ำไม่ได้')).toBeTruthy()
  })
})
