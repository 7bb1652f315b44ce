import { randomUUID } from 'node:crypto'
import { DEMO_TOTP_ENCRYPTION_KEY } from '@sanam/contract/demo-secrets'
import { Secret, TOTP } from 'otpauth'
import { beforeAll } from 'vitest'
import { totpSecretBox } from '../src/lib/totp.ts'
import type { OperatorRole } from '@sanam/contract'
import { operatorsRepository } from '../src/modules/operators/operators.repository.ts'
import type { TestApp } from './app.ts'
import { passwordHashOf, uniqueAddress, uniqueMobile } from './factories.ts'

// Back-office operators for tests: the one way to get a signed-in operator, the owner's onboarding of a new one
// (one-time password, renewal, TOTP enrolment), and TOTP codes the server takes.

/** The TOTP secret test operators are enrolled with (base32, as BACKOFFICE_TOTP_SECRET takes it). */
export const OPERATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
/** A secret as the database keeps it (sealed with the demo key, ADR 036), for operators a test inserts directly. */
export const sealTotpSecret = (secret = OPERATOR_TOTP_SECRET) => totpSecretBox(DEMO_TOTP_ENCRYPTION_KEY).seal(secret)
/** The password of every operator `signInOperator` creates. */
export const OPERATOR_PASSWORD = 'operator-password-1'

const STEP_MS = 30_000
/** Per app and operator, the last TOTP step a helper handed out: the server takes each code once per operator. */
const usedSteps = new WeakMap<TestApp, Map<string, number>>()

/**
 * A code the server will accept now on `t`'s clock and has not seen: the earliest unused step of the three it accepts
 * (one step of drift either way). When all three were used, the test clock moves on one step, as real time would.
 */
export function nextOperatorCode(t: TestApp, operator = 'admin', secret = OPERATOR_TOTP_SECRET): string {
  const used = usedSteps.get(t) ?? new Map<string, number>()
  usedSteps.set(t, used)
  let current = Math.floor(t.clock.now().getTime() / STEP_MS)
  let step = Math.max(current - 1, (used.get(operator) ?? -Infinity) + 1)
  if (step > current + 1) {
    t.clock.advance(STEP_MS)
    current += 1
    step = Math.max(current - 1, step)
  }
  used.set(operator, step)
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS })
}

/** An operator a test made through the owner's routes: its password, and once enrolled its secret. */
export interface TestOperator {
  id: number
  username: string
  password: string
  secret?: string
}

let serial = 0

/** The one-time password the last SMS to `phone` carried (ADR 070: it reaches the operator's own phone only). */
export function oneTimePasswordSentTo(t: TestApp, phone: string): string {
  const [last] = t.outbox.outbox(phone)
  const password = last?.text.match(/คือ ([2-9A-Z]{16}) /)?.[1]
  if (!password) throw new Error(`no one-time password was sent to ${phone}`)
  return password
}

/**
 * A second owner, unrelated to every other operator (made as set-up makes owners), signed in: for the changes to
 * owners and finance operators that wait for one (ADR 070).
 */
export const secondOwner = (t: TestApp) => signInOperator(t, 'owner')

/** Approves a waiting operator change as `approverToken`'s owner; fails the test otherwise. */
export async function approveOperatorRequest(t: TestApp, approverToken: string, requestId: number) {
  const res = await t.post(`/api/backoffice/operators/requests/${requestId}/approve`, undefined, approverToken)
  if (res.statusCode !== 200) throw new Error(`operator request approval failed: ${res.body}`)
  return res.json().data
}

/**
 * The owner (`ownerToken`) creates an operator with its own phone; a finance operator or owner waits for a second
 * owner, who approves it (`approverToken`, else a new unrelated owner). The one-time password is read from the SMS
 * the operator's phone received (ADR 070).
 */
export async function createOperator(
  t: TestApp,
  ownerToken: string,
  role: 'owner' | 'finance' | 'support',
  options: { approverToken?: string; phone?: string } = {},
): Promise<TestOperator & { phone: string }> {
  const username = `${role}-${++serial}-${Date.now() % 100000}`
  const phone = options.phone ?? uniqueMobile()
  const res = await t.post('/api/backoffice/operators', { username, role, phone }, ownerToken)
  if (res.statusCode !== 200) throw new Error(`operator create failed: ${res.body}`)
  let operator = res.json().data.operator
  if (!operator) {
    const approver = options.approverToken ?? (await secondOwner(t)).token
    operator = (await approveOperatorRequest(t, approver, res.json().data.request.id)).operator
  }
  return { id: operator.id, username, password: oneTimePasswordSentTo(t, phone), phone }
}

