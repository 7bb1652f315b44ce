import { Navigate, Outlet, useLocation } from 'react-router'
import { AlertIcon } from '../components/icons.tsx'
import { NoticeCard } from '../components/notice-card.tsx'
import { PageLoading } from '../components/page-loading.tsx'
import { t } from '../lib/i18n/index.ts'
import { pathAfterLogin, returnState } from '../lib/after-login.ts'
import { useSession } from '../lib/session.ts'
import { useLoadCurrentPlayer } from './routes/use-current-player.ts'

/**
 * Spec §2: without a token every page but /login and /register goes to /login. With one, no page is drawn before the
 * current player is known (a reload or a typed URL restores only the token): restricted mode (ADR 047) needs it.
 */
export function RequireAuth() {
  const { token } = useSession()
  const location = useLocation()
  return token ? <SignedIn /> : <Navigate to="/login" replace state={returnState(location)} />
}

function SignedIn() {
  const player = useLoadCurrentPlayer()
  if (player.user) return <Outlet />
  if (player.status === 'error') {
    // No answer (offline, a timeout): the session stays; nothing is shown that restricted mode might have to hide.
    return (
      <div className="page page--centred">
        <NoticeCard icon={<AlertIcon />} title={t('error.generic')} action={{ onClick: player.retry, label: t('action.retry') }} />
      </div>
    )
  }
  return <PageLoading />
}

/** Spec §2: with a token, /login and /register go to / (or back to the LINE link page the visitor came from). */
export function GuestOnly() {
  const { token } = useSession()
  const location = useLocation()
  return token ? <Navigate to={pathAfterLogin(location.state)} replace /> : <Outlet />
}

/** Whether the signed-in player is in a time-out or self-exclusion now (ADR 047): the app's restricted mode. */
export function isRestricted(user: { restriction: { ends_at: string | null } | null } | null | undefined, now = Date.now()): boolean {
  const restriction = user?.restriction
  return Boolean(restriction && (restriction.ends_at === null || new Date(restriction.ends_at).getTime() > now))
}

/**
 * Restricted mode (issue 21 §2, ADR 047): while a time-out or self-exclusion is in force, the lobby, deposit,
 * promotions and referral pages go to /responsible-play, which says what is restricted and until when and offers
 * withdraw and history. The server refuses all of it anyway; this keeps the app from offering it. RequireAuth above
 * has loaded the player, whichever way the page was reached.
 */
export function Unrestricted() {
  const { user } = useSession()
  return isRestricted(user) ? <Navigate to="/responsible-play" replace /> : <Outlet />
}
