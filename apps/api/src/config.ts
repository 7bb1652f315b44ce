import { accessSync, constants } from 'node:fs'
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { DEMO_BANK_NOTIFICATION_SECRET, DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET, DEMO_TOTP_ENCRYPTION_KEY } from '@sanam/contract/demo-secrets'
import { LogLevel, MIN_OPERATOR_PASSWORD_LENGTH } from '@sanam/contract'
import { z } from 'zod'
import { totpKeyBytes } from './lib/totp.ts'
import { privateKeyOf } from './lib/crypto.ts'
import { parseDatabaseUrl, type TargetSessionAttrs } from './db/hosts.ts'

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes')

const int = (min: number, max: number) => z.coerce.number({ error: 'must be a number' }).int().min(min).max(max)

/** ADR 015: `timestamped` (method, path, timestamp and body) or `body` (the raw body only, for a provider that cannot). */
const signatureScheme = z.enum(['timestamped', 'body'], { error: 'must be timestamped or body' })

/** A rate as a fraction: 0.03 is 3 %. */
const fraction = z.coerce.number({ error: 'must be a number' }).min(0).max(1)
/** proxy-addr's names for address ranges, which Fastify's trustProxy also accepts. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An address or CIDR range (`10.0.0.0/8`, `::1/128`), or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: the addresses of the proxies in front (addresses and CIDR ranges, comma-separated): the client's address
 * is then the last X-Forwarded-For entry added by a proxy on that list. Never "trust everyone": anyone could claim any
 * address and walk past every per-address limit. Not a hop count either: a hop count trusts whoever connects, so a
 * client reaching the port directly could forge its address (Fastify 5 ignores hop counts for that reason).
 * Unset or `false`: trust no proxy, the socket's address is the client.
 */
const trustProxy = z.string().transform((raw, ctx): false | string[] => {
  const value = raw.trim().toLowerCase()
  if (value === 'false' || value === 'no' || value === '0') return false
  const refuse = (message: string) => {
    ctx.issues.push({ code: 'custom', input: raw, message })
    return z.NEVER
  }
  if (value === 'true' || value === 'yes' || value === '*') {
    return refuse(
      'trusting every proxy lets any client forge its address (X-Forwarded-For); give the addresses or CIDR ranges of the proxies in front, e.g. 10.0.0.0/8',
    )
  }
  if (/^\d+$/.test(value)) {
    return refuse(
      'a hop count trusts whoever connects, so a client reaching the port directly could forge its address; give the addresses or CIDR ranges of the proxies in front, e.g. 10.0.0.0/8',
    )
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isProxyAddress(entry))
  if (bad.length === 0) return entries
  return refuse(`not an address or CIDR range: ${bad.map((b) => JSON.stringify(b)).join(', ')}`)
})

/**
 * A PostgreSQL URL of one or more servers (db/hosts.ts), checked as the pool will read it. `writable`: money is written
 * through it, so the only target it may name is read-write (the primary).
 */
const postgresUrl = (fallback: TargetSessionAttrs, writable = false) =>
  z.string().superRefine((value, ctx) => {
    try {
      const { target } = parseDatabaseUrl(value, fallback)
      if (writable && target !== 'read-write')
        ctx.addIssue({
          code: 'custom',
          message: 'target_session_attrs must be read-write (or left out): money is written through it, so only the primary will do',
        })
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message })
    }
  })

/** The most API processes one machine is given (ADR 052): far above any core count this runs on. */
export const MAX_API_PROCESSES = 256

/** API_PROCESSES: a whole number of processes, or `auto` (one per core, when that is safe: see loadConfig). */
const processCount = z.string().transform((raw, ctx): number | 'auto' => {
  const value = raw.trim().toLowerCase()
  if (value === 'auto') return 'auto'
  const count = /^\d{1,4}$/.test(value) ? Number(value) : NaN
  if (count >= 1 && count <= MAX_API_PROCESSES) return count
  ctx.issues.push({ code: 'custom', input: raw, message: `must be a whole number from 1 to ${MAX_API_PROCESSES}, or auto` })
  return z.NEVER
})

/** The audit chain's key in demo mode (play money): public, so refused outside it (ADR 037). */
export const DEMO_AUDIT_HMAC_KEY = 'sanam-demo-audit-key-not-a-secret-0000'

/** The first owner's name in demo mode; outside it, the owners are named at set-up (BACKOFFICE_OWNERS, ADR 069, ADR 070). */
export const DEMO_BACKOFFICE_USERNAME = 'admin'
/** Operator names an attacker tries first: refused for the first owner outside demo mode (ADR 069). */
export const GUESSED_OPERATOR_NAMES: readonly string[] = ['admin', 'administrator', 'root', 'owner', 'superuser', 'sysadmin', 'backoffice', 'sanam']

/** The device-token key in demo mode (play money): public, so refused outside it (ADR 039). */
export const DEMO_DEVICE_TOKEN_SECRET = 'sanam-demo-device-token-key-not-a-secret'

/** `value` as an origin (http or https, a host, no path, query or credentials), or undefined. */
function originOf(value: string): { origin: string; host: string } | undefined {
  try {
    const url = new URL(value)
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) return undefined
    if (url.pathname !== '/' || value.replace(/\/$/, '') !== url.origin) return undefined
    return { origin: url.origin, host: url.host }
  } catch {
    return undefined
  }
}

/** The slip verifiers SLIP_VERIFIER may name (ADR 084). */
export const SLIP_VERIFIERS = ['easyslip', 'slipok', 'slip2go', 'kbank', 'scb', 'demo', 'none'] as const

/** Payout intervals (spec §9): daily, Fridays ('WEEKEN' is the spec's spelling), the 1st of the month. */
const interval = z.enum(['DAY', 'WEEKEN', 'MONTH'])

/** Which SMS gateway sends (ADR 083): console is the demo's, in the log and at /api/dev/sms. */
export const SMS_PROVIDERS = ['console', 'http', 'thaibulksms', 'smsmkt'] as const
export type SmsProvider = (typeof SMS_PROVIDERS)[number]
/** What each gateway needs set: a missing one stops the start (fail closed). */
const SMS_PROVIDER_SETTINGS: Record<Exclude<SmsProvider, 'console'>, string[]> = {
  http: ['SMS_HTTP_URL', 'SMS_HTTP_KEY'],
  thaibulksms: ['SMS_THAIBULKSMS_KEY', 'SMS_THAIBULKSMS_SECRET'],
  smsmkt: ['SMS_SMSMKT_KEY', 'SMS_SMSMKT_SECRET'],
}

