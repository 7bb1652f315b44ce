import { randomId } from '@sanam/web-shared/random-id'
import { readStorage, writeStorage } from './storage.ts'

const KEY = 'sanam.device'
const SHAPE = /^[A-Za-z0-9_-]{16,128}$/

/**
 * A random id for this browser, kept in localStorage and sent as `X-Device-Id` when signing in or registering. The
 * server keeps only its hash and uses it to find accounts played from one device (linked accounts earn no referral
 * commission from each other). It identifies nothing but the browser; clearing site data makes a new one.
 */
export function deviceId(): string {
  const kept = readStorage('local', KEY)
  if (kept && SHAPE.test(kept)) return kept
  const fresh = randomId()
  writeStorage('local', KEY, fresh)
  return fresh
}

/** The header the sign-in and registration calls carry. */
export const deviceHeaders = (): Record<string, string> => ({ 'x-device-id': deviceId() })

const TOKEN_KEY = 'sanam.device-token'
const TOKEN_SHAPE = /^v1\.[A-Za-z0-9_.-]{20,240}$/

/**
 * The headers of a sign-in (login, and the new password after an operator's reset): the device id, and the signed
 * device token of the last sign-in on this browser (ADR 039), which lets its owner sign in while the phone number is
 * under attack from elsewhere. The token is kept in localStorage: it opens nothing by itself (the password is still
 * needed), so it is not a credential.
 */
export function signInHeaders(): Record<string, string> {
  const token = readStorage('local', TOKEN_KEY)
  return { ...deviceHeaders(), ...(token && TOKEN_SHAPE.test(token) ? { 'x-device-token': token } : {}) }
}

/** Keeps the device token a sign-in answered, for the next sign-in on this browser. */
export function keepDeviceToken(token: string | undefined): void {
  if (token && TOKEN_SHAPE.test(token)) writeStorage('local', TOKEN_KEY, token)
}
