// The back-office owner every e2e server starts with, enrolled in TOTP through BACKOFFICE_TOTP_SECRET (issue 12), and
// signing in as that owner with a fresh code.
import { setTimeout as waitFor } from 'node:timers/promises'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { call } from './http.ts'

export const OPERATOR = { username: 'admin', password: 'e2e-operator-password-9', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }
export type OperatorLogin = typeof OPERATOR

/** The environment that creates `operator` as the first owner, already enrolled. */
export function operatorEnv(operator: OperatorLogin = OPERATOR): Record<string, string> {
  return { BACKOFFICE_USERNAME: operator.username, BACKOFFICE_PASSWORD: operator.password, BACKOFFICE_TOTP_SECRET: operator.totpSecret }
}

const STEP_MS = 30_000
/** The last step handed out per operator: the server takes a code once, so each sign-in needs an unused one. */
const lastStep = new Map<string, number>()

/**
 * A code no earlier sign-in of this run used, from the steps the server accepts now (one step of drift either way),
 * keeping 5 s of margin at the old end. When all are used, waits for the next step to begin: real time is the server's
 * clock here, so waiting for it is the condition itself, not a guess.
 */
export async function nextOperatorCode(operator: OperatorLogin = OPERATOR): Promise<string> {
  for (;;) {
    const now = Date.now()
    const step = Math.max(Math.floor((now + 5_000) / STEP_MS) - 1, (lastStep.get(operator.username) ?? -Infinity) + 1)
    if (step <= Math.floor(now / STEP_MS) + 1) {
      lastStep.set(operator.username, step)
      return new TOTP({ secret: Secret.fromBase32(operator.totpSecret) }).generate({ timestamp: step * STEP_MS })
    }
    await waitFor(STEP_MS - (now % STEP_MS) + 50)
  }
}

/** Signs in as `operator` with password and code; fails the test otherwise. */
export async function operatorToken(baseUrl: string, operator: OperatorLogin = OPERATOR): Promise<string> {
  const body = { username: operator.username, password: operator.password, otp: await nextOperatorCode(operator) }
  const answer = await call<{ token: string }>(baseUrl, 'POST', '/api/backoffice/auth/login', { body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.token
}

/**
 * A finance operator the owner creates, signed in and enrolled in TOTP through the API: a second pair of eyes for the
 * four-eyes tests. Returns its session token.
 */
export async function enrolledFinanceToken(baseUrl: string, ownerToken: string, username: string): Promise<string> {
  const password = `${username}-pass-1`
  const created = await call(baseUrl, 'POST', '/api/backoffice/operators', { token: ownerToken, body: { username, password, role: 'finance' } })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const login = await call<{ token: string }>(baseUrl, 'POST', '/api/backoffice/auth/login', { body: { username, password } })
  const token = login.body.data.token
  const started = await call<{ secret: string }>(baseUrl, 'POST', '/api/backoffice/auth/totp/start', { token })
  const otp = new TOTP({ secret: Secret.fromBase32(started.body.data.secret) }).generate()
  const confirmed = await call(baseUrl, 'POST', '/api/backoffice/auth/totp/confirm', { token, body: { otp } })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return token
}
