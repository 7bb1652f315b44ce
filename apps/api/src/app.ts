import { randomUUID } from 'node:crypto'
import { addSecurityHeaders } from './security-headers.ts'
import { serveBackofficeOnItsOrigin } from './backoffice-origin.ts'
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBody, handleError } from './errors.ts'
import { systemClock } from './lib/clock.ts'
import { listenForNotifications, postgresListenClient } from './lib/notification-listener.ts'
import type { TypedApp } from './lib/typed-app.ts'
import { mediaRoutes } from './modules/site/site.routes.ts'
import { BALANCE_CHANGED_CHANNEL, parsePlayerId } from './modules/wallet/balance-stream.ts'
import { requireOperator } from './plugins/operator-auth.ts'
import { registerApiDocs } from './plugins/api-docs.ts'
import { createMetrics } from './lib/metrics.ts'
import { countRequests, countUnrouted, metricsListener, metricsRoute } from './plugins/metrics.ts'
import { requirePlayer } from './plugins/auth.ts'
import { refuseNul } from './plugins/no-nul.ts'
import { closeSilentConnections } from './plugins/silent-connections.ts'
import { registerApiRoutes } from './routes.ts'
import { loggerOptions, RequestLog } from './logger.ts'
import { buildServices, type ServiceDeps } from './services.ts'
import { registerWebApps, type WebApps } from './web.ts'

export const BODY_LIMIT = 64 * 1024

export { loggerOptions } from './logger.ts'

export { GAMES_CACHE_MS } from './services.ts'

/** What the server is built from: what the services are (services.ts), and what only a served app has. */
export interface AppDeps extends Omit<ServiceDeps, 'log' | 'metrics' | 'loadDemoProvider'> {
  webApps?: WebApps
  logger?: FastifyServerOptions['logger']
  /** Told of every route as it is added: tests walk the real route table with its schemas (bad-input, hostile-input). */
  onRoute?: (route: RouteOptions) => void
}

const REQUEST_ID = /^[\w.-]{1,64}$/
/** Answers no cache or browser may keep (issue 18): sign-in, sessions and every back-office screen's data. */
const NO_STORE = /^\/api\/(auth|backoffice)(\/|\?|$)/

function refuseBeforeRouting(reply: FastifyReply) {
  void reply.status(404).send(errorBody('NOT_FOUND'))
}

