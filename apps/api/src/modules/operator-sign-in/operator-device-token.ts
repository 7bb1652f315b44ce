import { createHmac } from 'node:crypto'
import { parseCookie, stringifySetCookie } from 'cookie'
import type { Clock } from '../../lib/clock.ts'
import { DEVICE_TOKEN_DAYS, deviceTokens } from '../auth/device-token.ts'

/** The cookie the back-office keeps its device token in (ADR 069): HttpOnly, so no script of the page ever reads it. */
export const OPERATOR_DEVICE_COOKIE = 'sanam_operator_device'
/** Only the sign-in routes receive it: every other request goes without, so it travels no further than it is needed. */
const COOKIE_PATH = '/api/backoffice/auth'

/** A browser that signed in as `operatorId` before, with password and code; `key` names it for its own counter. */
export interface KnownOperatorDevice {
  operatorId: number
  key: string
}

/**
 * Signed device tokens for operators (ADR 069), the players' tokens (ADR 039) under a key of their own: the key is
 * derived from DEVICE_TOKEN_SECRET for this one use, so a player's token for player 7 never passes as operator 7's.
 * Not a credential: it opens nothing by itself, it only tells the sign-in limits that this browser signed in as that
 * operator before, so wrong sign-ins from elsewhere do not lock it out.
 */
export function operatorDeviceTokens(deps: { secret: string; clock: Clock }) {
  const key = createHmac('sha256', deps.secret).update('sanam-operator-device-token').digest('base64url')
  const tokens = deviceTokens({ secret: key, clock: deps.clock })
  return {
    issue: (operatorId: number): string => tokens.issue(operatorId),
    /** The operator a token names, or null for anything forged, altered, malformed, a player's, or too old. */
    verify(token: string | undefined): KnownOperatorDevice | null {
      const device = tokens.verify(token)
      return device && { operatorId: device.playerId, key: device.key }
    },
  }
}
export type OperatorDeviceTokens = ReturnType<typeof operatorDeviceTokens>

/**
 * The `Set-Cookie` value that keeps `token` in the browser: HttpOnly (out of the page's scripts' reach), SameSite=Strict
 * (never sent by another site's request), scoped to the sign-in routes, for as long as the token is good. `secure`:
 * sent over HTTPS only; outside demo mode always (a plain-http production install keeps no device rather than leak it).
 */
export function operatorDeviceCookie(token: string, secure: boolean): string {
  return stringifySetCookie(OPERATOR_DEVICE_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: DEVICE_TOKEN_DAYS * 86_400,
  })
}

/** The device token a sign-in request carries in its cookie, if any (malformed headers count as none). */
export function operatorDeviceTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || cookieHeader.length > 8192) return undefined
  return parseCookie(cookieHeader)[OPERATOR_DEVICE_COOKIE]
}
