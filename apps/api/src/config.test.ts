import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEMO_BANK_NOTIFICATION_SECRET, DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET, DEMO_TOTP_ENCRYPTION_KEY } from '@sanam/contract/demo-secrets'
import { ConfigError, DEMO_AUDIT_HMAC_KEY, DEMO_DEVICE_TOKEN_SECRET, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('gives working defaults on an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', OTP_REQUIRED: true, SMS_PROVIDER: 'console', SEED_DEMO: true })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('reads values and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '9000', OTP_REQUIRED: 'false', DATABASE_URL: '', DATA_DIR: '/var/sanam' })
    expect(config).toMatchObject({ PORT: 9000, OTP_REQUIRED: false, DATA_DIR: '/var/sanam' })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('stops with one list naming every bad variable', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', OTP_REQUIRED: 'maybe', DATABASE_URL: 'mysql://x', SMS_PROVIDER: 'http' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.join('\n')
    for (const name of ['PORT', 'OTP_REQUIRED', 'DATABASE_URL', 'SMS_HTTP_URL', 'SMS_HTTP_KEY']) expect(problems).toContain(name)
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:/)
  })

  it('keeps sessions in memory 30 s by default, 0 turns the cache off, and more than 5 minutes is refused', () => {
    expect(loadConfig({}).SESSION_CACHE_SECONDS).toBe(30)
    expect(loadConfig({ SESSION_CACHE_SECONDS: '0' }).SESSION_CACHE_SECONDS).toBe(0)
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: '301' })).toThrow(/SESSION_CACHE_SECONDS/)
    expect(() => loadConfig({ SESSION_CACHE_SECONDS: '-1' })).toThrow(/SESSION_CACHE_SECONDS/)
  })

  it('alerts the desk below 500 SMS credits read every 15 minutes by default; 0 reads raise none; a bad value stops the start', () => {
    expect(loadConfig({})).toMatchObject({ SMS_CREDIT_ALERT_BELOW: 500, SMS_CREDIT_CHECK_MINUTES: 15 })
    expect(loadConfig({ SMS_CREDIT_ALERT_BELOW: '0' }).SMS_CREDIT_ALERT_BELOW).toBe(0)
    expect(() => loadConfig({ SMS_CREDIT_ALERT_BELOW: 'few' })).toThrow(/SMS_CREDIT_ALERT_BELOW: must be a number/)
    expect(() => loadConfig({ SMS_CREDIT_ALERT_BELOW: '-1' })).toThrow(/SMS_CREDIT_ALERT_BELOW/)
    expect(() => loadConfig({ SMS_CREDIT_CHECK_MINUTES: '0' })).toThrow(/SMS_CREDIT_CHECK_MINUTES/)
  })

  it('leaves the embedded database’s buffer pool to PGlite by default, and takes a size in MB or GB up to 1 GB', () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS).toBeUndefined()
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '16MB' }).PGLITE_SHARED_BUFFERS).toBe('16MB')
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).PGLITE_SHARED_BUFFERS).toBe('1GB')
    for (const bad of ['16', '16kB', '0MB', '-16MB', '16 MB', 'lots']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(/PGLITE_SHARED_BUFFERS: must be a size in MB or GB/)
    }
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '2GB' })).toThrow(/PGLITE_SHARED_BUFFERS: must be at most 1024MB/)
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '1025MB' })).toThrow(/PGLITE_SHARED_BUFFERS: must be at most 1024MB/)
  })

  it('ends an idle player session after 60 minutes by default', () => {
    expect(loadConfig({}).SESSION_IDLE_MINUTES).toBe(60)
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15' }).SESSION_IDLE_MINUTES).toBe(15)
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/)
  })
})

