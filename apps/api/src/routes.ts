// Every route of /api, registered from the services built once (services.ts) and the guards app.ts made of them: the
// one list of what the API answers, in the order the OpenAPI document shows it.
import { outboxRoutes } from './modules/outbox/outbox.routes.ts'
import type { Config } from './config.ts'
import type { Clock } from './lib/clock.ts'
import type { TypedApp } from './lib/typed-app.ts'
import type { requirePlayer } from './plugins/auth.ts'
import type { OperatorGuard } from './plugins/operator-auth.ts'
import type { BuiltServices } from './services.ts'
import { authRoutes, devSmsRoutes } from './modules/auth/auth.routes.ts'
import { backofficeSiteRoutes, devLogLevelRoutes, mediaUploadRoutes, siteRoutes } from './modules/site/site.routes.ts'
import { operatorSignInRoutes } from './modules/operator-sign-in/operator-sign-in.routes.ts'
import { linksRoutes } from './modules/links/links.routes.ts'
import { ledgerVerifyRoutes } from './modules/ledger/verify.routes.ts'
import { devTotpRoutes, operatorsRoutes } from './modules/operators/operators.routes.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts'
import { reportsRoutes } from './modules/reports/reports.routes.ts'
import { membersRoutes } from './modules/members/members.routes.ts'
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts'
import { depositExceptionsRoutes } from './modules/deposit-exceptions/deposit-exceptions.routes.ts'
import { depositDeskRoutes } from './modules/deposits/deposit-desk.routes.ts'
import { reconciliationRoutes } from './modules/reports/reconciliation.routes.ts'
import { withdrawalDeskRoutes } from './modules/withdrawals/withdrawal-desk.routes.ts'
import { bankFeedRoutes, depositRoutes, devBankRoutes } from './modules/deposits/deposits.routes.ts'
import { devDemoBankRoutes, slipDeskRoutes, slipRoutes } from './modules/slips/slips.routes.ts'
import { payoutCallbackRoutes, payoutsRoutes } from './modules/payouts/payouts.routes.ts'
import { evolutionRoutes } from './modules/protocols/evolution.routes.ts'
import { bankNotificationDeskRoutes, bankNotificationRoutes } from './modules/bank-notifications/bank-notifications.routes.ts'
import { walletRoutes } from './modules/wallet/wallet.routes.ts'
import { gamesRoutes } from './modules/games/games.routes.ts'
import { catalogueRoutes } from './modules/games/catalogue.routes.ts'
import { payinAccountsRoutes } from './modules/deposits/payin-accounts.routes.ts'
import { portalRoutes } from './modules/portal/portal.routes.ts'
import { seamlessRoutes } from './modules/seamless/seamless.routes.ts'
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.ts'
import { userRoutes } from './modules/users/users.routes.ts'
import { promotionRoutes } from './modules/promotions/promotions.routes.ts'
import { promotionsAdminRoutes } from './modules/promotions/promotions-admin.routes.ts'
import { referralRoutes } from './modules/referral/referral.routes.ts'
import { planRoutes } from './modules/plan/plan.routes.ts'
import { exclusionRoutes } from './modules/exclusions/exclusions.routes.ts'
import { limitsRoutes } from './modules/limits/limits.routes.ts'
import { lineRoutes, lineWebhookRoutes } from './modules/line/line.routes.ts'
import { limitRequests } from './plugins/rate-limit-hook.ts'
import { carePromptRoutes, careTaskRoutes } from './modules/care/care.routes.ts'
import { deskAlertsRoutes } from './modules/notices/desk-alerts.routes.ts'
import { riskRoutes } from './modules/risk/risk.routes.ts'

