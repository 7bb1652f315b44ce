import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PRODUCTION_CONFIG, useTestApp, type TestApp } from '../../../test/app.ts'
import { uniqueAddress } from '../../../test/factories.ts'
import {
  adminToken,
  createOperator,
  nextOperatorCode,
  OPERATOR_PASSWORD,
  renewOperatorPassword,
  signInOperator,
  type SignedInOperator,
} from '../../../test/operators.ts'
import { auditLog } from '../../db/schema.ts'
import { deviceTokens } from '../auth/device-token.ts'
import { OPERATOR_FAIL_LIMIT, OPERATOR_FAIL_LIMIT_PER_ACCOUNT, OPERATOR_FAIL_LIMIT_PER_DEVICE, REFUSAL_BURST_MS } from './operator-sign-in.service.ts'
import { OPERATOR_DEVICE_COOKIE } from './operator-device-token.ts'

// Issue 34 §6 (ADR 069): no stranger locks an operator out. Before: 21 wrong sign-ins from other addresses locked the
// real operator out, its right password and code from its usual address answered 429 for 15 minutes, and every refused
// sign-in wrote an audit entry (100 in 4 s from one address). Now the operator's own browser, which signed in before
// and keeps a signed device token in an HttpOnly cookie, still signs in; strangers still meet every limit; the audit
// keeps one entry per burst of refusals, with their count.

const t = useTestApp()

/** POST /api/backoffice/auth/login as `op` from `address`, with the browser's cookie when it has one. */
function signIn(app: TestApp, op: Pick<SignedInOperator, 'username'>, options: { password?: string; otp?: string; address?: string; cookie?: string } = {}) {
  return app.request('POST', '/api/backoffice/auth/login', {
    payload: { username: op.username, password: options.password ?? OPERATOR_PASSWORD, otp: options.otp ?? nextOperatorCode(app, op.username) },
    address: options.address ?? uniqueAddress(),
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  })
}

/** The device cookie a sign-in's answer sets, as the browser sends it back (`name=value`), and its attributes. */
function deviceCookieOf(res: { headers: Record<string, unknown> }) {
  const header = [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${OPERATOR_DEVICE_COOKIE}=`))
  if (!header) throw new Error('no device cookie was set')
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
  return { cookie: pair, attributes }
}

/** The operator signs in at its own desk: its browser keeps the device cookie. */
async function operatorsBrowser(app: TestApp, op: SignedInOperator, desk: string): Promise<string> {
  const res = await signIn(app, op, { address: desk })
  expect(res.statusCode, res.body).toBe(200)
  return deviceCookieOf(res).cookie
}

/** Wrong sign-ins for `op` from strangers, each from an address of its own: answers how many got 401 and 429. */
async function attack(app: TestApp, op: Pick<SignedInOperator, 'username'>, count: number) {
  const tally: Record<number, number> = {}
  for (let i = 0; i < count; i++) {
    const res = await signIn(app, op, { password: `wrong-guess-${i}`, otp: '000000' })
    tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1
  }
  return tally
}

/** The audit entries of `action` about `targetId`, oldest first. */
const entries = (app: TestApp, action: string, targetId: string) =>
  app.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id))

describe('an operator under attack', () => {
  it('25 wrong sign-ins from other addresses: the operator’s known browser at its usual desk still signs in (200)', async () => {
    const op = await signInOperator(t, 'finance')
    const desk = uniqueAddress()
    let cookie = await operatorsBrowser(t, op, desk)
    // Strangers are still stopped: the account's count from unknown devices is full after OPERATOR_FAIL_LIMIT_PER_ACCOUNT.
    expect(await attack(t, op, 25)).toEqual({ 401: OPERATOR_FAIL_LIMIT_PER_ACCOUNT, 429: 25 - OPERATOR_FAIL_LIMIT_PER_ACCOUNT })
    for (let i = 0; i < 3; i++) {
      const res = await signIn(t, op, { address: desk, cookie })
      expect(res.statusCode, res.body).toBe(200)
      expect((await t.get('/api/backoffice/me', res.json().data.token)).statusCode).toBe(200)
      cookie = deviceCookieOf(res).cookie
    }
  })

  it('an unknown device is still slowed: the right password and code from a new browser wait out the window', async () => {
    const op = await signInOperator(t, 'support')
    const desk = uniqueAddress()
    await operatorsBrowser(t, op, desk)
    await attack(t, op, 25)
    // Even from the operator's own desk: without the cookie it is a stranger's browser, and the account's count decides.
    const stranger = await signIn(t, op, { address: desk })
    expect(stranger.statusCode).toBe(429)
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0)
    // The known browser's successes gave the strangers nothing back.
    t.clock.advance(60_000)
    expect((await signIn(t, op, { address: desk })).statusCode).toBe(429)
    t.clock.advance(15 * 60_000)
    expect((await signIn(t, op)).statusCode).toBe(200)
  })

  it('forged, altered, another operator’s and a player’s device tokens count as unknown devices', async () => {
    const op = await signInOperator(t, 'finance')
    const other = await signInOperator(t, 'finance')
    const own = await operatorsBrowser(t, op, uniqueAddress())
    const others = await operatorsBrowser(t, other, uniqueAddress())
    await attack(t, op, 25)
    const value = own.slice(OPERATOR_DEVICE_COOKIE.length + 1)
    const altered = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`
    // A player's device token (ADR 039) for the player whose id is this operator's: signed with DEVICE_TOKEN_SECRET
    // itself, never with the operators' key derived from it.
    const players = deviceTokens({ secret: t.config.deviceTokenSecret, clock: t.clock }).issue(op.id)
    for (const cookie of [`${OPERATOR_DEVICE_COOKIE}=${altered}`, others, `${OPERATOR_DEVICE_COOKIE}=${players}`, `${OPERATOR_DEVICE_COOKIE}=v1.1.x.1.y`]) {
      expect((await signIn(t, op, { cookie })).statusCode, cookie).toBe(429)
    }
    expect((await signIn(t, op, { cookie: own })).statusCode).toBe(200)
  })

  it(`a known browser’s own wrong sign-ins stop at ${OPERATOR_FAIL_LIMIT_PER_DEVICE} a window, then it signs in again`, async () => {
    const op = await signInOperator(t, 'owner')
    const desk = uniqueAddress()
    const cookie = await operatorsBrowser(t, op, desk)
    // Wherever it goes (a laptop moving between networks): its own counter follows it.
    for (let i = 0; i < OPERATOR_FAIL_LIMIT_PER_DEVICE; i++) expect((await signIn(t, op, { cookie, otp: '000000' })).statusCode).toBe(401)
    expect((await signIn(t, op, { cookie })).statusCode).toBe(429)
    // It spent its own count, not the account's: the operator on another browser is not held up by it.
    expect((await signIn(t, op)).statusCode).toBe(200)
    t.clock.advance(15 * 60_000)
    expect((await signIn(t, op, { address: desk, cookie })).statusCode).toBe(200)
  })

  it('keeps the device token only in an HttpOnly, SameSite=Strict cookie for the sign-in routes, never in the answer', async () => {
    const op = await signInOperator(t, 'support')
    const res = await signIn(t, op)
    expect(res.json().data).not.toHaveProperty('device_token')
    expect(JSON.stringify(res.json())).not.toContain(deviceCookieOf(res).cookie.split('=')[1])
    const { attributes } = deviceCookieOf(res)
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/api/backoffice/auth']))
    // Demo mode over plain http (a visitor's localhost): no Secure, or the browser would drop it.
    expect(attributes).not.toContain('Secure')
    // A sign-in without a code (a new operator, still to enrol) makes no known device.
    const fresh = await createOperator(t, await adminToken(t), 'support')
    const renewed = await renewOperatorPassword(t, fresh, 'own-new-password-7')
    expect(renewed.statusCode, renewed.body).toBe(200)
    expect(renewed.headers['set-cookie']).toBeUndefined()
  })
})

