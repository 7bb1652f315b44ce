import { banks } from '@sanam/contract/banks'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endSession, getSession } from '../../../lib/session.ts'
import { demoUser, fail, landing, ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { RegisterPage } from './register-page.tsx'

afterEach(() => {
  cleanup()
  endSession()
  vi.unstubAllGlobals()
})

function renderRegister(url = '/register') {
  return renderRoutes({ url, routes: [page('/register', <RegisterPage />), landing('/'), landing('/login')] })
}

function fillAll(overrides: Partial<Record<'mobile' | 'password' | 'firstname' | 'surname' | 'account', string>> = {}) {
  const values = { mobile: '0861234567', password: 'secret1', firstname: 'สมหญิง', surname: 'รักดี', account: '9876543210', ...overrides }
  fireEvent.change(screen.getByLabelText('เบอร์โทรศัพท์'), { target: { value: values.mobile } })
  fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: values.password } })
  fireEvent.change(screen.getByLabelText('ชื่อ'), { target: { value: values.firstname } })
  fireEvent.change(screen.getByLabelText('นามสกุล'), { target: { value: values.surname } })
  fireEvent.click(screen.getByRole('button', { name: /ธนาคาร/ }))
  fireEvent.click(within(screen.getByRole('dialog', { name: 'เลือกธนาคาร' })).getByRole('button', { name: /ธนาคารไทยพาณิชย์/ }))
  fireEvent.change(screen.getByLabelText('เลขบัญชี'), { target: { value: values.account } })
  fireEvent.click(screen.getByLabelText('ฉันมีอายุ 20 ปีขึ้นไป'))
  fireEvent.click(screen.getByLabelText(/ฉันได้อ่านและยอมรับ/))
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'สมัครสมาชิก' }))

