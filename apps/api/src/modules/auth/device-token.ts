import { createHmac, randomBytes } from 'node:crypto'
import type { Clock } from '../../lib/clock.ts'
import { sameBytes } from '../../lib/crypto.ts'

/** How long a device token stays good without a new sign-in on that device (ADR 039). */
export const DEVICE_TOKEN_DAYS = 180

/** A device that signed in as `playerId` before; `key` names it (its random part) for its own failure counter. */
export interface KnownDevice {
  playerId: number
  key: string
}

/**
 * Signed device tokens (ADR 039): issued to the player app at each successful sign-in, sent back with the next ones.
 * `v1.<player id>.<random>.<issued, unix seconds>.<HMAC-SHA256 of the rest with DEVICE_TOKEN_SECRET>`. Not a
 * credential: it opens nothing by itself, it only tells the login limits that this device signed in as that player
 * before, so a wrong-password streak against the phone from elsewhere does not lock it out.
 */
export function deviceTokens(deps: { secret: string; clock: Clock }) {
  const sign = (body: string) => createHmac('sha256', deps.secret).update(`sanam-device-token:${body}`).digest()
  return {
    issue(playerId: number): string {
      const body = `v1.${playerId}.${randomBytes(16).toString('base64url')}.${Math.floor(deps.clock.now().getTime() / 1000)}`
      return `${body}.${sign(body).toString('base64url')}`
    },

    /** The device a token names, or null for anything forged, altered, malformed or older than DEVICE_TOKEN_DAYS. */
    verify(token: string | undefined): KnownDevice | null {
      if (!token || token.length > 256) return null
      const match = /^(v1\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(token)
      if (!match?.[1] || !match[2] || !match[3] || !match[4] || !match[5]) return null
      if (!sameBytes(Buffer.from(match[5], 'base64url'), sign(match[1]))) return null
      const age = deps.clock.now().getTime() - Number(match[4]) * 1000
      if (age < -60_000 || age > DEVICE_TOKEN_DAYS * 86_400_000) return null
      return { playerId: Number(match[2]), key: match[3] }
    },
  }
}
export type DeviceTokens = ReturnType<typeof deviceTokens>
