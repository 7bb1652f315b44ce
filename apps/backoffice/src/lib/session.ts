/**
 * The operator's session token, kept in sessionStorage: it ends with the tab, and it is the only thing stored (never
 * the password or the TOTP secret). Listeners hear when it ends, so the app can go back to the sign-in page.
 */
const KEY = 'sanam.backoffice.token'
const listeners = new Set<() => void>()

export function getToken(): string | null {
  return sessionStorage.getItem(KEY)
}

export function setToken(token: string) {
  sessionStorage.setItem(KEY, token)
  for (const listener of listeners) listener()
}

/** Ends the session; given a token, only if it is still that one (a late 401 from a session that already ended). */
export function clearToken(token?: string) {
  const current = sessionStorage.getItem(KEY)
  if (current === null || (token !== undefined && token !== current)) return
  sessionStorage.removeItem(KEY)
  for (const listener of listeners) listener()
}

export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
