import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** `POST /auth/logout`: revokes the session's token on the server. */
export function logout(): Promise<null> {
  // A 401 here means the token is already gone: that is the goal, not a reason to redirect twice.
  return apiRequest<null>('/auth/logout', { method: 'POST', redirectOn401: false })
}

/** The logout call as a mutation. */
export function useLogoutMutation() {
  return useMutation({ mutationFn: logout })
}
