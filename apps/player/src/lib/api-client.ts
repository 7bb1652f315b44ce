import type { ErrorCode, FieldError } from '@sanam/contract'
import { t, type MessageKey } from './i18n/index.ts'
import { expireSession, getSession } from './session.ts'

/** Spec §9: every call gives up after 10 s. */
export const TIMEOUT_MS = 10_000

type LocalFailure = 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE'

/**
 * A call that did not succeed. `serverMessage` is the API's Thai message when it sent one;
 * without it the caller picks its own default text (spec §8), see {@link errorText}.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | LocalFailure,
    readonly status: number,
    readonly serverMessage?: string,
    /** Field-level problems from a 400, when the server listed them. */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(serverMessage ?? code)
    this.name = 'ApiError'
  }
}

/** The text to show for a failed call: the server's message when present, else the default for that call. */
export function errorText(error: unknown, fallback: MessageKey): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : t(fallback)
}

/**
 * The server's message as one text: spec §8 "an array message shows its first item". Anything that is not a
 * non-empty string (or a list starting with one) counts as no message.
 */
export function messageText(message: unknown): string | undefined {
  const first: unknown = Array.isArray(message) ? message[0] : message
  return typeof first === 'string' && first.trim() !== '' ? first : undefined
}

export interface RequestOptions {
  method?: 'GET' | 'POST'
  /** Sent as JSON. */
  body?: unknown
  /** Lets a component drop a call it no longer needs (unmount). */
  signal?: AbortSignal
  /**
   * Whether a 401 ends the session and goes to /login (spec §4). Off for the login call, whose 401 means
   * "wrong phone or password" (spec §8).
   */
  redirectOn401?: boolean
  /** Extra request headers: the device id on sign-in and registration, the Idempotency-Key of a withdrawal. */
  headers?: Record<string, string>
}

/** A success envelope's data with the server's message (a withdrawal or transfer says what it did, spec §8). */
export interface ApiAnswer<T> {
  data: T
  message: string | undefined
}

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (item): item is FieldError =>
      typeof item === 'object' && item !== null && typeof (item as FieldError).path === 'string' && typeof (item as FieldError).message === 'string',
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * Calls `/api<path>` with the session's bearer token and returns the envelope's `data`, or throws
 * {@link ApiError}. The caller's abort is passed through as the plain AbortError so it can be told apart from a
 * failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiAnswer<T>(path, options)).data
}

/** {@link apiRequest}, keeping the success envelope's message for calls whose success text comes from the server. */
export async function apiAnswer<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('API call timed out', 'TimeoutError')), TIMEOUT_MS)
  const forwardAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', forwardAbort, { once: true })
  const token = getSession().token

  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`

  try {
    const response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: controller.signal,
    })
    // The timer keeps running while the body downloads: a stalled body is a timeout too. A body that stops
    // arriving (timeout, lost network, the page being left) rejects here and is a transport failure with no
    // status, like a call that got no answer: it must never pass for a bad answer from the server, which the
    // home page treats as a reason to log out.
    const body = await response.text()
    const envelope = parseJson(body)
    if (typeof envelope !== 'object' || envelope === null || !('success' in envelope) || typeof envelope.success !== 'boolean') {
      throw new ApiError('BAD_RESPONSE', response.status)
    }
    if (envelope.success) {
      const success = envelope as unknown as { data: T; message?: unknown }
      return { data: success.data, message: messageText(success.message) }
    }

    const failure = envelope as unknown as { code?: unknown; message?: unknown; errors?: unknown }
    const error = new ApiError(
      typeof failure.code === 'string' ? (failure.code as ErrorCode) : 'BAD_RESPONSE',
      response.status,
      messageText(failure.message),
      fieldErrors(failure.errors),
    )
    if (response.status === 401 && token && options.redirectOn401 !== false) expireSession(token, error.serverMessage)
    throw error
  } catch (error) {
    if (error instanceof ApiError) throw error
    if (options.signal?.aborted) throw error
    throw new ApiError(controller.signal.aborted ? 'TIMEOUT' : 'NETWORK', 0)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', forwardAbort)
  }
}
