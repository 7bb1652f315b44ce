// The composition root's services (ADR 018, ADR 066): every repository handed to its service, every service to the
// services that use it, from the configuration, the database and the clock. app.ts builds the server from it; the
// command-line tools (apps/api/scripts) build the same services, so a tool runs the code the server runs.
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { createSessionCache, revocationChannel } from './lib/session-cache.ts'
import { deviceTokens } from './modules/auth/device-token.ts'
import type { NotificationChannel } from './lib/notification-listener.ts'
import { createAuthService } from './modules/auth/auth.service.ts'
import { authRepository } from './modules/auth/auth.repository.ts'
import { createAuditRepository } from './modules/audit/audit.repository.ts'
import { argon2Hasher, type PasswordHasher } from './modules/auth/password.ts'
import { createMediaUploadService } from './modules/site/media-upload.service.ts'
import { createSiteService } from './modules/site/site.service.ts'
import { siteRepository } from './modules/site/site.repository.ts'
import { consoleSmsSender } from './modules/sms/console-sms.ts'
import { httpSmsSender } from './modules/sms/http-sms.ts'
import { smsMktSender } from './modules/sms/smsmkt.ts'
import { thaiBulkSmsSender } from './modules/sms/thaibulksms.ts'
import { smsChannel } from './modules/outbox/channel.ts'
import { lineApiOf } from './modules/line/line-api.ts'
import { lineChannel } from './modules/line/line-channel.ts'
import { createLineService } from './modules/line/line.service.ts'
import { lineRepository } from './modules/line/line.repository.ts'
import { createOutboxService, type OutboxStep } from './modules/outbox/outbox.service.ts'
import { outboxRepository } from './modules/outbox/outbox.repository.ts'
import type { OutboxRow } from './modules/outbox/outbox.repository.ts'
import type { SmsSender } from './modules/sms/sms.ts'
import { createLedgerCheck } from './modules/ledger/verify.ts'
import { operatorsRepository } from './modules/operators/operators.repository.ts'
import { createBackofficeAuthService } from './modules/operator-sign-in/operator-sign-in.service.ts'
import { operatorDeviceTokens } from './modules/operator-sign-in/operator-device-token.ts'
import { createOperatorsService } from './modules/operators/operators.service.ts'
import { createAuditService } from './modules/audit/audit.service.ts'
import { dashboardRepository } from './modules/dashboard/dashboard.repository.ts'
import { reportsRepository } from './modules/reports/reports.repository.ts'
import { createReportsService } from './modules/reports/reports.service.ts'
import { createDaySumsService } from './modules/reports/day-sums.service.ts'
import { createDashboardService } from './modules/dashboard/dashboard.service.ts'
import { membersRepository } from './modules/members/members.repository.ts'
import { createMembersService } from './modules/members/members.service.ts'
import { approvalsRepository } from './modules/approvals/approvals.repository.ts'
import { createApprovalsService } from './modules/approvals/approvals.service.ts'
import { createDepositExceptionsService } from './modules/deposit-exceptions/deposit-exceptions.service.ts'
import { createDepositDeskService } from './modules/deposits/deposit-desk.service.ts'
import { createReconciliationService } from './modules/reports/reconciliation.ts'
import { createWithdrawalDeskService } from './modules/withdrawals/withdrawal-desk.service.ts'
import { createDepositService } from './modules/deposits/deposits.service.ts'
import { createDepositCredit } from './modules/deposits/deposit-credit.ts'
import { createHeldTransfersService } from './modules/deposits/held-transfers.service.ts'
import { createTransferIntakeService } from './modules/deposits/transfer-intake.service.ts'
import { createBankNotificationService } from './modules/bank-notifications/bank-notifications.service.ts'
import { bankNotificationsRepository } from './modules/bank-notifications/bank-notifications.repository.ts'
import { depositsRepository } from './modules/deposits/deposits.repository.ts'
import { createLedger, type LedgerFaults } from './modules/ledger/ledger.service.ts'
import { ledgerRepository } from './modules/ledger/ledger.repository.ts'
import { walletRepository } from './modules/wallet/wallet.repository.ts'
import { createWalletService } from './modules/wallet/wallet.service.ts'
import { BALANCE_CHANGED_CHANNEL, createBalanceStreams } from './modules/wallet/balance-stream.ts'
import { createGamesService } from './modules/games/games.service.ts'
import { gamesRepository } from './modules/games/games.repository.ts'
import { createCatalogueService } from './modules/games/catalogue.service.ts'
import { createPayinAccountsService } from './modules/deposits/payin-accounts.service.ts'
import { demoProviderHost, loadDemoProvider } from './demo-provider.ts'
import type { GameProvider } from './modules/portal/game-provider.ts'
import { createSeamlessService, type SeamlessFaults } from './modules/seamless/seamless.service.ts'
import { EVOLUTION_ROUND_POLICY } from './modules/seamless/round-policy.ts'
import { createEvolutionAdapter } from './modules/protocols/evolution.service.ts'
import { seamlessRepository } from './modules/seamless/seamless.repository.ts'
import { createPortalService } from './modules/portal/portal.service.ts'
import { portalRepository } from './modules/portal/portal.repository.ts'
import { createWithdrawalService } from './modules/withdrawals/withdrawals.service.ts'
import { createDemoPayoutBank } from './modules/payouts/demo-payout-bank.ts'
import { httpPayoutBank } from './modules/payouts/http-payout-bank.ts'
import type { PayoutBank } from './modules/payouts/payout-bank.ts'
import { createPayoutService } from './modules/payouts/payouts.service.ts'
import { createPayoutCallbackService } from './modules/payouts/payout-callbacks.service.ts'
import { payoutsRepository } from './modules/payouts/payouts.repository.ts'
import { withdrawalsRepository } from './modules/withdrawals/withdrawals.repository.ts'
import { autoApprovalRepository } from './modules/withdrawals/auto-approval.repository.ts'
import { totpSecretBox } from './lib/totp.ts'
import { createUserService } from './modules/users/users.service.ts'
import { playersRepository } from './modules/users/users.repository.ts'
import { createPromotionsAdminService } from './modules/promotions/promotions-admin.service.ts'
import { createReferralService } from './modules/referral/referral.service.ts'
import { referralRepository } from './modules/referral/referral.repository.ts'
import { createPromotionService } from './modules/promotions/promotions.service.ts'
import { createPlanService, planDefaults } from './modules/plan/plan.service.ts'
import { planRepository } from './modules/plan/plan.repository.ts'
import { promotionsRepository } from './modules/promotions/promotions.repository.ts'
import { createLinkService } from './modules/links/links.service.ts'
import { createExclusionService } from './modules/exclusions/exclusions.service.ts'
import { exclusionsRepository } from './modules/exclusions/exclusions.repository.ts'
import { createLimitsService } from './modules/limits/limits.service.ts'
import { limitsRepository } from './modules/limits/limits.repository.ts'
import { bahtToSatang } from '@sanam/contract'
import { createCarePromptService } from './modules/care/care-prompts.service.ts'
import { createCareTaskService } from './modules/care/care-tasks.service.ts'
import { careRepository } from './modules/care/care.repository.ts'
import { linksRepository } from './modules/links/links.repository.ts'
import type { Metrics } from './lib/metrics.ts'
import { createSlipVerifier } from './modules/slips/verifiers/index.ts'
import { createSlipService } from './modules/slips/slips.service.ts'
import { createNoticesService } from './modules/notices/notices.service.ts'
import type { PlayerLineAddress } from './modules/notices/player-line-address.ts'
import { createDeskAlertsService, noLineQuota, type DeskLineQuota } from './modules/notices/desk-alerts.service.ts'
import { deskAlertsRepository } from './modules/notices/desk-alerts.repository.ts'
import { slipsRepository } from './modules/slips/slips.repository.ts'
import { createDemoBank, type DemoBank } from './modules/slips/demo-verifier.ts'
import type { SlipVerifier } from './modules/slips/slip-verifier.ts'
import { memoryRateLimiter, postgresRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts'
import { createRiskService } from './modules/risk/risk.service.ts'
import { createRiskCasesService } from './modules/risk/risk-cases.service.ts'
import { riskRepository } from './modules/risk/risk.repository.ts'

/**
 * How long a process answers the lobby's catalogue from memory. The process that takes a back-office edit forgets at
 * once; every other process shows it within this time (issue 20 §2: maintenance in the lobby within seconds).
 */
export const GAMES_CACHE_MS = 5_000

/**
 * The slip verifier SLIP_VERIFIER names (ADR 079, ADR 084): none, the demo bank's (demo mode only; config.ts refuses
 * it outside), or a vendor's adapter from modules/slips/verifiers/, with what to close when the server stops (KBank's
 * mutual-TLS connections).
 */
function slipVerifierOf(config: Config, demoBank: DemoBank | undefined, clock: Clock): { verifier: SlipVerifier | null; close: () => void } {
  const choice = createSlipVerifier(config.slipVerifier, { clock: () => clock.now().getTime() })
  if (choice.kind === 'none') return { verifier: null, close: () => {} }
  if (choice.kind === 'demo') {
    if (!demoBank) throw new Error('SLIP_VERIFIER=demo: the demo bank exists in demo mode only')
    return { verifier: demoBank.verifier(), close: () => {} }
  }
  return { verifier: choice.verifier, close: choice.close }
}

/** What the services write to a log: the server's pino logger satisfies it, and so does a tool's console. */
export interface ServiceLog {
  info(details: object, message: string): void
  info(message: string): void
  warn(details: object, message: string): void
}

export interface ServiceDeps {
  config: Config
  database: Database
  clock?: Clock
  hasher?: PasswordHasher
  sms?: SmsSender
  limiter?: RateLimiter
  /** Where the services log (the server's logger; a tool's console). */
  log: ServiceLog
  /** The metrics the services tell (ADR 051), when they are served. */
  metrics?: Metrics
  /** Failures injected between the outbox worker's steps (tests only). */
  outboxFaults?: (step: OutboxStep, row: OutboxRow) => void
  /** Failures injected between ledger steps (tests only). */
  ledgerFaults?: LedgerFaults
  /** The payout bank (ADR 081); by default the one PAYOUT_BANK names (tests hand in the fake bank). */
  payoutBank?: PayoutBank | null
  /** Failures injected into the seamless group commit (tests only: a crash inside a batch's transaction). */
  seamlessFaults?: SeamlessFaults
  /** Game provider adapters; by default the built-in demo provider's in demo mode, none outside it. */
  gameProviders?: GameProvider[]
  /** How often an open live-balance stream gets a heartbeat and its session is checked (default 15 s; tests). */
  streamHeartbeatMs?: number
  /** The slip verifier instead of SLIP_VERIFIER's (tests: a fake that can fail; null: none). */
  slipVerifier?: SlipVerifier | null
  /** False for a tool: the demo provider's bundle is the server's to load, in demo mode (default true). */
  loadDemoProvider?: boolean
  /** Where a player's notice goes on LINE (ADR 087; the LINE module's, ADR 088); none: nobody is reached on LINE. */
  lineAddress?: PlayerLineAddress
  /** The LINE Official Account's quota for the desk's 80 % alert (ADR 087, 088); none: not watched. */
  lineQuota?: DeskLineQuota
}

/**
 * Builds every service once. Nothing here listens, serves or writes: app.ts starts the notification listener over
 * `channels` and registers the routes; a tool calls what it needs.
 */
export async function buildServices(deps: ServiceDeps) {
  const { config, database, metrics } = deps
  const clock = deps.clock ?? systemClock
  const hasher = deps.hasher ?? argon2Hasher
  // Rate limits: Redis when given, else PostgreSQL's shared table (several machines, one count, ADR 067), else memory
  // (the embedded database is one process).
  const limiter =
    deps.limiter ??
    (config.REDIS_URL
      ? await redisRateLimiter(config.REDIS_URL)
      : database.postgresPool
        ? postgresRateLimiter(database.postgresPool)
        : memoryRateLimiter(clock))
  const consoleSms = config.SMS_PROVIDER === 'console' ? consoleSmsSender({ clock, log: (line) => deps.log.info(line) }) : undefined
  const sms = deps.sms ?? consoleSms ?? gatewayOf(config)

  const db = database.db
  // Where approved withdrawals are paid (ADR 081): none configured is the operators' manual payout, as before.
  const payoutBank: PayoutBank | null =
    deps.payoutBank !== undefined
      ? deps.payoutBank
      : config.PAYOUT_BANK === 'demo'
        ? createDemoPayoutBank({
            holderOf: async (bankCode, account) => {
              const holder = await playersRepository.findByBankAccount(db, bankCode, account)
              return holder ? `${holder.firstname} ${holder.surname}` : null
            },
          })
        : config.PAYOUT_BANK === 'http'
          ? httpPayoutBank({
              url: config.PAYOUT_BANK_URL ?? '',
              clientId: config.PAYOUT_BANK_CLIENT_ID ?? '',
              clientSecret: config.PAYOUT_BANK_CLIENT_SECRET ?? '',
              sourceAccount: config.PAYOUT_BANK_SOURCE_ACCOUNT ?? '',
              timeoutMs: config.PAYOUT_BANK_TIMEOUT_MS,
            })
          : null
  // The demo provider is a workspace of its own (ADR 034): loaded in demo mode only, never outside it.
  const demoProvider = config.SANAM_MODE === 'demo' && deps.loadDemoProvider !== false ? await loadDemoProvider() : undefined
  /** The audit log, its chain keyed with AUDIT_HMAC_KEY (ADR 037). */
  const auditRepository = createAuditRepository({ key: config.auditHmacKey })
  // Sessions answered from memory (ADR 010). On PostgreSQL other processes may revoke, so the cache serves only while
  // its LISTEN connection is up; on the embedded database this process is the only one.
  const sessionCache = createSessionCache({
    clock,
    ttlSeconds: config.SESSION_CACHE_SECONDS,
    idleSeconds: config.SESSION_IDLE_MINUTES * 60,
    broadcast: database.kind === 'postgres',
  })
  // One outbox for every message to a person (ADR 083); its secrets sealed with the key that seals TOTP secrets.
  // LINE (ADR 088): a channel of the outbox only when the site connected an Official Account (off otherwise).
  const lineClient = lineApiOf(config.line, () => clock.now())
  const outbox = createOutboxService({
    db,
    clock,
    channels: [smsChannel(sms), ...(lineClient ? [lineChannel(lineClient)] : [])],
    secrets: totpSecretBox(config.totpEncryptionKey),
    settings: {
      perSecond: { sms: config.OUTBOX_SMS_PER_SECOND, line: config.OUTBOX_LINE_PER_SECOND },
      // A worker's batch of ten may take ten gateway timeouts: its lease outlasts that twice over.
      leaseMs: Math.max(120_000, 2 * 10 * config.SMS_HTTP_TIMEOUT_MS),
    },
    outboxRepository,
    alerts: deskAlertsRepository,
    auditRepository,
    ...(deps.outboxFaults ? { faults: deps.outboxFaults } : {}),
    // A channel alert (no SMS credit, a refused key) goes to the desk's LINE group too (ADR 087); built below.
    onAlertRaised: (tx, alert) => deskAlerts.channelAlertRaised(tx, alert),
  })
  // The player's notices (ADR 087): LINE addresses come from the LINE module (ADR 088), none until it is wired.
  const notices = createNoticesService({
    clock,
    outbox,
    // Built below; asked only inside a notice's transaction, long after this wiring has run.
    lineAddress: deps.lineAddress ?? { lineUserQuery: (playerId, notice) => line.lineUserQuery(playerId, notice) },
    siteName: (tx) => site.siteName(tx).catch(() => 'Sanam'),
    playersRepository,
    exclusionsRepository,
  })
  const operators = createOperatorsService({
    db,
    clock,
    hasher,
    outbox,
    siteName: () => site.siteName().catch(() => 'Sanam'),
    totpSecrets: totpSecretBox(config.totpEncryptionKey),
    operatorsRepository,
    auditRepository,
  })
  const site = createSiteService({ db, now: () => clock.now().getTime(), separateDuties: operators, siteRepository, auditRepository })
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
    hasher,
    outbox,
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
      otpPerPhonePerHour: config.OTP_PER_PHONE_PER_HOUR,
      sessionTtlHours: config.SESSION_TTL_HOURS,
      sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
      loginFailLimit: config.RATE_LOGIN_FAILS_PER_MOBILE,
      loginFailWindowSeconds: config.RATE_LOGIN_FAILS_WINDOW_SECONDS,
      deviceFailLimit: config.RATE_LOGIN_FAILS_PER_DEVICE,
    },
  })

  const ledger = createLedger({
    clock,
    ledgerRepository,
    // Every committed money movement names its players on the live balance's channel (ADR 049, 061).
    balanceChannel: BALANCE_CHANGED_CHANNEL,
    // Committed transfers by kind, for the metrics.
    ...(metrics ? { onTransfersCommitted: metrics.transfersCommitted } : {}),
    ...(deps.ledgerFaults ? { faults: deps.ledgerFaults } : {}),
  })
  // The AML and fraud rules (issue 39, ADR 089): evaluated at a deposit's credit, a withdrawal request, a registration
  // and a commission payout, their parameters under two keys; never on bets.
  const risk = createRiskService({ db, clock, separateDuties: operators, riskRepository, auditRepository })
  // RISK_RULES off (tests, the e2e harness): no rule is evaluated; the desk and open cases work as ever.
  const rules = config.riskRules ? risk : undefined
  const links = createLinkService({ db, clock, linksRepository, ...(rules ? { onRegistered: (playerId: number) => rules.onRegistered(playerId) } : {}) })
  const riskCases = createRiskCasesService({ db, clock, separateDuties: operators, riskRepository, links, auditRepository })
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
    ...(rules ? { risk: rules } : {}),
  })
  const wallet = createWalletService({ db, walletRepository, referral })
  // The live balance (ADR 049): on PostgreSQL it serves only while the listener hears every process's changes.
  const balanceStreams = createBalanceStreams({
    summary: (playerId) => wallet.summary(playerId),
    stillLive: (token) => auth.stillLive(token),
    online: database.kind !== 'postgres',
    perPlayer: config.STREAMS_PER_PLAYER,
    ...(deps.streamHeartbeatMs ? { heartbeatMs: deps.streamHeartbeatMs } : {}),
    log: deps.log,
  })
  sessionCache.onEvict((revocation) => balanceStreams.revoked(revocation))
  const promotions = createPromotionService({ db, ledger, clock, plan, promotionsRepository, gamesRepository, exclusionsRepository })
  const users = createUserService({ db, clock, promotions, playersRepository, exclusionsRepository })
  // Time-outs and self-exclusions (ADR 047): chosen by the player, ended by nobody before their time.
  const exclusions = createExclusionService({ db, clock, auth, ledger, promotions, exclusionsRepository, notices })
  // The player's own limits and session reminder (ADR 048), asked by deposits, the seamless wallet and the portal.
  const limits = createLimitsService({ db, clock, limitsRepository, notices })
  // Player care (ADR 090): the RTS 12 prompts, and the markers of harm's care tasks (opened by the care-markers job).
  const carePrompts = createCarePromptService({ db, clock, careRepository })
  const careTasks = createCareTaskService({
    db,
    clock,
    careRepository,
    auditRepository,
    thresholds: {
      netDeposits30d: bahtToSatang(config.CARE_NET_DEPOSITS_30D_BAHT),
      netLoss24h: bahtToSatang(config.CARE_NET_LOSS_24H_BAHT),
      netLoss90d: bahtToSatang(config.CARE_NET_LOSS_90D_BAHT),
    },
  })
  const depositSettings = {
    billTtlSeconds: config.DRAFT_BILL_TTL_SECONDS,
    billGraceSeconds: config.DRAFT_BILL_GRACE_SECONDS,
    statusWindowMinutes: config.DEPOSIT_STATUS_WINDOW_MINUTES,
    notificationsCredit: config.notificationsCredit,
  }
  // The player's deposits (draft bills, the slip check's status); transfers arrive through the intake, which credits
  // through the one credit() (ADR 035, 066, 079, 080); the transfers an operator's decision holds, through held.
  const deposits = createDepositService({ promotions, limits, db, clock, depositsRepository, exclusionsRepository, plan, settings: depositSettings })
  const depositCredit = createDepositCredit({
    ledger,
    clock,
    settings: depositSettings,
    limits,
    promotions,
    exclusionsRepository,
    depositsRepository,
    // The bench's comparison without the outbox (BENCH_OUTBOX_OFF, demo mode only): the credit as it was before notices.
    ...(config.BENCH_OUTBOX_OFF ? {} : { notices }),
    // The desk's alert of an exception, in the transaction that opens it (ADR 087); deskAlerts is built below.
    alerts: { exceptionOpened: (tx, exception) => deskAlerts.depositException(tx, exception) },
    ...(rules ? { risk: rules } : {}),
  })
  const transferIntake = createTransferIntakeService({
    db,
    clock,
    settings: depositSettings,
    credit: depositCredit,
    depositsRepository,
    playersRepository,
    // A claim the feed confirms completes its waiting action in the approvals queue (built below).
    claims: { confirmedByFeed: (tx, depositId, at) => approvals.completeClaim(tx, depositId, at) },
    exclusionsRepository,
  })
  const heldTransfers = createHeldTransfersService({ clock, credit: depositCredit, depositsRepository })
  // Forwarded bank notifications (ADR 080): a reference-less source that deposits credits once with the feed.
  const bankNotifications = createBankNotificationService({ db, clock, bankNotificationsRepository, deposits: transferIntake })
  const withdrawals = createWithdrawalService({
    // The player told of a payout paid or refused, the desk of one whose outcome is unknown (ADR 087).
    notices: { withdrawalDecided: notices.withdrawalDecided, payoutUnknown: (tx, w) => deskAlerts.payoutUnknown(tx, w) },
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
    // With a payout bank, a request every gate lets through is paid without an operator (issue 37 §4, ADR 085).
    autoApprovalRepository,
    auditRepository,
    approvals: { ofWithdrawals: (tx, ids) => approvals.withdrawalApprovals(tx, ids) },
    // With a payout bank an approval hands the withdrawal to it (ADR 081); the payouts service is built below.
    ...(payoutBank ? { payouts: { handOff: (tx, row, by) => payouts.handOff(tx, row, by), whenSent: (id) => payouts.whenSent(id) } } : {}),
    // The open case holds the auto-approval either way; the rules run only with RISK_RULES.
    risk: { onWithdrawalRequested: async (tx, id) => rules?.onWithdrawalRequested(tx, id), openCaseOf: (tx, playerId) => risk.openCaseOf(tx, playerId) },
  })
  const backofficeAuth = createBackofficeAuthService({
    db,
    clock,
    hasher,
    limiter,
    sessionHours: config.BACKOFFICE_SESSION_HOURS,
    idleMinutes: config.BACKOFFICE_IDLE_MINUTES,
    totpSecrets: totpSecretBox(config.totpEncryptionKey),
    devices: operatorDeviceTokens({ secret: config.deviceTokenSecret, clock }),
    operatorsRepository,
    auditRepository,
  })
  const audit = createAuditService({ db, auditRepository })
  const mediaUpload = createMediaUploadService({ db, clock, siteRepository, auditRepository })
  // The dashboard and the reports may read a standby (READ_REPLICA_URL, ADR 054): figures a moment old, never a
  // balance or anything that decides money.
  const dashboard = createDashboardService({ db: database.reads, clock, dashboardRepository })
  const reports = createReportsService({ db: database.reads, reportsRepository })
  // The reports' daily sums (ADR 097): rolled up on the primary by a job, read through the reports.
  const daySums = createDaySumsService({ db, clock, reportsRepository })
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
  const ledgerCheck = createLedgerCheck({ db, ledger, auditRepository, daySums })
  // Every operator action that moves money, under one four-eyes rule (ADR 035): the approvals queue asks the money
  // policy; the modules that own a target start its actions and move its money when the queue says so (ADR 066).
  const approvals = createApprovalsService({
    db,
    clock,
    ledger,
    targets: {
      deposits: heldTransfers,
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
  // Slips (ADR 079): the demo bank and its verifier in demo mode only; the verifier SLIP_VERIFIER names.
  const demoBank = config.SANAM_MODE === 'demo' ? createDemoBank({ db, clock, slipsRepository, playersRepository, deposits }) : undefined
  const slipVerifier = deps.slipVerifier !== undefined ? { verifier: deps.slipVerifier, close: () => {} } : slipVerifierOf(config, demoBank, clock)
  const slips = createSlipService({
    db,
    clock,
    verifier: slipVerifier.verifier,
    verifyTimeoutMs: config.SLIP_VERIFIER_TIMEOUT_MS,
    deposits: transferIntake,
    plan,
    limits,
    playersRepository,
    slipsRepository,
    auditRepository,
    onError: (error) => deps.log.warn({ err: error }, 'a slip check could not be asked again; the retry job takes it up'),
  })
  // LINE for players (ADR 088): linking, the notices chosen, the webhook; `lineUserQuery` is the notices' PlayerLineAddress.
  const line = createLineService({
    db,
    clock,
    api: lineClient,
    settings: {
      linkPageUrl: config.line?.linkPageUrl ?? '',
      accountLinkUrl: config.line?.accountLinkUrl ?? '',
      addFriendUrl: config.line?.addFriendUrl ?? null,
    },
    siteName: () => site.siteName().catch(() => 'Sanam'),
    lineRepository,
    log: deps.log,
  })
  const depositDesk = createDepositDeskService({ db, approvals, deposits: heldTransfers, depositsRepository, playersRepository })
  const payouts = createPayoutService({
    db,
    clock,
    bank: payoutBank,
    payoutsRepository,
    withdrawals,
    playersRepository,
    separateDuties: operators,
    auditRepository,
    onError: (error) => deps.log.warn({ err: error }, 'a payout step failed; the payouts job takes it up'),
  })
  const payoutCallbacks = createPayoutCallbackService({ db, clock, payoutsRepository, payouts })
  const withdrawalDesk = createWithdrawalDeskService({ db, clock, approvals, withdrawals, members, separateDuties: operators, auditRepository, risk })
  const depositExceptions = createDepositExceptionsService({
    db,
    clock,
    approvals,
    deposits: heldTransfers,
    depositsRepository,
    playersRepository,
    auditRepository,
  })
  const reconciliation = createReconciliationService({ db, clock, depositsRepository, slipsRepository, bankNotificationsRepository })
  // The desk's alerts (ADR 087): the back-office's list, and the desk's LINE group when LINE_DESK_GROUP_ID is set.
  const deskAlerts = createDeskAlertsService({
    db,
    clock,
    settings: {
      withdrawalWaitMinutes: config.DESK_ALERT_WITHDRAWAL_MINUTES,
      lineGroup: config.LINE_DESK_GROUP_ID ?? null,
      backofficeOrigin: config.backofficeOrigin?.origin ?? null,
      smsCreditBelow: config.SMS_CREDIT_ALERT_BELOW,
      smsCreditEveryMinutes: config.SMS_CREDIT_CHECK_MINUTES,
    },
    outbox,
    watched: {
      waitingWithdrawals: (tx, before, limit) => withdrawalsRepository.waitingSince(tx, before, limit),
      reconciliationDifferences: async (tx, day) => {
        const found = await reconciliation.reconciliation(day, tx)
        const count = (parts: { differences: unknown[] }[]) => parts.reduce((n, part) => n + part.differences.length, 0)
        return count(found.accounts) + count(found.sources)
      },
    },
    // The LINE quota read from LINE itself (ADR 088) when LINE is on; a plan without a monthly limit has nothing to watch.
    lineQuota:
      deps.lineQuota ??
      (lineClient
        ? {
            lineQuota: async () => {
              const { limit, used } = await lineClient.quota()
              return limit === null ? null : { used, quota: limit }
            },
          }
        : noLineQuota),
    // The gateway's credit where it tells it (ThaiBulkSMS); none for the others and the demo's console.
    smsCredit: sms.credit ? { gateway: sms.name, credit: () => sms.credit!() } : null,
    log: deps.log,
    deskAlertsRepository,
  })
  const games = createGamesService({ db, gamesRepository, cacheMs: GAMES_CACHE_MS, now: () => clock.now().getTime() })
  const catalogue = createCatalogueService({ db, clock, gamesRepository, auditRepository, onChange: games.invalidate })
  // Where players' money goes: a new account or new details go live only when a second finance operator activates them.
  const payin = createPayinAccountsService({ db, clock, separateDuties: operators, depositsRepository, auditRepository })
  // New promotion terms wait for a second money operator (issue 20 §1), under the same separation of duties.
  const promotionsAdmin = createPromotionsAdminService({ db, clock, promotionsRepository, gamesRepository, auditRepository, separateDuties: operators })
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
    log: deps.log,
    ...(metrics ? { onBatch: metrics.seamlessBatch } : {}),
    // A vendor protocol's provider is decided by its vendor's round policy; every other provider by Sanam's (ADR 082).
    roundPolicies: new Map([[config.EVOLUTION_PROVIDER_CODE, EVOLUTION_ROUND_POLICY]]),
    ...(deps.seamlessFaults ? { faults: deps.seamlessFaults } : {}),
  })
  // Evolution's One Wallet, mapped onto the seamless service (ADR 082).
  const evolution = createEvolutionAdapter({ seamless, portal, providerCode: config.EVOLUTION_PROVIDER_CODE })
  // The demo provider is played through its host (ADR 034): launch and catalogue look-ups, limits, clock.
  const demoProviderServices = demoProvider
    ? { plugin: demoProvider.demoProviderPlugin, host: demoProviderHost({ db, clock, limiter, config, gamesRepository, portalRepository }) }
    : undefined
  /** The channels the notification listener carries on PostgreSQL: ended sessions, applied plan versions, money moved. */
  const channels: NotificationChannel[] = [revocationChannel(sessionCache), plan.channel, balanceStreams.channel]

  return {
    services: {
      auth,
      links,
      users,
      site,
      ledger,
      wallet,
      deposits,
      transferIntake,
      heldTransfers,
      bankNotifications,
      withdrawals,
      backofficeAuth,
      ledgerCheck,
      depositDesk,
      withdrawalDesk,
      payouts,
      approvals,
      depositExceptions,
      reconciliation,
      operators,
      audit,
      mediaUpload,
      dashboard,
      reports,
      daySums,
      members,
      games,
      catalogue,
      payin,
      portal,
      seamless,
      evolution,
      promotions,
      promotionsAdmin,
      referral,
      plan,
      exclusions,
      limits,
      slips,
      outbox,
      carePrompts,
      careTasks,
      line,
      payoutCallbacks,
      notices,
      deskAlerts,
      risk,
      riskCases,
    },
    demoBank,
    database,
    sms,
    consoleSms,
    limiter,
    sessionCache,
    balanceStreams,
    channels,
    demoProvider: demoProviderServices,
    /** The audit log's repository, keyed (ADR 037): the ledger check of the command line reads the chain with it. */
    auditRepository,
    /** Closes what the integrations hold open (a vendor's connections) when the server stops. */
    closeIntegrations: () => slipVerifier.close(),
  }
}
export type BuiltServices = Awaited<ReturnType<typeof buildServices>>

/** The SMS gateway SMS_PROVIDER names (ADR 083); console is wired apart, with its page for the demo. */
function gatewayOf(config: Config): SmsSender {
  const common = { sender: config.SMS_SENDER, timeoutMs: config.SMS_HTTP_TIMEOUT_MS }
  if (config.SMS_PROVIDER === 'thaibulksms')
    return thaiBulkSmsSender({
      ...common,
      baseUrl: config.SMS_THAIBULKSMS_URL,
      apiKey: config.SMS_THAIBULKSMS_KEY ?? '',
      apiSecret: config.SMS_THAIBULKSMS_SECRET ?? '',
    })
  if (config.SMS_PROVIDER === 'smsmkt')
    return smsMktSender({ ...common, baseUrl: config.SMS_SMSMKT_URL, apiKey: config.SMS_SMSMKT_KEY ?? '', secretKey: config.SMS_SMSMKT_SECRET ?? '' })
  return httpSmsSender({ ...common, url: config.SMS_HTTP_URL ?? '', apiKey: config.SMS_HTTP_KEY ?? '' })
}
