import type { UserMe } from '@sanam/contract'
import { useEffect } from 'react'
import { useCurrentUserQuery } from '../../features/auth/api/get-current-user.ts'
import { useLogout } from '../../features/auth/hooks/use-logout.ts'
import { useToast } from '../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../lib/api-client.ts'
import { getSession, setSessionUser, useSession } from '../../lib/session.ts'

/**
 * The current player for a logged-in screen, loaded fresh on every visit (a reload restores only the token), and
 * the logout action. The server failing to give the player logs out (spec §4, §8), a 401 having already done so
 * through the client.
 */
export function useCurrentPlayer(): { user: UserMe | null; logout: () => Promise<void> } {
  const session = useSession()
  const me = useCurrentUserQuery()
  const logout = useLogout()
  const { showToast } = useToast()

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

  return { user: session.user ?? me.data ?? null, logout }
}
