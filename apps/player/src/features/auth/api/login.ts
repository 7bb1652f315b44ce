import type { LoginBody, LoginResult } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { keepDeviceToken, signInHeaders } from '../../../lib/device.ts'

/**
 * `POST /auth/login`. Its 401 means a wrong phone or password (spec §8), so it never ends a session or
 * redirects. It sends this browser's device token and keeps the new one it answers (ADR 039).
 */
export function login(body: LoginBody): Promise<LoginResult> {
  return signIn('/auth/login', body)
}

/**
 * A call whose answer signs the player in (the login, renewing a temporary password): its 401 is a refusal, never a
 * lost session; it sends this browser's device token and keeps the new one.
 */
export async function signIn(path: string, body: object): Promise<LoginResult> {
  const result = await apiRequest<LoginResult>(path, { method: 'POST', body, redirectOn401: false, headers: signInHeaders() })
  keepDeviceToken(result.device_token)
  return result
}

/** The login call as a mutation (pending state, one result per submit). */
export function useLoginMutation() {
  return useMutation({ mutationFn: login })
}
