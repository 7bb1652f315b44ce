import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { buildApp, type AppDeps } from '../src/app.ts'
import type { Database } from '../src/db/client.ts'
import { testConfig } from '../src/config.ts'
import { manualClock } from '../src/lib/clock.ts'
import { memoryRateLimiter } from '../src/lib/rate-limiter.ts'
import type { ConsoleSmsSender } from '../src/modules/sms/console-sms.ts'
import { openTestDatabase } from './database.ts'
import { checkOnceArgon2Hasher } from './factories.ts'
import { expectLedgerOk } from './money.ts'

export interface TestAppOptions {
  /** Environment variables to override (strings, as they would come from the environment). */
  config?: Record<string, string>
  deps?: Partial<AppDeps>
  /** A database of the test's own making instead of a copy of the seeded template (e.g. a fresh install's). */
  database?: () => Promise<Database>
  /**
   * Another process on the same database: the app is built on `sharing` (with a clock of its own) instead of a new
   * copy, and closing it leaves that database open for its owner.
   */
  sharing?: Database
}

/** The secrets a production-mode app needs (SANAM_MODE=production refuses the public demo ones). */
export const PRODUCTION_CONFIG: Record<string, string> = {
  SANAM_MODE: 'production',
  BANK_WEBHOOK_SECRET: 'bank-feed-secret-of-this-operator',
  SEAMLESS_SECRET: 'seamless-secret-of-this-operator',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'http://127.0.0.1:9/send',
  SMS_HTTP_KEY: 'gateway-key',
  AUDIT_HMAC_KEY: 'audit-key-of-this-operator-0123456789abcdef',
  DEVICE_TOKEN_SECRET: 'device-token-key-of-this-operator-0123456789',
  TOTP_ENCRYPTION_KEY: 'c0ffee00'.repeat(8),
  BACKOFFICE_OWNERS: 'owner-somchai:0810000001,owner-malee:0810000002',
  // Requests through inject name host localhost: the back-office on the same origin (ADR 067).
  BACKOFFICE_ORIGIN: 'shared',
}

/** What a test sends besides method and URL: a bearer token, a JSON body, headers, the client's address. */
export interface RequestOptions {
  token?: string
  payload?: InjectOptions['payload']
  headers?: Record<string, string>
  address?: string
}

/**
 * The real app on a database of its own, with a hand-moved clock and an SMS outbox to read codes from.
 * Most test files want `useTestApp()` below, which builds it before the file's tests and closes it after them.
 */
export async function buildTestApp(options: TestAppOptions = {}) {
  const config = testConfig(options.config)
  const shared = options.sharing
  const database = shared ?? (await (options.database ?? openTestDatabase)())
  const clock = manualClock()
  const hasher = options.deps?.hasher ?? checkOnceArgon2Hasher
  const built = await buildApp({
    config,
    database,
    clock,
    limiter: memoryRateLimiter(clock),
    logger: false,
    ...options.deps,
    hasher,
  })
  // What server.ts does before serving: the plan's first version, from this app's environment.
  await built.services.plan.ensureFirst()
  await built.app.ready()
  const request = (method: InjectOptions['method'], url: string, options: RequestOptions = {}) =>
    built.app.inject({
      method,
      url,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      ...(options.address ? { remoteAddress: options.address } : {}),
    })
  return {
    ...built,
    clock,
    /** The configuration the app was built with (environment defaults and the test's overrides). */
    config,
    database,
    db: database.db,
    /**
     * The password hasher the app checks with (argon2, each password and hash pair checked once per process, unless
     * `deps.hasher`): what test data must be hashed with.
     */
    hasher,
    /** The console sender's outbox (SMS_PROVIDER=console, the default). */
    outbox: built.sms as ConsoleSmsSender,
    /** The JSON body of a response. */
    json: <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>(),
    /** One request through the app (no network), signed in as `token` when given. */
    request,
    get: (url: string, token?: string) => request('GET', url, { token }),
    post: (url: string, payload?: InjectOptions['payload'], token?: string) => request('POST', url, { token, payload }),
    async close() {
      await built.app.close()
      if (!shared) await database.close()
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>

export interface UseTestAppOptions extends TestAppOptions {
  /** `'each'`: every ledger invariant is checked after every test; `'end'`: once after all of them. */
  verifyLedger?: 'each' | 'end' | 'never'
}

/**
 * The one set-up of a route test file: the real app built before the file's (or the describe block's) tests and
 * closed after them. The answer stands for the app from the first test on; touching it earlier throws.
 * `verifyLedger: 'each'` checks every ledger invariant after every test, `'end'` once after all of them, so no test
 * can leave money behind that the ledger cannot explain. Options that need something made first (a folder, a fake)
 * can be given as a function, called in the same beforeAll, after the file's earlier beforeAll hooks.
 *
 * ```ts
 * const t = useTestApp()
 * it('…', async () => expect((await t.get('/api/health')).statusCode).toBe(200))
 * ```
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions | Promise<UseTestAppOptions>) = {}): TestApp {
  let built: TestApp | undefined
  let verifyLedger: UseTestAppOptions['verifyLedger']
  const verify = async () => {
    if (built) await expectLedgerOk(built)
  }
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? await options() : options
    verifyLedger = resolved.verifyLedger
    built = await buildTestApp(resolved)
  })
  afterEach(async () => {
    if (verifyLedger === 'each') await verify()
  })
  afterAll(async () => {
    try {
      if (verifyLedger === 'end') await verify()
    } finally {
      await built?.close()
      built = undefined
    }
  })
  return new Proxy({} as TestApp, {
    get(_target, property) {
      if (!built) throw new Error(`the test app is used outside a test (reading ${String(property)})`)
      return built[property as keyof TestApp]
    },
    has(_target, property) {
      return built !== undefined && property in built
    },
  })
}
