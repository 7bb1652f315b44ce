import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorBody } from './errors.ts'

/** Where the back-office is served when it has an origin of its own (BACKOFFICE_ORIGIN, ADR 067). */
export interface BackofficeOrigin {
  /** `https://desk.example.com` (scheme, host and a port other than the scheme's default). */
  origin: string
  /** What a request's Host says on that origin: `desk.example.com`, or `desk.example.com:8443`. */
  host: string
}

/**
 * The back-office's pages on their own origin: nothing but our scripts and styles, calls to this origin only, the
 * promotion preview the one frame (ADR 043), framed by nobody. Tighter than the player app's (security-headers.ts):
 * everything not named is refused (`default-src 'none'`).
 */
export const BACKOFFICE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ')

/** The back-office app and the operator API. */
const isBackofficePath = (path: string) =>
  path === '/backoffice' || path.startsWith('/backoffice/') || path === '/api/backoffice' || path.startsWith('/api/backoffice/')

/**
 * What the back-office's origin serves besides the back-office: the health check, uploaded images (its editors show
 * them), and the player app's promotion preview with the script and style files it loads (the editor frames it from
 * its own origin, ADR 043). No other player page: a player page there would run beside the operator's session.
 */
const isSharedPath = (path: string) => path === '/api/health' || path.startsWith('/media/') || path.startsWith('/assets/') || path === '/preview/promotion'

/** The path as the router will match it (percent-decoded), so `/%62ackoffice/` is the back-office too. */
function pathOf(request: FastifyRequest): string | undefined {
  const raw = request.url.split('?')[0] ?? '/'
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

/** The request's host as an origin's host: lower case, the scheme's default port dropped. */
function hostOf(request: FastifyRequest, protocol: string): string | undefined {
  try {
    return new URL(`${protocol}//${request.host}`).host
  } catch {
    return undefined
  }
}

/**
 * Serves the back-office only on its own origin (ADR 067): the back-office app and the operator API answer 404 on any
 * other host, and on the back-office's host nothing else answers except what it shares (`isSharedPath`). A browser
 * call into the operator API from another origin (an `Origin` header that is not the back-office's) is refused too,
 * and no answer carries CORS headers, so no other origin's script reads an operator's data. The back-office pages
 * get BACKOFFICE_CSP. An `onRequest` hook: the refusal comes before any route, static file or not-found handler.
 */
export function serveBackofficeOnItsOrigin(app: FastifyInstance, desk: BackofficeOrigin): void {
  const protocol = new URL(desk.origin).protocol
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request)
    const onDesk = hostOf(request, protocol) === desk.host
    const backoffice = path !== undefined && isBackofficePath(path)
    const origin = request.headers.origin
    const allowed = backoffice ? onDesk && (origin === undefined || origin === desk.origin) : !onDesk || (path !== undefined && isSharedPath(path))
    if (!allowed) return reply.status(404).send(errorBody('NOT_FOUND'))
    if (backoffice && path.startsWith('/backoffice')) void reply.header('content-security-policy', BACKOFFICE_CSP)
  })
}
