import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const int = (min: number, max: number) => z.coerce.number({ error: 'must be a number' }).int().min(min).max(max)

/** ADR 015: `timestamped` (method, path, timestamp and body) or `body` (the raw body only, for a provider that cannot). */
const signatureScheme = z.enum(['timestamped', 'body'], { error: 'must be timestamped or body' })

/** A rate as a fraction: 0.03 is 3 %. */
const fraction = z.coerce.number({ error: 'must be a number' }).min(0).max(1)
/** Payout intervals (spec §9): daily, Fridays ('WEEKEN' is the spec's spelling), the 1st of the month. */
const interval = z.enum(['DAY', 'WEEKEN', 'MONTH'])

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(0, 65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres://' })
      .optional(),
    /** node-postgres pool: connections per process, how long a request waits for one before a 503, statement timeout. */
    DB_POOL_MAX: int(1, 1000).default(20),
    DB_POOL_WAIT_MS: int(50, 60_000).default(3000),
    DB_STATEMENT_TIMEOUT_MS: int(50, 600_000).default(10_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    SEED_DEMO: bool.default(true),

    SESSION_TTL_HOURS: int(1, 24 * 90).default(24 * 7),
    /** How long a process may answer a session from memory; 0 reads the database every time (ADR 010). */
    SESSION_CACHE_SECONDS: int(0, 300).default(30),
    OTP_REQUIRED: bool.default(true),
    OTP_TTL_SECONDS: int(30, 3600).default(300),
    OTP_MAX_ATTEMPTS: int(1, 20).default(5),
    OTP_RESEND_SECONDS: int(0, 3600).default(60),

    SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
    SMS_HTTP_URL: z.url().optional(),
    SMS_HTTP_KEY: z.string().min(1).optional(),
    SMS_SENDER: z.string().min(1).max(11).default('SANAM'),
    SMS_HTTP_TIMEOUT_MS: int(100, 60_000).default(5000),

    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must start with redis://' })
      .optional(),
    RATE_LOGIN_FAILS_PER_MOBILE: int(1, 10_000).default(10),
    RATE_LOGIN_FAILS_WINDOW_SECONDS: int(1, 86_400).default(900),
    RATE_LOGIN_PER_IP_PER_MINUTE: int(1, 1_000_000).default(120),
    RATE_REGISTER_PER_IP_PER_HOUR: int(1, 1_000_000).default(60),

    DEPOSIT_MIN_AMOUNT: int(1, 10_000_000).default(100),
    DRAFT_BILL_TTL_SECONDS: int(10, 3600).default(180),
    DRAFT_BILL_GRACE_SECONDS: int(0, 86_400).default(600),
    DEPOSIT_STATUS_WINDOW_MINUTES: int(1, 1440).default(15),
    WITHDRAW_MIN_AMOUNT: int(1, 10_000_000).default(100),
    WITHDRAW_ONE_PENDING: bool.default(true),
    BANK_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    DEMO_BANK_FEED: bool.optional(),

    BACKOFFICE_USERNAME: z.string().regex(/^[a-z0-9_.-]{3,32}$/, { error: 'must be 3-32 of a-z 0-9 _ . -' }).default('admin'),
    BACKOFFICE_PASSWORD: z.string().min(10, { error: 'must be at least 10 characters' }).max(72).optional(),
    BACKOFFICE_SESSION_HOURS: int(1, 72).default(12),

    SEAMLESS_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** How providers sign seamless callbacks unless SEAMLESS_SIGNATURE_<CODE> says otherwise (ADR 015). */
    SEAMLESS_SIGNATURE: signatureScheme.default('timestamped'),
    GAME_SESSION_TTL_MINUTES: int(1, 24 * 60).default(120),
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

/** The bank-feed secret used when none is configured outside production: the demo feed script knows it too. */
export const DEMO_BANK_WEBHOOK_SECRET = 'sanam-demo-bank-webhook-secret'
/** The seamless secret used when none is configured outside production (the built-in demo provider signs with it). */
export const DEMO_SEAMLESS_SECRET = 'sanam-demo-seamless-secret'

export type Config = z.infer<typeof ConfigSchema> & {
  /** BANK_WEBHOOK_SECRET, or the demo secret outside production. */
  bankWebhookSecret: string
  /** The demo bank feed helper route (/api/dev/bank-account): on by default outside production. */
  demoBankFeed: boolean
  /** The seamless secret of one provider: SEAMLESS_SECRET_<CODE>, else SEAMLESS_SECRET, else the demo secret. */
  seamlessSecret(providerCode: string): string
  /** How one provider signs: SEAMLESS_SIGNATURE_<CODE>, else SEAMLESS_SIGNATURE (default `timestamped`). */
  seamlessSignature(providerCode: string): 'timestamped' | 'body'
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads the environment once. Empty strings count as unset, so `FOO=` falls back to the default. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = ConfigSchema.safeParse(cleaned)
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  // Rules across variables are checked on the raw values too, so one run lists every problem.
  if (cleaned.SMS_PROVIDER === 'http') {
    for (const name of ['SMS_HTTP_URL', 'SMS_HTTP_KEY']) if (!cleaned[name]) problems.push(`${name}: required when SMS_PROVIDER=http`)
  }
  const production = cleaned.NODE_ENV === 'production'
  if (production && !cleaned.BANK_WEBHOOK_SECRET) problems.push('BANK_WEBHOOK_SECRET: required when NODE_ENV=production')
  if (production && !cleaned.SEAMLESS_SECRET) problems.push('SEAMLESS_SECRET: required when NODE_ENV=production')
  const providerSecrets = new Map<string, string>()
  for (const [name, value] of Object.entries(cleaned)) {
    const match = /^SEAMLESS_SECRET_([A-Z0-9_]+)$/.exec(name)
    if (!match?.[1] || value === undefined) continue
    if (value.length < 16) problems.push(`${name}: must be at least 16 characters`)
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
  if (production && cleaned.DEMO_BANK_FEED && ['true', '1', 'yes'].includes(cleaned.DEMO_BANK_FEED)) problems.push('DEMO_BANK_FEED: not allowed when NODE_ENV=production')
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems)
  return {
    ...parsed.data,
    bankWebhookSecret: parsed.data.BANK_WEBHOOK_SECRET ?? DEMO_BANK_WEBHOOK_SECRET,
    demoBankFeed: parsed.data.DEMO_BANK_FEED ?? !production,
    seamlessSecret: (code: string) => providerSecrets.get(code.toLowerCase()) ?? parsed.data.SEAMLESS_SECRET ?? DEMO_SEAMLESS_SECRET,
    seamlessSignature: (code: string) => providerSchemes.get(code.toLowerCase()) ?? parsed.data.SEAMLESS_SIGNATURE,
  }
}

/** A config for tests: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...overrides })
}