describe('several PostgreSQL servers (ADR 054)', () => {
  const HA = 'postgres://sanam@db1:5432,db2:5432/sanam?target_session_attrs=read-write'

  it('takes a multi-host DATABASE_URL as pg_autoctl show uri prints it, and a read replica beside it', () => {
    const config = loadConfig({ SANAM_MODE: 'demo', DATABASE_URL: HA, READ_REPLICA_URL: 'postgres://reports@db1:5432,db2:5432/sanam' })
    expect(config.DATABASE_URL).toBe(HA)
    expect(config.READ_REPLICA_URL).toBe('postgres://reports@db1:5432,db2:5432/sanam')
  })

  it('refuses a money URL that would take a standby, a malformed host list, and a replica without a primary', () => {
    expect(problemsOf({ SANAM_MODE: 'demo', DATABASE_URL: 'postgres://sanam@db1,db2/sanam?target_session_attrs=any' })).toEqual([
      'DATABASE_URL: target_session_attrs must be read-write (or left out): money is written through it, so only the primary will do',
    ])
    expect(problemsOf({ SANAM_MODE: 'demo', DATABASE_URL: PG, MIGRATION_DATABASE_URL: 'postgres://owner@db1:5432,:6/sanam' })).toEqual([
      'MIGRATION_DATABASE_URL: not a host or host:port: ":6"',
    ])
    expect(problemsOf({ SANAM_MODE: 'demo', READ_REPLICA_URL: 'postgres://reports@db2/sanam' })).toEqual([
      'READ_REPLICA_URL: needs DATABASE_URL (a standby of the embedded database does not exist)',
    ])
    expect(problemsOf({ SANAM_MODE: 'demo', DATABASE_URL: PG, READ_REPLICA_URL: 'postgres://reports@db2/sanam?target_session_attrs=slave' })).toEqual([
      'READ_REPLICA_URL: target_session_attrs must be one of any, read-write, read-only, primary, standby, prefer-standby',
    ])
  })
})

/** Every problem loadConfig lists for `env`, or [] when it starts. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

const PG = 'postgres://sanam@db.internal:5432/sanam'
/** Everything a real-money deployment must set. */
const PRODUCTION = {
  DATABASE_URL: PG,
  BANK_WEBHOOK_SECRET: 'bank-feed-secret-of-this-operator',
  SEAMLESS_SECRET: 'seamless-secret-of-this-operator',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example.co.th/send',
  SMS_HTTP_KEY: 'gateway-key',
  AUDIT_HMAC_KEY: 'audit-key-of-this-operator-0123456789abcdef',
  DEVICE_TOKEN_SECRET: 'device-token-key-of-this-operator-0123456789',
  TOTP_ENCRYPTION_KEY: 'c0ffee00'.repeat(8),
  BACKOFFICE_ORIGIN: 'https://desk.example.com',
  BACKOFFICE_OWNERS: 'somchai:0812345678,malee:0898765432',
}