/**
 * Builds the whole server from its config and database: the services once (services.ts, the one place that hands
 * repositories to services and services to services, ADR 018, ADR 066), then the hooks, the guards and the routes.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps
  const clock = deps.clock ?? systemClock
  // The live streams' count, for the metrics, once the services exist.
  const streams: { count(): number } = { count: () => 0 }
  // The metrics (ADR 051), kept only when they are served somewhere: a process without them pays nothing per request.
  const metrics = config.metricsOn === 'none' ? undefined : createMetrics({ pool: database.pool, openStreams: () => streams.count() })

  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // One line a request, at its end (ADR 091).
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    routerOptions: { maxParamLength: 200 },
    // Fastify's own refusals before any route runs (a malformed URL, a path segment longer than maxParamLength)
    // would otherwise answer in its own English shape: a URL like that names nothing here.
    frameworkErrors: (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (metrics) countUnrouted(metrics, request, reply)
      refuseBeforeRouting(reply)
    },
  }).withTypeProvider<ZodTypeProvider>()
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  closeSilentConnections(app)

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)
  // JSON only: text/plain bodies are refused with 415 like any other non-JSON type.
  app.removeContentTypeParser(['text/plain'])
  refuseNul(app)
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id)
    if (NO_STORE.test(request.url)) void reply.header('cache-control', 'no-store')
    // HSTS only on answers that went out over HTTPS: directly, or through a proxy TRUST_PROXY trusts saying so in
    // X-Forwarded-Proto (Fastify's request.protocol reads it only then). Over plain HTTP browsers ignore it, and a
    // forged X-Forwarded-Proto from an untrusted client must not pin the name. helmet sets its headers on every
    // answer alike, so this one is set here.
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains')
  })

  // Before any route, so every route's answers are counted.
  if (metrics) {
    countRequests(app, metrics)
    app.addHook('onClose', async () => metrics.close())
  }

  addSecurityHeaders(app)
  // The back-office on an origin of its own (BACKOFFICE_ORIGIN, ADR 067): after the headers, so its pages' CSP wins.
  if (config.backofficeOrigin) serveBackofficeOnItsOrigin(app, config.backofficeOrigin)
  // Before any route: the OpenAPI document is collected from the routes added after it (ADR 026).
  await registerApiDocs(app)

  const built = await buildServices({ ...deps, clock, log: app.log, metrics })
  const { services, limiter, balanceStreams } = built
  streams.count = () => balanceStreams.count
  app.addHook('preClose', async () => balanceStreams.close())
  // On PostgreSQL one connection per process LISTENs for what other processes change: ended sessions, applied plan
  // versions and money movements. Until it is connected, and whenever it is lost, none of the copies is trusted (the
  // session cache and the plan read the database, the live balance refuses streams). The revocation channel is there
  // even with the cache off: the live balance ends a stream whose session another process ended.
  const listener =
    database.kind === 'postgres'
      ? listenForNotifications({ channels: built.channels, createClient: postgresListenClient(database.db), log: app.log })
      : undefined
  if (listener) {
    app.addHook('onClose', () => listener.close())
    await listener.started
  }
  // The embedded database is one process: its own NOTIFYs, heard at commit, are every change there is.
  if (database.kind === 'pglite' && database.listen) {
    const unlisten = await database.listen(BALANCE_CHANGED_CHANNEL, (payload) => {
      const playerId = parsePlayerId(payload)
      if (playerId !== null) balanceStreams.changed(playerId)
    })
    app.addHook('onClose', async () => {
      await unlisten().catch(() => undefined)
    })
  }
  const guards = { player: requirePlayer(services.auth), operator: requireOperator(services.backofficeAuth) }
  await app.register(async (api: TypedApp) => registerApiRoutes(api, { built, guards, config, clock }), { prefix: '/api' })
  await app.register(async (files: TypedApp) => mediaRoutes(files, { site: services.site }))
  metricsRoute(app, { metrics, token: config.METRICS_TOKEN, served: config.metricsOn === 'public' })
  // METRICS_PORT: a listener of its own, started by the server once the public port listens (listenForMetrics).
  const metricsPort =
    metrics && config.metricsOn === 'port'
      ? metricsListener({ metrics, token: config.METRICS_TOKEN, logger: app.log.child({ listener: 'metrics' }) })
      : undefined
  if (metricsPort) app.addHook('onClose', () => metricsPort.close())
  // The demo provider plays at /play/<token> and calls the seamless API over HTTP like any studio.
  const demo = built.demoProvider
  if (demo) await app.register(async (play: TypedApp) => demo.plugin(play, demo.host))
  await registerWebApps(app, deps.webApps ?? {}, { siteMetadata: () => services.site.metadata() })

  app.addHook('onClose', async () => {
    if (!deps.limiter) await limiter.close()
    built.closeIntegrations()
  })

  return {
    app,
    services,
    sms: built.sms,
    limiter,
    /** The notification listener (PostgreSQL only) carries the session revocations, the plan's changes and the money movements. */
    sessions: { cache: built.sessionCache, listener },
    /** The open live-balance streams of this process (ADR 049). */
    balanceStreams,
    /** This app's metrics when they are served (ADR 051): a cluster worker hands them to the primary (server.ts). */
    metrics,
    /**
     * Starts the metrics listener on METRICS_PORT and METRICS_HOST when they are set (ADR 051); answers its address,
     * or null when there is none. Closed with the app.
     */
    async listenForMetrics() {
      if (!metricsPort) return null
      return metricsPort.listen(config.METRICS_PORT ?? 0, config.METRICS_HOST)
    },
  }
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>
