import type { UserMe } from '@sanam/contract'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useCurrentUserQuery } from '../../features/auth/api/get-current-user.ts'
import { useLogout } from '../../features/auth/hooks/use-logout.ts'
import { useToast } from '../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../lib/api-client.ts'
import { getSession, setSessionUser, useSession } from '../../lib/session.ts'

/**
 * The one load of the current player, for every signed-in page however it was reached (a link, a typed URL, a
 * bookmark, a reload, which restores only the token): called once, by the RequireAuth guard, so the restriction
 * (ADR 047) is known before any page or the bottom bar is drawn. Loaded when the guard mounts and again on every
 * move to another page (what the lobby shows of a running promotion changes with a deposit). The server failing to
 * give the player logs out (spec §4, §8), a 401 having already done so through the client.
 */
export function useLoadCurrentPlayer(): { user: UserMe | null; status: 'pending' | 'error' | 'success'; retry: () => void } {
  const session = useSession()
  const me = useCurrentUserQuery()
  const logout = useLogout()
  const { showToast } = useToast()
  const { pathname } = useLocation()
  const shownPath = useRef(pathname)
  const { refetch } = me

  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    void refetch()
  }, [pathname, refetch])

  useEffect(() => {
    if (me.data) setSessionUser(me.data)
  }, [me.data])

  useEffect(() => {
    if (me.status !== 'error' || !getSession().token) return
    // A 401 has already ended the session through the client.
    if (me.error instanceof ApiError && me.error.status === 401) return
    showToast({ kind: 'error', text: errorText(me.error, 'error.generic') })
    // Spec §8: the server could not give us the player, so log out. A call that got no answer at all (offline,
    // timeout, or cut off because the page is being reloaded or left) says nothing about the account: logging
    // out then would throw the player out for a reload, so the session stays and the next visit tries again.
    if (me.error instanceof ApiError && me.error.status > 0) void logout()
  }, [me.status, me.error, logout, showToast])

  return { user: session.user ?? me.data ?? null, status: me.status, retry: () => void refetch() }
}

/**
 * The current player for a signed-in screen, as the guard loaded it (never null below RequireAuth), and the logout
 * action.
 */
export function useCurrentPlayer(): { user: UserMe | null; logout: () => Promise<void> } {
  const { user } = useSession()
  return { user, logout: useLogout() }
}
