// The back-office owner every e2e server starts with, enrolled in TOTP through BACKOFFICE_TOTP_SECRET (issue 12), and
// signing in as that owner with a fresh code.
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
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

/**
 * Where the last step handed out for an operator on a server is kept: the server takes a code once, so each sign-in
 * needs an unused one, also when the sign-ins come from different spec files (each its own module graph) on the run's
 * shared server. A file per server port and operator; a port used again later only makes a sign-in wait a step.
 */
const stepFile = (baseUrl: string, operator: OperatorLogin) => path.join(tmpdir(), `sanam-e2e-totp-${new URL(baseUrl).port}-${operator.username}`)

/**
 * A code no earlier sign-in on this server used, from the steps the server accepts now (one step of drift either way),
 * keeping 5 s of margin at the old end. When all are used, waits for the next step to begin: real time is the server's
 * clock here, so waiting for it is the condition itself, not a guess.
 */
export async function nextOperatorCode(baseUrl: string, operator: OperatorLogin = OPERATOR): Promise<string> {
  const file = stepFile(baseUrl, operator)
  for (;;) {
    const now = Date.now()
    const last = Number((await readFile(file, 'utf8').catch(() => '')) || -Infinity)
    const step = Math.max(Math.floor((now + 5_000) / STEP_MS) - 1, last + 1)
    if (step <= Math.floor(now / STEP_MS) + 1) {
      await writeFile(file, String(step))
      return new TOTP({ secret: Secret.fromBase32(operator.totpSecret) }).generate({ timestamp: step * STEP_MS })
    }
    await waitFor(STEP_MS - (now % STEP_MS) + 50)
  }
}

/** Signs in as `operator` with password and code; fails the test otherwise. */
export async function operatorToken(baseUrl: string, operator: OperatorLogin = OPERATOR): Promise<string> {
  const body = { username: operator.username, password: operator.password, otp: await nextOperatorCode(baseUrl, operator) }
  const answer = await call<{ token: string }>(baseUrl, 'POST', '/api/backoffice/auth/login', { body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.token
}
