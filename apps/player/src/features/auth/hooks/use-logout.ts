import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useToast } from '../../../components/toast/use-toast.ts'
import { t } from '../../../lib/i18n/index.ts'
import { endSession } from '../../../lib/session.ts'
import { useLogoutMutation } from '../api/logout.ts'

/**
 * Logout (spec §4): revoke the token on the server, clear token, user and stored token, go to /login. The local
 * session ends at once whatever the server says: the player asked to leave.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate()
  const { showToast } = useToast()
  const { mutateAsync: logout } = useLogoutMutation()
  return useCallback(async () => {
    // Started before the session is cleared: the call reads the token when it starts.
    const revoked = logout().catch(() => null)
    endSession()
    showToast({ kind: 'success', text: t('toast.loggedOut') })
    await navigate('/login', { replace: true })
    await revoked
  }, [logout, navigate, showToast])
}
