import type { LightMyRequestResponse } from 'fastify'
import { buildApp, type AppDeps } from '../src/app.ts'
import { testConfig } from '../src/config.ts'
import { manualClock } from '../src/lib/clock.ts'
import { memoryRateLimiter } from '../src/plugins/rate-limiter.ts'
import type { ConsoleSmsSender } from '../src/modules/sms/console-sms.ts'
import { openTestDatabase } from './database.ts'

/**
 * The real app on a database of its own, with a hand-moved clock and an SMS outbox to read codes from.
 * `config` overrides environment variables (strings, as they would come from the environment).
 */
export async function buildTestApp(options: { config?: Record<string, string>; deps?: Partial<AppDeps> } = {}) {
  const config = testConfig(options.config)
  const database = await openTestDatabase()
  const clock = manualClock()
  const built = await buildApp({
    config,
    database,
    clock,
    limiter: memoryRateLimiter(clock),
    logger: false,
    ...options.deps,
  })
  await built.app.ready()
  return {
    ...built,
    clock,
    database,
    db: database.db,
    /** The console sender's outbox (SMS_PROVIDER=console, the default). */
    outbox: built.sms as ConsoleSmsSender,
    /** The JSON body of a response. */
    json: <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>(),
    async close() {
      await built.app.close()
      await database.close()
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>