/** PGlite's WebAssembly memory is at most 2 GB; the buffer pool must leave room for the rest of PostgreSQL in it. */
const MAX_PGLITE_SHARED_BUFFERS_MB = 1024

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** demo: play money with public demo secrets; production: real secrets and an SMS gateway, or no start (see loadConfig). */
  SANAM_MODE: z.enum(['demo', 'production'], { error: 'must be demo or production' }).optional(),
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * The embedded database's buffer pool (PostgreSQL's `shared_buffers`, e.g. `16MB`); unset, PGlite's 128 MB. Zeroing
   * the pool is most of the database's start, and a small deployment's data may fit a smaller one (ADR 033, amended
   * 2026-12-01). Ignored with DATABASE_URL.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]{0,6}(MB|GB)$/, { error: 'must be a size in MB or GB, e.g. 16MB' })
    .refine((size) => Number.parseInt(size, 10) * (size.endsWith('GB') ? 1024 : 1) <= MAX_PGLITE_SHARED_BUFFERS_MB, {
      error: `must be at most ${MAX_PGLITE_SHARED_BUFFERS_MB}MB (the embedded database's memory is at most 2 GB)`,
    })
    .optional(),
  /**
   * Where money is written: one PostgreSQL server, or several in libpq's syntax (`host1:5432,host2:5432`, what
   * `pg_autoctl show uri` prints), of which each connection takes the writable one (ADR 054).
   */
  DATABASE_URL: postgresUrl('read-write', true).optional(),
  /**
   * The database owner's connection, for migrations only (ADR 037): DATABASE_URL is then the runtime role, which owns
   * nothing and may not change the audit log. Unset: migrations run over DATABASE_URL (demo mode only on PostgreSQL).
   */
  MIGRATION_DATABASE_URL: postgresUrl('read-write', true).optional(),
  /**
   * Where back-office reports and the dashboard read, which may lag the primary by a moment (ADR 054): a standby, or
   * several servers of which a standby is preferred (target_session_attrs=prefer-standby unless the URL says
   * otherwise). Never balances or anything that decides money. Unset: they read DATABASE_URL.
   */
  READ_REPLICA_URL: postgresUrl('prefer-standby').optional(),
  /** The audit chain's HMAC key (ADR 037): from the secret store, never in the database. Required outside demo mode. */
  AUDIT_HMAC_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** An append-only file the audit chain's head is written to as it advances (ADR 037); the log line `audit.head` always. */
  AUDIT_HEAD_FILE: z.string().min(1).optional(),
  /** How many API processes serve the port (ADR 052): a number or `auto`; the default and its limits are in loadConfig. */
  API_PROCESSES: processCount.optional(),
  /** node-postgres pool: connections per process, how long a request waits for one before a 503, statement timeout. */
  DB_POOL_MAX: int(1, 1000).default(20),
  DB_POOL_WAIT_MS: int(50, 60_000).default(3000),
  DB_STATEMENT_TIMEOUT_MS: int(50, 600_000).default(10_000),
  /**
   * Live balance streams (ADR 049) one player may hold open on one process: a few tabs and devices, never enough for a
   * client that opens them without end to hold the process's sockets and memory. One more is refused (429).
   */
  STREAMS_PER_PLAYER: int(1, 100_000).default(8),
  LOG_LEVEL: LogLevel.default('info'),
  /**
   * The metrics (ADR 051): GET /metrics on a listener of its own on METRICS_PORT (bound to METRICS_HOST), or on the
   * public port behind `Authorization: Bearer <METRICS_TOKEN>`; with neither, there are none.
   */
  METRICS_PORT: int(0, 65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,256}$/, { error: 'must be 32 to 256 printable characters without spaces (e.g. openssl rand -hex 32)' })
    .optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** Default: true in demo mode; refused outside it. */
  SEED_DEMO: bool.optional(),

  SESSION_TTL_HOURS: int(1, 24 * 90).default(24 * 7),
  /** A player session unused this long ends, whatever its absolute lifetime says. */
  SESSION_IDLE_MINUTES: int(5, 24 * 60 * 90).default(60),
  /** How long a process may answer a session from memory; 0 reads the database every time (ADR 010). */
  SESSION_CACHE_SECONDS: int(0, 300).default(30),
  /** Registration confirms the phone by an SMS code. Turning it off is for demo mode only (refused outside it). */
  OTP_REQUIRED: bool.default(true),
  OTP_TTL_SECONDS: int(30, 3600).default(300),
  OTP_MAX_ATTEMPTS: int(1, 20).default(5),
  OTP_RESEND_SECONDS: int(0, 3600).default(60),
  /** Registration codes one phone receives in an hour at most, whoever asks (issue 38 §1: the codes' per-phone cap). */
  OTP_PER_PHONE_PER_HOUR: int(1, 60).default(5),

  /** Default: console in demo mode, http outside it (where console is refused). */
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).optional(),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_KEY: z.string().min(1).optional(),
  /** ThaiBulkSMS (ADR 083): the API key and secret (HTTP Basic); the address only for a test's fake gateway. */
  SMS_THAIBULKSMS_KEY: z.string().min(1).optional(),
  SMS_THAIBULKSMS_SECRET: z.string().min(1).optional(),
  SMS_THAIBULKSMS_URL: z.url().default('https://api-v2.thaibulksms.com'),
  /** SMSMKT (ADR 083): the api_key and secret_key headers; the address only for a test's fake gateway. */
  SMS_SMSMKT_KEY: z.string().min(1).optional(),
  SMS_SMSMKT_SECRET: z.string().min(1).optional(),
  SMS_SMSMKT_URL: z.url().default('https://portal-otp.smsmkt.com'),
  /** The registered sender name: Thai operators take at most 11 letters, digits, spaces, dots or dashes. */
  SMS_SENDER: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,10}$/, { error: 'at most 11 characters: letters, digits, space, dot or dash, as registered with the gateway' })
    .default('SANAM'),
  SMS_HTTP_TIMEOUT_MS: int(100, 60_000).default(5000),
  /**
   * Where approved withdrawals are paid (ADR 081): unset or `none`, by hand in a bank app with the reference typed;
   * `demo` (demo mode only), the demo bank; `http`, a corporate payout API (PAYOUT_BANK_URL and its credentials).
   */
  PAYOUT_BANK: z.enum(['none', 'demo', 'http'], { error: 'must be none, demo or http' }).default('none'),
  PAYOUT_BANK_URL: z.url().optional(),
  PAYOUT_BANK_CLIENT_ID: z.string().min(1).optional(),
  PAYOUT_BANK_CLIENT_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  PAYOUT_BANK_SOURCE_ACCOUNT: z
    .string()
    .regex(/^\d{10,15}$/, { error: 'must be the 10-15 digit account payouts are paid from' })
    .optional(),
  PAYOUT_BANK_TIMEOUT_MS: int(500, 60_000).default(10_000),
  /** Signs the payout bank's status callbacks (ADR 086). Unset: POST /api/bank/payouts/callback refuses every request. */
  PAYOUT_BANK_CALLBACK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),

  /**
   * Who checks transfer slips (issue 37 §1, ADR 084): a vendor, `demo` (demo mode only) or `none`. Default: demo in
   * demo mode, none outside it, where slips are then unavailable until a verifier is configured (fail closed).
   */
  SLIP_VERIFIER: z.enum(SLIP_VERIFIERS, { error: `must be one of ${SLIP_VERIFIERS.join(', ')}` }).optional(),
  SLIP_VERIFIER_TIMEOUT_MS: int(100, 60_000).default(8000),
  EASYSLIP_URL: z.url().default('https://api.easyslip.com/v2'),
  EASYSLIP_API_KEY: z.string().min(1).optional(),
  SLIPOK_URL: z.url().default('https://api.slipok.com/api/line/apikey'),
  SLIPOK_BRANCH_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be the branch id SlipOK shows (letters, digits, _ or -)' })
    .optional(),
  SLIPOK_API_KEY: z.string().min(1).optional(),
  SLIP2GO_URL: z.url().default('https://connect.slip2go.com/api'),
  SLIP2GO_SECRET_KEY: z.string().min(1).optional(),
  /** KBank and SCB give their API addresses at onboarding: no default. */
  KBANK_URL: z.url().optional(),
  KBANK_TOKEN_PATH: z
    .string()
    .regex(/^\/[\w./-]*$/, { error: 'must be a path such as /v2/oauth/token' })
    .default('/v2/oauth/token'),
  KBANK_CLIENT_ID: z.string().min(1).optional(),
  KBANK_CLIENT_SECRET: z.string().min(1).optional(),
  KBANK_TLS_CERT_FILE: z.string().min(1).optional(),
  KBANK_TLS_KEY_FILE: z.string().min(1).optional(),
  KBANK_TLS_CA_FILE: z.string().min(1).optional(),
  KBANK_NOT_FOUND_CODES: z
    .string()
    .regex(/^[\w-]+(,[\w-]+)*$/, { error: 'must be status codes separated by commas' })
    .optional(),
  SCB_URL: z.url().optional(),
  SCB_API_KEY: z.string().min(1).optional(),
  SCB_API_SECRET: z.string().min(1).optional(),

  /** The outbox's rate budget for SMS (ADR 083): messages per second its worker sends at most, per process. */
  OUTBOX_SMS_PER_SECOND: int(1, 1000).default(10),
  /**
   * For `npm run bench`'s measure of the outbox's cost only (issue 38 §6): the deposit's notice is not written and the
   * outbox's worker does not run. Refused outside demo mode.
   */
  BENCH_OUTBOX_OFF: bool.default(false),
  /** The desk's alerts (ADR 087): a withdrawal waiting for operators longer than this many minutes is an alert. */
  DESK_ALERT_WITHDRAWAL_MINUTES: int(1, 24 * 60).default(15),
  /**
   * The SMS credit alert (ADR 087): a gateway's credit read below this is an alert to the owner; 0 raises none from
   * readings (a send refused for credit still does). Read where the gateway tells it (ThaiBulkSMS).
   */
  SMS_CREDIT_ALERT_BELOW: int(0, 100_000_000).default(500),
  /** How often the SMS gateway's credit is read, in minutes. */
  SMS_CREDIT_CHECK_MINUTES: int(1, 24 * 60).default(15),
  /** The desk's LINE group (ADR 087): every desk alert goes there too, by the outbox's LINE channel; unset: the list only. */
  LINE_DESK_GROUP_ID: z
    .string()
    .regex(/^C[0-9a-f]{32}$/, { error: 'must be a LINE group id: C and 32 hexadecimal digits' })
    .optional(),

  /** LINE for players and the desk (ADR 088): on when LINE_CHANNEL_SECRET is set; see lineSettings for the rest. */
  LINE_CHANNEL_SECRET: z.string().min(16).optional(),
  LINE_CHANNEL_ACCESS_TOKEN: z.string().min(20).optional(),
  LINE_CHANNEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, { error: 'must be the channel id (digits)' })
    .optional(),
  LINE_ASSERTION_KID: z.string().min(1).optional(),
  LINE_ASSERTION_PRIVATE_KEY: z.string().min(1).optional(),
  LINE_API_URL: z.url().default('https://api.line.me'),
  LINE_ACCOUNT_LINK_URL: z.url().default('https://access.line.me/dialog/bot/accountLink'),
  LINE_LINK_PAGE_URL: z.url().optional(),
  LINE_ADD_FRIEND_URL: z.url().optional(),
  LINE_HTTP_TIMEOUT_MS: int(100, 60_000).default(10_000),
  /** The outbox's rate budget for LINE pushes, per process (LINE allows about 2,000 a second per channel). */
  OUTBOX_LINE_PER_SECOND: int(1, 2000).default(50),

  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis://' })
    .optional(),
  RATE_LOGIN_FAILS_PER_MOBILE: int(1, 10_000).default(10),
  /** Wrong passwords from one known device (a valid device token) per window, counted apart from the phone's (ADR 039). */
  RATE_LOGIN_FAILS_PER_DEVICE: int(1, 10_000).default(5),
  /** Signs the player app's device tokens (ADR 039): from the secret store; required outside demo mode. */
  DEVICE_TOKEN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  RATE_LOGIN_FAILS_WINDOW_SECONDS: int(1, 86_400).default(900),
  RATE_LOGIN_PER_IP_PER_MINUTE: int(1, 1_000_000).default(120),
  RATE_REGISTER_PER_IP_PER_HOUR: int(1, 1_000_000).default(60),

  DEPOSIT_MIN_AMOUNT: int(1, 10_000_000).default(100),
  DRAFT_BILL_TTL_SECONDS: int(10, 3600).default(180),
  DRAFT_BILL_GRACE_SECONDS: int(0, 86_400).default(600),
  DEPOSIT_STATUS_WINDOW_MINUTES: int(1, 1440).default(15),
  WITHDRAW_MIN_AMOUNT: int(1, 10_000_000).default(100),
  WITHDRAW_ONE_PENDING: bool.default(true),
  /** The AML and fraud rules at deposits, withdrawals, registrations and commission payouts (issue 39, ADR 089). */
  RISK_RULES: bool.optional(),
  BANK_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  DEMO_BANK_FEED: bool.optional(),
  BANK_NOTIFICATIONS_CREDIT: bool.optional(),
  /** Signs forwarded bank notifications (ADR 080). Unset outside demo mode: the endpoint refuses every request. */
  BANK_NOTIFICATION_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** Slips one player may send per minute (each costs a verifier call). */
  RATE_SLIPS_PER_PLAYER_PER_MINUTE: int(1, 10_000).default(20),

  /**
   * Demo mode's first owner, created on an empty database (`admin`). Refused outside demo mode, where the owners are
   * named in BACKOFFICE_OWNERS, two or more, none of them a name an attacker tries first (ADR 069, ADR 070).
   */
  BACKOFFICE_USERNAME: z
    .string()
    .regex(/^[a-z0-9_.-]{3,32}$/, { error: 'must be 3-32 of a-z 0-9 _ . -' })
    .optional(),
  /** The owners named at set-up (ADR 070): `username:phone` pairs, comma-separated. Required, two or more, outside demo mode. */
  BACKOFFICE_OWNERS: z.string().optional(),
  BACKOFFICE_PASSWORD: z
    .string()
    .min(MIN_OPERATOR_PASSWORD_LENGTH, { error: `must be at least ${MIN_OPERATOR_PASSWORD_LENGTH} characters` })
    .max(72)
    .optional(),
  /**
   * The back-office's own origin (ADR 067), e.g. `https://desk.example.com`: the back-office and the operator API then
   * answer only there. `shared`: on the player app's origin, chosen in so many words. Required outside demo mode.
   */
  BACKOFFICE_ORIGIN: z
    .string()
    .refine((v) => v === 'shared' || originOf(v) !== undefined, {
      error: 'must be an origin such as https://desk.example.com (no path), or shared',
    })
    .optional(),
  BACKOFFICE_SESSION_HOURS: int(1, 72).default(12),
  /** An operator session unused this long ends (issue 12). */
  BACKOFFICE_IDLE_MINUTES: int(1, 24 * 60).default(30),
  /** Four-eyes (ADR 031): a withdrawal or a manual adjustment of more baht than this takes two different operators; 0: every one. */
  BACKOFFICE_FOUR_EYES_BAHT: int(0, 100_000_000).default(20_000),
  /** Player care (ADR 090): net deposits (credited less paid out) over a rolling 30 days at or above this open a care task. */
  CARE_NET_DEPOSITS_30D_BAHT: int(1, 100_000_000).default(5_000),
  /** Player care (ADR 090): net game loss (bets less wins) over a rolling 24 hours at or above this open a care task. */
  CARE_NET_LOSS_24H_BAHT: int(1, 100_000_000).default(40_000),
  /** Player care (ADR 090): net game loss over a rolling 90 days at or above this open a care task. */
  CARE_NET_LOSS_90D_BAHT: int(1, 100_000_000).default(80_000),
  /** For automation: the first owner is created enrolled in TOTP with this base32 secret (ADR 029). */
  BACKOFFICE_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{16,128}=*$/, { error: 'must be base32 (A-Z, 2-7), at least 16 characters' })
    .optional(),
  /** The key that seals operators' TOTP secrets in the database (ADR 036): 32 bytes, as 64 hex digits or base64. */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .refine((v) => totpKeyBytes(v) !== null, { error: 'must be 32 bytes: 64 hex digits or base64 (e.g. openssl rand -hex 32)' })
    .optional(),

  SEAMLESS_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** How providers sign seamless callbacks unless SEAMLESS_SIGNATURE_<CODE> says otherwise (ADR 015). */
  SEAMLESS_SIGNATURE: signatureScheme.default('timestamped'),
  GAME_SESSION_TTL_MINUTES: int(1, 24 * 60).default(120),
  /**
   * Evolution's One Wallet (ADR 082): the static token Evolution sends as `authToken` in every call's query. Unset: the
   * Evolution routes answer 401 to everything (fail closed).
   */
  EVOLUTION_AUTH_TOKEN: z.string().min(24, { error: 'must be at least 24 characters (e.g. openssl rand -hex 24)' }).optional(),
  /** Evolution's calling addresses (addresses and CIDR ranges, comma-separated); unset: any address with the token. */
  EVOLUTION_ALLOWED_ADDRESSES: z
    .string()
    .transform((raw, ctx) => {
      const entries = raw
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
      const bad = entries.filter((entry) => PROXY_RANGE_NAMES.has(entry) || !isProxyAddress(entry))
      if (bad.length > 0) {
        ctx.issues.push({ code: 'custom', input: raw, message: `not an address or CIDR range: ${bad.map((b) => JSON.stringify(b)).join(', ')}` })
        return z.NEVER
      }
      return entries
    })
    .optional(),
  /** The catalogue provider Evolution's calls are for: its round policy is Evolution's (ADR 082). */
  EVOLUTION_PROVIDER_CODE: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/, { error: 'must be a provider code (a-z, 0-9, _)' })
    .default('evolution'),
  ROUND_STALE_MINUTES: int(1, 7 * 24 * 60).default(60),
  /** Where the demo provider reaches the seamless API; defaults to this process on loopback. */
  DEMO_PROVIDER_CALLBACK_URL: z.url().optional(),

  REFERRAL_LEVEL1: fraction.default(0.03),
  REFERRAL_LEVEL2: fraction.default(0.02),
  REFERRAL_LEVEL3: fraction.default(0.01),
  REBATE_RATE: fraction.default(0.005),
  BONUS_MIN: int(0, 10_000_000).default(300),
  BONUS_MAX: int(0, 10_000_000).default(1000),
  BONUS_INTERVAL: interval.default('DAY'),
  REFUND_MIN: int(0, 10_000_000).default(0),
  REFUND_MAX: int(0, 10_000_000).default(1000),
  REFUND_INTERVAL: interval.default('DAY'),
})

