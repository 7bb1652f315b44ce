import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { demoUser, fail, ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { HistoryPage } from './history-page.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function renderHistory(state?: unknown, onLogout = vi.fn()) {
  const view = renderRoutes({ url: { pathname: '/history', state }, routes: [page('/history', <HistoryPage user={demoUser} onLogout={onLogout} />)] })
  return { ...view, onLogout }
}

const walletRow = (n: number, txstatus: string, txtype = 'DEPOSIT') => ({
  id: `d${n}`,
  txtype,
  txamount: 100 * n,
  txstatus,
  created_at: '2026-11-21T17:30:00.000Z',
})

describe('HistoryPage tabs (spec §2 History)', () => {
  it('opens on the info tab: phone, own bank account, logout; the activity tab button is disabled', () => {
    const { onLogout } = renderHistory()
    expect(screen.getByRole('tab', { name: 'ข้อมูลส่วนตัว' }).getAttribute('aria-selected')).toBe('true')
    expect((screen.getByRole('tab', { name: 'กิจกรรม' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('profile-mobile').textContent).toBe('0812345678')
    expect(within(screen.getByRole('region', { name: 'บัญชีธนาคารของฉัน' })).getByTestId('bank-account-number').textContent).toBe('123-4-56789-0')
    fireEvent.click(screen.getByRole('button', { name: 'ออกจากระบบ' }))
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it('router state tab: activity shows the promotion history with Thai statuses and paging', async () => {
    const api = stubApi({
      'GET /promotion/histories': (_body, _init, url) =>
        url.searchParams.get('page') === '0'
          ? ok({
              list: [
                { id: 1, description: 'สมาชิกใหม่ รับโบนัส 50%', bonus: 50, status: 'SUCCESS' },
                { id: 2, description: 'ฝาก 500 รับเพิ่ม 10%', bonus: 1000.5, status: 'FAIL' },
              ],
              page: 0,
              size: 2,
              total: 3,
            })
          : ok({ list: [{ id: 3, description: 'ฝากประจำ', bonus: 100, status: 'PENDING' }], page: 1, size: 2, total: 3 }),
    })
    renderHistory({ tab: 'activity' })
    const table = await screen.findByRole('table', { name: 'ประวัติกิจกรรมโปรโมชั่น' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual(['สมาชิกใหม่ รับโบนัส 50%50.00 บาทสำเร็จ', 'ฝาก 500 รับเพิ่ม 10%1,000.50 บาทรอดำเนินการ'])
    expect(screen.getByRole('navigation', { name: 'เปลี่ยนหน้า' }).textContent).toContain('หน้า 1')
    fireEvent.click(screen.getByRole('button', { name: 'หน้าถัดไป' }))
    await screen.findByText('ฝากประจำ')
    expect(screen.getByText('หน้า 2')).toBeTruthy()
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/promotion/histories?page=1')
  })

  it('deposit-withdraw tab: type, amount, coloured status, Buddhist-era date; previous off on the first page, next off on the last', async () => {
    stubApi({
      'GET /wallet/histories': (_body, _init, url) =>
        url.searchParams.get('page') === '0'
          ? ok({
              list: [walletRow(1, 'PENDING'), walletRow(2, 'SUCCESS', 'WITHDRAW'), walletRow(3, 'FAIL'), walletRow(4, 'CANCEL', 'WITHDRAW')],
              page: 0,
              size: 4,
              total: 5,
            })
          : ok({ list: [walletRow(5, 'REVIEW')], page: 1, size: 4, total: 5 }),
    })
    renderHistory({ tab: 'withdraw' })
    const table = await screen.findByRole('table', { name: 'ประวัติการฝาก-ถอน' })
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(cells[0]).toEqual(['ฝากเงิน', '฿100.00', 'รอดำเนินการ', '22 พ.ย. 2569 00:30'])
    expect(cells[1]![0]).toMatch(/^ถอนเงิน/)
    const badges = within(table)
      .getAllByText(/รอดำเนินการ|สำเร็จ|ไม่สำเร็จ|ยกเลิก/)
      .map((badge) => badge.className)
    expect(badges).toEqual([
      'status-badge status-badge--pending',
      'status-badge status-badge--success',
      'status-badge status-badge--failed',
      'status-badge status-badge--failed',
    ])
    const previous = screen.getByRole('button', { name: 'หน้าก่อนหน้า' }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: 'หน้าถัดไป' }) as HTMLButtonElement
    expect([previous.disabled, next.disabled]).toEqual([true, false])
    fireEvent.click(next)
    // A status the app does not know is shown as it came, uncoloured.
    const unknown = await screen.findByText('REVIEW')
    expect(unknown.className).toBe('status-badge')
    expect(screen.getByText('หน้า 2')).toBeTruthy()
    await waitFor(() => expect([previous.disabled, next.disabled]).toEqual([false, true]))
  })

  it('a tapped tab shows its panel', async () => {
    stubApi({ 'GET /wallet/histories': ok({ list: [], page: 0, size: 20, total: 0 }) })
    renderHistory()
    fireEvent.click(screen.getByRole('tab', { name: 'ฝาก-ถอน' }))
    expect(await screen.findByText('ไม่มีข้อมูล')).toBeTruthy()
    expect(screen.queryByTestId('profile-mobile')).toBeNull()
  })
})

describe('change password (spec §5, §4, §8)', () => {
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
  function openForm() {
    fireEvent.click(screen.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }))
  }
  function fill(old: string, next: string, confirm: string) {
    fireEvent.change(field('รหัสผ่านเดิม'), { target: { value: old } })
    fireEvent.change(field('รหัสผ่านใหม่'), { target: { value: next } })
    fireEvent.change(field('ยืนยันรหัสผ่านใหม่'), { target: { value: confirm } })
  }
  const confirmButton = () => within(screen.getByRole('form', { name: 'เปลี่ยนรหัสผ่าน' })).getByRole('button', { name: 'ยืนยัน' }) as HTMLButtonElement

  it('opens and closes', () => {
    renderHistory()
    const toggle = screen.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' })
    expect(screen.queryByLabelText('รหัสผ่านเดิม')).toBeNull()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(field('รหัสผ่านเดิม')).toBeTruthy()
    fireEvent.click(toggle)
    expect(screen.queryByLabelText('รหัสผ่านเดิม')).toBeNull()
  })

  it('says each rule and keeps the button disabled while a field is empty or the new password is short', () => {
    const api = stubApi({})
    renderHistory()
    openForm()
    expect(confirmButton().disabled).toBe(true)
    fireEvent.blur(field('รหัสผ่านเดิม'))
    expect(screen.getByRole('alert').textContent).toBe('กรุณากรอกข้อมูลให้ครบทุกช่อง')
    fill('old-pass', 'abc', 'abc')
    expect(screen.getByRole('alert').textContent).toBe('รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร')
    expect(confirmButton().disabled).toBe(true)
    fill('old-pass', 'abcdef', 'abcdeg')
    expect(confirmButton().disabled).toBe(false)
    expect(screen.getByRole('alert').textContent).toBe('รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน')
    fireEvent.click(confirmButton())
    expect(api).not.toHaveBeenCalled()
  })

  it('on success clears the fields, toasts the server message and logs out after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = stubApi({ 'POST /user/@me/password': ok(null, 'เปลี่ยนรหัสผ่านสำเร็จ') })
    const { onLogout } = renderHistory()
    openForm()
    fill('sanam1234', 'new-pass-1', 'new-pass-1')
    fireEvent.click(confirmButton())
    await screen.findByText('เปลี่ยนรหัสผ่านสำเร็จ')
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ old: 'sanam1234', new: 'new-pass-1' })
    expect([field('รหัสผ่านเดิม').value, field('รหัสผ่านใหม่').value, field('ยืนยันรหัสผ่านใหม่').value]).toEqual(['', '', ''])
    expect(screen.getByText(/ระบบจะออกจากระบบใน 5 วินาที/)).toBeTruthy()
    act(() => void vi.advanceTimersByTime(4000))
    expect(onLogout).not.toHaveBeenCalled()
    act(() => void vi.advanceTimersByTime(1000))
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it('shows the server’s refusal under the form, and a network failure as the connection toast', async () => {
    let calls = 0
    stubApi({
      'POST /user/@me/password': () => {
        calls++
        if (calls === 2) throw new TypeError('Failed to fetch')
        return fail(422, 'OLD_PASSWORD_WRONG', 'รหัสผ่านเดิมไม่ถูกต้อง')
      },
    })
    const { onLogout } = renderHistory()
    openForm()
    fill('wrong-old', 'new-pass-1', 'new-pass-1')
    fireEvent.click(confirmButton())
    const form = screen.getByRole('form', { name: 'เปลี่ยนรหัสผ่าน' })
    expect((await within(form).findByRole('alert')).textContent).toBe('รหัสผ่านเดิมไม่ถูกต้อง')
    await waitFor(() => expect(confirmButton().disabled).toBe(false))
    fireEvent.click(confirmButton())
    expect(await screen.findByText('เกิดข้อผิดพลาดในการเชื่อมต่อ')).toBeTruthy()
    expect(field('รหัสผ่านเดิม').value).toBe('wrong-old')
    expect(onLogout).not.toHaveBeenCalled()
  })
})
