import { createApiClient, errorText as serverMessageOr } from '@sanam/web-shared/api-client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { t, type MessageKey } from './i18n/index.ts'
import { expireSession, getSession } from './session.ts'

export { ApiError, messageText, type ApiAnswer, type RequestOptions } from '@sanam/web-shared/api-client'

/** Spec §9: every call gives up after 10 s. */
export const TIMEOUT_MS = 10_000

/**
 * The player's API client (`@sanam/web-shared/api-client`, ADR 038): the session's token, 10 s, and a 401 ends the
 * session once and goes to /login with the server's message (spec §4).
 */
export const { apiAnswer, apiRequest } = createApiClient({
  timeoutMs: TIMEOUT_MS,
  token: () => getSession().token,
  onUnauthorized: (token, error) => expireSession(token, error.serverMessage),
})

/** The text to show for a failed call: the server's message when present, else the copy deck's default for that call. */
export function errorText(error: unknown, fallback: MessageKey): string {
  return serverMessageOr(error, t(fallback))
}

/**
 * The query of a read asked again on every visit (`staleTime: 0`): `GET <path>`, for what changes under the player
 * (a balance, a limit's allowance, a promotion's mandatory withdrawal).
 */
export const freshQueryOptions = <Data>(queryKey: readonly unknown[], path: string) =>
  queryOptions({ queryKey, queryFn: () => apiRequest<Data>(path), staleTime: 0 })

/**
 * The query of one zero-based page of a paged list, `GET <path>?page=`: the previous page stays on screen while the
 * next one loads, so the table does not jump to a spinner.
 */
export const pageQueryOptions = <Data>(queryKey: readonly unknown[], path: string, page: number) =>
  queryOptions({ queryKey, queryFn: () => apiRequest<Data>(`${path}?page=${page}`), placeholderData: keepPreviousData })