export type SanamMode = 'demo' | 'production'

export type Config = Omit<
  z.infer<typeof ConfigSchema>,
  'SANAM_MODE' | 'SEED_DEMO' | 'SMS_PROVIDER' | 'API_PROCESSES' | 'METRICS_HOST' | 'BACKOFFICE_USERNAME' | 'SLIP_VERIFIER'
> & {
  /** SLIP_VERIFIER and its vendor's variables, read and checked (ADR 084); `none`: slips are unavailable. */
  slipVerifier: SlipVerifierSettings
  /** The first owner's name: BACKOFFICE_USERNAME, or `admin` in demo mode (required and never a guessed name outside it). */
  BACKOFFICE_USERNAME: string
  /** The back-office's own origin (BACKOFFICE_ORIGIN); undefined: it shares the player app's (ADR 067). */
  backofficeOrigin: { origin: string; host: string } | undefined
  /**
   * How many API processes serve the port (ADR 052): 1 is this process alone; more is a primary that forks that many
   * workers sharing the port (node:cluster). Several need PostgreSQL (see loadConfig).
   */
  API_PROCESSES: number
  /** Why API_PROCESSES is what it is, for the start-up log (a default that gave fewer than the cores says why). */
  apiProcessesReason: string
  /** Where the metrics listener binds (with METRICS_PORT): loopback unless set. */
  METRICS_HOST: string
  /** Where GET /metrics is: a listener of its own (METRICS_PORT), the public port behind METRICS_TOKEN, or nowhere. */
  metricsOn: 'port' | 'public' | 'none'
  /**
   * demo: play money; the demo secrets, console SMS with its outbox (/api/dev/sms), demo seeding and the demo bank
   * feed are available. The default only on the embedded database; on PostgreSQL it must be asked for.
   */
  SANAM_MODE: SanamMode
  /** Seed the demo data on an empty database: demo mode only. */
  SEED_DEMO: boolean
  /** console only in demo mode. */
  SMS_PROVIDER: SmsProvider
  /** BACKOFFICE_OWNERS read: the owners set-up makes, each with a one-time password by SMS to its own phone (ADR 070). */
  backofficeOwners: SetUpOwner[]
  /** DEVICE_TOKEN_SECRET, or (demo mode only) the public demo secret. */
  deviceTokenSecret: string
  /** AUDIT_HMAC_KEY, or (demo mode only) the public demo key. */
  auditHmacKey: string
  /** BANK_WEBHOOK_SECRET, or the demo secret in demo mode. */
  bankWebhookSecret: string
  /** TOTP_ENCRYPTION_KEY, or the demo key in demo mode. */
  totpEncryptionKey: string
  /** BANK_NOTIFICATION_SECRET, or the demo secret in demo mode; null (every notification refused) when unset outside it. */
  bankNotificationSecret: string | null
  /** The demo bank feed helper route (/api/dev/bank-account): demo mode only, on unless DEMO_BANK_FEED=false. */
  demoBankFeed: boolean
  /** BANK_NOTIFICATIONS_CREDIT: a forwarded notification alone may credit (ADR 080); on in demo mode, off outside it unless set. */
  notificationsCredit: boolean
  /** RISK_RULES: the AML and fraud rules run (ADR 089); on outside demo mode unless set, off in demo mode unless set. */
  riskRules: boolean
  /** LINE as configured (ADR 088); null: LINE_CHANNEL_SECRET unset, LINE is off (no channel, no linking, webhook 401). */
  line: LineConfig | null
  /** The seamless secret of one provider: SEAMLESS_SECRET_<CODE>, else SEAMLESS_SECRET, else (demo mode) the demo secret. */
  seamlessSecret(providerCode: string): string
  /** How one provider signs: SEAMLESS_SIGNATURE_<CODE>, else SEAMLESS_SIGNATURE (default `timestamped`). */
  seamlessSignature(providerCode: string): 'timestamped' | 'body'
}