describe('demo mode (issue 10 §1)', () => {
  it('is the default on the embedded database: demo secrets, console SMS, demo seed and bank feed', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      SANAM_MODE: 'demo',
      SEED_DEMO: true,
      SMS_PROVIDER: 'console',
      demoBankFeed: true,
      bankWebhookSecret: DEMO_BANK_WEBHOOK_SECRET,
    })
    expect(config.seamlessSecret('pgsoft')).toBe(DEMO_SEAMLESS_SECRET)
    // Demo mode keeps the owner a visitor can sign in as at once.
    expect(config.BACKOFFICE_USERNAME).toBe('admin')
  })

  /** What a server outside demo mode will not start without, by name. */
  const REQUIRED_OUTSIDE_DEMO = [
    'AUDIT_HMAC_KEY',
    'BACKOFFICE_ORIGIN',
    'BACKOFFICE_OWNERS',
    'BANK_WEBHOOK_SECRET',
    'DEVICE_TOKEN_SECRET',
    'SEAMLESS_SECRET',
    'SMS_HTTP_KEY',
    'SMS_HTTP_URL',
    'TOTP_ENCRYPTION_KEY',
  ]

  it('must be asked for on PostgreSQL: SANAM_MODE=demo', () => {
    const config = loadConfig({ DATABASE_URL: PG, SANAM_MODE: 'demo' })
    expect(config).toMatchObject({ SANAM_MODE: 'demo', SEED_DEMO: true, SMS_PROVIDER: 'console', demoBankFeed: true })
  })

  it.each([undefined, 'development', 'test', 'production'])(
    'on PostgreSQL without SANAM_MODE refuses to start, listing everything missing at once (NODE_ENV=%s)',
    (nodeEnv) => {
      const problems = problemsOf({ DATABASE_URL: PG, ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) })
      const names = problems.map((p) => p.split(':')[0])
      expect(names.sort()).toEqual(REQUIRED_OUTSIDE_DEMO)
      // The way out for someone who wanted the demo is named.
      for (const problem of problems) expect(problem).toContain('SANAM_MODE=demo')
    },
  )

  it('SANAM_MODE=production is strict on the embedded database too, and NODE_ENV changes nothing', () => {
    expect(
      problemsOf({ SANAM_MODE: 'production', NODE_ENV: 'development' })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(REQUIRED_OUTSIDE_DEMO)
  })

  it('starts outside demo mode with real secrets and a gateway, and turns every demo convenience off', () => {
    const config = loadConfig({ ...PRODUCTION, SEAMLESS_SECRET_PGSOFT: 'pgsoft-own-secret-123' })
    expect(config).toMatchObject({
      SANAM_MODE: 'production',
      SEED_DEMO: false,
      SMS_PROVIDER: 'http',
      demoBankFeed: false,
      bankWebhookSecret: PRODUCTION.BANK_WEBHOOK_SECRET,
    })
    expect(config.seamlessSecret('pgsoft')).toBe('pgsoft-own-secret-123')
    expect(config.seamlessSecret('jili')).toBe(PRODUCTION.SEAMLESS_SECRET)
    expect(config.backofficeOwners.map((o) => o.username)).toEqual(['somchai', 'malee'])
    // Forwarded bank notifications are optional: without their own secret the endpoint refuses everything (ADR 080).
    expect(config.bankNotificationSecret).toBeNull()
    expect(loadConfig({ ...PRODUCTION, BANK_NOTIFICATION_SECRET: 'notification-secret-of-this-operator' }).bankNotificationSecret).toBe(
      'notification-secret-of-this-operator',
    )
    expect(loadConfig({}).bankNotificationSecret).toBe(DEMO_BANK_NOTIFICATION_SECRET)
    // Slips are not checked until a verifier is named (ADR 079); the demo bank's verifier is demo mode's default.
    expect(config.slipVerifier.kind).toBe('none')
    expect(loadConfig({}).slipVerifier.kind).toBe('demo')
    // Turning a demo feature off explicitly is always fine.
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false', DEMO_BANK_FEED: 'false' }).SANAM_MODE).toBe('production')
    // The SMS code at registration may be asked for in so many words; only the demo may go without it.
    expect(loadConfig({ ...PRODUCTION, OTP_REQUIRED: 'true' }).OTP_REQUIRED).toBe(true)
    expect(loadConfig({ OTP_REQUIRED: 'false' }).OTP_REQUIRED).toBe(false)
  })

  it.each([
    ['BANK_WEBHOOK_SECRET', { BANK_WEBHOOK_SECRET: DEMO_BANK_WEBHOOK_SECRET }, /demo secret/],
    ['SEAMLESS_SECRET', { SEAMLESS_SECRET: DEMO_SEAMLESS_SECRET }, /demo secret/],
    ['BANK_NOTIFICATION_SECRET', { BANK_NOTIFICATION_SECRET: DEMO_BANK_NOTIFICATION_SECRET }, /demo secret/],
    ['BANK_NOTIFICATION_SECRET', { BANK_NOTIFICATION_SECRET: DEMO_BANK_WEBHOOK_SECRET }, /demo secret/],
    ['SEAMLESS_SECRET', { SEAMLESS_SECRET: DEMO_BANK_WEBHOOK_SECRET }, /demo secret/],
    ['SEAMLESS_SECRET_PGSOFT', { SEAMLESS_SECRET_PGSOFT: DEMO_SEAMLESS_SECRET }, /demo secret/],
    ['SMS_PROVIDER', { SMS_PROVIDER: 'console' }, /console/],
    ['SLIP_VERIFIER', { SLIP_VERIFIER: 'demo' }, /demo bank/],
    ['AUDIT_HMAC_KEY', { AUDIT_HMAC_KEY: DEMO_AUDIT_HMAC_KEY }, /demo key/],
    ['AUDIT_HMAC_KEY', { AUDIT_HMAC_KEY: 'short' }, /at least 32/],
    ['DEVICE_TOKEN_SECRET', { DEVICE_TOKEN_SECRET: DEMO_DEVICE_TOKEN_SECRET }, /demo secret/],
    ['SEED_DEMO', { SEED_DEMO: 'true' }, /demo data/],
    ['DEMO_BANK_FEED', { DEMO_BANK_FEED: 'true' }, /not allowed/],
    ['BENCH_OUTBOX_OFF', { BENCH_OUTBOX_OFF: 'true' }, /benchmark/],
    ['OTP_REQUIRED', { OTP_REQUIRED: 'false' }, /not allowed/],
    ['OTP_REQUIRED', { OTP_REQUIRED: '0' }, /SMS code/],
    ['TOTP_ENCRYPTION_KEY', { TOTP_ENCRYPTION_KEY: DEMO_TOTP_ENCRYPTION_KEY }, /demo key/],
    ['TOTP_ENCRYPTION_KEY', { TOTP_ENCRYPTION_KEY: '' }, /required/],
    ['TOTP_ENCRYPTION_KEY', { TOTP_ENCRYPTION_KEY: 'too-short' }, /32 bytes/],
    // The first owner's name is chosen at set-up (ADR 069): never the default, never a name an attacker tries first.
    ['BACKOFFICE_USERNAME', { BACKOFFICE_USERNAME: 'somchai.owner' }, /BACKOFFICE_OWNERS instead/],
    ['BACKOFFICE_OWNERS', { BACKOFFICE_OWNERS: 'admin:0812345678,malee:0898765432' }, /attacker tries first/],
    ['BACKOFFICE_OWNERS', { BACKOFFICE_OWNERS: 'root:0812345678,malee:0898765432' }, /attacker tries first/],
  ])('outside demo mode refuses %s %j', (name, override, why) => {
    const problems = problemsOf({ ...PRODUCTION, ...override })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(new RegExp(`^${name}: `))
    expect(problems[0]).toMatch(why)
  })

  it('lists every refusal in one run', () => {
    const problems = problemsOf({
      DATABASE_URL: PG,
      SANAM_MODE: 'production',
      SEED_DEMO: 'yes',
      DEMO_BANK_FEED: '1',
      SMS_PROVIDER: 'console',
      SEAMLESS_SECRET: DEMO_SEAMLESS_SECRET,
      OTP_REQUIRED: 'no',
    })
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'AUDIT_HMAC_KEY',
      'BACKOFFICE_ORIGIN',
      'BACKOFFICE_OWNERS',
      'BANK_WEBHOOK_SECRET',
      'DEMO_BANK_FEED',
      'DEVICE_TOKEN_SECRET',
      'OTP_REQUIRED',
      'SEAMLESS_SECRET',
      'SEED_DEMO',
      'SMS_PROVIDER',
      'TOTP_ENCRYPTION_KEY',
    ])
  })

  it('lets tools that serve nothing (ledger:verify) read the database settings without the secrets, except the audit key', () => {
    const config = loadConfig({ DATABASE_URL: PG, AUDIT_HMAC_KEY: PRODUCTION.AUDIT_HMAC_KEY }, { serving: false })
    expect(config).toMatchObject({ SANAM_MODE: 'production', DATABASE_URL: PG, demoBankFeed: false, SEED_DEMO: false })
    // The audit log is keyed (ADR 037): verifying it, or writing to it (jobs:accrue), needs the key.
    expect(() => loadConfig({ DATABASE_URL: PG }, { serving: false })).toThrow(/AUDIT_HMAC_KEY: required/)
  })

  it('runs the risk rules outside demo mode unless told not to, and leaves them off in demo mode unless told to (ADR 089)', () => {
    expect(loadConfig({ DATABASE_URL: PG, AUDIT_HMAC_KEY: PRODUCTION.AUDIT_HMAC_KEY }, { serving: false }).riskRules).toBe(true)
    expect(loadConfig({ DATABASE_URL: PG, AUDIT_HMAC_KEY: PRODUCTION.AUDIT_HMAC_KEY, RISK_RULES: 'false' }, { serving: false }).riskRules).toBe(false)
    expect(loadConfig({}).riskRules).toBe(false)
    expect(loadConfig({ RISK_RULES: 'true' }).riskRules).toBe(true)
  })

  it('refuses an unknown mode', () => {
    expect(problemsOf({ SANAM_MODE: 'staging' })[0]).toMatch(/^SANAM_MODE: /)
  })
})

