import { randomUUID } from 'node:crypto'
import { addSecurityHeaders } from './security-headers.ts'
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { errorBody, handleError } from './errors.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { createSessionCache, revocationChannel } from './lib/session-cache.ts'
import { deviceTokens } from './modules/auth/device-token.ts'
import { listenForNotifications, postgresListenClient, type NotificationChannel } from './lib/notification-listener.ts'
import type { TypedApp } from './lib/typed-app.ts'
import { authRoutes, devSmsRoutes } from './modules/auth/auth.routes.ts'
import { createAuthService } from './modules/auth/auth.service.ts'
import { authRepository } from './modules/auth/auth.repository.ts'
import { createAuditRepository } from './modules/audit/audit.repository.ts'
import { argon2Hasher, type PasswordHasher } from './modules/auth/password.ts'
import { backofficeSiteRoutes, mediaRoutes, mediaUploadRoutes, siteRoutes } from './modules/site/site.routes.ts'
import { createMediaUploadService } from './modules/site/media-upload.service.ts'
import { createSiteService } from './modules/site/site.service.ts'
import { siteRepository } from './modules/site/site.repository.ts'
import { consoleSmsSender } from './modules/sms/console-sms.ts'
import { httpSmsSender } from './modules/sms/http-sms.ts'
import type { SmsSender } from './modules/sms/sms.ts'
import { operatorSignInRoutes } from './modules/operators/operator-sign-in.routes.ts'
import { linksRoutes } from './modules/links/links.routes.ts'
import { createLedgerCheck } from './modules/ledger/verify.ts'
import { ledgerVerifyRoutes } from './modules/ledger/verify.routes.ts'
import { operatorsRepository } from './modules/operators/operators.repository.ts'
import { createBackofficeAuthService } from './modules/operators/operator-sign-in.service.ts'
import { operatorsRoutes } from './modules/operators/operators.routes.ts'
import { createOperatorsService } from './modules/operators/operators.service.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { createAuditService } from './modules/audit/audit.service.ts'
import { dashboardRepository } from './modules/dashboard/dashboard.repository.ts'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts'
import { reportsRepository } from './modules/reports/reports.repository.ts'
import { reportsRoutes } from './modules/reports/reports.routes.ts'
import { createReportsService } from './modules/reports/reports.service.ts'
import { createDashboardService } from './modules/dashboard/dashboard.service.ts'
import { membersRepository } from './modules/members/members.repository.ts'
import { membersRoutes } from './modules/members/members.routes.ts'
import { createMembersService } from './modules/members/members.service.ts'
import { approvalsRepository } from './modules/approvals/approvals.repository.ts'
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts'
import { createApprovalsService } from './modules/approvals/approvals.service.ts'
import { depositExceptionsRoutes } from './modules/deposit-exceptions/deposit-exceptions.routes.ts'
import { createDepositExceptionsService } from './modules/deposit-exceptions/deposit-exceptions.service.ts'
import { depositDeskRoutes } from './modules/deposits/deposit-desk.routes.ts'
import { createDepositDeskService } from './modules/deposits/deposit-desk.service.ts'
import { createReconciliationService } from './modules/reports/reconciliation.ts'
import { reconciliationRoutes } from './modules/reports/reconciliation.routes.ts'
import { withdrawalDeskRoutes } from './modules/withdrawals/withdrawal-desk.routes.ts'
import { createWithdrawalDeskService } from './modules/withdrawals/withdrawal-desk.service.ts'
import { bankFeedRoutes, depositRoutes, devBankRoutes } from './modules/deposits/deposits.routes.ts'
import { createDepositService } from './modules/deposits/deposits.service.ts'
import { depositsRepository } from './modules/deposits/deposits.repository.ts'
import { createLedger, type LedgerFaults } from './modules/ledger/ledger.service.ts'
import { ledgerRepository } from './modules/ledger/ledger.repository.ts'
import { walletRepository } from './modules/wallet/wallet.repository.ts'
import { walletRoutes } from './modules/wallet/wallet.routes.ts'
import { createWalletService } from './modules/wallet/wallet.service.ts'
import { BALANCE_CHANGED_CHANNEL, createBalanceStreams, parsePlayerId } from './modules/wallet/balance-stream.ts'
import { gamesRoutes } from './modules/games/games.routes.ts'
import { createGamesService } from './modules/games/games.service.ts'
import { gamesRepository } from './modules/games/games.repository.ts'
import { catalogueRoutes } from './modules/games/catalogue.routes.ts'
import { createCatalogueService } from './modules/games/catalogue.service.ts'
import { payinAccountsRoutes } from './modules/deposits/payin-accounts.routes.ts'
import { createPayinAccountsService } from './modules/deposits/payin-accounts.service.ts'
import { demoProviderHost, loadDemoProvider } from './demo-provider.ts'
import type { GameProvider } from './modules/portal/game-provider.ts'
import { portalRoutes } from './modules/portal/portal.routes.ts'
import { seamlessRoutes } from './modules/seamless/seamless.routes.ts'
import { createSeamlessService } from './modules/seamless/seamless.service.ts'
import { seamlessRepository } from './modules/seamless/seamless.repository.ts'
import { createPortalService } from './modules/portal/portal.service.ts'
import { portalRepository } from './modules/portal/portal.repository.ts'
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.ts'
import { createWithdrawalService } from './modules/withdrawals/withdrawals.service.ts'
import { withdrawalsRepository } from './modules/withdrawals/withdrawals.repository.ts'
import { userRoutes } from './modules/users/users.routes.ts'
import { requireOperator } from './plugins/operator-auth.ts'
import { totpSecretBox } from './lib/totp.ts'
import { createUserService } from './modules/users/users.service.ts'
import { playersRepository } from './modules/users/users.repository.ts'
import { promotionRoutes } from './modules/promotions/promotions.routes.ts'
import { promotionsAdminRoutes } from './modules/promotions/promotions-admin.routes.ts'
import { createPromotionsAdminService } from './modules/promotions/promotions-admin.service.ts'
import { referralRoutes } from './modules/referral/referral.routes.ts'
import { createReferralService } from './modules/referral/referral.service.ts'
import { referralRepository } from './modules/referral/referral.repository.ts'
import { createPromotionService } from './modules/promotions/promotions.service.ts'
import { planRoutes } from './modules/plan/plan.routes.ts'
import { createPlanService, planDefaults } from './modules/plan/plan.service.ts'
import { planRepository } from './modules/plan/plan.repository.ts'
import { promotionsRepository } from './modules/promotions/promotions.repository.ts'
import { createLinkService } from './modules/links/links.service.ts'
import { exclusionRoutes } from './modules/exclusions/exclusions.routes.ts'
import { createExclusionService } from './modules/exclusions/exclusions.service.ts'
import { exclusionsRepository } from './modules/exclusions/exclusions.repository.ts'
import { limitsRoutes } from './modules/limits/limits.routes.ts'
import { createLimitsService } from './modules/limits/limits.service.ts'
import { limitsRepository } from './modules/limits/limits.repository.ts'
import { linksRepository } from './modules/links/links.repository.ts'
import { registerApiDocs } from './plugins/api-docs.ts'
import { createMetrics } from './lib/metrics.ts'
import { countRequests, countUnrouted, metricsListener, metricsRoute } from './plugins/metrics.ts'
import { requirePlayer } from './plugins/auth.ts'
import { refuseNul } from './plugins/no-nul.ts'
import { closeSilentConnections } from './plugins/silent-connections.ts'
import { limitRequests } from './plugins/rate-limit-hook.ts'
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts'
import { registerWebApps, type WebApps } from './web.ts'