export interface SetUpOwner {
  username: string
  phone: string
}

/**
 * BACKOFFICE_OWNERS (`somchai:0812345678,malee:0898765432`) read, with its problems: each a username as operators take
 * them and a Thai mobile, no username or phone twice; outside demo mode at least two, and none called `admin` (the
 * name every guess starts with). Two owners named at set-up, each receiving its first secret on its own phone, are
 * what lets no single person create the operators that decide money (ADR 070).
 */
export function setUpOwners(value: string | undefined, strict: boolean, outside = 'outside demo mode'): { owners: SetUpOwner[]; problems: string[] } {
  const problems: string[] = []
  const owners: SetUpOwner[] = []
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const [username = '', phone = '', ...rest] = entry.split(':').map((part) => part.trim())
    if (rest.length > 0 || !/^[a-z0-9_.-]{3,32}$/.test(username) || !/^0[689]\d{8}$/.test(phone))
      problems.push(`BACKOFFICE_OWNERS: "${entry}" must be username:phone (username 3-32 of a-z 0-9 _ . -, phone a Thai mobile 0[689]xxxxxxxx)`)
    else owners.push({ username, phone })
  }
  const twice = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i)
  for (const name of new Set(twice(owners.map((o) => o.username)))) problems.push(`BACKOFFICE_OWNERS: ${name} is named twice`)
  for (const phone of new Set(twice(owners.map((o) => o.phone))))
    problems.push(`BACKOFFICE_OWNERS: two owners share the phone ${phone}; each owner needs its own`)
  if (strict) {
    if (owners.length < 2)
      problems.push(
        `BACKOFFICE_OWNERS: at least two owners required ${outside} (username:phone,username:phone; ADR 070): one owner alone could create the two operators a four-eyes decision needs`,
      )
    for (const owner of owners.filter((o) => GUESSED_OPERATOR_NAMES.includes(o.username)))
      problems.push(`BACKOFFICE_OWNERS: ${owner.username} is a name an attacker tries first, not allowed ${outside} (ADR 069)`)
  }
  return { owners, problems }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

