import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp, type TestApp } from '../test/app.ts'
import { openAsRuntimeRole } from '../test/database.ts'
import { uniqueAddress } from '../test/factories.ts'
import type { Database } from './db/client.ts'
import { postgresRateLimiter } from './lib/rate-limiter.ts'

// Issue 34 §7, ADR 067: without Redis, the rate limits of several API processes (several machines) on one PostgreSQL
// are one count in the database, so N machines never allow N times a limit. Two apps on one database, each choosing
// its limiter as the server does (no limiter injected), as the runtime role that may create nothing (ADR 037).

const LOGINS_PER_MINUTE = 3
const onPostgres = process.env.SANAM_TEST_DB === 'postgres'

describe.runIf(onPostgres)('rate limits shared through PostgreSQL (ADR 067)', () => {
  const t = useTestApp()
  let runtime: Database & { role: string }
  let first: TestApp
  let second: TestApp
  const ownLimiter = { limiter: undefined } as unknown as Record<string, never>
  const config = { RATE_LOGIN_PER_IP_PER_MINUTE: String(LOGINS_PER_MINUTE) }

  beforeAll(async () => {
    runtime = await openAsRuntimeRole(t.database)
    first = await buildTestApp({ sharing: runtime, config, deps: ownLimiter })
    second = await buildTestApp({ sharing: runtime, config, deps: ownLimiter })
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await runtime?.close()
  })

  const login = (app: TestApp, address: string) =>
    app.request('POST', '/api/auth/login', { payload: { mobile: '0812345678', password: 'not-the-password' }, address })

  it('counts one limit for two app instances: the second sees the first’s hits', async () => {
    const address = uniqueAddress()
    for (let i = 0; i < LOGINS_PER_MINUTE; i++) expect((await login(first, address)).statusCode).not.toBe(429)
    const refused = await login(second, address)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is counted on its own.
    expect((await login(second, uniqueAddress())).statusCode).not.toBe(429)
  })

  it('refuses a sign-in it cannot count (the database down) rather than let it through', async () => {
    // A pool to a port nothing listens on: every count fails, as it would with the database down.
    const dead = new pg.Pool({ connectionString: 'postgres://sanam@127.0.0.1:9/sanam', connectionTimeoutMillis: 500 })
    const app = await buildTestApp({ sharing: runtime, config, deps: { limiter: postgresRateLimiter(dead) } })
    try {
      const res = await login(app, uniqueAddress())
      expect(res.statusCode).toBe(503)
      expect(res.json().code).toBe('DEPENDENCY_DOWN')
    } finally {
      await app.close()
      await dead.end()
    }
  })
})
