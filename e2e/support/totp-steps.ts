// The TOTP step an operator's sign-in may use, for the e2e specs and the bench alike: a server takes each step of an
// operator once, and only a later one after it (its database remembers the last, also across a restart on the same
// data), of the steps it accepts now (one step of drift either way). No test runner here: the bench imports it.
import { setTimeout as waitFor } from 'node:timers/promises'
import { Secret, TOTP } from 'otpauth'

const STEP_MS = 30_000

/**
 * A code of `totpSecret` for a step later than the one `usedSteps` holds under `key` (recorded before it is answered),
 * from the steps a server whose clock is `clockOffsetMs` ahead accepts now, keeping 5 s of margin at the old end. When
 * all are used, waits for the next step to begin: real time is the server's clock here, so waiting for it is the
 * condition itself, not a guess.
 */
export async function codeOfUnusedStep(totpSecret: string, usedSteps: Map<string, number>, key: string, clockOffsetMs = 0): Promise<string> {
  for (;;) {
    const now = Date.now() + clockOffsetMs
    const step = Math.max(Math.floor((now + 5_000) / STEP_MS) - 1, (usedSteps.get(key) ?? -Infinity) + 1)
    if (step <= Math.floor(now / STEP_MS) + 1) {
      usedSteps.set(key, step)
      return new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({ timestamp: step * STEP_MS })
    }
    await waitFor(STEP_MS - (now % STEP_MS) + 50)
  }
}

/**
 * Counts every step up to the one after now as used under `key`: a server on data that an earlier process signed in
 * to (a folder a run kept) may have taken any of them, and this process cannot know which.
 */
export function stepsTakenBefore(usedSteps: Map<string, number>, key: string): void {
  usedSteps.set(key, Math.max(usedSteps.get(key) ?? -Infinity, Math.floor(Date.now() / STEP_MS) + 1))
}