describe('TRUST_PROXY (issue 10 §2)', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
  })

  it("takes the proxies' addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1/128,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.7', '::1/128', 'loopback'])
  })

  it.each([
    ['true', /forge/],
    ['yes', /forge/],
    ['1', /hop count/],
    ['2', /hop count/],
    ['10.0.0.0/33', /not an address/],
    ['10.0.0.1,proxy.internal', /"proxy\.internal"/],
  ])('refuses %s with a clear message', (value, why) => {
    const problems = problemsOf({ TRUST_PROXY: value })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^TRUST_PROXY: /)
    expect(problems[0]).toMatch(why)
  })
})

describe('seamless signature schemes (ADR 015)', () => {
  it('signs with the timestamped scheme unless a provider is set to the body-only one; a wrong value stops start-up', () => {
    const config = loadConfig({ SEAMLESS_SIGNATURE_JILI: 'body' })
    expect(config.seamlessSignature('pgsoft')).toBe('timestamped')
    expect(config.seamlessSignature('jili')).toBe('body')
    expect(() => loadConfig({ SEAMLESS_SIGNATURE_JILI: 'none' })).toThrow(/SEAMLESS_SIGNATURE_JILI: must be timestamped or body/)
    expect(() => loadConfig({ SEAMLESS_SIGNATURE: 'off' })).toThrow(/SEAMLESS_SIGNATURE/)
  })
})

