// An OAuth2 access token kept until shortly before it expires (the KBank and SCB adapters, ADR 084). Concurrent
// verifications share one token request instead of each asking for its own; a failed request is not remembered, so
// the next verification asks again. The token never leaves this closure except into an Authorization header.
import type { SlipVerdict } from '../slip-verifier.ts'
import type { Clock } from './vendor-http.ts'

export type TokenResult = { ok: true; token: string; expiresInSeconds: number } | { ok: false; verdict: SlipVerdict }

export interface TokenCache {
  /** A token valid for at least `marginMs` more, fetched when there is none. */
  get(signal?: AbortSignal): Promise<{ ok: true; token: string } | { ok: false; verdict: SlipVerdict }>
  /** Forget the token (the API refused it: revoked, or the vendor restarted). */
  invalidate(): void
}

/**
 * `request` asks the vendor for a token; `clock` decides expiry. A token is used until `marginMs` (default 60 s)
 * before the expiry the vendor gave, so a call never starts with a token about to run out.
 */
export function createTokenCache(request: (signal?: AbortSignal) => Promise<TokenResult>, clock: Clock, marginMs = 60_000): TokenCache {
  let current: { token: string; usableUntil: number } | null = null
  let inFlight: Promise<TokenResult> | null = null
  return {
    async get(signal) {
      if (current && clock() < current.usableUntil) return { ok: true, token: current.token }
      // Shared by every caller that arrives while it runs; the first caller's signal bounds it.
      inFlight ??= request(signal).finally(() => {
        inFlight = null
      })
      const result = await inFlight
      if (!result.ok) return result
      current = { token: result.token, usableUntil: clock() + Math.max(0, result.expiresInSeconds * 1000 - marginMs) }
      return { ok: true, token: result.token }
    },
    invalidate() {
      current = null
    },
  }
}