describe('the audit of refused sign-ins', () => {
  it('keeps one entry per burst, and the next entry reports how many refusals the burst held', async () => {
    const op = await signInOperator(t, 'finance')
    const desk = uniqueAddress()
    const cookie = await operatorsBrowser(t, op, desk)
    await attack(t, op, 25)
    const failed = await entries(t, 'operator.login_failed', op.username)
    expect(failed).toHaveLength(1)
    expect(failed[0]?.after).toMatchObject({ username: op.username, reason: 'bad_credentials' })
    expect(JSON.stringify(failed)).not.toContain('wrong-guess')

    // The operator's own sign-in reports the burst on its entry.
    expect((await signIn(t, op, { address: desk, cookie })).statusCode).toBe(200)
    const logins = await entries(t, 'operator.login', String(op.id))
    expect(logins.at(-1)?.after).toEqual({ refused_since_last_report: 25 })

    // A burst after the window is an entry of its own; the one after it reports its size.
    t.clock.advance(REFUSAL_BURST_MS)
    await attack(t, op, 3)
    t.clock.advance(REFUSAL_BURST_MS)
    await attack(t, op, 1)
    const later = await entries(t, 'operator.login_failed', op.username)
    expect(later.map((e) => (e.after as { refused_since_last_report?: number }).refused_since_last_report)).toEqual([undefined, undefined, 3])
  })

  it('100 refused sign-ins in a row from one address are one entry, not 100', async () => {
    const op = await signInOperator(t, 'support')
    const attacker = uniqueAddress()
    const tally: Record<number, number> = {}
    for (let i = 0; i < 100; i++) {
      const res = await signIn(t, op, { password: `wrong-${i}`, otp: '000000', address: attacker })
      tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1
    }
    expect(tally).toEqual({ 401: OPERATOR_FAIL_LIMIT, 429: 100 - OPERATOR_FAIL_LIMIT })
    expect(await entries(t, 'operator.login_failed', op.username)).toHaveLength(1)
  })

  it('one address cycling through names no operator has is one burst of its own', async () => {
    const attacker = uniqueAddress()
    const names = Array.from({ length: 60 }, (_, i) => `nobody-${i}-${attacker.replaceAll('.', '-')}`)
    for (const username of names) expect([401, 429]).toContain((await signIn(t, { username }, { address: attacker, otp: '000000' })).statusCode)
    const written = await t.db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.action, 'operator.login_failed'))
    expect(written.filter((e) => (e.after as { address: string }).address === attacker)).toHaveLength(1)
  })
})

describe('outside demo mode', () => {
  const p = useTestApp({ config: PRODUCTION_CONFIG })
  it('the device cookie is Secure, and the known browser signs in through an attack', async () => {
    const op = await signInOperator(p, 'finance')
    const desk = uniqueAddress()
    const res = await signIn(p, op, { address: desk })
    expect(deviceCookieOf(res).attributes).toContain('Secure')
    await attack(p, op, 25)
    expect((await signIn(p, op, { address: desk, cookie: deviceCookieOf(res).cookie })).statusCode).toBe(200)
  })
})
