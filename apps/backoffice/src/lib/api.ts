import type { ErrorCode } from '@sanam/contract'
import { t } from './i18n/th.ts'
import { clearToken, getToken } from './session.ts'

const TIMEOUT_MS = 15_000

/** A call that did not succeed, with the server's Thai message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface Answer<T> {
  data: T
  message: string | undefined
}

/**
 * Calls `/api<path>` with the operator's bearer token and answers the envelope's data and message, or throws
 * {@link ApiError}. A 401 on any call but sign-in ends the session (it expired, idled out or was ended by an owner).
 */
export async function api<T>(path: string, options: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<Answer<T>> {
  const token = getToken()
  const headers: Record<string, string> = { accept: 'application/json' }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  let response: Response
  let envelope: { success?: unknown; data?: unknown; message?: unknown; code?: unknown }
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    envelope = (await response.json()) as typeof envelope
  } catch {
    throw new ApiError('NETWORK', 0, t('error.network'))
  }
  const message = typeof envelope.message === 'string' ? envelope.message : undefined
  if (envelope.success === true) return { data: envelope.data as T, message }
  const code = (typeof envelope.code === 'string' ? envelope.code : 'INTERNAL') as ErrorCode
  if (response.status === 401 && token && path !== '/backoffice/auth/login') clearToken()
  throw new ApiError(code, response.status, message ?? t('error.generic'))
}

/** The data only, for queries. */
export const get = async <T>(path: string) => (await api<T>(path)).data

/** A query string of the filled-in values. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}
