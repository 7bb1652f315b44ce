// The back-office owner every e2e server starts with, enrolled in TOTP through BACKOFFICE_TOTP_SECRET (issue 12), and
// signing in as that owner with a fresh code.
import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { call } from './http.ts'
import { codeOfUnusedStep } from './totp-steps.ts'
import { databaseOf, shiftedClockEnv, startServer, type ServerOptions } from './server.ts'

export const OPERATOR = { username: 'admin', password: 'e2e-operator-password-9', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }
export type OperatorLogin = typeof OPERATOR

/** The environment that creates `operator` as the first owner, already enrolled. */
export function operatorEnv(operator: OperatorLogin = OPERATOR): Record<string, string> {
  return { BACKOFFICE_USERNAME: operator.username, BACKOFFICE_PASSWORD: operator.password, BACKOFFICE_TOTP_SECRET: operator.totpSecret }
}

/**
 * The last TOTP step handed out, per database, operator and clock: a server takes each step of an operator once and
 * only a later one after it (its database remembers the last, also across a restart on the same data), so every
 * sign-in needs a step after the last one used there. Servers on other databases remember nothing of each other, so
 * spec files signing in at the same time never wait for each other's steps.
 */
const lastStep = new Map<string, number>()

/**
 * A code later than any step this process has used for `operator` on the database behind `baseUrl` (totp-steps.ts).
 * Only on a server this process started (the spec's own): on the run's shared server, spec files running side
 * by side could not know each other's steps, so no spec signs an operator in there.
 */
export async function nextOperatorCode(baseUrl: string, operator: OperatorLogin = OPERATOR, clockOffsetMs = 0): Promise<string> {
  const database = databaseOf(baseUrl)
  if (database === undefined) throw new Error(`no server of this spec answers at ${baseUrl}: sign operators in only on a spec's own server`)
  // A server whose clock is shifted (clock-offset.mjs) takes codes of its own time: counted apart from real-time ones.
  const key = `${database}|${operator.username}|${clockOffsetMs}`
  return codeOfUnusedStep(operator.totpSecret, lastStep, key, clockOffsetMs)
}

/** Signs in as `operator` with password and code; fails the test otherwise. */
export async function operatorToken(baseUrl: string, operator: OperatorLogin = OPERATOR, clockOffsetMs = 0): Promise<string> {
  const body = { username: operator.username, password: operator.password, otp: await nextOperatorCode(baseUrl, operator, clockOffsetMs) }
  const answer = await call<{ token: string }>(baseUrl, 'POST', '/api/backoffice/auth/login', { body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.token
}

/** A Thai mobile no other operator of this run has: where an operator's one-time passwords go (ADR 070). */
export const operatorPhone = () => `08${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`

/** The one-time password the last SMS to `phone` carried, from the demo server's outbox (GET /api/dev/sms). */
export async function oneTimePasswordSentTo(baseUrl: string, phone: string): Promise<string> {
  const outbox = await call<{ messages: { text: string }[] }>(baseUrl, 'GET', `/api/dev/sms?mobile=${phone}`)
  const password = outbox.body.data.messages[0]?.text.match(/คือ ([2-9A-Z]{16}) /)?.[1]
  if (!password) throw new Error(`no one-time password was sent to ${phone}: ${JSON.stringify(outbox.body)}`)
  return password
}

/**
 * An operator's first sign-in through the API: the one-time password its phone received buys its own password, then it
 * enrols TOTP itself. Answers its login and session token.
 */
async function takeOver(baseUrl: string, username: string, phone: string, clockOffsetMs: number) {
  const oneTime = await oneTimePasswordSentTo(baseUrl, phone)
  const password = `own-${randomBytes(8).toString('hex')}`
  const renewed = await call<{ token: string }>(baseUrl, 'POST', '/api/backoffice/auth/password/renew', {
    body: { username, password: oneTime, new_password: password },
  })
  expect(renewed.status, JSON.stringify(renewed.body)).toBe(200)
  const token = renewed.body.data.token
  const started = await call<{ secret: string }>(baseUrl, 'POST', '/api/backoffice/auth/totp/start', { token })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const operator = { username, password, totpSecret: started.body.data.secret }
  const confirmed = await call(baseUrl, 'POST', '/api/backoffice/auth/totp/confirm', {
    token,
    body: { otp: await nextOperatorCode(baseUrl, operator, clockOffsetMs) },
  })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return { operator, token }
}

/**
 * Onboards a new operator of `role` as ADR 070 has it: one owner (`ownerToken`) proposes it with its own phone, a
 * second owner (`approverToken`) approves an owner or finance operator, and the operator takes the one-time password
 * its phone received, renews it to its own and enrols TOTP itself. `clockOffsetMs`: the server's clock shift, for codes.
 */
export async function onboardOperator(
  baseUrl: string,
  ownerToken: string,
  role: 'owner' | 'finance' | 'support',
  options: { approverToken?: string; clockOffsetMs?: number } = {},
): Promise<OperatorLogin> {
  const username = `${role}-${randomBytes(4).toString('hex')}`
  const phone = operatorPhone()
  const created = await call<{ request: { id: number } | null }>(baseUrl, 'POST', '/api/backoffice/operators', {
    token: ownerToken,
    body: { username, role, phone },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const request = created.body.data.request
  if (request) {
    if (!options.approverToken) throw new Error(`a new ${role} waits for a second owner: pass approverToken`)
    const approved = await call(baseUrl, 'POST', `/api/backoffice/operators/requests/${request.id}/approve`, { token: options.approverToken })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
  }
  return (await takeOver(baseUrl, username, phone, options.clockOffsetMs ?? 0)).operator
}

/** How far back `seasonedOperators` makes its operators: past the 24 hours a new operator decides no money (ADR 036). */
export const SEASONED_MS = 25 * 3_600_000

/**
 * Operators who may decide money at once, as a real deployment has them a day after onboarding: a server on `options`
 * (a kept `dataDir`, or a DATABASE_URL in its env, so the spec's own server starts on the same data next) runs with
 * its clock SEASONED_MS in the past, and `count` operators are onboarded there; then it stops. The server's rules stay
 * whole: only the time of their creation is a day ago. Each operator is proposed by an owner of its own, named at that
 * server's set-up (BACKOFFICE_OWNERS), and approved by the first owner: no two of them may be one person (ADR 070), so
 * any two make a four-eyes decision together. Those owners' logins are put in `owners` when given (a second owner for
 * the spec's own proposals).
 */
export async function seasonedOperators(
  options: ServerOptions,
  count = 2,
  role: 'finance' | 'support' = 'finance',
  owners?: OperatorLogin[],
): Promise<OperatorLogin[]> {
  const tag = randomBytes(3).toString('hex')
  const named = Array.from({ length: count }, (_, i) => ({ username: `season-${tag}-${i}`, phone: operatorPhone() }))
  const env = {
    ...options.env,
    BACKOFFICE_OWNERS: named.map((owner) => `${owner.username}:${owner.phone}`).join(','),
    ...shiftedClockEnv(-SEASONED_MS),
  }
  const server = await startServer({ ...options, env })
  try {
    const first = await operatorToken(server.baseUrl, OPERATOR, -SEASONED_MS)
    const operators: OperatorLogin[] = []
    for (const owner of named) {
      const { operator, token } = await takeOver(server.baseUrl, owner.username, owner.phone, -SEASONED_MS)
      owners?.push(operator)
      operators.push(await onboardOperator(server.baseUrl, token, role, { approverToken: first, clockOffsetMs: -SEASONED_MS }))
    }
    return operators
  } finally {
    await server.stop()
  }
}