const TRUE = ['true', '1', 'yes']

/** A slip verifier as configured (ADR 084): what `modules/slips/verifiers` builds an adapter from. */
export type SlipVerifierSettings =
  | { kind: 'none' }
  | { kind: 'demo' }
  | { kind: 'easyslip'; timeoutMs: number; url: string; apiKey: string }
  | { kind: 'slipok'; timeoutMs: number; url: string; branchId: string; apiKey: string }
  | { kind: 'slip2go'; timeoutMs: number; url: string; secretKey: string }
  | {
      kind: 'kbank'
      timeoutMs: number
      url: string
      tokenPath: string
      clientId: string
      clientSecret: string
      tls: { certFile: string; keyFile: string; caFile?: string }
      notFoundStatusCodes: string[]
    }
  | { kind: 'scb'; timeoutMs: number; url: string; apiKey: string; apiSecret: string }

/** Each vendor's variables that must be set when SLIP_VERIFIER names it. */
const SLIP_VERIFIER_REQUIRED: Record<string, string[]> = {
  easyslip: ['EASYSLIP_API_KEY'],
  slipok: ['SLIPOK_BRANCH_ID', 'SLIPOK_API_KEY'],
  slip2go: ['SLIP2GO_SECRET_KEY'],
  kbank: ['KBANK_URL', 'KBANK_CLIENT_ID', 'KBANK_CLIENT_SECRET', 'KBANK_TLS_CERT_FILE', 'KBANK_TLS_KEY_FILE'],
  scb: ['SCB_URL', 'SCB_API_KEY', 'SCB_API_SECRET'],
}
const SLIP_VERIFIER_URL: Record<string, string> = { easyslip: 'EASYSLIP_URL', slipok: 'SLIPOK_URL', slip2go: 'SLIP2GO_URL', kbank: 'KBANK_URL', scb: 'SCB_URL' }

/**
 * SLIP_VERIFIER and the chosen vendor's variables (env with empty values already removed), read and checked, with
 * every problem: a variable the vendor needs left unset, a vendor URL that is not https (its key travels with every
 * request; loopback is allowed, for a local test double), a KBank certificate file that cannot be read, and the demo
 * verifier (it answers from the demo bank's own transfers) outside demo mode. Unset outside demo mode: `none`.
 */
export function slipVerifierSettings(
  env: Record<string, string | undefined>,
  demo: boolean,
  outside = 'outside demo mode',
): { settings: SlipVerifierSettings; problems: string[] } {
  const schema = ConfigSchema.pick({
    SLIP_VERIFIER: true,
    SLIP_VERIFIER_TIMEOUT_MS: true,
    EASYSLIP_URL: true,
    EASYSLIP_API_KEY: true,
    SLIPOK_URL: true,
    SLIPOK_BRANCH_ID: true,
    SLIPOK_API_KEY: true,
    SLIP2GO_URL: true,
    SLIP2GO_SECRET_KEY: true,
    KBANK_URL: true,
    KBANK_TOKEN_PATH: true,
    KBANK_CLIENT_ID: true,
    KBANK_CLIENT_SECRET: true,
    KBANK_TLS_CERT_FILE: true,
    KBANK_TLS_KEY_FILE: true,
    KBANK_TLS_CA_FILE: true,
    KBANK_NOT_FOUND_CODES: true,
    SCB_URL: true,
    SCB_API_KEY: true,
    SCB_API_SECRET: true,
  })
  const parsed = schema.safeParse(env)
  if (!parsed.success) return { settings: { kind: 'none' }, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }
  const v = parsed.data
  const kind = v.SLIP_VERIFIER ?? (demo ? 'demo' : 'none')
  if (kind === 'none') return { settings: { kind }, problems: [] }
  if (kind === 'demo')
    return demo
      ? { settings: { kind }, problems: [] }
      : { settings: { kind: 'none' }, problems: [`SLIP_VERIFIER: demo (answers from the demo bank's own transfers) is not allowed ${outside}`] }
  const problems = SLIP_VERIFIER_REQUIRED[kind]!.filter((name) => !env[name]).map((name) => `${name}: required with SLIP_VERIFIER=${kind}`)
  const urlName = SLIP_VERIFIER_URL[kind]!
  const url = (v as Record<string, unknown>)[urlName]
  if (typeof url === 'string') {
    const { protocol, hostname } = new URL(url)
    if (protocol !== 'https:' && !isLoopback(hostname.replace(/^\[|\]$/g, '')))
      problems.push(`${urlName}: must be https:// (the vendor's key travels with every request)`)
  }
  if (kind === 'kbank')
    for (const name of ['KBANK_TLS_CERT_FILE', 'KBANK_TLS_KEY_FILE', 'KBANK_TLS_CA_FILE'] as const) {
      const file = v[name]
      if (!file) continue
      try {
        accessSync(file, constants.R_OK)
      } catch {
        problems.push(`${name}: cannot read ${file}`)
      }
    }
  if (problems.length > 0) return { settings: { kind: 'none' }, problems }
  const timeoutMs = v.SLIP_VERIFIER_TIMEOUT_MS
  const settings: SlipVerifierSettings =
    kind === 'easyslip'
      ? { kind, timeoutMs, url: v.EASYSLIP_URL, apiKey: v.EASYSLIP_API_KEY! }
      : kind === 'slipok'
        ? { kind, timeoutMs, url: v.SLIPOK_URL, branchId: v.SLIPOK_BRANCH_ID!, apiKey: v.SLIPOK_API_KEY! }
        : kind === 'slip2go'
          ? { kind, timeoutMs, url: v.SLIP2GO_URL, secretKey: v.SLIP2GO_SECRET_KEY! }
          : kind === 'kbank'
            ? {
                kind,
                timeoutMs,
                url: v.KBANK_URL!,
                tokenPath: v.KBANK_TOKEN_PATH,
                clientId: v.KBANK_CLIENT_ID!,
                clientSecret: v.KBANK_CLIENT_SECRET!,
                tls: { certFile: v.KBANK_TLS_CERT_FILE!, keyFile: v.KBANK_TLS_KEY_FILE!, ...(v.KBANK_TLS_CA_FILE ? { caFile: v.KBANK_TLS_CA_FILE } : {}) },
                notFoundStatusCodes: v.KBANK_NOT_FOUND_CODES ? v.KBANK_NOT_FOUND_CODES.split(',') : [],
              }
            : { kind, timeoutMs, url: v.SCB_URL!, apiKey: v.SCB_API_KEY!, apiSecret: v.SCB_API_SECRET! }
  return { settings, problems: [] }
}

