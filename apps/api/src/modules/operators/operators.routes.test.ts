import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { loginPlayer } from '../../../test/money.ts'
import {
  approveOperatorRequest,
  createOperator as createAs,
  nextOperatorCode,
  oneTimePasswordSentTo,
  secondOwner,
  OPERATOR_TOTP_SECRET,
  renewOperatorPassword,
  type TestOperator,
  OPERATOR_PASSWORD,
  adminToken,
} from '../../../test/operators.ts'

// Issue 12 §1: operators with roles, TOTP, sessions and owner management, through the real app.

const IDLE_MINUTES = 30
const t = useTestApp({ config: { BACKOFFICE_IDLE_MINUTES: String(IDLE_MINUTES) } })
let owner: string
beforeAll(async () => {
  owner = await adminToken(t)
})

const login = (username: string, password: string, otp?: string) =>
  t.post('/api/backoffice/auth/login', otp === undefined ? { username, password } : { username, password, otp })
const get = (url: string, token: string) => t.get(url, token)
const post = (url: string, token: string, payload?: Record<string, unknown>) => t.post(url, payload, token)
/** The code of `secret` at `at` (default: the test clock's now). */
const codeOf = (secret: string, at = t.clock.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() })

/** Creates an operator through the owner's route (a second owner approving a finance operator or owner). */
const createOperator = (role: 'owner' | 'finance' | 'support') => createAs(t, owner, role)
/**
 * The operator's first sign-in: the one-time password renewed to its own (kept on `op`); answers the session, which
 * must enrol TOTP before anything else.
 */
async function firstLogin(op: TestOperator) {
  const own = `${op.password}-own`
  const res = await renewOperatorPassword(t, op, own)
  expect(res.statusCode, res.body).toBe(200)
  op.password = own
  return res.json().data as { token: string; must_enroll: boolean; totp_enrolled: boolean; role: string }
}
/** Enrols the session's operator in TOTP and answers the secret. */
async function enrol(token: string): Promise<string> {
  const started = await post('/api/backoffice/auth/totp/start', token)
  expect(started.statusCode, started.body).toBe(200)
  const { secret, otpauth_url } = started.json().data
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/)
  expect((await post('/api/backoffice/auth/totp/confirm', token, { otp: codeOf(secret) })).statusCode).toBe(200)
  return secret
}
/** A created operator signed in and enrolled: its session token and secret. */
async function readyOperator(role: 'owner' | 'finance' | 'support') {
  const op = await createOperator(role)
  const { token } = await firstLogin(op)
  const secret = await enrol(token)
  return { op, token, secret }
}

