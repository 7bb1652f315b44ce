import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { clearToken } from '../../../lib/session.ts'

/** `POST /backoffice/auth/logout`: ends this session on the server. */
export function logout(): Promise<null> {
  return apiRequest('/backoffice/auth/logout', { method: 'POST' })
}

/** Signed out here whatever the server answered, and nothing of this operator's stays in the cache. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearToken()
      queryClient.clear()
    },
  })
}