describe('API_PROCESSES (ADR 052)', () => {
  const REDIS = 'redis://127.0.0.1:6379'
  const processes = (env: Record<string, string>) => loadConfig(env, { cores: 8 }).API_PROCESSES

  it('is one process in demo mode, on the embedded database or PostgreSQL, unless asked for more', () => {
    expect(processes({})).toBe(1)
    expect(processes({ DATABASE_URL: PG, SANAM_MODE: 'demo', REDIS_URL: REDIS })).toBe(1)
    expect(processes({ DATABASE_URL: PG, SANAM_MODE: 'demo', REDIS_URL: REDIS, API_PROCESSES: '2' })).toBe(2)
    expect(processes({ DATABASE_URL: PG, SANAM_MODE: 'demo', REDIS_URL: REDIS, API_PROCESSES: 'auto' })).toBe(8)
  })

  // The rate limits are shared on PostgreSQL with or without Redis (its rate_limits table, ADR 067).
  it('is one per core outside demo mode on PostgreSQL, with Redis or without, saying why', () => {
    for (const env of [{ ...PRODUCTION, REDIS_URL: REDIS }, PRODUCTION])
      expect(loadConfig(env, { cores: 8 })).toMatchObject({ API_PROCESSES: 8, apiProcessesReason: 'the default outside demo mode (auto): one per core (8)' })
    expect(loadConfig({ ...PRODUCTION, API_PROCESSES: 'auto' }, { cores: 8 }).apiProcessesReason).toBe('API_PROCESSES=auto: one per core (8)')
    expect(processes({ ...PRODUCTION, API_PROCESSES: '3' })).toBe(3)
    expect(processes({ ...PRODUCTION, API_PROCESSES: '1' })).toBe(1)
  })

  it('is one process on the embedded database however it is asked for with auto', () => {
    expect(loadConfig({ API_PROCESSES: 'auto', REDIS_URL: REDIS }, { cores: 8 })).toMatchObject({
      API_PROCESSES: 1,
      apiProcessesReason: expect.stringMatching(/embedded database/),
    })
  })

  it.each([
    ['with REDIS_URL', { API_PROCESSES: '2', REDIS_URL: REDIS }],
    ['without REDIS_URL', { API_PROCESSES: '2' }],
  ])('refuses several processes on the embedded database %s, naming what they need', (_case, env) => {
    const problems = problemsOf(env)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^API_PROCESSES: \d processes need PostgreSQL/)
    expect(problems[0]).toContain('API_PROCESSES=1')
  })

  it.each(['0', '-1', '1.5', 'many', '257', 'cores'])('refuses %j', (value) => {
    expect(problemsOf({ API_PROCESSES: value })).toEqual(['API_PROCESSES: must be a whole number from 1 to 256, or auto'])
  })

  it('is one process for tools that serve nothing, whatever is set', () => {
    expect(loadConfig({ ...PRODUCTION, API_PROCESSES: '4' }, { serving: false }).API_PROCESSES).toBe(1)
  })
})