/**
 * Reads the environment once. Empty strings count as unset, so `FOO=` falls back to the default.
 *
 * The mode, not NODE_ENV, decides what is allowed: outside demo mode every demo convenience is refused and every
 * secret must be a real one, and all of it is listed at once. Command-line tools that serve nothing (ledger:verify,
 * jobs:accrue) pass `serving: false`: they need the database, not the secrets, so those rules are not theirs.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { serving?: boolean; /** The machine's cores (tests); os.availableParallelism() by default. */ cores?: number } = {},
): Config {
  const serving = options.serving ?? true
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = ConfigSchema.safeParse(cleaned)
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  // Rules across variables are checked on the raw values too, so one run lists every problem. An unknown mode counts
  // as production: the stricter reading.
  const mode: SanamMode = cleaned.SANAM_MODE === 'demo' || (!cleaned.SANAM_MODE && !cleaned.DATABASE_URL) ? 'demo' : 'production'
  const demo = mode === 'demo'
  const smsProvider = cleaned.SMS_PROVIDER ?? (demo ? 'console' : 'http')
  // Why the strict rules apply, said in every message: on PostgreSQL without SANAM_MODE, the fix may be SANAM_MODE=demo.
  const outside = cleaned.SANAM_MODE ? 'outside demo mode' : 'outside demo mode (the default with DATABASE_URL; SANAM_MODE=demo runs the demo on PostgreSQL)'
  if (serving && smsProvider !== 'console') {
    const why = cleaned.SMS_PROVIDER ? `with SMS_PROVIDER=${smsProvider}` : `${outside}, where SMS goes through a gateway (SMS_PROVIDER=http)`
    for (const name of SMS_PROVIDER_SETTINGS[smsProvider as Exclude<SmsProvider, 'console'>] ?? [])
      if (!cleaned[name]) problems.push(`${name}: required ${why}`)
  }
  // A payout bank is chosen in so many words; the demo bank pays play money only, and the HTTP one needs all of its
  // settings: a missing one stops start-up rather than falling back to another way of paying (ADR 081).
  if (serving && cleaned.PAYOUT_BANK === 'demo' && !demo) problems.push(`PAYOUT_BANK: demo pays play money and is not allowed ${outside}; use http or none`)
  if (serving && cleaned.PAYOUT_BANK === 'http') {
    for (const name of ['PAYOUT_BANK_URL', 'PAYOUT_BANK_CLIENT_ID', 'PAYOUT_BANK_CLIENT_SECRET', 'PAYOUT_BANK_SOURCE_ACCOUNT'])
      if (!cleaned[name]) problems.push(`${name}: required with PAYOUT_BANK=http`)
    if (!demo && cleaned.PAYOUT_BANK_URL && !cleaned.PAYOUT_BANK_URL.startsWith('https://'))
      problems.push(`PAYOUT_BANK_URL: must be https:// ${outside} (the credentials and the payouts travel on it)`)
  }
  const providerSecrets = new Map<string, string>()
  for (const [name, value] of Object.entries(cleaned)) {
    const match = /^SEAMLESS_SECRET_([A-Z0-9_]+)$/.exec(name)
    if (!match?.[1] || value === undefined) continue
    if (value.length < 16) problems.push(`${name}: must be at least 16 characters`)
    if (serving && !demo && value === DEMO_SEAMLESS_SECRET) problems.push(`${name}: is the public demo secret, not allowed ${outside}`)
    providerSecrets.set(match[1].toLowerCase(), value)
  }
  const providerSchemes = new Map<string, 'timestamped' | 'body'>()
  for (const [name, value] of Object.entries(cleaned)) {
    const match = /^SEAMLESS_SIGNATURE_([A-Z0-9_]+)$/.exec(name)
    if (!match?.[1] || value === undefined) continue
    const scheme = signatureScheme.safeParse(value)
    if (scheme.success) providerSchemes.set(match[1].toLowerCase(), scheme.data)
    else problems.push(`${name}: must be timestamped or body`)
  }
  // The audit key is needed by whatever writes or verifies the audit log, the command-line tools included.
  if (!demo) {
    if (!cleaned.AUDIT_HMAC_KEY) problems.push(`AUDIT_HMAC_KEY: required ${outside} (ADR 037; e.g. openssl rand -hex 32, from the secret store)`)
    else if (cleaned.AUDIT_HMAC_KEY === DEMO_AUDIT_HMAC_KEY) problems.push(`AUDIT_HMAC_KEY: is the public demo key, not allowed ${outside}`)
  }
  if (serving && !demo) {
    // A real-money install names its owners in BACKOFFICE_OWNERS, two or more (ADR 070); one first owner is demo mode's.
    if (cleaned.BACKOFFICE_USERNAME)
      problems.push(`BACKOFFICE_USERNAME: demo mode's one first owner; ${outside} name two or more owners in BACKOFFICE_OWNERS instead (ADR 070)`)
    if (!cleaned.DEVICE_TOKEN_SECRET) problems.push(`DEVICE_TOKEN_SECRET: required ${outside} (ADR 039; e.g. openssl rand -hex 32)`)
    else if (cleaned.DEVICE_TOKEN_SECRET === DEMO_DEVICE_TOKEN_SECRET) problems.push(`DEVICE_TOKEN_SECRET: is the public demo secret, not allowed ${outside}`)
    const secrets = [
      ['BANK_WEBHOOK_SECRET', DEMO_BANK_WEBHOOK_SECRET],
      ['SEAMLESS_SECRET', DEMO_SEAMLESS_SECRET],
    ] as const
    for (const [name, demoValue] of secrets) {
      const value = cleaned[name]
      if (!value) problems.push(`${name}: required ${outside}`)
      else if (value === demoValue || value === DEMO_BANK_WEBHOOK_SECRET || value === DEMO_SEAMLESS_SECRET)
        problems.push(`${name}: is a public demo secret, not allowed ${outside}`)
    }
    if (!cleaned.TOTP_ENCRYPTION_KEY) problems.push(`TOTP_ENCRYPTION_KEY: required ${outside} (it seals operators' TOTP secrets; openssl rand -hex 32)`)
    else if (cleaned.TOTP_ENCRYPTION_KEY.toLowerCase() === DEMO_TOTP_ENCRYPTION_KEY)
      problems.push(`TOTP_ENCRYPTION_KEY: is the public demo key, not allowed ${outside}`)
    if (smsProvider === 'console') problems.push(`SMS_PROVIDER: console (codes in the log and at /api/dev/sms) is not allowed ${outside}; use http`)
    if (cleaned.SEED_DEMO && TRUE.includes(cleaned.SEED_DEMO))
      problems.push(`SEED_DEMO: demo data (a player with a published password) is not allowed ${outside}`)
    if (cleaned.DEMO_BANK_FEED && TRUE.includes(cleaned.DEMO_BANK_FEED)) problems.push(`DEMO_BANK_FEED: not allowed ${outside}`)
    if (cleaned.BENCH_OUTBOX_OFF && TRUE.includes(cleaned.BENCH_OUTBOX_OFF))
      problems.push(`BENCH_OUTBOX_OFF: a server that tells no one of a deposit and sends nothing (a benchmark's comparison) is not allowed ${outside}`)
    for (const name of ['BANK_NOTIFICATION_SECRET', 'PAYOUT_BANK_CALLBACK_SECRET'] as const) {
      const secret = cleaned[name]
      if (secret && [DEMO_BANK_NOTIFICATION_SECRET, DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET].includes(secret))
        problems.push(`${name}: is a public demo secret, not allowed ${outside}`)
    }
    // A forgotten setting must not leave the back-office beside the player app: the choice is made in so many words.
    if (!cleaned.BACKOFFICE_ORIGIN)
      problems.push(
        `BACKOFFICE_ORIGIN: required ${outside}: the back-office's own origin (https://desk.example.com, ADR 067), or shared to serve it on the player app's origin`,
      )
    // Without the SMS code anyone registers any phone number: a stranger's, or many for one person (issue 34 §7).
    if (cleaned.OTP_REQUIRED && ['false', '0', 'no'].includes(cleaned.OTP_REQUIRED))
      problems.push(`OTP_REQUIRED: false (registration without the SMS code that proves the phone) is not allowed ${outside}`)
  }
  const owners = setUpOwners(cleaned.BACKOFFICE_OWNERS, serving && !demo, outside)
  problems.push(...owners.problems)
  const slips = slipVerifierSettings(cleaned, demo, outside)
  // A variable of the wrong shape is already listed by the schema above.
  if (serving) problems.push(...slips.problems.filter((p) => !problems.includes(p)))
  const line = lineSettings(cleaned, demo, outside)
  problems.push(...line.problems)
  if (cleaned.READ_REPLICA_URL && !cleaned.DATABASE_URL)
    problems.push('READ_REPLICA_URL: needs DATABASE_URL (a standby of the embedded database does not exist)')
  const processes = apiProcesses(cleaned, demo, serving, options.cores ?? availableParallelism())
  if (processes.problem) problems.push(processes.problem)
  problems.push(...metricsProblems(cleaned))
  // Of several processes the primary sums the workers' metrics on METRICS_PORT (ADR 051). /metrics on the shared
  // public port would be answered by whichever worker a scrape reached, with its own figures only.
  if (processes.count > 1 && cleaned.METRICS_TOKEN && cleaned.METRICS_PORT === undefined)
    problems.push(
      `METRICS_TOKEN: /metrics on the public port would answer one of the ${processes.count} API processes at random; set METRICS_PORT too (the primary serves every process's metrics, summed, there), or API_PROCESSES=1`,
    )
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems)
  const { data } = parsed
  return {
    ...data,
    API_PROCESSES: processes.count,
    apiProcessesReason: processes.reason,
    SANAM_MODE: mode,
    SEED_DEMO: demo && (data.SEED_DEMO ?? true),
    backofficeOwners: owners.owners,
    slipVerifier: slips.settings,
    SMS_PROVIDER: (SMS_PROVIDERS as readonly string[]).includes(smsProvider) ? (smsProvider as SmsProvider) : 'http',
    auditHmacKey: data.AUDIT_HMAC_KEY ?? DEMO_AUDIT_HMAC_KEY,
    BACKOFFICE_USERNAME: data.BACKOFFICE_USERNAME ?? DEMO_BACKOFFICE_USERNAME,
    deviceTokenSecret: data.DEVICE_TOKEN_SECRET ?? DEMO_DEVICE_TOKEN_SECRET,
    bankWebhookSecret: data.BANK_WEBHOOK_SECRET ?? DEMO_BANK_WEBHOOK_SECRET,
    totpEncryptionKey: data.TOTP_ENCRYPTION_KEY ?? DEMO_TOTP_ENCRYPTION_KEY,
    bankNotificationSecret: data.BANK_NOTIFICATION_SECRET ?? (demo ? DEMO_BANK_NOTIFICATION_SECRET : null),
    demoBankFeed: demo && (data.DEMO_BANK_FEED ?? true),
    notificationsCredit: data.BANK_NOTIFICATIONS_CREDIT ?? demo,
    // Demo mode's five-minute desk (a play-money withdrawal without play, approved at once) would be held by R1.
    riskRules: data.RISK_RULES ?? !demo,
    line: line.settings,
    seamlessSecret: (code: string) => providerSecrets.get(code.toLowerCase()) ?? data.SEAMLESS_SECRET ?? DEMO_SEAMLESS_SECRET,
    seamlessSignature: (code: string) => providerSchemes.get(code.toLowerCase()) ?? data.SEAMLESS_SIGNATURE,
    METRICS_HOST: data.METRICS_HOST ?? '127.0.0.1',
    backofficeOrigin: data.BACKOFFICE_ORIGIN && data.BACKOFFICE_ORIGIN !== 'shared' ? originOf(data.BACKOFFICE_ORIGIN) : undefined,
    metricsOn: data.METRICS_PORT !== undefined ? 'port' : data.METRICS_TOKEN ? 'public' : 'none',
  }
}

