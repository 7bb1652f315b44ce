import { describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp } from '../../../test/app.ts'
import { makePlayer, registerBody, uniqueMobile } from '../../../test/factories.ts'
import { eq } from 'drizzle-orm'
import { sessions } from '../../db/schema.ts'
import { sha256 } from '../../lib/crypto.ts'
import { playersRepository } from '../users/users.repository.ts'

const t = useTestApp()

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers })

/** The newest code the console sender delivered to this phone. */
function lastCode(mobile: string) {
  const [message] = t.outbox.outbox(mobile)
  if (!message?.otp) throw new Error(`no SMS for ${mobile}`)
  return { otp: message.otp, ref: message.otp_ref }
}

describe('POST /api/auth/register with OTP', () => {
  it('sends a code, keeps the account inactive until confirmed, then lets the player log in', async () => {
    const body = registerBody()
    const res = await post('/api/auth/register', body)
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ sms: true, otp_ref: expect.any(String), token: expect.any(String) })
    expect(lastCode(body.mobile).ref).toBe(data.otp_ref)

    // Not a player yet: login fails the same way as an unknown phone.
    const early = await post('/api/auth/login', { mobile: body.mobile, password: body.password })
    expect(early.statusCode).toBe(401)
    expect(early.json().message).toBe('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')

    const confirm = await post('/api/auth/confirm', { mobile: body.mobile, token: data.token, otp_code: lastCode(body.mobile).otp })
    expect(confirm.statusCode).toBe(200)
    expect(confirm.json()).toMatchObject({ success: true, message: 'ยืนยัน OTP สำเร็จ' })

    const login = await post('/api/auth/login', { mobile: body.mobile, password: body.password })
    expect(login.statusCode).toBe(200)
    expect(login.json().data).toMatchObject({
      mobile: body.mobile,
      firstname: body.firstname,
      bank: { code: '014', name: 'ธนาคารไทยพาณิชย์', account: body.bank_account },
      token: expect.any(String),
    })
  })

  it('accepts a code only once', async () => {
    const body = registerBody()
    const { token } = (await post('/api/auth/register', body)).json().data
    const code = lastCode(body.mobile).otp
    expect((await post('/api/auth/confirm', { mobile: body.mobile, token, otp_code: code })).statusCode).toBe(200)
    const again = await post('/api/auth/confirm', { mobile: body.mobile, token, otp_code: code })
    expect(again.statusCode).toBe(422)
    expect(again.json().code).toBe('OTP_INVALID')
  })

  it('refuses a code after 5 minutes', async () => {
    const body = registerBody()
    const { token } = (await post('/api/auth/register', body)).json().data
    t.clock.advance(5 * 60_000)
    const res = await post('/api/auth/confirm', { mobile: body.mobile, token, otp_code: lastCode(body.mobile).otp })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe('รหัส OTP ไม่ถูกต้องหรือหมดอายุ')
    expect(await playersRepository.findByMobile(t.db, body.mobile)).toBeUndefined()
  })

  it('allows 5 tries, then even the right code needs a new registration', async () => {
    const body = registerBody()
    const { token } = (await post('/api/auth/register', body)).json().data
    const right = lastCode(body.mobile).otp
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/confirm', { mobile: body.mobile, token, otp_code: wrong })).json().code).toBe('OTP_INVALID')
    }
    const sixth = await post('/api/auth/confirm', { mobile: body.mobile, token, otp_code: right })
    expect(sixth.statusCode).toBe(422)
    expect(sixth.json().code).toBe('OTP_ATTEMPTS_EXCEEDED')

    // Registering again after the resend wait sends a new code that works.
    t.clock.advance(61_000)
    const again = (await post('/api/auth/register', body)).json().data
    const ok = await post('/api/auth/confirm', { mobile: body.mobile, token: again.token, otp_code: lastCode(body.mobile).otp })
    expect(ok.statusCode).toBe(200)
  })

  it('sends one phone at most five codes an hour, whoever asks: the sixth is 429 and sends nothing', async () => {
    const body = registerBody()
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/register', body, { 'x-forwarded-for': `203.0.113.${i + 1}` })
      expect(res.statusCode, res.body).toBe(200)
      t.clock.advance(61_000)
    }
    const sixth = await post('/api/auth/register', body, { 'x-forwarded-for': '203.0.113.9' })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().code).toBe('RATE_LIMITED')
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0)
    expect(t.outbox.outbox(body.mobile)).toHaveLength(5)
  })

  it('refuses a code sent with another registration token', async () => {
    const body = registerBody()
    await post('/api/auth/register', body)
    const res = await post('/api/auth/confirm', { mobile: body.mobile, token: 'not-the-token', otp_code: lastCode(body.mobile).otp })
    expect(res.statusCode).toBe(422)
  })

  it('replaces an abandoned registration, after the 60 s resend wait, and only the new code works', async () => {
    const body = registerBody()
    const first = (await post('/api/auth/register', body)).json().data
    const firstCode = lastCode(body.mobile).otp

    const tooSoon = await post('/api/auth/register', body)
    expect(tooSoon.statusCode).toBe(429)
    expect(tooSoon.headers['retry-after']).toBe('60')

    t.clock.advance(60_000)
    const second = (await post('/api/auth/register', { ...body, firstname: 'ใหม่' })).json().data
    expect(second.token).not.toBe(first.token)
    expect(t.outbox.outbox(body.mobile)).toHaveLength(2)

    const stale = await post('/api/auth/confirm', { mobile: body.mobile, token: first.token, otp_code: firstCode })
    expect(stale.statusCode).toBe(422)
    const fresh = await post('/api/auth/confirm', { mobile: body.mobile, token: second.token, otp_code: lastCode(body.mobile).otp })
    expect(fresh.statusCode).toBe(200)
    expect((await playersRepository.findByMobile(t.db, body.mobile))?.firstname).toBe('ใหม่')
  })

  it('does not let a pending registration hold a bank account: the first to confirm gets it, the other gets 410', async () => {
    const a = registerBody()
    const b = registerBody({ bank_account: a.bank_account, bank_code: a.bank_code })
    const ta = (await post('/api/auth/register', a)).json().data.token
    const tb = (await post('/api/auth/register', b)).json().data.token
    expect((await post('/api/auth/confirm', { mobile: b.mobile, token: tb, otp_code: lastCode(b.mobile).otp })).statusCode).toBe(200)
    const late = await post('/api/auth/confirm', { mobile: a.mobile, token: ta, otp_code: lastCode(a.mobile).otp })
    expect(late.statusCode).toBe(410)
    expect(late.json().message).toBe('เลขบัญชีนี้ถูกใช้งานแล้ว')
  })
})

