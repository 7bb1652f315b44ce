/**
 * The player's session (spec §3 Session, §4 Auth): the bearer token, kept in memory and in sessionStorage in an
 * encoded form so a reload keeps the player logged in, and the current user once known.
 *
 * The stored form is base64 of a small JSON record: it keeps the token from being read at a glance in the
 * devtools, it is not protection (anything running on the page can read it either way).
 */
import type { UserMe } from '@sanam/contract'
import { useSyncExternalStore } from 'react'
import { readStorage, removeStorage, writeStorage } from './storage.ts'

export const SESSION_STORAGE_KEY = 'sanam.session'

export interface Session {
  token: string | null
  user: UserMe | null
}

/** Encodes a token for sessionStorage. */
export function encodeToken(token: string): string {
  return btoa(JSON.stringify({ v: 1, t: token }))
}

/** The token from its stored form, or null for anything that is not one. */
export function decodeToken(stored: string | null): string | null {
  if (!stored) return null
  try {
    const record: unknown = JSON.parse(atob(stored))
    if (typeof record === 'object' && record !== null && 'v' in record && record.v === 1 && 't' in record && typeof record.t === 'string' && record.t !== '') {
      return record.t
    }
  } catch {
    // Not ours or damaged: treated as logged out.
  }
  return null
}

let session: Session = { token: decodeToken(readStorage('session', SESSION_STORAGE_KEY)), user: null }
const listeners = new Set<() => void>()

function setSession(next: Session) {
  session = next
  for (const listener of listeners) listener()
}

export function getSession(): Session {
  return session
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The session, re-rendering the component when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}

/** Starts a session after a successful login; also re-arms the 401 redirect (spec §4). */
export function startSession(token: string, user: UserMe): void {
  writeStorage('session', SESSION_STORAGE_KEY, encodeToken(token))
  redirecting = false
  setSession({ token, user })
}

/** Records the current user (loaded after a reload restored only the token). */
export function setSessionUser(user: UserMe): void {
  if (session.token) setSession({ ...session, user })
}

/** Logout: clears token, user and the stored token (the query client drops every cached answer when it sees the session end). */
export function endSession(): void {
  removeStorage('session', SESSION_STORAGE_KEY)
  setSession({ token: null, user: null })
}

// ---- 401 handling (spec §4, §8) ----

let redirecting = false
const expiryListeners = new Set<(message: string | undefined) => void>()

/**
 * Called once per expiry, after the session is cleared, with the server's message when it sent one: the app
 * shows it (the route guard, seeing no token, goes to /login).
 */
export function onSessionExpired(listener: (message: string | undefined) => void): () => void {
  expiryListeners.add(listener)
  return () => expiryListeners.delete(listener)
}

/**
 * A call made with `token` was refused with 401. Clears the session (so the guard goes to /login) and tells the
 * app, once:
 * further 401s (other calls that were in flight) do nothing until the next successful login re-arms it.
 * A 401 for a token that is no longer the current one (the player already logged out) is ignored.
 */
export function expireSession(token: string, message?: string): void {
  if (redirecting || token !== session.token) return
  redirecting = true
  endSession()
  for (const listener of expiryListeners) listener(message)
}