export async function registerApiRoutes(
  api: TypedApp,
  deps: { built: BuiltServices; guards: { player: ReturnType<typeof requirePlayer>; operator: OperatorGuard }; config: Config; clock: Clock },
) {
  const { built, config, clock } = deps
  const { database, limiter, consoleSms, balanceStreams } = built
  const { player, operator } = deps.guards
  const services = built.services
  const limitLogin = limitRequests(limiter, { name: 'login-ip', limit: config.RATE_LOGIN_PER_IP_PER_MINUTE, windowMs: 60_000 })

  siteRoutes(api, { site: services.site, database })
  authRoutes(api, {
    auth: services.auth,
    links: services.links,
    requirePlayer: player,
    limitLogin,
    limitRegister: limitRequests(limiter, { name: 'register-ip', limit: config.RATE_REGISTER_PER_IP_PER_HOUR, windowMs: 3_600_000 }),
  })
  userRoutes(api, { users: services.users, auth: services.auth, requirePlayer: player })
  exclusionRoutes(api, { exclusions: services.exclusions, requirePlayer: player })
  walletRoutes(api, { wallet: services.wallet, balanceStreams, requirePlayer: player })
  referralRoutes(api, {
    referral: services.referral,
    requirePlayer: player,
    limitUpline: limitRequests(limiter, { name: 'upline-ip', limit: config.RATE_REGISTER_PER_IP_PER_HOUR, windowMs: 3_600_000 }),
    operator,
  })
  depositRoutes(api, { deposits: services.deposits, requirePlayer: player })
  slipRoutes(api, {
    slips: services.slips,
    requirePlayer: player,
    limitSlips: limitRequests(limiter, {
      name: 'slips-player',
      limit: config.RATE_SLIPS_PER_PLAYER_PER_MINUTE,
      windowMs: 60_000,
      key: (request) => String(request.player.playerId),
    }),
  })
  withdrawalRoutes(api, { withdrawals: services.withdrawals, requirePlayer: player })
  limitsRoutes(api, { limits: services.limits, requirePlayer: player })
  await api.register(async (feed: TypedApp) => bankFeedRoutes(feed, { intake: services.transferIntake, secret: config.bankWebhookSecret, clock }))
  await api.register(async (forwarded: TypedApp) =>
    bankNotificationRoutes(forwarded, { notifications: services.bankNotifications, secret: config.bankNotificationSecret, clock }),
  )
  await api.register(async (payoutBank: TypedApp) =>
    payoutCallbackRoutes(payoutBank, { callbacks: services.payoutCallbacks, secret: config.PAYOUT_BANK_CALLBACK_SECRET, clock }),
  )
  await api.register(async (catalogue: TypedApp) => gamesRoutes(catalogue, { games: services.games }))
  portalRoutes(api, { portal: services.portal, requirePlayer: player })
  promotionRoutes(api, { promotions: services.promotions, requirePlayer: player })
  await api.register(async (callbacks: TypedApp) =>
    seamlessRoutes(callbacks, { seamless: services.seamless, clock, secretFor: config.seamlessSecret, signatureFor: config.seamlessSignature }),
  )
  await api.register(async (protocols: TypedApp) =>
    evolutionRoutes(protocols, {
      evolution: services.evolution,
      authToken: config.EVOLUTION_AUTH_TOKEN,
      ...(config.EVOLUTION_ALLOWED_ADDRESSES ? { allowedAddresses: config.EVOLUTION_ALLOWED_ADDRESSES } : {}),
    }),
  )
  operatorSignInRoutes(api, { auth: services.backofficeAuth, operator, limitLogin, secureCookies: config.SANAM_MODE !== 'demo' })
  linksRoutes(api, { links: services.links, operator })
  ledgerVerifyRoutes(api, { check: services.ledgerCheck, operator })
  operatorsRoutes(api, { operators: services.operators, operator })
  auditRoutes(api, { audit: services.audit, anyOperator: operator('backoffice.read') })
  membersRoutes(api, { members: services.members, operator })
  depositDeskRoutes(api, { desk: services.depositDesk, operator })
  slipDeskRoutes(api, { slips: services.slips, operator })
  bankNotificationDeskRoutes(api, { notifications: services.bankNotifications, operator })
  withdrawalDeskRoutes(api, { desk: services.withdrawalDesk, operator })
  payoutsRoutes(api, { payouts: services.payouts, operator })
  approvalsRoutes(api, { approvals: services.approvals, operator })
  depositExceptionsRoutes(api, { exceptions: services.depositExceptions, operator })
  reconciliationRoutes(api, { reconciliation: services.reconciliation, operator })
  promotionsAdminRoutes(api, { admin: services.promotionsAdmin, operator })
  planRoutes(api, { plan: services.plan, operator })
  dashboardRoutes(api, { dashboard: services.dashboard, anyOperator: operator('backoffice.read') })
  catalogueRoutes(api, { catalogue: services.catalogue, operator })
  payinAccountsRoutes(api, { payin: services.payin, operator })
  backofficeSiteRoutes(api, { site: services.site, operator })
  await api.register(async (uploads: TypedApp) => mediaUploadRoutes(uploads, { media: services.mediaUpload, operator }))
  reportsRoutes(api, { reports: services.reports, operator })
  outboxRoutes(api, { outbox: services.outbox, operator })
  carePromptRoutes(api, { carePrompts: services.carePrompts, requirePlayer: player })
  careTaskRoutes(api, { careTasks: services.careTasks, operator })
  lineRoutes(api, { line: services.line, requirePlayer: player })
  await api.register(async (webhook: TypedApp) => lineWebhookRoutes(webhook, { line: services.line, channelSecret: config.line?.channelSecret ?? null }))
  deskAlertsRoutes(api, { deskAlerts: services.deskAlerts, operator })
  riskRoutes(api, { risk: services.risk, cases: services.riskCases, operator })
  if (consoleSms) devSmsRoutes(api, { outbox: consoleSms })
  if (config.SANAM_MODE === 'demo') devTotpRoutes(api, { clock })
  if (config.SANAM_MODE === 'demo') devLogLevelRoutes(api)
  if (config.demoBankFeed) devBankRoutes(api, { intake: services.transferIntake })
  if (config.demoBankFeed && built.demoBank) devDemoBankRoutes(api, { demoBank: built.demoBank })
}