describe('POST /api/auth/register checks', () => {
  it('answers 409 for a registered phone and 410 for a registered bank account, storing nothing', async () => {
    const player = await makePlayer(t.db)
    const phone = await post('/api/auth/register', registerBody({ mobile: player.mobile }))
    expect(phone.statusCode).toBe(409)
    expect(phone.json()).toMatchObject({ success: false, code: 'MOBILE_TAKEN', message: 'เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว' })

    const body = registerBody({ bank_code: player.bankCode, bank_account: player.bankAccount })
    const bank = await post('/api/auth/register', body)
    expect(bank.statusCode).toBe(410)
    expect(bank.json().code).toBe('BANK_ACCOUNT_TAKEN')
    expect(t.outbox.outbox(body.mobile)).toHaveLength(0)
  })

  it('links the upline by invite code or by upline id, and ignores unknown ones', async () => {
    const upline = await makePlayer(t.db)
    const cases: Array<[Record<string, unknown>, number | null]> = [
      [{ invite_code: upline.inviteCode }, upline.id],
      [{ invite_code: upline.inviteCode.toLowerCase() }, upline.id],
      [{ upid: String(upline.id) }, upline.id],
      [{ upid: upline.id }, upline.id],
      [{ invite_code: 'NOSUCHCODE' }, null],
      [{ upid: '99999999' }, null],
      [{ invite_code: null, upid: null }, null],
    ]
    for (const [codes, expected] of cases) {
      const body = registerBody(codes)
      const { token } = (await post('/api/auth/register', body)).json().data
      expect((await post('/api/auth/confirm', { mobile: body.mobile, token, otp_code: lastCode(body.mobile).otp })).statusCode).toBe(200)
      expect((await playersRepository.findByMobile(t.db, body.mobile))?.uplineId, JSON.stringify(codes)).toBe(expected)
    }
  })

  const invalid: Array<[string, Record<string, unknown>]> = [
    ['mobile not starting 06/08/09', { mobile: '0212345678' }],
    ['mobile too short', { mobile: '081234567' }],
    ['mobile too long', { mobile: '08123456789' }],
    ['mobile as number', { mobile: 812345678 }],
    ['mobile with letters', { mobile: '08l2345678' }],
    ['password too short', { password: '12345' }],
    ['password too long', { password: 'x'.repeat(73) }],
    ['password not a string', { password: 123456 }],
    ['empty firstname', { firstname: '   ' }],
    ['firstname over 100', { firstname: 'ก'.repeat(101) }],
    ['surname missing', { surname: undefined }],
    ['surname as object', { surname: { a: 1 } }],
    ['bank account too short', { bank_account: '123456789' }],
    ['bank account too long', { bank_account: '1'.repeat(16) }],
    ['bank account with dashes', { bank_account: '123-4-56789-0' }],
    ['bank code not on the list', { bank_code: '999' }],
    ['bank code as number', { bank_code: 14 }],
    ['invite code too long', { invite_code: 'A'.repeat(33) }],
    ['unknown field', { is_admin: true }],
  ]
  it.each(invalid)('refuses %s with 400 and a Thai message, storing nothing', async (_name, change) => {
    const body = registerBody(change)
    const res = await post('/api/auth/register', body)
    expect(res.statusCode).toBe(400)
    const json = res.json()
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    expect(json.message).toMatch(/[\u0E00-\u0E7F]/)
    expect(json.errors.length).toBeGreaterThan(0)
    if (typeof body.mobile === 'string') expect(t.outbox.outbox(body.mobile)).toHaveLength(0)
  })

  it('lists every bad field when several are wrong', async () => {
    const res = await post('/api/auth/register', { mobile: '1', password: '1', firstname: '', surname: '', bank_account: 'x', bank_code: 'x' })
    expect(res.statusCode).toBe(400)
    const paths = res.json().errors.map((e: { path: string }) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['mobile', 'password', 'firstname', 'surname', 'bank_account', 'bank_code']))
  })
})