/** Names for this machine only: a metrics listener bound to one of these is out of other machines' reach. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * The metrics' rules across variables, the same in every mode (ADR 051): never reachable from elsewhere without the
 * token, and no setting that would silently do nothing.
 */
function metricsProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = []
  const { METRICS_PORT: port, METRICS_HOST: host, METRICS_TOKEN: token } = env
  if (host !== undefined && port === undefined) problems.push('METRICS_HOST: only means something with METRICS_PORT (the metrics listener it binds)')
  if (port !== undefined && Number(port) !== 0 && Number(port) === Number(env.PORT ?? 8080))
    problems.push('METRICS_PORT: must differ from PORT (the metrics listener is a port of its own; for /metrics on the public port set METRICS_TOKEN only)')
  if (port !== undefined && host !== undefined && !isLoopback(host) && !token)
    problems.push(`METRICS_HOST: ${host} is reachable from other machines; set METRICS_TOKEN too, or bind the metrics listener to 127.0.0.1`)
  return problems
}

/**
 * API_PROCESSES resolved (ADR 052). Several processes must hold every rule one process holds, so they need:
 * - PostgreSQL: the embedded database is one folder that one process may open (ADR 013);
 * - shared rate limits: on PostgreSQL they are counted in its `rate_limits` table, or in Redis with REDIS_URL (ADR 067),
 *   never in each process's memory, where N processes would let N times every limit through.
 * Asked for explicitly, several processes on the embedded database are refused. The default is one process in demo
 * mode (the demo's console SMS outbox is per process) and `auto` outside it; `auto` is one per core on PostgreSQL,
 * else one, with the reason in the start-up log. Tools that serve nothing (`serving: false`) are always one process.
 */
