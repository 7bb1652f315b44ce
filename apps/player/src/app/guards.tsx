import { Navigate, Outlet } from 'react-router'
import { useSession } from '../lib/session.ts'

/** Spec §2: without a token every page but /login and /register goes to /login. */
export function RequireAuth() {
  const { token } = useSession()
  return token ? <Outlet /> : <Navigate to="/login" replace />
}

/** Spec §2: with a token, /login and /register go to /. */
export function GuestOnly() {
  const { token } = useSession()
  return token ? <Navigate to="/" replace /> : <Outlet />
}

/** Whether the signed-in player is in a time-out or self-exclusion now (ADR 047): the app's restricted mode. */
export function isRestricted(user: { restriction: { ends_at: string | null } | null } | null | undefined, now = Date.now()): boolean {
  const restriction = user?.restriction
  return Boolean(restriction && (restriction.ends_at === null || new Date(restriction.ends_at).getTime() > now))
}

/**
 * Restricted mode (issue 21 §2, ADR 047): while a time-out or self-exclusion is in force, the lobby, deposit,
 * promotions and referral pages go to /responsible-play, which says what is restricted and until when and offers
 * withdraw and history. The server refuses all of it anyway; this keeps the app from offering it.
 */
export function Unrestricted() {
  const { user } = useSession()
  return isRestricted(user) ? <Navigate to="/responsible-play" replace /> : <Outlet />
}