describe('sign-in with TOTP', () => {
  it('takes an enrolled operator’s code with the password, accepts a right one once, and never reveals whether a username exists', async () => {
    const missing = await login('admin', OPERATOR_PASSWORD)
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toMatchObject({ success: false, code: 'BAD_CREDENTIALS' })
    expect((await login('admin', OPERATOR_PASSWORD, '000000')).json().code).toBe('BAD_CREDENTIALS')

    const code = nextOperatorCode(t)
    const ok = await login('admin', OPERATOR_PASSWORD, code)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toMatchObject({ username: 'admin', role: 'owner', totp_enrolled: true, must_enroll: false })
    // The same code again, inside its window: refused (no replay).
    const replay = await login('admin', OPERATOR_PASSWORD, code)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('BAD_CREDENTIALS')

    // A wrong password says nothing about the code, and an unknown user answers exactly like a wrong password.
    const wrong = await login('admin', 'not-the-password-1', nextOperatorCode(t))
    const unknown = await login('nobody-here', 'not-the-password-1', '123456')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.json().code).toBe('BAD_CREDENTIALS')
  })

  it('accepts a code from the step before or after (clock drift), not two steps away', async () => {
    const now = t.clock.now().getTime()
    expect((await login('admin', OPERATOR_PASSWORD, codeOf(OPERATOR_TOTP_SECRET, new Date(now + 60_000)))).json().code).toBe('BAD_CREDENTIALS')
    t.clock.advance(90_000)
    const drifted = await login('admin', OPERATOR_PASSWORD, codeOf(OPERATOR_TOTP_SECRET, new Date(t.clock.now().getTime() + 30_000)))
    expect(drifted.statusCode, drifted.body).toBe(200)
  })

  it('makes every role enrol before anything else; support, enrolled, reads but moves no money', async () => {
    const finance = await createOperator('finance')
    const session = await firstLogin(finance)
    expect(session).toMatchObject({ must_enroll: true, totp_enrolled: false, role: 'finance' })
    const blocked = await get('/api/backoffice/withdrawals', session.token)
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().code).toBe('TOTP_ENROLL_REQUIRED')
    expect((await get('/api/backoffice/me', session.token)).json().data).toMatchObject({ username: finance.username, must_enroll: true })

    const started = (await post('/api/backoffice/auth/totp/start', session.token)).json().data
    const wrong = await post('/api/backoffice/auth/totp/confirm', session.token, { otp: codeOf(started.secret, new Date(t.clock.now().getTime() + 300_000)) })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().code).toBe('OTP_INVALID')
    expect((await post('/api/backoffice/auth/totp/confirm', session.token, { otp: codeOf(started.secret) })).statusCode).toBe(200)
    expect((await get('/api/backoffice/withdrawals', session.token)).statusCode).toBe(200)
    expect((await post('/api/backoffice/auth/totp/start', session.token)).json().code).toBe('TOTP_ALREADY_ENROLLED')
    // From now on a sign-in needs a code.
    t.clock.advance(30_000)
    expect((await login(finance.username, finance.password)).json().code).toBe('BAD_CREDENTIALS')
    expect((await login(finance.username, finance.password, codeOf(started.secret))).statusCode).toBe(200)

    const support = await createOperator('support')
    const supportSession = await firstLogin(support)
    expect(supportSession.must_enroll).toBe(true)
    expect((await get('/api/backoffice/withdrawals', supportSession.token)).json().code).toBe('TOTP_ENROLL_REQUIRED')
    await enrol(supportSession.token)
    expect((await get('/api/backoffice/withdrawals', supportSession.token)).statusCode).toBe(200)
    const pay = await post('/api/backoffice/withdrawals/1/approve', supportSession.token, { payout_ref: 'x' })
    expect(pay.statusCode).toBe(403)
    expect(pay.json().code).toBe('FORBIDDEN')
  })
})

describe('sessions', () => {
  it(`end after ${IDLE_MINUTES} idle minutes, and stay alive while used`, async () => {
    const support = await createOperator('support')
    const { token } = await firstLogin(support)
    for (let i = 0; i < 4; i++) {
      t.clock.advance((IDLE_MINUTES - 5) * 60_000)
      expect((await get('/api/backoffice/me', token)).statusCode).toBe(200)
    }
    t.clock.advance(IDLE_MINUTES * 60_000)
    const idle = await get('/api/backoffice/me', token)
    expect(idle.statusCode).toBe(401)
    expect(idle.json().code).toBe('UNAUTHORIZED')
    // The owner's session of this file idled out too.
    expect((await get('/api/backoffice/me', owner)).statusCode).toBe(401)
    owner = await adminToken(t)
  })

  it('end on logout', async () => {
    const { token } = await firstLogin(await createOperator('support'))
    expect((await post('/api/backoffice/auth/logout', token)).statusCode).toBe(200)
    expect((await get('/api/backoffice/me', token)).statusCode).toBe(401)
  })

  it('a password change ends the operator’s other sessions, and refuses a wrong current, short or common password', async () => {
    const { op: support, token: here, secret } = await readyOperator('support')
    t.clock.advance(30_000)
    const there = (await login(support.username, support.password, codeOf(secret))).json().data.token
    const change = (current: string, next: string) => post('/api/backoffice/auth/password', here, { current_password: current, new_password: next })
    expect((await change('wrong-current-pass', 'another-long-pass-1')).json().code).toBe('OLD_PASSWORD_WRONG')
    expect((await change(support.password, 'short-1')).statusCode).toBe(400)
    expect((await change(support.password, '1q2w3e4r5t6y')).json().code).toBe('PASSWORD_TOO_COMMON')
    expect((await change(support.password, 'another-long-pass-1')).statusCode).toBe(200)
    expect((await get('/api/backoffice/me', here)).statusCode).toBe(200)
    expect((await get('/api/backoffice/me', there)).statusCode).toBe(401)
    t.clock.advance(30_000)
    expect((await login(support.username, support.password, codeOf(secret))).statusCode).toBe(401)
    expect((await login(support.username, 'another-long-pass-1', codeOf(secret))).statusCode).toBe(200)
  })

  it('a player token is refused under /api/backoffice/', async () => {
    const player = await makePlayer(t.db)
    const token = await loginPlayer(t, player)
    expect((await get('/api/backoffice/me', token)).statusCode).toBe(401)
    expect((await get('/api/backoffice/operators', token)).statusCode).toBe(401)
  })
})

