import type { LoginBody, LoginResult } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { deviceHeaders } from '../../../lib/device.ts'

/**
 * `POST /auth/login`. Its 401 means a wrong phone or password (spec §8), so it never ends a session or
 * redirects.
 */
export function login(body: LoginBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('/auth/login', { method: 'POST', body, redirectOn401: false, headers: deviceHeaders() })
}

/** The login call as a mutation (pending state, one result per submit). */
export function useLoginMutation() {
  return useMutation({ mutationFn: login })
}