export const BODY_LIMIT = 64 * 1024

/**
 * How long a process answers the lobby's catalogue from memory. The process that takes a back-office edit forgets at
 * once; every other process shows it within this time (issue 20 §2: maintenance in the lobby within seconds).
 */
export const GAMES_CACHE_MS = 5_000

export interface AppDeps {
  config: Config
  database: Database
  clock?: Clock
  hasher?: PasswordHasher
  sms?: SmsSender
  limiter?: RateLimiter
  webApps?: WebApps
  /** Failures injected between ledger steps (tests only). */
  ledgerFaults?: LedgerFaults
  /** Game provider adapters; by default the built-in demo provider's in demo mode, none outside it. */
  gameProviders?: GameProvider[]
  logger?: FastifyServerOptions['logger']
  /** Told of every route as it is added: tests walk the real route table with its schemas (bad-input, hostile-input). */
  onRoute?: (route: RouteOptions) => void
  /** How often an open live-balance stream gets a heartbeat and its session is checked (default 15 s; tests). */
  streamHeartbeatMs?: number
}

const REQUEST_ID = /^[\w.-]{1,64}$/
/** Answers no cache or browser may keep (issue 18): sign-in, sessions and every back-office screen's data. */
const NO_STORE = /^\/api\/(auth|backoffice)(\/|\?|$)/