describe('metrics (ADR 051)', () => {
  const token = 'a'.repeat(32)
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env)
      return []
    } catch (error) {
      return (error as ConfigError).problems
    }
  }

  it('are nowhere by default, on the public port with a token, on a loopback listener of their own with a port', () => {
    expect(loadConfig({}).metricsOn).toBe('none')
    expect(loadConfig({ METRICS_TOKEN: token }).metricsOn).toBe('public')
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsOn: 'port', METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' })
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token, METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsOn: 'port', METRICS_HOST: '0.0.0.0' })
  })

  it('refuses a short or spaced token, a host without a port, the public port twice, and a listener others reach without the token', () => {
    expect(problemsOf({ METRICS_TOKEN: 'a'.repeat(31) })).toEqual([expect.stringMatching(/^METRICS_TOKEN: must be 32 to 256 printable characters/)])
    expect(problemsOf({ METRICS_TOKEN: `${'a'.repeat(20)} ${'b'.repeat(20)}` })).toEqual([expect.stringMatching(/^METRICS_TOKEN:/)])
    expect(problemsOf({ METRICS_HOST: '127.0.0.1' })).toEqual([expect.stringMatching(/^METRICS_HOST: only means something with METRICS_PORT/)])
    expect(problemsOf({ METRICS_PORT: '8080' })).toEqual([expect.stringMatching(/^METRICS_PORT: must differ from PORT/)])
    expect(problemsOf({ PORT: '9000', METRICS_PORT: '9000' })).toEqual([expect.stringMatching(/^METRICS_PORT: must differ from PORT/)])
    expect(problemsOf({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(/^METRICS_HOST: 0\.0\.0\.0 is reachable from other machines/),
    ])
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(problemsOf({ METRICS_PORT: '9464', METRICS_HOST: host })).toEqual([])
  })

  it('are served by the primary of several processes on METRICS_PORT; on the public port alone they are refused', () => {
    const several = { DATABASE_URL: PG, SANAM_MODE: 'demo', REDIS_URL: 'redis://127.0.0.1:6379', API_PROCESSES: '2' }
    expect(loadConfig({ ...several, METRICS_PORT: '9464' })).toMatchObject({ API_PROCESSES: 2, metricsOn: 'port' })
    expect(loadConfig({ ...several, METRICS_PORT: '9464', METRICS_TOKEN: token })).toMatchObject({ API_PROCESSES: 2, metricsOn: 'port' })
    // Whichever worker a scrape of the shared public port reached would answer with its own figures only.
    const onePublic = [
      expect.stringMatching(/^METRICS_TOKEN: \/metrics on the public port would answer one of the 2 API processes at random; set METRICS_PORT too/),
    ]
    expect(problemsOf({ ...several, METRICS_TOKEN: token })).toEqual(onePublic)
    expect(problemsOf({ ...several, API_PROCESSES: '1', METRICS_TOKEN: token })).toEqual([])
    // Outside demo mode the default is a process per core: the token alone is refused there too, naming the count.
    expect(() => loadConfig({ ...PRODUCTION, REDIS_URL: 'redis://127.0.0.1:6379', METRICS_TOKEN: token }, { cores: 8 })).toThrow(
      /METRICS_TOKEN: .* one of the 8 API processes/,
    )
  })

  it('follow the same rules in demo mode and outside it', () => {
    const production = { SANAM_MODE: 'production', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }
    expect(problemsOf(production).filter((p) => p.startsWith('METRICS'))).toEqual(problemsOf({ ...production, SANAM_MODE: 'demo' }))
    expect(problemsOf({ SANAM_MODE: 'demo', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toHaveLength(1)
  })
})

describe('the owners named at set-up (ADR 070)', () => {
  it('are read as username:phone pairs, the first owner of a real-money install among them', () => {
    const config = loadConfig({ ...PRODUCTION, BACKOFFICE_OWNERS: ' somchai:0812345678 , malee:0898765432,anan:0612345678' })
    expect(config.backofficeOwners).toEqual([
      { username: 'somchai', phone: '0812345678' },
      { username: 'malee', phone: '0898765432' },
      { username: 'anan', phone: '0612345678' },
    ])
  })

  it.each([
    ['one owner alone', 'somchai:0812345678', 'at least two owners'],
    ['none', '', 'at least two owners'],
    ['the name every guess starts with', 'admin:0812345678,malee:0898765432', 'attacker tries first'],
    ['a shared phone', 'somchai:0812345678,malee:0812345678', 'share the phone'],
    ['a name twice', 'somchai:0812345678,somchai:0898765432', 'named twice'],
    ['no phone', 'somchai,malee:0898765432', 'username:phone'],
    ['a landline', 'somchai:0212345678,malee:0898765432', 'username:phone'],
  ])('are refused outside demo mode: %s', (_why, value, says) => {
    const problems = problemsOf({ ...PRODUCTION, BACKOFFICE_OWNERS: value })
    expect(problems.filter((p) => p.startsWith('BACKOFFICE_OWNERS')).join('\n')).toContain(says)
  })

  it('are optional in demo mode, where the demo owner (admin) signs in at once', () => {
    expect(loadConfig({}).backofficeOwners).toEqual([])
    expect(loadConfig({ BACKOFFICE_OWNERS: 'admin2:0812345678' }).backofficeOwners).toHaveLength(1)
  })
})

describe('BACKOFFICE_ORIGIN (issue 34 §7, ADR 067)', () => {
  it('is unset in demo mode (one origin), an origin of its own, or shared by choice', () => {
    expect(loadConfig({}).backofficeOrigin).toBeUndefined()
    expect(loadConfig(PRODUCTION).backofficeOrigin).toEqual({ origin: 'https://desk.example.com', host: 'desk.example.com' })
    expect(loadConfig({ ...PRODUCTION, BACKOFFICE_ORIGIN: 'https://desk.example.com:8443/' }).backofficeOrigin).toEqual({
      origin: 'https://desk.example.com:8443',
      host: 'desk.example.com:8443',
    })
    expect(loadConfig({ ...PRODUCTION, BACKOFFICE_ORIGIN: 'shared' }).backofficeOrigin).toBeUndefined()
  })

  it('is required outside demo mode: forgetting it does not leave the back-office on the player app’s origin', () => {
    const problems = problemsOf({ ...PRODUCTION, BACKOFFICE_ORIGIN: '' })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^BACKOFFICE_ORIGIN: required outside demo mode.*https:\/\/desk.example.com.*or shared/)
  })

  it.each([
    'desk.example.com',
    'https://desk.example.com/backoffice',
    'ftp://desk.example.com',
    'https://u:p@desk.example.com',
    'https://desk.example.com/?a=1',
  ])('refuses %j', (value) => {
    expect(problemsOf({ ...PRODUCTION, BACKOFFICE_ORIGIN: value })).toEqual([
      'BACKOFFICE_ORIGIN: must be an origin such as https://desk.example.com (no path), or shared',
    ])
  })
})

describe('the slip verifier (issue 37 §1, ADR 084)', () => {
  it('is none outside demo mode unless configured (slips unavailable), demo in demo mode', () => {
    expect(loadConfig(PRODUCTION).slipVerifier).toEqual({ kind: 'none' })
    expect(loadConfig({}).slipVerifier).toEqual({ kind: 'demo' })
    expect(loadConfig({ ...PRODUCTION, SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'key-of-this-operator' }).slipVerifier).toMatchObject({
      kind: 'easyslip',
      url: 'https://api.easyslip.com/v2',
    })
  })

  it('refuses to start with the demo verifier outside demo mode, or a vendor half configured, each problem once', () => {
    expect(() => loadConfig({ ...PRODUCTION, SLIP_VERIFIER: 'demo' })).toThrow(/SLIP_VERIFIER: demo .*not allowed outside demo mode/)
    try {
      loadConfig({ ...PRODUCTION, SLIP_VERIFIER: 'slipok', SLIP_VERIFIER_TIMEOUT_MS: '5' })
      expect.unreachable()
    } catch (error) {
      const { problems } = error as ConfigError
      expect(problems.filter((p) => p.startsWith('SLIP_VERIFIER_TIMEOUT_MS'))).toHaveLength(1)
    }
    expect(() => loadConfig({ ...PRODUCTION, SLIP_VERIFIER: 'slipok' })).toThrow(/SLIPOK_BRANCH_ID: required with SLIP_VERIFIER=slipok[\s\S]*SLIPOK_API_KEY/)
  })
})

describe('the payout bank (ADR 081)', () => {
  const HTTP_BANK = {
    PAYOUT_BANK: 'http',
    PAYOUT_BANK_URL: 'https://payout.bank.example/api',
    PAYOUT_BANK_CLIENT_ID: 'sanam',
    PAYOUT_BANK_CLIENT_SECRET: 'client-secret-of-this-operator',
    PAYOUT_BANK_SOURCE_ACCOUNT: '1234567890',
  }
  it('is none by default: operators pay by hand', () => {
    expect(loadConfig(PRODUCTION).PAYOUT_BANK).toBe('none')
  })
  it('refuses the demo bank outside demo mode, and an HTTP bank missing any of its settings or on plain http', () => {
    expect(problemsOf({ ...PRODUCTION, PAYOUT_BANK: 'demo' }).join('\n')).toMatch(/PAYOUT_BANK: demo pays play money/)
    expect(problemsOf({ ...PRODUCTION, PAYOUT_BANK: 'http' })).toEqual(
      expect.arrayContaining(
        ['PAYOUT_BANK_URL', 'PAYOUT_BANK_CLIENT_ID', 'PAYOUT_BANK_CLIENT_SECRET', 'PAYOUT_BANK_SOURCE_ACCOUNT'].map(
          (n) => `${n}: required with PAYOUT_BANK=http`,
        ),
      ),
    )
    expect(problemsOf({ ...PRODUCTION, ...HTTP_BANK, PAYOUT_BANK_URL: 'http://payout.bank.example' }).join('\n')).toMatch(/PAYOUT_BANK_URL: must be https/)
    expect(problemsOf({ ...PRODUCTION, PAYOUT_BANK: 'kbank' }).join('\n')).toMatch(/PAYOUT_BANK: must be none, demo or http/)
    expect(loadConfig({ ...PRODUCTION, ...HTTP_BANK }).PAYOUT_BANK).toBe('http')
  })
  it('allows the demo bank in demo mode', () => {
    expect(loadConfig({ PAYOUT_BANK: 'demo' }).PAYOUT_BANK).toBe('demo')
  })
})

describe('the Thai SMS gateways (ADR 083)', () => {
  const { SMS_HTTP_URL: _url, SMS_HTTP_KEY: _key, ...withoutHttp } = PRODUCTION

  it.each([
    ['thaibulksms', ['SMS_THAIBULKSMS_KEY', 'SMS_THAIBULKSMS_SECRET']],
    ['smsmkt', ['SMS_SMSMKT_KEY', 'SMS_SMSMKT_SECRET']],
  ])('SMS_PROVIDER=%s will not start without its key and secret', (provider, required) => {
    const problems = problemsOf({ ...withoutHttp, SMS_PROVIDER: provider })
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(required)
  })

  it('starts with ThaiBulkSMS configured, at its published address', () => {
    const config = loadConfig({ ...withoutHttp, SMS_PROVIDER: 'thaibulksms', SMS_THAIBULKSMS_KEY: 'k', SMS_THAIBULKSMS_SECRET: 's' })
    expect(config).toMatchObject({ SMS_PROVIDER: 'thaibulksms', SMS_THAIBULKSMS_URL: 'https://api-v2.thaibulksms.com' })
  })

  it.each(['SANAM-CASINO1', 'แสนาม', 'ab/cd', ' SANAM'])('refuses the sender name %j (registered names: 11 letters, digits, space, dot, dash)', (sender) => {
    expect(problemsOf({ SMS_SENDER: sender }).map((p) => p.split(':')[0])).toEqual(['SMS_SENDER'])
  })

  it('takes a registered sender name of 11 characters', () => {
    expect(loadConfig({ SMS_SENDER: 'Sanam.Th-88' }).SMS_SENDER).toBe('Sanam.Th-88')
  })
})

describe('LINE (ADR 088)', () => {
  const LINE = {
    LINE_CHANNEL_SECRET: 'line-channel-secret-0123',
    LINE_LINK_PAGE_URL: 'https://sanam.example/line/link',
  }
  const TOKEN = { LINE_CHANNEL_ACCESS_TOKEN: 'long-lived-token-0123456789' }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const V21 = { LINE_CHANNEL_ID: '1657000000', LINE_ASSERTION_KID: 'kid-1', LINE_ASSERTION_PRIVATE_KEY: JSON.stringify(privateKey.export({ format: 'jwk' })) }
  const names = (env: Record<string, string>) => problemsOf(env).map((p) => p.split(':')[0])

  it('is off unless LINE_CHANNEL_SECRET is set', () => {
    expect(loadConfig({}).line).toBeNull()
    expect(loadConfig({ ...PRODUCTION }).line).toBeNull()
  })

  it('starts with a long-lived token, or with v2.1 from a JWK or PEM key, at LINE’s published addresses', () => {
    expect(loadConfig({ ...PRODUCTION, ...LINE, ...TOKEN }).line).toMatchObject({
      token: { kind: 'long-lived' },
      apiUrl: 'https://api.line.me',
      accountLinkUrl: 'https://access.line.me/dialog/bot/accountLink',
      addFriendUrl: null,
    })
    expect(loadConfig({ ...PRODUCTION, ...LINE, ...V21 }).line?.token).toMatchObject({ kind: 'v2.1', channelId: '1657000000', kid: 'kid-1' })
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    expect(loadConfig({ ...LINE, ...V21, LINE_ASSERTION_PRIVATE_KEY: pem }).line?.token.kind).toBe('v2.1')
  })

  it.each([
    ['a LINE setting without the secret', { ...TOKEN, LINE_LINK_PAGE_URL: 'https://sanam.example/line/link' }, ['LINE_CHANNEL_SECRET']],
    ['no token at all', LINE, ['LINE_CHANNEL_ACCESS_TOKEN']],
    ['half of v2.1', { ...LINE, LINE_CHANNEL_ID: '1657000000' }, ['LINE_ASSERTION_KID', 'LINE_ASSERTION_PRIVATE_KEY']],
    ['both kinds of token', { ...LINE, ...TOKEN, ...V21 }, ['LINE_CHANNEL_ACCESS_TOKEN']],
    ['a key that is not one', { ...LINE, ...V21, LINE_ASSERTION_PRIVATE_KEY: '{"kty":"RSA"}' }, ['LINE_ASSERTION_PRIVATE_KEY']],
    ['no link page', { LINE_CHANNEL_SECRET: LINE.LINE_CHANNEL_SECRET, ...TOKEN }, ['LINE_LINK_PAGE_URL']],
    [
      'http addresses outside demo mode',
      { ...PRODUCTION, ...LINE, ...TOKEN, LINE_API_URL: 'http://line.example', LINE_LINK_PAGE_URL: 'http://sanam.example/line/link' },
      ['LINE_API_URL', 'LINE_LINK_PAGE_URL'],
    ],
  ])('will not start with %s', (_name, env, expected) => {
    expect(names(env).sort()).toEqual(expected)
  })
})