describe('owners manage operators', () => {
  it('creates operators with their own phone and a unique username; only owners may; the owner never sees a password', async () => {
    const noPhone = await post('/api/backoffice/operators', owner, { username: 'no-phone', role: 'support' })
    expect(noPhone.statusCode).toBe(400)
    const chosen = await post('/api/backoffice/operators', owner, {
      username: 'chosen-pass',
      password: 'a-long-operator-pass-8',
      role: 'support',
      phone: '0812340001',
    })
    expect(chosen.statusCode, 'an owner no longer chooses a password').toBe(400)
    const made = await createOperator('support')
    const twice = await post('/api/backoffice/operators', owner, { username: made.username, role: 'finance', phone: '0812340002' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('OPERATOR_USERNAME_TAKEN')

    const list = (await get('/api/backoffice/operators', owner)).json().data.list
    expect(list.find((o: { username: string }) => o.username === made.username)).toMatchObject({
      role: 'support',
      disabled: false,
      totp_enrolled: false,
      phone: made.phone,
    })
    expect(JSON.stringify(list)).not.toMatch(/password_hash|totp_secret|\$argon2/)
    expect(JSON.stringify(list)).not.toContain(made.password)

    const support = (await firstLogin(made)).token
    await enrol(support)
    expect((await get('/api/backoffice/operators', support)).statusCode).toBe(403)
    expect((await post('/api/backoffice/operators', support, { username: 'sneaky', role: 'owner', phone: '0812340003' })).statusCode).toBe(403)
  })

  it('a role change to or from finance waits for a second owner, then takes effect at once: the operator’s sessions end', async () => {
    const { op: finance, token } = await readyOperator('finance')
    expect((await get('/api/backoffice/withdrawals', token)).statusCode).toBe(200)
    const proposed = await post(`/api/backoffice/operators/${finance.id}/role`, owner, { role: 'support' })
    expect(proposed.statusCode, proposed.body).toBe(200)
    expect(proposed.json().data).toMatchObject({ operator: null, request: { kind: 'role_change', role: 'support', current_role: 'finance' } })
    expect((await get('/api/backoffice/withdrawals', token)).statusCode, 'nothing changed yet').toBe(200)
    const second = await secondOwner(t)
    const changed = await approveOperatorRequest(t, second.token, proposed.json().data.request.id)
    expect(changed.operator.role).toBe('support')
    expect((await get('/api/backoffice/me', token)).statusCode).toBe(401)
  })

  it('disable ends sessions and sign-in; enable restores sign-in', async () => {
    const { op: support, token, secret } = await readyOperator('support')
    expect((await post(`/api/backoffice/operators/${support.id}/disable`, owner)).json().data.disabled).toBe(true)
    expect((await get('/api/backoffice/me', token)).statusCode).toBe(401)
    t.clock.advance(30_000)
    const refused = await login(support.username, support.password, codeOf(secret))
    expect(refused.json().code).toBe('BAD_CREDENTIALS')
    expect((await post(`/api/backoffice/operators/${support.id}/enable`, owner)).json().data.disabled).toBe(false)
    t.clock.advance(30_000)
    expect((await login(support.username, support.password, codeOf(secret))).statusCode).toBe(200)
  })

  it('a password reset sends a new one-time password to the operator’s phone and ends its sessions; a TOTP reset makes it renew and enrol again', async () => {
    const { op: finance, token, secret } = await readyOperator('finance')
    const second = await secondOwner(t)
    const proposed = await post(`/api/backoffice/operators/${finance.id}/reset-password`, owner)
    expect(proposed.json().data.request).toMatchObject({ kind: 'password_reset' })
    expect((await get('/api/backoffice/me', token)).statusCode, 'waits for the second owner').toBe(200)
    await approveOperatorRequest(t, second.token, proposed.json().data.request.id)
    expect((await get('/api/backoffice/me', token)).statusCode).toBe(401)
    t.clock.advance(30_000)
    finance.password = oneTimePasswordSentTo(t, finance.phone)
    expect(JSON.stringify(proposed.json())).not.toContain(finance.password)
    expect((await login(finance.username, finance.password, codeOf(secret))).json().code).toBe('PASSWORD_CHANGE_REQUIRED')
    t.clock.advance(30_000)
    const again = await renewOperatorPassword(t, finance, 'finance-chosen-again-1', codeOf(secret))
    expect(again.statusCode, again.body).toBe(200)
    finance.password = 'finance-chosen-again-1'

    const totp = await post(`/api/backoffice/operators/${finance.id}/reset-totp`, owner)
    const reset = await approveOperatorRequest(t, second.token, totp.json().data.request.id)
    expect(reset.operator).toMatchObject({ totp_enrolled: false, must_enroll: true })
    expect((await get('/api/backoffice/me', again.json().data.token)).statusCode).toBe(401)
    expect((await login(finance.username, finance.password)).json().code).toBe('PASSWORD_CHANGE_REQUIRED')
    const fresh = await firstLogin(finance)
    expect(fresh).toMatchObject({ must_enroll: true, totp_enrolled: false })
  })

  it('an owner cannot demote, disable or reset themselves', async () => {
    const me = (await get('/api/backoffice/me', owner)).json().data.operator_id
    for (const [path, body] of [
      ['role', { role: 'support' }],
      ['disable', undefined],
      ['reset-password', undefined],
      ['reset-totp', undefined],
    ] as const) {
      const res = await post(`/api/backoffice/operators/${me}/${path}`, owner, body)
      expect(res.statusCode, path).toBe(409)
      expect(res.json().code).toBe('OPERATOR_SELF_CHANGE')
    }
    expect((await get('/api/backoffice/me', owner)).json().data).toMatchObject({ role: 'owner', totp_enrolled: true })
  })

  it('every change is in the audit log with who, what, before, after and the address', async () => {
    const support = await createOperator('support')
    const second = await secondOwner(t)
    const proposed = await post(`/api/backoffice/operators/${support.id}/role`, owner, { role: 'finance' })
    await approveOperatorRequest(t, second.token, proposed.json().data.request.id)
    const page = (await get(`/api/backoffice/audit?action=operator.role&target_id=${support.id}`, owner)).json().data
    expect(page.list).toHaveLength(1)
    expect(page.list[0]).toMatchObject({
      operator_username: 'admin',
      action: 'operator.role',
      target_type: 'operator',
      target_id: String(support.id),
      before: { role: 'support' },
      after: { role: 'finance', approved_by: second.id },
    })
    const actions = (await get('/api/backoffice/audit/actions', owner)).json().data.list
    expect(actions).toEqual(expect.arrayContaining(['operator.create', 'operator.login', 'operator.role', 'operator.request', 'operator.request_approve']))
    const requests = (await get(`/api/backoffice/audit?action=operator.request`, owner)).json().data.list
    expect(requests[0]).toMatchObject({ operator_username: 'admin', ip: '127.0.0.1', target_type: 'operator_request' })
  })
})
