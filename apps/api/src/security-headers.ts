import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The security headers of every answer (helmet): a CSP that runs only our own scripts and is framed by nobody, and the
 * rest. One object, so the demo provider's tests check its pages under the very policy the app serves them with.
 */
export const securityHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The game launcher opens provider pages in a popup, which must keep its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Older browsers' word for frame-ancestors 'none'.
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: false, // set per answer, only over HTTPS (app.ts's onSend hook)
}

/**
 * The headers helmet's middleware sets with `options`, read once by running it against a response that only records
 * them. Its directives are static strings, so every answer gets the same headers; a per-request directive (a nonce
 * function) would need the request and is refused here rather than given a stand-in one.
 */
export function securityHeaderValues(options: HelmetOptions = securityHeaders): Record<string, string> {
  const directives = typeof options.contentSecurityPolicy === 'object' ? Object.values(options.contentSecurityPolicy.directives ?? {}) : []
  if (directives.flat().some((source) => typeof source === 'function')) throw new Error('security headers: a per-request CSP directive is not supported')
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  let finished = false
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
    finished = true
  })
  if (!finished) throw new Error('security headers: helmet did not finish at once')
  return headers
}

/**
 * Puts the security headers on every answer `app` gives, computed once (securityHeaderValues) and put on the reply
 * as Fastify's headers. Helmet's eleven middlewares on every request, each through the raw response's `setHeader`
 * (which also sent the answer's `writeHead` the long way, Fastify's own headers copied in one `setHeader` at a time),
 * cost the balance read about a third of its server CPU: 100 to 127 µs a read against 71 to 74 without (issue 40 §1,
 * bench/results/2026-12-02-twenty-seventh-session.md); @fastify/helmet 13 also parses the CSP again on every request
 * (issue 22 §1). An `onRequest` hook, so refusals and not-found answers carry them too.
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions = securityHeaders): void {
  const headers = securityHeaderValues(options)
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers)
    done()
  })
}
