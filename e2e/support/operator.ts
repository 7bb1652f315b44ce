// The back-office owner every e2e server starts with, enrolled in TOTP through BACKOFFICE_TOTP_SECRET (issue 12), and
// signing in as that owner with a fresh code.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as waitFor } from 'node:timers/promises'
import { Secret, TOTP } from 'otpauth'
import { expect, inject } from 'vitest'
import { call } from './http.ts'

export const OPERATOR = { username: 'admin', password: 'e2e-operator-password-9', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }
export type OperatorLogin = typeof OPERATOR

/** The environment that creates `operator` as the first owner, already enrolled. */
export function operatorEnv(operator: OperatorLogin = OPERATOR): Record<string, string> {
  return { BACKOFFICE_USERNAME: operator.username, BACKOFFICE_PASSWORD: operator.password, BACKOFFICE_TOTP_SECRET: operator.totpSecret }
}

const STEP_MS = 30_000

/**
 * The last step handed out per operator in this e2e run: a server takes a code once (and remembers it in its database,
 * so also after a restart on the same data), so each sign-in needs an unused one. Kept in a file in the run's directory
 * (e2e/support/shared-server.ts), so spec files, each its own module graph, never reuse one; in memory without it.
 */
const lastStep = new Map<string, number>()
/** The run's step file for `operator`, or undefined outside a run with the globalSetup (read when signing in: in a worker). */
const stepFile = (operator: OperatorLogin) => {
  const runDir = inject('e2eRunDir')
  return runDir ? path.join(runDir, `totp-step-${operator.username}`) : undefined
}
async function readLastStep(operator: OperatorLogin): Promise<number> {
  const file = stepFile(operator)
  if (!file) return lastStep.get(operator.username) ?? -Infinity
  return Number((await readFile(file, 'utf8').catch(() => '')) || -Infinity)
}
async function writeLastStep(operator: OperatorLogin, step: number): Promise<void> {
  const file = stepFile(operator)
  if (!file) lastStep.set(operator.username, step)
  else await writeFile(file, String(step))
}

/**
 * A code no earlier sign-in of this run used, from the steps the server accepts now (one step of drift either way),
 * keeping 5 s of margin at the old end. When all are used, waits for the next step to begin: real time is the server's
 * clock here, so waiting for it is the condition itself, not a guess.
 */
export async function nextOperatorCode(operator: OperatorLogin = OPERATOR): Promise<string> {
  for (;;) {
    const now = Date.now()
    const step = Math.max(Math.floor((now + 5_000) / STEP_MS) - 1, (await readLastStep(operator)) + 1)
    if (step <= Math.floor(now / STEP_MS) + 1) {
      await writeLastStep(operator, step)
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
