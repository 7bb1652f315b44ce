import { lazy, Suspense, useEffect } from 'react'
import { Outlet } from 'react-router'
import { PageLoading } from '../../components/page-loading.tsx'
import { useToast } from '../../components/toast/use-toast.ts'
import { SiteBanner } from '../../features/site/components/site-banner.tsx'
import { t } from '../../lib/i18n/index.ts'
import { useLiveBalance } from '../../lib/live-balance.ts'
import { onSessionExpired, useSession } from '../../lib/session.ts'
import { BottomBar } from './bottom-bar.tsx'

// Loaded only once a player is signed in: the sign-in screens' bundle stays as it was.
const SessionReminder = lazy(() => import('../../features/responsible-play/components/session-reminder.tsx').then((m) => ({ default: m.SessionReminder })))

/**
 * Every page's frame (spec §1): one column, full width on phones and at most 480 px above, the banner on top,
 * the fixed bottom bar below (the column keeps room for it), pages loaded on demand in between. While a player is
 * signed in, the live balance stream stays open here (ADR 049).
 */
export function AppLayout() {
  useSessionExpiry()
  useLiveBalance()
  const { token } = useSession()
  return (
    <div className="app-column">
      <header className="app-header">
        <SiteBanner />
      </header>
      <main className="app-main" id="main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomBar />
      {/* The session reminder (ADR 048) stands over whatever page is open, the lobby included. */}
      {token !== null && (
        <Suspense fallback={null}>
          <SessionReminder signedIn />
        </Suspense>
      )}
    </div>
  )
}

/**
 * Spec §4: a 401 on any call ended the session; say so, once. The move to /login is the guard's: every page a
 * token can reach is behind RequireAuth, which redirects as soon as the session is empty, so there is exactly
 * one navigation.
 */
function useSessionExpiry() {
  const { showToast } = useToast()
  useEffect(() => onSessionExpired((message) => showToast({ kind: 'error', text: message ?? t('auth.unauthorized') })), [showToast])
}
