/**
 * What the demo provider is given by the process that hosts it (ADR 034). It imports nothing of the wallet: the API
 * builds this from its own parts and hands it over when it registers the plugin, in demo mode only.
 *
 * Money never passes through here: every balance, bet, win and rollback is a signed HTTP call to the public seamless
 * API (`seamless`). The rest is read-only: which launch a session token is (a real studio learns it from the launch),
 * the catalogue's providers and games (a real studio has its own), the rate-limit counters and the clock.
 */
import type { SignatureScheme } from '@sanam/contract/signing'

/** A source of the current time (the wallet's own in tests, so signed timestamps match). */
export interface Clock {
  now(): Date
}

/** Runs work later (a late win sent again); answers a function that cancels it. Tests move it by hand. */
export interface Scheduler {
  schedule(ms: number, task: () => unknown): () => void
}

/** A game session as the wallet launched it. */
export interface Launch {
  providerCode: string
  /** Null for a provider-lobby launch: the player picks the game on the provider's page. */
  gameCode: string | null
  playerId: number
  expiresAt: Date
}

/** A provider of the catalogue: `adapter` is 'demo' for the providers this one plays. */
export interface CatalogueProvider {
  code: string
  title: string
  image: string
  adapter: string
  maintenance: boolean
}

export interface CatalogueGame {
  code: string
  title: string
  image: string
  /** The catalogue type (SLOT, CRASH, CARD, ...): it decides how the game plays (demo-engine.ts styleOf). */
  type: string
  maintenance: boolean
}

export interface DemoProviderHost {
  clock: Clock
  /** Real timers unless given (tests). */
  scheduler?: Scheduler
  /** The launch behind a session token (the host hashes it), or null for a token it never issued. */
  findLaunch(token: string): Promise<Launch | null>
  catalogue: {
    provider(code: string): Promise<CatalogueProvider | null>
    gamesOf(providerCode: string): Promise<CatalogueGame[]>
    game(providerCode: string, gameCode: string): Promise<CatalogueGame | null>
  }
  /** Counts one hit of `key`: shared with the app's own limits (Redis when there are several API processes). */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>
  /** The public seamless API this provider calls, and how each provider signs. */
  seamless: {
    baseUrl: string
    secretFor(providerCode: string): string
    signatureFor(providerCode: string): SignatureScheme
    /** Tests reach the wallet through inject instead of the network. */
    fetch?: typeof fetch
    timeoutMs?: number
    retries?: number
  }
}
