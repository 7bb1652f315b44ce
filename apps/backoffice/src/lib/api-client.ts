import { ApiError, createApiClient, errorText as serverMessageOr } from '@sanam/web-shared/api-client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { t } from './i18n/th.ts'
import { clearToken, getToken } from './session.ts'

export { ApiError, isRefusal, type ApiAnswer } from '@sanam/web-shared/api-client'

export const TIMEOUT_MS = 15_000

/**
 * The back-office's API client (`@sanam/web-shared/api-client`, ADR 038): the operator's token, 15 s, and a 401 on
 * any call but sign-in ends the session (it expired, idled out or was ended by an owner), which returns the app to
 * the sign-in page.
 */
export const { apiAnswer, apiRequest, apiFile } = createApiClient({ timeoutMs: TIMEOUT_MS, token: getToken, onUnauthorized: (token) => clearToken(token) })

/** What an operator reads for a failed call: the server's Thai message, else "no connection" or "something went wrong". */
export function errorText(error: unknown): string {
  const offline = error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT')
  return serverMessageOr(error, t(offline ? 'error.network' : 'error.generic'))
}

/** A query string of the filled-in values (`?q=081&page=0`), or nothing. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * The query of a filtered or paged list, `GET <path><queryString(query)>`: the last answer stays on screen while another
 * page or filter loads. `more`: when to ask again, or not to ask yet.
 */
export const listQueryOptions = <Data>(
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, string | number | undefined>,
  more: { refetchInterval?: number; enabled?: boolean } = {},
) => queryOptions({ queryKey, queryFn: () => apiRequest<Data>(`${path}${queryString(query)}`), placeholderData: keepPreviousData, ...more })
