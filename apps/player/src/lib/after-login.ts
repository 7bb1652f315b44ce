/**
 * The pages a signed-out visitor is sent back to once signed in, with what was in their address (the LINE link page
 * and its link token, ADR 088). Every other page goes home after login, as before.
 */
const RETURN_AFTER_LOGIN = ['/line/link']

/** The router state the sign-in redirect carries for `location`, or undefined when it is not a page to return to. */
export function returnState(location: { pathname: string; search: string }): { next: string } | undefined {
  return RETURN_AFTER_LOGIN.includes(location.pathname) ? { next: `${location.pathname}${location.search}` } : undefined
}

/** Where to go after signing in: the page `state` names when it is one to return to, else home. */
export function pathAfterLogin(state: unknown): string {
  const next = typeof state === 'object' && state !== null && 'next' in state && typeof state.next === 'string' ? state.next : null
  return next && RETURN_AFTER_LOGIN.includes(new URL(next, 'http://app.invalid').pathname) && next.startsWith('/') && !next.startsWith('//') ? next : '/'
}
