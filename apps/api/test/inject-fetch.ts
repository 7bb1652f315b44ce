/**
 * A `fetch` that sends each request into a Fastify app with `inject`, so the real HTTP seamless client can talk
 * to the real seamless routes without a port.
 */
import type { FastifyInstance } from 'fastify'

export interface InjectFetchOptions {
  /**
   * Called before each request is handed on: return 'lose-answer' to let the app process the request and then
   * fail the call as a timeout would (the answer never arrives), or 'refuse' to fail it like a refused connection
   * without reaching the app.
   */
  fault?: (request: { path: string; body: string }) => 'lose-answer' | 'refuse' | undefined
}

export function injectFetch(app: Pick<FastifyInstance, 'inject'>, options: InjectFetchOptions = {}): typeof fetch {
  const fetcher = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url)
    const body = typeof init.body === 'string' ? init.body : ''
    const path = url.pathname + url.search
    const fault = options.fault?.({ path, body })
    if (fault === 'refuse') throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const method = (init.method ?? 'GET') as 'GET' | 'POST'
    const res = await app.inject({ method, url: path, headers, ...(body ? { payload: body } : {}) })
    // The app has committed; the caller sees its timeout fire instead of the answer.
    if (fault === 'lose-answer') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    const responseHeaders = new Headers()
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) responseHeaders.set(name, String(value))
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers: responseHeaders })
  }
  return fetcher as typeof fetch
}
