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
  const fresh = crypto.randomUUID()
  writeStorage('local', KEY, fresh)
  return fresh
}

/** The header the sign-in and registration calls carry. */
export const deviceHeaders = (): Record<string, string> => ({ 'x-device-id': deviceId() })
