/**
 * The web apps' side of the HTTP contract (DESIGN §2, ADR 038): one call to `/api<path>` with the session's bearer
 * token, a time limit, the `{ success, data | code, message, errors }` envelope read once, and one error type for
 * every failure. Each app configures it once in its `lib/api-client.ts` (its time limit, where its token lives,
 * what a 401 does); features call that app's `apiRequest`/`apiAnswer` from their `api/` files.
 *
 * Imports only types from `@sanam/contract`, so no zod reaches a bundle through it.
 */
import type { ErrorCode, FieldError } from '@sanam/contract'

/** What went wrong on this side of the wire: no answer, no answer in time, or an answer that is not an envelope. */
export type LocalFailure = 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE'

/**
 * A call that did not succeed. `serverMessage` is the API's Thai message when it sent one; without it the caller
 * picks its own default text (the player's spec §8), see {@link errorText}.
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

/** The text to show for a failed call: the server's message when present, else `fallback` (the app's own text). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback
}

/** A refusal (4xx): asking again gets the same answer, so a query client does not retry it. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
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
  /** Sent as JSON; a file (a Blob) is sent as it is, with its own type (an image upload). */
  body?: unknown
  /** Lets a component drop a call it no longer needs (unmount). */
  signal?: AbortSignal
  /**
   * Whether a 401 ends the session (and so goes to the sign-in page). Off for the sign-in calls, whose 401 means
   * "wrong password" or "code needed".
   */
  redirectOn401?: boolean
  /** Extra request headers: the device id on sign-in and registration, the Idempotency-Key of a withdrawal. */
  headers?: Record<string, string>
}

/** A success envelope's data with the server's message (a money call says what it did). */
export interface ApiAnswer<T> {
  data: T
  message: string | undefined
}

/** How an app uses the client: read once, when the app's `lib/api-client.ts` is loaded. */
export interface ApiClientConfig {
  /** Every call gives up after this long, body included. */
  timeoutMs: number
  /** The session's bearer token, read at each call; null when signed out. */
  token: () => string | null
  /** A call made with `token` was answered 401 (and did not opt out): the session is over. */
  onUnauthorized: (token: string, error: ApiError) => void
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

/** The app's `apiAnswer` and `apiRequest`, configured once. */
export function createApiClient(config: ApiClientConfig) {
  /**
   * Calls `/api<path>` and returns the success envelope's data and message, or throws {@link ApiError}. The caller's
   * abort is passed through as the plain AbortError so it can be told apart from a failure.
   */
  async function apiAnswer<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new DOMException('API call timed out', 'TimeoutError')), config.timeoutMs)
    const forwardAbort = () => controller.abort(options.signal?.reason)
    options.signal?.addEventListener('abort', forwardAbort, { once: true })
    const token = config.token()

    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' }
    const file = options.body instanceof Blob ? options.body : undefined
    if (options.body !== undefined) headers['content-type'] = file ? file.type : 'application/json'
    if (token) headers.authorization = `Bearer ${token}`

    try {
      const response = await fetch(`/api${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: file ?? (options.body === undefined ? null : JSON.stringify(options.body)),
        signal: controller.signal,
      })
      // The timer keeps running while the body downloads: a stalled body is a timeout too. A body that stops
      // arriving (timeout, lost network, the page being left) rejects here and is a transport failure with no
      // status, like a call that got no answer: it must never pass for a bad answer from the server, which the
      // player's home page treats as a reason to log out.
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
      if (response.status === 401 && token && options.redirectOn401 !== false) config.onUnauthorized(token, error)
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

  /** {@link apiAnswer}'s data only: for reads and for writes whose success text is the app's own. */
  async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return (await apiAnswer<T>(path, options)).data
  }

  return { apiAnswer, apiRequest }
}