describe('age and terms at registration (issue 21 §3, ADR 046)', () => {
  it.each([
    ['without the age confirmation', { adult: undefined }, 'adult', 'กรุณายืนยันว่าคุณมีอายุ 20 ปีขึ้นไป'],
    ['with the age confirmation false', { adult: false }, 'adult', 'กรุณายืนยันว่าคุณมีอายุ 20 ปีขึ้นไป'],
    ['without accepting the terms', { accept_terms: undefined }, 'accept_terms', 'กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้งาน'],
    ['with the terms as the string "true"', { accept_terms: 'true' }, 'accept_terms', 'กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้งาน'],
  ])('refuses a registration %s, sending no code', async (_name, change, path, message) => {
    const body = registerBody(change)
    const res = await post('/api/auth/register', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toContainEqual({ path, message })
    expect(t.outbox.outbox(body.mobile)).toHaveLength(0)
  })

  it('keeps when the player confirmed: the time of the registration, not of the code', async () => {
    const body = registerBody()
    const registeredAt = t.clock.now()
    const { token } = (await post('/api/auth/register', body)).json().data
    t.clock.advance(60_000)
    expect((await post('/api/auth/confirm', { mobile: body.mobile, token, otp_code: lastCode(body.mobile).otp })).statusCode).toBe(200)
    expect((await playersRepository.findByMobile(t.db, body.mobile))?.termsAcceptedAt).toEqual(registeredAt)
  })
})

describe('POST /api/auth/register without OTP', () => {
  it('activates the account at once', async () => {
    const noOtp = await buildTestApp({ config: { OTP_REQUIRED: 'false' } })
    try {
      const body = registerBody()
      const res = await noOtp.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })
      expect(res.json()).toMatchObject({ success: true, data: { sms: false } })
      expect(noOtp.outbox.outbox(body.mobile)).toHaveLength(0)
      const login = await noOtp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile: body.mobile, password: body.password } })
      expect(login.statusCode).toBe(200)
      expect((await playersRepository.findByMobile(noOtp.db, body.mobile))?.termsAcceptedAt).toEqual(noOtp.clock.now())
      const dup = await noOtp.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, bank_account: '9999999999' } })
      expect(dup.statusCode).toBe(409)
    } finally {
      await noOtp.close()
    }
  })
})

