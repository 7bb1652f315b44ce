/**
 * The built-in demo game provider is a workspace of its own (apps/demo-provider, ADR 034), not part of the wallet:
 * this file is the API's whole link to it. In demo mode app.ts loads its bundle at start (a dynamic import, kept out
 * of dist/server.js by build.mjs) and registers it at /play with the host below; outside demo mode it is never loaded.
 * The import below is of types only, erased from the build.
 */
import type * as DemoProvider from '@sanam/demo-provider'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { sha256 } from './lib/crypto.ts'
import type { Clock, Scheduler } from './lib/clock.ts'
import type { GamesRepository } from './modules/games/games.repository.ts'
import type { PortalRepository } from './modules/portal/portal.repository.ts'
import type { RateLimiter } from './lib/rate-limiter.ts'

export type DemoProviderModule = typeof DemoProvider
export type DemoProviderHost = DemoProvider.DemoProviderHost

/**
 * The demo provider's package: its bundle (dist/index.js) under node, its source under vitest and `npm run dev`
 * (the package's `development` export condition).
 */
export async function loadDemoProvider(): Promise<DemoProviderModule> {
  return import('@sanam/demo-provider')
}

/**
 * What the API hands the demo provider: read-only lookups of a launch and of the catalogue, the app's rate-limit
 * counters and clock, and where and how to call the seamless API, which is the only way its money moves.
 */
export function demoProviderHost(deps: {
  db: Db
  clock: Clock
  limiter: Pick<RateLimiter, 'hit'>
  config: Pick<Config, 'DEMO_PROVIDER_CALLBACK_URL' | 'PORT' | 'seamlessSecret' | 'seamlessSignature'>
  gamesRepository: Pick<GamesRepository, 'provider' | 'gamesOf' | 'game'>
  portalRepository: Pick<PortalRepository, 'findSession'>
  /** Tests: late wins moved by hand, the seamless API reached through inject. */
  scheduler?: Scheduler
  fetch?: typeof fetch
}): DemoProviderHost {
  const { db, config, gamesRepository, portalRepository } = deps
  return {
    clock: deps.clock,
    ...(deps.scheduler ? { scheduler: deps.scheduler } : {}),
    async findLaunch(token) {
      const found = await portalRepository.findSession(db, sha256(token))
      if (!found) return null
      const { providerCode, gameCode, playerId, expiresAt } = found.session
      return { providerCode, gameCode, playerId, expiresAt }
    },
    catalogue: {
      provider: async (code) => (await gamesRepository.provider(db, code)) ?? null,
      gamesOf: (providerCode) => gamesRepository.gamesOf(db, providerCode),
      game: async (providerCode, gameCode) => (await gamesRepository.game(db, providerCode, gameCode)) ?? null,
    },
    hit: (key, limit, windowMs) => deps.limiter.hit(key, limit, windowMs),
    seamless: {
      baseUrl: config.DEMO_PROVIDER_CALLBACK_URL ?? `http://127.0.0.1:${config.PORT}/api/seamless`,
      secretFor: config.seamlessSecret,
      signatureFor: config.seamlessSignature,
      ...(deps.fetch ? { fetch: deps.fetch, timeoutMs: 10_000 } : {}),
    },
  }
}
