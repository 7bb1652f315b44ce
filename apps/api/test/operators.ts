import { DEMO_TOTP_ENCRYPTION_KEY } from '@sanam/contract/demo-secrets'
import { Secret, TOTP } from 'otpauth'
import { totpSecretBox } from '../src/lib/totp.ts'
import type { TestApp } from './app.ts'

/** The TOTP secret test operators are enrolled with (base32, as BACKOFFICE_TOTP_SECRET takes it). */
export const OPERATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
/** A secret as the database keeps it (sealed with the demo key, ADR 036), for operators a test inserts directly. */
export const sealTotpSecret = (secret = OPERATOR_TOTP_SECRET) => totpSecretBox(DEMO_TOTP_ENCRYPTION_KEY).seal(secret)

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