function apiProcesses(
  env: Record<string, string | undefined>,
  demo: boolean,
  serving: boolean,
  cores: number,
): { count: number; reason: string; problem?: string } {
  const asked = processCount.safeParse(env.API_PROCESSES ?? (demo ? '1' : 'auto'))
  // A bad value is already listed by the schema.
  if (!serving || !asked.success) return { count: 1, reason: 'one process' }
  // On PostgreSQL the rate limits are shared (its table, or Redis): only the embedded database keeps them per process.
  const embedded = !env.DATABASE_URL
  if (asked.data === 'auto') {
    const by = env.API_PROCESSES ? 'API_PROCESSES=auto' : 'the default outside demo mode (auto)'
    if (embedded) return { count: 1, reason: `${by}: one process, the embedded database is opened by one process only` }
    return { count: cores, reason: `${by}: one per core (${cores})` }
  }
  const count = asked.data
  const reason = env.API_PROCESSES ? `API_PROCESSES=${count}` : 'the default in demo mode'
  if (count === 1) return { count, reason }
  if (!embedded) return { count, reason }
  return {
    count: 1,
    reason,
    problem: `API_PROCESSES: ${count} processes need PostgreSQL (DATABASE_URL): the embedded database is one folder that one process may open. Set it, or API_PROCESSES=1 (ADR 052)`,
  }
}

/** LINE as the server uses it (ADR 088): the webhook's secret, how the access token is had, and the addresses. */
export interface LineConfig {
  channelSecret: string
  token: { kind: 'long-lived'; token: string } | { kind: 'v2.1'; channelId: string; kid: string; privateKey: string }
  apiUrl: string
  accountLinkUrl: string
  linkPageUrl: string
  addFriendUrl: string | null
  timeoutMs: number
}

const V21_SETTINGS = ['LINE_CHANNEL_ID', 'LINE_ASSERTION_KID', 'LINE_ASSERTION_PRIVATE_KEY']

/**
 * LINE read (ADR 088): off unless LINE_CHANNEL_SECRET is set (fail closed: nothing goes to LINE, the webhook refuses
 * everything); on, it needs a channel access token (v2.1 from the channel's assertion key, or a long-lived one, not
 * both) and the link page; a setting given without the secret, a key that cannot be read, or an http address
 * outside demo mode stops start-up.
 */
function lineSettings(env: Record<string, string | undefined>, demo: boolean, outside: string): { settings: LineConfig | null; problems: string[] } {
  const problems: string[] = []
  const given = Object.keys(env).filter((name) => name.startsWith('LINE_') && name !== 'LINE_CHANNEL_SECRET')
  const secret = env.LINE_CHANNEL_SECRET
  if (!secret) {
    if (given.length > 0) problems.push(`LINE_CHANNEL_SECRET: required with ${given.join(', ')} (LINE is off without it; unset those to keep it off)`)
    return { settings: null, problems }
  }
  const v21 = V21_SETTINGS.filter((name) => env[name])
  if (v21.length > 0 && v21.length < V21_SETTINGS.length)
    for (const name of V21_SETTINGS.filter((n) => !env[n])) problems.push(`${name}: required with ${v21.join(', ')} (a channel access token v2.1)`)
  if (v21.length > 0 && env.LINE_CHANNEL_ACCESS_TOKEN) problems.push('LINE_CHANNEL_ACCESS_TOKEN: give a long-lived token or the v2.1 assertion key, not both')
  if (v21.length === 0 && !env.LINE_CHANNEL_ACCESS_TOKEN)
    problems.push(
      'LINE_CHANNEL_ACCESS_TOKEN: LINE needs a channel access token: LINE_CHANNEL_ID, LINE_ASSERTION_KID and LINE_ASSERTION_PRIVATE_KEY (v2.1, recommended), or a long-lived token here',
    )
  if (env.LINE_ASSERTION_PRIVATE_KEY) {
    try {
      privateKeyOf(env.LINE_ASSERTION_PRIVATE_KEY)
    } catch {
      problems.push("LINE_ASSERTION_PRIVATE_KEY: not a private key (the JWK LINE's docs generate, or PEM)")
    }
  }
  if (!env.LINE_LINK_PAGE_URL) problems.push("LINE_LINK_PAGE_URL: required with LINE on: the player app's /line/link page (https://<site>/line/link)")
  if (!demo)
    for (const name of ['LINE_API_URL', 'LINE_ACCOUNT_LINK_URL', 'LINE_LINK_PAGE_URL', 'LINE_ADD_FRIEND_URL'])
      if (env[name] && !env[name].startsWith('https://')) problems.push(`${name}: must be https:// ${outside}`)
  if (problems.length > 0) return { settings: null, problems }
  return {
    settings: {
      channelSecret: secret,
      token:
        v21.length > 0
          ? { kind: 'v2.1', channelId: env.LINE_CHANNEL_ID!, kid: env.LINE_ASSERTION_KID!, privateKey: env.LINE_ASSERTION_PRIVATE_KEY! }
          : { kind: 'long-lived', token: env.LINE_CHANNEL_ACCESS_TOKEN! },
      apiUrl: (env.LINE_API_URL ?? 'https://api.line.me').replace(/\/$/, ''),
      accountLinkUrl: env.LINE_ACCOUNT_LINK_URL ?? 'https://access.line.me/dialog/bot/accountLink',
      linkPageUrl: env.LINE_LINK_PAGE_URL!,
      addFriendUrl: env.LINE_ADD_FRIEND_URL ?? null,
      timeoutMs: Number(env.LINE_HTTP_TIMEOUT_MS ?? 10_000),
    },
    problems,
  }
}

/**
 * A config for tests: demo mode, defaults plus overrides, without reading process.env. Tests move the clock by hours
 * and days to reach expiries with a session left unused meanwhile, so sessions do not go idle here unless a test sets
 * SESSION_IDLE_MINUTES (the idle rule's own tests do).
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SANAM_MODE: 'demo',
    SEED_DEMO: 'false',
    SESSION_IDLE_MINUTES: String(90 * 24 * 60),
    RISK_RULES: 'false',
    ...overrides,
  })
}
