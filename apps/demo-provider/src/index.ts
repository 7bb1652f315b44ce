/**
 * @sanam/demo-provider: the built-in demo game provider (ADR 034). A reference provider that plays every catalogue
 * game whose provider's adapter is 'demo' at /play/<session token>, and moves money only by calling the public
 * seamless API over HTTP, signed, as an outside studio would. It is not part of the wallet: the API process loads
 * this package's bundle in demo mode only (apps/api/src/demo-provider.ts) and never otherwise.
 */
import { demoProviderRoutes, type PlayApp } from './demo-provider.routes.ts'
import { createDemoProviderService } from './demo-provider.service.ts'
import { gameScript } from './game-script.ts'
import type { DemoProviderHost } from './host.ts'
import { pageFonts } from './page-fonts.ts'
import { httpSeamlessClient } from './seamless-client.ts'

export type { CatalogueGame, CatalogueProvider, Clock, DemoProviderHost, Launch, Scheduler } from './host.ts'
export type { PlayApp } from './demo-provider.routes.ts'
export { hideToken, ROUND_LIMIT_PER_IP, ROUND_LIMIT_PER_SESSION } from './demo-provider.routes.ts'
export { httpSeamlessClient, toDecimal, type SeamlessClient, type SeamlessReply } from './seamless-client.ts'

/**
 * The provider's routes on `app` (register it in a scope of its own at the root: it sets its own error handler for
 * its refusals and closes its pending late wins when the app closes).
 */
export async function demoProviderPlugin(app: PlayApp, host: DemoProviderHost): Promise<void> {
  const seamless = httpSeamlessClient({ clock: host.clock, ...host.seamless })
  const demo = createDemoProviderService({
    clock: host.clock,
    seamless,
    log: app.log,
    findLaunch: host.findLaunch,
    catalogue: host.catalogue,
    ...(host.scheduler ? { scheduler: host.scheduler } : {}),
  })
  demoProviderRoutes(app, { demo, hit: host.hit, script: gameScript(), fonts: pageFonts() })
}

/** The launch adapter (the wallet's GameProvider port): the page at /play/<token> on this server, in the launch's language. */
export const demoGameProvider = {
  name: 'demo',
  async launchUrl({ sessionToken, lang }: { sessionToken: string; providerCode: string; gameCode: string | null; lang: 'th' | 'en' }): Promise<string> {
    return `/play/${encodeURIComponent(sessionToken)}?lang=${lang}`
  },
}
