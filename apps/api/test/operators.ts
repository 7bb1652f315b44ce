import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import type { OperatorRole } from '../src/modules/backoffice/backoffice-auth.service.ts'
import { operatorsRepository } from '../src/modules/backoffice/operators.repository.ts'
import type { TestApp } from './app.ts'
import { uniqueAddress } from './factories.ts'

// Back-office operators for tests: the one way to get a signed-in operator, and TOTP codes the server takes.

/** The TOTP secret test operators are enrolled with (base32, as BACKOFFICE_TOTP_SECRET takes it). */
export const OPERATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
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
  options: { username?: string; address?: string } = {},
): Promise<SignedInOperator> {
  const username = options.username ?? `${role}-${randomUUID().slice(0, 8)}`
  const row =
    (await operatorsRepository.findByUsername(t.db, username)) ??
    (await operatorsRepository.insert(t.db, {
      username,
      passwordHash: await t.hasher.hash(OPERATOR_PASSWORD),
      role,
      totpSecret: OPERATOR_TOTP_SECRET,
      createdAt: t.clock.now(),
    }))
  const res = await t.request('POST', '/api/backoffice/auth/login', {
    payload: { username, password: OPERATOR_PASSWORD, otp: nextOperatorCode(t, username) },
    address: options.address ?? uniqueAddress(),
  })
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`)
  return { id: row.id, username, token: res.json().data.token }
}