describe('RegisterPage (spec §2 Register, §5, §8)', () => {
  it('asks for every field', () => {
    const api = stubApi({})
    renderRegister()
    submit()
    expect(screen.getByRole('alert').textContent).toBe('กรุณากรอกข้อมูลให้ครบถ้วน')
    expect(api).not.toHaveBeenCalled()
  })

  it('says inline that a password under 6 characters is too short, and does not submit', () => {
    const api = stubApi({})
    renderRegister()
    fillAll({ password: '12345' })
    expect(screen.getByText('รหัสผ่านควรมีอย่างน้อย 6 ตัวอักษร')).toBeTruthy()
    submit()
    expect(api).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: '123456' } })
    expect(screen.queryByText('รหัสผ่านควรมีอย่างน้อย 6 ตัวอักษร')).toBeNull()
  })

  it('asks the player to confirm being 20 or older, then to accept the terms, and links the site’s terms', () => {
    const api = stubApi({})
    renderRoutes({ url: '/register', routes: [page('/register', <RegisterPage termsUrl="https://sanam.example/terms" />), landing('/')] })
    fillAll()
    fireEvent.click(screen.getByLabelText('ฉันมีอายุ 20 ปีขึ้นไป'))
    submit()
    expect(screen.getByRole('alert').textContent).toBe('กรุณายืนยันว่าคุณมีอายุ 20 ปีขึ้นไป')
    fireEvent.click(screen.getByLabelText('ฉันมีอายุ 20 ปีขึ้นไป'))
    fireEvent.click(screen.getByLabelText(/ฉันได้อ่านและยอมรับ/))
    submit()
    expect(screen.getByRole('alert').textContent).toBe('กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้งาน')
    expect(api).not.toHaveBeenCalled()
    expect(screen.getByRole('link', { name: /ข้อกำหนดและเงื่อนไขการใช้งาน/ }).getAttribute('href')).toBe('https://sanam.example/terms')
  })

  it('lists the banks with badges and shows the chosen one', () => {
    renderRegister()
    fireEvent.click(screen.getByRole('button', { name: /ธนาคาร/ }))
    const dialog = screen.getByRole('dialog', { name: 'เลือกธนาคาร' })
    const items = within(dialog).getAllByRole('button', { pressed: false })
    expect(items).toHaveLength(23)
    // Each bank by its Thai name alone (issue 21 §7: the English names under them are gone).
    expect(items.map((item) => item.querySelector('.bank-list__name')?.textContent)).toEqual(banks.map((bank) => bank.th))
    for (const [index, item] of items.entries()) expect(item.textContent, banks[index]!.en).not.toContain(banks[index]!.en)
    fireEvent.click(within(dialog).getByRole('button', { name: /ทรูมันนี่ วอลเล็ท/ }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'ธนาคาร ทรูมันนี่ วอลเล็ท' })).toBeTruthy()
  })

  it('pre-fills and locks invite_code from the link', () => {
    renderRegister('/register?invite_code=FRIEND1')
    const invite = screen.getByLabelText('รหัสแนะนำ (ถ้ามี)') as HTMLInputElement
    expect(invite.value).toBe('FRIEND1')
    expect(invite.readOnly).toBe(true)
  })

  it('with u shows who invited (masked, never the raw id) locked in place of the referral field, and sends both', async () => {
    const api = stubApi({
      'GET /invites/upline': (_body, _init, url) => (url.searchParams.get('upid') === '42' ? ok({ upline: 'xxx-xxx-5678' }) : fail(404, 'NOT_FOUND', 'ไม่พบ')),
      'POST /auth/register': ok({ sms: true, token: 'pending', otp_ref: 'AB12' }),
    })
    renderRegister('/register?u=42&invite_code=FRIEND1')
    expect(screen.queryByLabelText('รหัสแนะนำ (ถ้ามี)')).toBeNull()
    const upline = screen.getByLabelText('ผู้แนะนำ') as HTMLInputElement
    await waitFor(() => expect(upline.value).toBe('xxx-xxx-5678'))
    expect(upline.readOnly).toBe(true)
    fillAll()
    submit()
    await screen.findByTestId('otp-ref')
    const sent = api.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(String(sent[1]?.body))).toEqual({
      mobile: '0861234567',
      password: 'secret1',
      firstname: 'สมหญิง',
      surname: 'รักดี',
      bank_account: '9876543210',
      bank_code: '014',
      invite_code: 'FRIEND1',
      upid: '42',
      adult: true,
      accept_terms: true,
    })
  })

  it('with a u that is no player says so under the locked field, and shows no id', async () => {
    stubApi({ 'GET /invites/upline': fail(404, 'NOT_FOUND', 'ไม่พบผู้แนะนำจากลิงก์นี้') })
    renderRegister('/register?u=777')
    const upline = screen.getByLabelText('ผู้แนะนำ') as HTMLInputElement
    expect(await screen.findByText('ไม่พบผู้แนะนำจากลิงก์นี้')).toBeTruthy()
    expect(upline.value).toBe('')
  })

  it('410 marks the account number field; 409 is a toast', async () => {
    let answer = fail(410, 'BANK_ACCOUNT_TAKEN', 'เลขบัญชีนี้ถูกใช้งานแล้ว')
    stubApi({ 'POST /auth/register': () => answer })
    renderRegister()
    fillAll()
    submit()
    await waitFor(() => expect(screen.getByLabelText('เลขบัญชี').getAttribute('aria-invalid')).toBe('true'))
    const account = screen.getByLabelText('เลขบัญชี')
    expect(document.getElementById(account.getAttribute('aria-describedby') ?? '')?.textContent).toBe('เลขบัญชีนี้ถูกใช้งานแล้ว')

    answer = fail(409, 'MOBILE_TAKEN', 'เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว')
    submit()
    await screen.findByText('เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว')
    expect(screen.getByLabelText('เลขบัญชี').getAttribute('aria-invalid')).toBeNull()
  })

  it('a password the server finds too common: its Thai message marks the password field', async () => {
    const message = 'รหัสผ่านนี้ถูกใช้บ่อยและเดาได้ง่าย กรุณาตั้งรหัสผ่านอื่น'
    stubApi({ 'POST /auth/register': fail(400, 'PASSWORD_TOO_COMMON', message, [{ path: 'password', message }]) })
    renderRegister()
    fillAll({ password: 'qwerty123' })
    submit()
    const password = screen.getByLabelText('รหัสผ่าน')
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message)
  })

  it('an array message shows its first item', async () => {
    stubApi({ 'POST /auth/register': fail(400, 'VALIDATION_FAILED', ['ข้อความแรก', 'ข้อความสอง'] as unknown as string) })
    renderRegister()
    fillAll()
    submit()
    await screen.findByText('ข้อความแรก')
    expect(screen.queryByText('ข้อความสอง')).toBeNull()
  })

  it('step 2: OTP reference, required code, confirm, then /login after about 4 s', async () => {
    const api = stubApi({ 'POST /auth/register': ok({ sms: true, token: 'pending', otp_ref: 'XY99' }), 'POST /auth/confirm': ok(null, 'ยืนยัน OTP สำเร็จ') })
    const { router } = renderRegister()
    fillAll()
    submit()
    expect((await screen.findByTestId('otp-ref')).textContent).toBe('XY99')
    const confirm = screen.getByRole('button', { name: 'ยืนยัน' })
    fireEvent.click(confirm)
    expect(screen.getByText('กรุณากรอกรหัส OTP')).toBeTruthy()
    const code = screen.getByLabelText('รหัส OTP') as HTMLInputElement
    expect(code.maxLength).toBe(6)
    fireEvent.change(code, { target: { value: '12a34567' } })
    expect(code.value).toBe('123456')
    fireEvent.click(confirm)
    await screen.findAllByText('ยืนยัน OTP สำเร็จ')
    expect(JSON.parse(String(api.mock.calls[1]![1]?.body))).toEqual({ mobile: '0861234567', token: 'pending', otp_code: '123456' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 })
    expect(router.state.location.state).toEqual({ mobile: '0861234567' })
  }, 10_000)

  it('without SMS: registration complete, then logged in automatically after 1 s', async () => {
    stubApi({ 'POST /auth/register': ok({ sms: false }), 'POST /auth/login': ok({ ...demoUser, mobile: '0861234567', token: 'auto' }) })
    const { router } = renderRegister()
    fillAll()
    submit()
    await screen.findAllByText('สมัครสมาชิกสำเร็จ')
    expect(getSession().token).toBeNull()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 })
    expect(getSession().token).toBe('auto')
  })
})
