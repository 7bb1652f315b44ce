import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endSession, getSession } from '../../../lib/session.ts'
import { demoUser, fail, landing, ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { REMEMBERED_PHONE_KEY } from '../remember-login.ts'
import { LoginPage } from './login-page.tsx'

afterEach(() => {
  cleanup()
  endSession()
  localStorage.clear()
  vi.unstubAllGlobals()
})

function renderLogin() {
  return renderRoutes({ url: '/login', routes: [page('/login', <LoginPage supportUrl="https://line.me/R/ti/p/@sanam-demo" />), landing('/')] })
}

function fill(mobile: string, password: string) {
  fireEvent.change(screen.getByLabelText('เบอร์โทรศัพท์'), { target: { value: mobile } })
  fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: password } })
}

describe('LoginPage (spec §2 Login)', () => {
  it('has the fields, remember box, register link and customer-service link', () => {
    renderLogin()
    expect(screen.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeTruthy()
    expect(screen.getByLabelText('เบอร์โทรศัพท์').getAttribute('autocomplete')).toBe('username')
    expect(screen.getByLabelText('รหัสผ่าน').getAttribute('autocomplete')).toBe('current-password')
    expect((screen.getByRole('checkbox', { name: 'จำเบอร์โทรไว้ในเครื่องนี้' }) as HTMLInputElement).checked).toBe(false)
    expect(screen.getByRole('link', { name: 'สมัครสมาชิก' }).getAttribute('href')).toBe('/register')
    const support = screen.getByRole('link', { name: /ติดต่อฝ่ายบริการลูกค้า/ })
    expect(support.getAttribute('href')).toBe('https://line.me/R/ti/p/@sanam-demo')
    expect(support.getAttribute('target')).toBe('_blank')
  })

  it('asks for phone and password before calling', () => {
    const api = stubApi({})
    renderLogin()
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    expect(screen.getByRole('alert').textContent).toBe('กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน')
    expect(api).not.toHaveBeenCalled()
  })

  it('shows the server message for a wrong password and stays', async () => {
    stubApi({ 'POST /auth/login': fail(401, 'BAD_CREDENTIALS', 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง') })
    const { router } = renderLogin()
    fill('0812345678', 'wrong')
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    await screen.findByText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')
    expect(router.state.location.pathname).toBe('/login')
    expect(getSession().token).toBeNull()
  })

  it('a wrong password, then the right one: the earlier error does not follow the player to the lobby', async () => {
    let tries = 0
    stubApi({
      'POST /auth/login': () =>
        ++tries === 1 ? fail(401, 'BAD_CREDENTIALS', 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง') : ok({ ...demoUser, token: 'new-token' }, 'เข้าสู่ระบบสำเร็จ'),
    })
    renderLogin()
    fill('0812345678', 'wrong')
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    await screen.findByText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')
    fill('0812345678', 'sanam1234')
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    await screen.findByTestId('landed')
    expect(screen.getByText('เข้าสู่ระบบสำเร็จ')).toBeTruthy()
    expect(screen.queryByText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')).toBeNull()
  })

  it('after an operator reset: the temporary password opens the new-password form, which signs in with the new one', async () => {
    const renewals: unknown[] = []
    stubApi({
      'POST /auth/login': fail(403, 'PASSWORD_CHANGE_REQUIRED', 'รหัสผ่านนี้เป็นรหัสผ่านชั่วคราว กรุณาตั้งรหัสผ่านใหม่ก่อนเข้าสู่ระบบ'),
      'POST /auth/password/renew': (body) => {
        renewals.push(body)
        return ok({ ...demoUser, token: 'renewed-token' }, 'ตั้งรหัสผ่านใหม่สำเร็จ เข้าสู่ระบบแล้ว')
      },
    })
    renderLogin()
    fill('0812345678', 'TEMP7K2M9Q')
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    await screen.findByRole('heading', { name: 'ตั้งรหัสผ่านใหม่' })
    expect(screen.getByText(/รหัสผ่านชั่วคราว/).getAttribute('role')).toBe('status')

    const submit = screen.getByRole('button', { name: 'ตั้งรหัสผ่านใหม่และเข้าสู่ระบบ' })
    fireEvent.change(screen.getByLabelText('รหัสผ่านใหม่'), { target: { value: 'abc' } })
    fireEvent.change(screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), { target: { value: 'abc' } })
    fireEvent.click(submit)
    expect(screen.getByRole('alert').textContent).toBe('รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร')
    fireEvent.change(screen.getByLabelText('รหัสผ่านใหม่'), { target: { value: 'ของใหม่ 2026' } })
    fireEvent.change(screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), { target: { value: 'ของใหม่ 2027' } })
    fireEvent.click(submit)
    expect(screen.getByRole('alert').textContent).toBe('รหัสผ่านใหม่และการยืนยันรหัสผ่านไม่ตรงกัน')
    expect(renewals).toEqual([])

    fireEvent.change(screen.getByLabelText('ยืนยันรหัสผ่านใหม่'), { target: { value: 'ของใหม่ 2026' } })
    fireEvent.click(submit)
    await screen.findByTestId('landed')
    expect(renewals).toEqual([{ mobile: '0812345678', password: 'TEMP7K2M9Q', new_password: 'ของใหม่ 2026' }])
    expect(getSession().token).toBe('renewed-token')
  })

  it('logs in, remembers the phone (and only the phone) when asked, and goes home', async () => {
    stubApi({ 'POST /auth/login': ok({ ...demoUser, token: 'new-token' }, 'เข้าสู่ระบบสำเร็จ') })
    // A browser with the Credential Management API: the box does not hand it the password either.
    const store = vi.fn(() => Promise.resolve(undefined))
    vi.stubGlobal('PasswordCredential', class {})
    vi.stubGlobal('navigator', { ...navigator, credentials: { store, get: vi.fn(() => Promise.resolve(null)), preventSilentAccess: vi.fn() } })
    renderLogin()
    fill('0812345678', 'sanam1234')
    fireEvent.click(screen.getByRole('checkbox', { name: 'จำเบอร์โทรไว้ในเครื่องนี้' }))
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    await screen.findByTestId('landed')
    expect(getSession().token).toBe('new-token')
    expect(getSession().user?.firstname).toBe('สมชาย')
    expect(localStorage.getItem(REMEMBERED_PHONE_KEY)).toBe('0812345678')
    expect(JSON.stringify({ ...localStorage })).not.toContain('sanam1234')
    expect(store).not.toHaveBeenCalled()
  })

  it('pre-fills a remembered phone, and forgets it when the box is unticked', async () => {
    localStorage.setItem(REMEMBERED_PHONE_KEY, '0812345678')
    stubApi({ 'POST /auth/login': ok({ ...demoUser, token: 't' }) })
    renderLogin()
    expect((screen.getByLabelText('เบอร์โทรศัพท์') as HTMLInputElement).value).toBe('0812345678')
    const remember = screen.getByRole('checkbox', { name: 'จำเบอร์โทรไว้ในเครื่องนี้' }) as HTMLInputElement
    expect(remember.checked).toBe(true)
    fireEvent.click(remember)
    fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: 'sanam1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    await screen.findByTestId('landed')
    await act(async () => {})
    await waitFor(() => expect(localStorage.getItem(REMEMBERED_PHONE_KEY)).toBeNull())
  })
})
