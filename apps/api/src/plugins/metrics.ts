// The metrics' HTTP side (issue 22 §6, ADR 051): every answer counted by route pattern, and GET /metrics in
// Prometheus's text format, served on a listener of its own (METRICS_PORT) or on the public port behind a bearer token
// (METRICS_TOKEN), and nowhere when neither is set. The metrics themselves are lib/metrics.ts. The listener serves the
// primary of several API processes too, with every worker's metrics summed (server.ts).
import type { AddressInfo } from 'node:net'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify'
import { AppError, errorBody, handleError } from '../errors.ts'
import { sameBytes, sha256 } from '../lib/crypto.ts'
import type { Metrics, MetricsSource } from '../lib/metrics.ts'
import { closeSilentConnections } from './silent-connections.ts'

export const METRICS_PATH = '/metrics'

/** Whether a route's success answer is an event stream (its schema says so): its duration is the stream's life. */
function answersAStream(route: RouteOptions): boolean {
  const ok = (route.schema?.response as Record<string, { content?: Record<string, unknown> }> | undefined)?.[200]
  return ok?.content?.['text/event-stream'] !== undefined
}

/**
 * Counts every answer of `app` (add it before any route): method, the route's pattern (`/api/backoffice/members/:id`,
 * never the URL with its id, token or junk; `unmatched` for a 404 no route answered) and status class, with its
 * duration. An open event stream is counted by the streams gauge instead: its 200 lasts as long as the stream.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  const streams = new Set<string>()
  app.addHook('onRoute', (route) => {
    if (answersAStream(route)) for (const method of [route.method].flat()) streams.add(`${method} ${route.url}`)
  })
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url
    if (!(route !== undefined && reply.statusCode === 200 && streams.has(`${request.method} ${route}`))) {
      metrics.request(request.method, route ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000)
    }
    done()
  })
}

/**
 * Counts an answer Fastify gives before routing (its frameworkErrors: a malformed URL, an over-long path parameter),
 * which no hook sees, as `unmatched`.
 */
export function countUnrouted(metrics: Metrics, request: FastifyRequest, reply: FastifyReply): void {
  const started = performance.now()
  reply.raw.once('finish', () => metrics.request(request.method, 'unmatched', reply.statusCode, (performance.now() - started) / 1000))
}

/** The bearer token, compared in constant time whatever its length (both sides hashed first). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? ''
  return sameBytes(sha256(given), sha256(token))
}

async function answer(request: FastifyRequest, reply: FastifyReply, metrics: MetricsSource, token: string | undefined) {
  if (token !== undefined && !hasToken(request, token)) {
    void reply.header('www-authenticate', 'Bearer realm="metrics"')
    throw new AppError('UNAUTHORIZED')
  }
  return reply
    .header('cache-control', 'no-store')
    .type(metrics.contentType)
    .send(await metrics.text())
}

/**
 * GET /metrics on the public port. Served only when that is where metrics are (`served`: METRICS_TOKEN set, no
 * METRICS_PORT), and then only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Everywhere else it is
 * a 404 in the envelope, as for any path that names nothing: the route exists so the web apps' fallback page never
 * answers it with a 200.
 */
export function metricsRoute(app: FastifyInstance, options: { metrics: Metrics | undefined; token: string | undefined; served: boolean }): void {
  const { metrics, token, served } = options
  app.get(METRICS_PATH, async (request, reply) => {
    if (!served || !metrics || token === undefined) throw new AppError('NOT_FOUND')
    return answer(request, reply, metrics, token)
  })
}

/**
 * The listener of its own on METRICS_PORT (bound to METRICS_HOST, loopback by default): GET /metrics and nothing else,
 * behind the token too when one is set. Scrapes are not written to the request log (one every few seconds, forever).
 * `metrics` is the app's own, or of several API processes the primary's sum of its workers' (lib/metrics.ts).
 */
export function metricsListener(options: { metrics: MetricsSource; token: string | undefined; logger: FastifyBaseLogger }) {
  const server = Fastify({ loggerInstance: options.logger, logController: new LogController({ disableRequestLogging: true }) })
  closeSilentConnections(server)
  server.setErrorHandler(handleError)
  server.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('NOT_FOUND')))
  server.get(METRICS_PATH, (request, reply) => answer(request, reply, options.metrics, options.token))
  return {
    server,
    /** Starts listening and says so in the log; answers where (the port asked for, or the one given for port 0). */
    async listen(port: number, host: string): Promise<AddressInfo> {
      await server.listen({ port, host })
      const address = server.server.address() as AddressInfo
      options.logger.info({ host: address.address, port: address.port }, 'metrics listener started (GET /metrics)')
      return address
    },
    close: () => server.close(),
  }
}