/** POST /api/backoffice/auth/password/renew: the one-time password (and a code, when given) for a new one. */
export function renewOperatorPassword(t: TestApp, op: TestOperator, newPassword: string, otp?: string) {
  return t.request('POST', '/api/backoffice/auth/password/renew', {
    payload: { username: op.username, password: op.password, new_password: newPassword, ...(otp ? { otp } : {}) },
    address: uniqueAddress(),
  })
}

/** POST /api/backoffice/auth/login with the operator's password and, when given, a code; from an address of its own. */
export function operatorLogin(t: TestApp, op: Pick<TestOperator, 'username' | 'password'>, otp?: string, address = uniqueAddress()) {
  return t.request('POST', '/api/backoffice/auth/login', { payload: { username: op.username, password: op.password, ...(otp ? { otp } : {}) }, address })
}

/** Enrols the session's operator in TOTP through its own routes and answers the secret (kept on `op`). */
export async function enrolOperator(t: TestApp, op: TestOperator, token: string): Promise<string> {
  const started = await t.post('/api/backoffice/auth/totp/start', undefined, token)
  if (started.statusCode !== 200) throw new Error(`totp start failed: ${started.body}`)
  const secret: string = started.json().data.secret
  const confirmed = await t.post('/api/backoffice/auth/totp/confirm', { otp: nextOperatorCode(t, op.username, secret) }, token)
  if (confirmed.statusCode !== 200) throw new Error(`totp confirm failed: ${confirmed.body}`)
  op.secret = secret
  return secret
}

/**
 * A new operator's first sign-in: the owner creates it, it renews the one-time password to its own and enrols TOTP.
 * Answers the operator (its own password and secret) and its session token.
 */
export async function onboardOperator(t: TestApp, ownerToken: string, role: 'owner' | 'finance' | 'support', options: { approverToken?: string } = {}) {
  const op = await createOperator(t, ownerToken, role, options)
  const own = `${op.password}-own`
  const renewed = await renewOperatorPassword(t, op, own)
  if (renewed.statusCode !== 200) throw new Error(`renew failed: ${renewed.body}`)
  op.password = own
  const token: string = renewed.json().data.token
  await enrolOperator(t, op, token)
  return { op, token }
}

export interface SignedInOperator {
  id: number
  username: string
  /** The back-office session's bearer token. */
  token: string
}

/**
 * An operator of `role` signed in for real through /api/backoffice/auth/login with a TOTP code. A new operator
 * (`<role>-<random>`, enrolled in TOTP with OPERATOR_TOTP_SECRET, password OPERATOR_PASSWORD) unless `username` names
 * one that exists; `username: 'admin'` is the owner the tests call the first operator, created on first use. Signs in
 * from an address of its own unless `address` is given: every attempt counts against its address
 * (OPERATOR_FAIL_LIMIT_PER_ADDRESS).
 */
export async function signInOperator(
  t: TestApp,
  role: OperatorRole = 'owner',
  options: { username?: string; address?: string; /** The Host it signs in on (a back-office of its own origin, ADR 067). */ host?: string } = {},
): Promise<SignedInOperator> {
  const username = options.username ?? `${role}-${randomUUID().slice(0, 8)}`
  const row =
    (await operatorsRepository.findByUsername(t.db, username)) ??
    (await operatorsRepository.insert(t.db, {
      username,
      passwordHash: await passwordHashOf(OPERATOR_PASSWORD, t.hasher),
      role,
      // Sealed with the key this app runs with (the demo key unless the test set TOTP_ENCRYPTION_KEY).
      totpSecret: totpSecretBox(t.config.totpEncryptionKey).seal(OPERATOR_TOTP_SECRET),
      createdAt: t.clock.now(),
    }))
  const res = await t.request('POST', '/api/backoffice/auth/login', {
    payload: { username, password: OPERATOR_PASSWORD, otp: nextOperatorCode(t, username) },
    address: options.address ?? uniqueAddress(),
    ...(options.host ? { headers: { host: options.host } } : {}),
  })
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`)
  return { id: row.id, username, token: res.json().data.token }
}

/** The token of 'admin', the owner the tests call the first operator (signInOperator with that username). */
export async function adminToken(t: TestApp): Promise<string> {
  return (await signInOperator(t, 'owner', { username: 'admin' })).token
}

/** An operator of `role` signed in once before the file's tests (`beforeAll`): its `token` is set from the first test on. */
export function operatorForFile(t: TestApp, role: OperatorRole): { token: string } {
  const signedIn = { token: '' }
  beforeAll(async () => {
    signedIn.token = (await signInOperator(t, role)).token
  })
  return signedIn
}
