/**
 * A server whose money desk is staffed (ADR 036): finance operators that may decide money now. Only finance decides
 * money, an operator decides none within 24 hours of its creation, and it must choose its own password and enrol its
 * own authenticator first. So the desk is set up the way a real one is, a day early: a server whose clock is 25 hours
 * behind (e2e/support/clock-offset.mjs) starts on a fresh data directory, the owner creates each finance operator with
 * a one-time password, each renews it and enrols TOTP through the API, as the operator app does; then the server of
 * today starts on the same data. The operators were all created by the owner, none by another: they may complete a
 * four-eyes decision together. No rule is bent; only a day passes.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { call } from './http.ts'
import { OPERATOR, type OperatorLogin } from './operator.ts'
import { repoRoot, startServer, type RunningServer } from './server.ts'

/** Longer than the 24 hours a new operator waits before it decides money. */
const DESK_SET_UP_BEFORE_MS = 25 * 60 * 60 * 1000
const clockOffset = pathToFileURL(path.join(repoRoot, 'e2e/support/clock-offset.mjs')).href

/** The code an authenticator with `secret` shows at `at` (ms). */
const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at })

export interface StaffedDesk {
  /** For `useBrowserSuite({ server: desk.start })`: sets the desk up a day early, then starts today's server. */
  start: (dataDir: string) => Promise<RunningServer>
  /** The finance operators' logins (their own passwords and TOTP secrets), filled in by `start`; sign in with `operatorToken`. */
  finance: OperatorLogin[]
}

/** A server with `env` (which must create the e2e owner: `operatorEnv()`) and a finance operator per name in `usernames`. */
export function staffedMoneyDesk(env: Record<string, string>, usernames: string[]): StaffedDesk {
  const finance: OperatorLogin[] = []
  return {
    finance,
    async start(dataDir) {
      const earlier = await startServer({
        dataDir,
        env: { ...env, NODE_OPTIONS: `--import=${clockOffset}`, E2E_CLOCK_OFFSET_MS: String(-DESK_SET_UP_BEFORE_MS) },
      })
      try {
        const then = () => Date.now() - DESK_SET_UP_BEFORE_MS
        const owner = await call<{ token: string }>(earlier.baseUrl, 'POST', '/api/backoffice/auth/login', {
          body: { username: OPERATOR.username, password: OPERATOR.password, otp: codeAt(OPERATOR.totpSecret, then()) },
        })
        expect(owner.status, JSON.stringify(owner.body)).toBe(200)
        for (const username of usernames) finance.push(await enrolFinance(earlier.baseUrl, owner.body.data.token, username, then))
      } finally {
        await earlier.stop()
      }
      return startServer({ dataDir, env })
    },
  }
}

/** The owner creates `username` with a one-time password; the operator chooses its own and enrols its authenticator. */
async function enrolFinance(baseUrl: string, ownerToken: string, username: string, then: () => number): Promise<OperatorLogin> {
  const oneTime = `${username}-one-time-1`
  const created = await call(baseUrl, 'POST', '/api/backoffice/operators', { token: ownerToken, body: { username, password: oneTime, role: 'finance' } })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const password = `${username}-own-pass-2`
  const renewed = await call<{ token: string; must_enroll: boolean }>(baseUrl, 'POST', '/api/backoffice/auth/password/renew', {
    body: { username, password: oneTime, new_password: password },
  })
  expect(renewed.status, JSON.stringify(renewed.body)).toBe(200)
  expect(renewed.body.data.must_enroll).toBe(true)
  const token = renewed.body.data.token
  const started = await call<{ secret: string }>(baseUrl, 'POST', '/api/backoffice/auth/totp/start', { token })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const confirmed = await call(baseUrl, 'POST', '/api/backoffice/auth/totp/confirm', { token, body: { otp: codeAt(started.body.data.secret, then()) } })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return { username, password, totpSecret: started.body.data.secret }
}