/** Credentials by the name they travel under: a header, or a field of a logged object (one or two levels down). */
const SECRET_FIELDS = ['password', 'old', 'new', 'otp', 'otp_code', 'token', 'session_token', 'secret', 'signature', 'authorization', 'cookie']

/**
 * The server's logger: the level from LOG_LEVEL, and pino's redaction of every credential a log line could pick up
 * (a request's headers if a serializer ever logs them, a body or an object someone passes to `log.info`). The
 * request log itself carries method, URL and address only; the /play/<token> routes hide the token in the URL.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-signature"]',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
      ],
      censor: '[hidden]',
    },
  }
}

function refuseBeforeRouting(reply: FastifyReply) {
  void reply.status(404).send(errorBody('NOT_FOUND'))
}

/**
 * Builds the whole server from its config and database. Every module is wired here, in one visible list: this is the
 * one place that hands repositories to services and services to routes (ADR 018); no service imports another
 * module's repository or service, so each can be built in a test with fakes instead.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps
  const clock = deps.clock ?? systemClock
  // The metrics (ADR 051), kept only when they are served somewhere: a process without them pays nothing per request.
  const metrics = config.metricsOn === 'none' ? undefined : createMetrics({ pool: database.pool, openStreams: () => balanceStreams.count })

  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
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
  // Before any route: the OpenAPI document is collected from the routes added after it (ADR 026).
  await registerApiDocs(app)

  const limiter = deps.limiter ?? (config.REDIS_URL ? await redisRateLimiter(config.REDIS_URL) : memoryRateLimiter(clock))
  const consoleSms = config.SMS_PROVIDER === 'console' ? consoleSmsSender({ clock, log: (line) => app.log.info(line) }) : undefined
  const sms =
    deps.sms ??
    consoleSms ??
    httpSmsSender({
      url: config.SMS_HTTP_URL ?? '',
      apiKey: config.SMS_HTTP_KEY ?? '',
      sender: config.SMS_SENDER,
      timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
    })

  const db = database.db
  /** The audit log, its chain keyed with AUDIT_HMAC_KEY (ADR 037). */
  const auditRepository = createAuditRepository({ key: config.auditHmacKey })
  const site = createSiteService({ db, now: () => clock.now().getTime(), siteRepository, auditRepository })
  // Sessions answered from memory (ADR 010). On PostgreSQL other processes may revoke, so the cache serves only while
  // its LISTEN connection is up; on the embedded database this process is the only one.
  const sessionCache = createSessionCache({
    clock,
    ttlSeconds: config.SESSION_CACHE_SECONDS,
    idleSeconds: config.SESSION_IDLE_MINUTES * 60,
    broadcast: database.kind === 'postgres',
  })
  const operators = createOperatorsService({ db, clock, hasher: deps.hasher ?? argon2Hasher, operatorsRepository, auditRepository })
  // The referral plan and limits (ADR 044): versions in the database, the environment's values the first one (written
  // by the start-up, server.ts, with plan.ensureFirst: building the app writes nothing); a second finance operator
  // applies a change, which every process then reads (one of them on the embedded database).
  const plan = createPlanService({
    db,
    clock,
    defaults: planDefaults(config),
    broadcast: database.kind === 'postgres',
    separateDuties: operators,
    planRepository,
    auditRepository,
  })
  const auth = createAuthService({
    db,
    clock,
    sessions: sessionCache,
    hasher: deps.hasher ?? argon2Hasher,
    sms,
    limiter,
    devices: deviceTokens({ secret: config.deviceTokenSecret, clock }),
    siteName: () => site.siteName().catch(() => 'Sanam'),
    authRepository,
    playersRepository,
    exclusionsRepository,
    settings: {
      otpRequired: config.OTP_REQUIRED,
      otpTtlSeconds: config.OTP_TTL_SECONDS,
      otpMaxAttempts: config.OTP_MAX_ATTEMPTS,
      otpResendSeconds: config.OTP_RESEND_SECONDS,
      sessionTtlHours: config.SESSION_TTL_HOURS,
      sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
      loginFailLimit: config.RATE_LOGIN_FAILS_PER_MOBILE,
      loginFailWindowSeconds: config.RATE_LOGIN_FAILS_WINDOW_SECONDS,
      deviceFailLimit: config.RATE_LOGIN_FAILS_PER_DEVICE,
    },
  })
  const player = requirePlayer(auth)
  const hasher = deps.hasher ?? argon2Hasher

  const ledger = createLedger({
    clock,
    ledgerRepository,
    // Every committed money movement names its players on the live balance's channel (ADR 049, 061).
    balanceChannel: BALANCE_CHANGED_CHANNEL,
    // Committed transfers by kind, for the metrics.
    ...(metrics ? { onTransfersCommitted: metrics.transfersCommitted } : {}),
    ...(deps.ledgerFaults ? { faults: deps.ledgerFaults } : {}),
  })
  const links = createLinkService({ db, clock, linksRepository })
  const referral = createReferralService({
    db,
    ledger,
    clock,
    links,
    plan,
    referralRepository,
    auditRepository,
    exclusionsRepository,
    ...(metrics ? { onSummaryBatch: metrics.balanceReadBatch } : {}),
  })
  const wallet = createWalletService({ db, walletRepository, referral })
  // The live balance (ADR 049): on PostgreSQL it serves only while the listener hears every process's changes.
  const balanceStreams = createBalanceStreams({
    summary: (playerId) => wallet.summary(playerId),
    stillLive: (token) => auth.stillLive(token),
    online: database.kind !== 'postgres',
    perPlayer: config.STREAMS_PER_PLAYER,
    ...(deps.streamHeartbeatMs ? { heartbeatMs: deps.streamHeartbeatMs } : {}),
    log: app.log,
  })
  sessionCache.onEvict((revocation) => balanceStreams.revoked(revocation))
  app.addHook('preClose', async () => balanceStreams.close())
  // On PostgreSQL one connection per process LISTENs for what other processes change: ended sessions, applied plan
  // versions and money movements. Until it is connected, and whenever it is lost, none of the copies is trusted (the
  // session cache and the plan read the database, the live balance refuses streams). The revocation channel is there
  // even with the cache off: the live balance ends a stream whose session another process ended.
  const channels: NotificationChannel[] = [revocationChannel(sessionCache), plan.channel, balanceStreams.channel]
  const listener = database.kind === 'postgres' ? listenForNotifications({ channels, createClient: postgresListenClient(db), log: app.log }) : undefined
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
  const promotions = createPromotionService({ db, ledger, clock, plan, promotionsRepository, gamesRepository, exclusionsRepository })
  const users = createUserService({ db, clock, promotions, playersRepository, exclusionsRepository })
  // Time-outs and self-exclusions (ADR 047): chosen by the player, ended by nobody before their time.
  const exclusions = createExclusionService({ db, clock, auth, ledger, promotions, exclusionsRepository })
  // The player's own limits and session reminder (ADR 048), asked by deposits, the seamless wallet and the portal.
  const limits = createLimitsService({ db, clock, limitsRepository })
  const deposits = createDepositService({
    promotions,
    limits,
    db,
    ledger,
    clock,
    depositsRepository,
    playersRepository,
    // A claim the feed confirms completes its waiting action in the approvals queue (built below).
    claims: { confirmedByFeed: (tx, depositId, at) => approvals.completeClaim(tx, depositId, at) },
    exclusionsRepository,
    plan,
    settings: {
      billTtlSeconds: config.DRAFT_BILL_TTL_SECONDS,
      billGraceSeconds: config.DRAFT_BILL_GRACE_SECONDS,
      statusWindowMinutes: config.DEPOSIT_STATUS_WINDOW_MINUTES,
    },
  })
  const withdrawals = createWithdrawalService({
    db,
    ledger,
    clock,
    promotions,
    plan,
    settings: {
      onePending: config.WITHDRAW_ONE_PENDING,
    },
    withdrawalsRepository,
    playersRepository,
    approvals: { ofWithdrawals: (tx, ids) => approvals.withdrawalApprovals(tx, ids) },
  })
  const backofficeAuth = createBackofficeAuthService({
    db,
    clock,
    hasher,
    limiter,
    sessionHours: config.BACKOFFICE_SESSION_HOURS,
    idleMinutes: config.BACKOFFICE_IDLE_MINUTES,
    totpSecrets: totpSecretBox(config.totpEncryptionKey),
    operatorsRepository,
    auditRepository,
  })
  const operator = requireOperator(backofficeAuth)
  const audit = createAuditService({ db, auditRepository })
  const mediaUpload = createMediaUploadService({ db, clock, siteRepository, auditRepository })
  // The dashboard and the reports may read a standby (READ_REPLICA_URL, ADR 054): figures a moment old, never a
  // balance or anything that decides money.
  const dashboard = createDashboardService({ db: database.reads, clock, dashboardRepository })
  const reports = createReportsService({ db: database.reads, reportsRepository })
  const members = createMembersService({
    db,
    clock,
    ledger,
    auth,
    links,
    wallet,
    promotions,
    membersRepository,
    auditRepository,
    exclusionsRepository,
  })
  const ledgerCheck = createLedgerCheck({ db, ledger, auditRepository })
  // Every operator action that moves money, under one four-eyes rule (ADR 035): the approvals queue asks the money
  // policy; the modules that own a target start its actions and move its money when the queue says so (ADR 066).
  const approvals = createApprovalsService({
    db,
    clock,
    ledger,
    targets: {
      deposits,
      withdrawals,
      members: { exists: async (tx, playerId) => (await playersRepository.findById(tx, playerId)) !== undefined },
    },
    // No money for an operator within 24 h of its creation or reset, and no four-eyes between operators one of which
    // created, reset or re-roled the other in the last 30 days (ADR 036).
    separateDuties: operators,
    approvalsRepository,
    auditRepository,
    plan: { fourEyesAbove: async (tx) => (await plan.current(tx)).fourEyesAbove },
  })
  const depositDesk = createDepositDeskService({ db, approvals, deposits, depositsRepository, playersRepository })
  const withdrawalDesk = createWithdrawalDeskService({ db, clock, approvals, withdrawals, members, separateDuties: operators, auditRepository })
  const depositExceptions = createDepositExceptionsService({ db, clock, approvals, deposits, depositsRepository, playersRepository, auditRepository })
  const reconciliation = createReconciliationService({ db, depositsRepository })
  const games = createGamesService({ db, gamesRepository, cacheMs: GAMES_CACHE_MS, now: () => clock.now().getTime() })
  const catalogue = createCatalogueService({ db, clock, gamesRepository, auditRepository, onChange: games.invalidate })
  // Where players' money goes: a new account or new details go live only when a second finance operator activates them.
  const payin = createPayinAccountsService({ db, clock, separateDuties: operators, depositsRepository, auditRepository })
  // New promotion terms wait for a second money operator (issue 20 §1), under the same separation of duties.
  const promotionsAdmin = createPromotionsAdminService({ db, clock, promotionsRepository, gamesRepository, auditRepository, separateDuties: operators })
  // The demo provider is a workspace of its own (ADR 034): loaded in demo mode only, never outside it.
  const demoProvider = config.SANAM_MODE === 'demo' ? await loadDemoProvider() : undefined
  const portal = createPortalService({
    db,
    clock,
    adapters: deps.gameProviders ?? (demoProvider ? [demoProvider.demoGameProvider] : []),
    sessionTtlMinutes: config.GAME_SESSION_TTL_MINUTES,
    // The player's refusals come before anything about the game (ADR 047, 048); then the promotion's rules.
    playerGuards: [exclusions.launchGuard, limits.launchGuard],
    guards: [promotions.launchGuard],
    gamesRepository,
    portalRepository,
  })
  const seamless = createSeamlessService({
    db,
    ledger,
    clock,
    promotions,
    limits,
    gamesRepository,
    portalRepository,
    seamlessRepository,
    log: app.log,
    ...(metrics ? { onBatch: metrics.seamlessBatch } : {}),
  })
  const limitLogin = limitRequests(limiter, { name: 'login-ip', limit: config.RATE_LOGIN_PER_IP_PER_MINUTE, windowMs: 60_000 })

  await app.register(
    async (api: TypedApp) => {
      siteRoutes(api, { site, database })
      authRoutes(api, {
        auth,
        links,
        requirePlayer: player,
        limitLogin,
        limitRegister: limitRequests(limiter, { name: 'register-ip', limit: config.RATE_REGISTER_PER_IP_PER_HOUR, windowMs: 3_600_000 }),
      })
      userRoutes(api, { users, auth, requirePlayer: player })
      exclusionRoutes(api, { exclusions, requirePlayer: player })
      walletRoutes(api, { wallet, balanceStreams, requirePlayer: player })
      referralRoutes(api, { referral, requirePlayer: player, operator })
      depositRoutes(api, { deposits, requirePlayer: player })
      withdrawalRoutes(api, { withdrawals, requirePlayer: player })
      limitsRoutes(api, { limits, requirePlayer: player })
      await api.register(async (feed: TypedApp) => bankFeedRoutes(feed, { deposits, secret: config.bankWebhookSecret, clock }))
      await api.register(async (catalogue: TypedApp) => gamesRoutes(catalogue, { games }))
      portalRoutes(api, { portal, requirePlayer: player })
      promotionRoutes(api, { promotions, requirePlayer: player })
      await api.register(async (callbacks: TypedApp) =>
        seamlessRoutes(callbacks, { seamless, clock, secretFor: config.seamlessSecret, signatureFor: config.seamlessSignature }),
      )
      operatorSignInRoutes(api, { auth: backofficeAuth, operator, limitLogin })
      linksRoutes(api, { links, operator })
      ledgerVerifyRoutes(api, { check: ledgerCheck, operator })
      operatorsRoutes(api, { operators, operator })
      auditRoutes(api, { audit, anyOperator: operator('backoffice.read') })
      membersRoutes(api, { members, operator })
      depositDeskRoutes(api, { desk: depositDesk, operator })
      withdrawalDeskRoutes(api, { desk: withdrawalDesk, operator })
      approvalsRoutes(api, { approvals, operator })
      depositExceptionsRoutes(api, { exceptions: depositExceptions, operator })
      reconciliationRoutes(api, { reconciliation, operator })
      promotionsAdminRoutes(api, { admin: promotionsAdmin, operator })
      planRoutes(api, { plan, operator })
      dashboardRoutes(api, { dashboard, anyOperator: operator('backoffice.read') })
      catalogueRoutes(api, { catalogue, operator })
      payinAccountsRoutes(api, { payin, operator })
      backofficeSiteRoutes(api, { site, operator })
      await api.register(async (uploads: TypedApp) => mediaUploadRoutes(uploads, { media: mediaUpload, operator }))
      reportsRoutes(api, { reports, operator })
      if (consoleSms) devSmsRoutes(api, { outbox: consoleSms })
      if (config.demoBankFeed) devBankRoutes(api, { deposits })
    },
    { prefix: '/api' },
  )
  await app.register(async (files: TypedApp) => mediaRoutes(files, { site }))
  metricsRoute(app, { metrics, token: config.METRICS_TOKEN, served: config.metricsOn === 'public' })
  // METRICS_PORT: a listener of its own, started by the server once the public port listens (listenForMetrics).
  const metricsPort =
    metrics && config.metricsOn === 'port'
      ? metricsListener({ metrics, token: config.METRICS_TOKEN, logger: app.log.child({ listener: 'metrics' }) })
      : undefined
  if (metricsPort) app.addHook('onClose', () => metricsPort.close())
  // The demo provider plays at /play/<token> and calls the seamless API over HTTP like any studio.
  if (demoProvider) {
    const host = demoProviderHost({ db, clock, limiter, config, gamesRepository, portalRepository })
    await app.register(async (play: TypedApp) => demoProvider.demoProviderPlugin(play, host))
  }
  await registerWebApps(app, deps.webApps ?? {}, { siteMetadata: () => site.metadata() })

  app.addHook('onClose', async () => {
    if (!deps.limiter) await limiter.close()
  })

  return {
    app,
    services: {
      auth,
      links,
      users,
      site,
      ledger,
      wallet,
      deposits,
      withdrawals,
      backofficeAuth,
      ledgerCheck,
      depositDesk,
      withdrawalDesk,
      approvals,
      operators,
      audit,
      games,
      catalogue,
      payin,
      portal,
      seamless,
      promotions,
      promotionsAdmin,
      referral,
      plan,
      exclusions,
      limits,
    },
    sms,
    limiter,
    /** The notification listener (PostgreSQL only) carries the session revocations, the plan's changes and the money movements. */
    sessions: { cache: sessionCache, listener },
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