describe('login, logout and sessions', () => {
  it('gives the same 401 for a wrong password and for an unknown phone', async () => {
    const player = await makePlayer(t.db)
    const wrong = await post('/api/auth/login', { mobile: player.mobile, password: 'wrong-password' })
    const unknown = await post('/api/auth/login', { mobile: uniqueMobile(), password: 'whatever1' })
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, code: 'BAD_CREDENTIALS', message: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' })
    }
  })

  it('requires phone and password', async () => {
    const res = await post('/api/auth/login', { mobile: '', password: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน')
  })

  it('stores only a hash of the token, and logout revokes exactly that session', async () => {
    const player = await makePlayer(t.db)
    const login = async () => (await post('/api/auth/login', { mobile: player.mobile, password: player.password })).json().data.token as string
    const a = await login()
    const b = await login()
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/@me', headers: { authorization: `Bearer ${token}` } })
    expect((await me(a)).statusCode).toBe(200)

    // Only sha256(token) is stored: a leaked sessions table gives no usable token.
    const stored = await t.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.playerId, player.id))
    expect(stored).toHaveLength(2)
    expect(stored.some((s) => s.hash.equals(sha256(a)))).toBe(true)
    expect(stored.some((s) => s.hash.toString('utf8').includes(a) || s.hash.toString('base64url') === a)).toBe(false)

    const out = await post('/api/auth/logout', {}, { authorization: `Bearer ${a}` })
    expect(out.statusCode).toBe(200)
    expect((await me(a)).statusCode).toBe(401)
    expect((await me(a)).json().message).toBe('กรุณาเข้าสู่ระบบใหม่อีกครั้ง')
    expect((await me(b)).statusCode).toBe(200)
  })

  it('expires sessions after SESSION_TTL_HOURS', async () => {
    const player = await makePlayer(t.db)
    const token = (await post('/api/auth/login', { mobile: player.mobile, password: player.password })).json().data.token
    t.clock.advance(7 * 24 * 3_600_000 + 1000)
    const res = await t.app.inject({ method: 'GET', url: '/api/user/@me', headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(401)
  })

  it('refuses a locked player', async () => {
    const player = await makePlayer(t.db, { status: 'LOCKED' })
    const res = await post('/api/auth/login', { mobile: player.mobile, password: player.password })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ACCOUNT_LOCKED')
  })

  it('logout without a token is 401', async () => {
    expect((await post('/api/auth/logout', {})).statusCode).toBe(401)
  })
})

describe('rate limits', () => {
  it('locks a phone after 10 failed logins in 15 minutes, even for the right password, then lets it in again', async () => {
    const player = await makePlayer(t.db)
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { mobile: player.mobile, password: 'nope-nope' })).statusCode).toBe(401)
    }
    const blocked = await post('/api/auth/login', { mobile: player.mobile, password: player.password })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().message).toBe('ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)

    t.clock.advance(15 * 60_000)
    expect((await post('/api/auth/login', { mobile: player.mobile, password: player.password })).statusCode).toBe(200)
  })

  it('limits logins and registrations per IP, with configurable limits', async () => {
    const small = await buildTestApp({ config: { RATE_LOGIN_PER_IP_PER_MINUTE: '3', RATE_REGISTER_PER_IP_PER_HOUR: '2' } })
    try {
      const login = (ip: string) =>
        small.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { mobile: uniqueMobile(), password: 'x1x2x3' } })
      for (let i = 0; i < 3; i++) expect((await login('10.0.0.1')).statusCode).toBe(401)
      expect((await login('10.0.0.1')).statusCode).toBe(429)
      expect((await login('10.0.0.2')).statusCode).toBe(401)
      small.clock.advance(60_000)
      expect((await login('10.0.0.1')).statusCode).toBe(401)

      const register = () => small.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.0.0.3', payload: registerBody() })
      expect((await register()).statusCode).toBe(200)
      expect((await register()).statusCode).toBe(200)
      const third = await register()
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('RATE_LIMITED')
    } finally {
      await small.close()
    }
  })

  it('has generous defaults for shared mobile-carrier addresses', async () => {
    const { loadConfig } = await import('../../config.ts')
    const config = loadConfig({})
    expect(config.RATE_LOGIN_PER_IP_PER_MINUTE).toBeGreaterThanOrEqual(100)
    expect(config.RATE_REGISTER_PER_IP_PER_HOUR).toBeGreaterThanOrEqual(50)
    expect(config.RATE_LOGIN_FAILS_PER_MOBILE).toBe(10)
    expect(config.RATE_LOGIN_FAILS_WINDOW_SECONDS).toBe(900)
  })
})

describe('GET /api/dev/sms', () => {
  it('lists the console outbox newest first', async () => {
    const body = registerBody()
    await post('/api/auth/register', body)
    t.clock.advance(61_000)
    await post('/api/auth/register', body)
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms?mobile=${body.mobile}` })
    expect(res.statusCode).toBe(200)
    const messages = res.json().data.messages
    expect(messages).toHaveLength(2)
    expect(messages[0].otp).toBe(lastCode(body.mobile).otp)
    expect(messages[0].text).toContain(messages[0].otp)
    expect(messages[0].created_at > messages[1].created_at).toBe(true)
  })

  it('does not exist unless SMS_PROVIDER=console', async () => {
    const http = await buildTestApp({ config: { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms', SMS_HTTP_KEY: 'k' } })
    try {
      expect((await http.app.inject({ method: 'GET', url: '/api/dev/sms?mobile=0812345678' })).statusCode).toBe(404)
    } finally {
      await http.close()
    }
  })
})
