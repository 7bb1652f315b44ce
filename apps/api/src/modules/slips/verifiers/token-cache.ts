// An OAuth2 access token kept until shortly before it expires (the KBank and SCB adapters, ADR 084). Concurrent
// verifications share one token request instead of each asking for its own; a failed request is not remembered, so
// the next verification asks again. The token never leaves this closure except into an Authorization header.
import type { SlipPayload } from '../slip-payload.ts'
import type { SlipVerdict, SlipVerifier } from '../slip-verifier.ts'
import { bankSlipOf, LAYOUT_NOT_SUPPORTED, type Clock } from './vendor-http.ts'

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

/** What an OAuth bank adapter's `ask` is given: the slip's bank and reference, the slip, a live token, the caller's signal. */
export interface BankApiAsk {
  bankSlip: Extract<SlipPayload, { layout: 'bank' }>
  slip: SlipPayload
  token: string
  signal: AbortSignal | undefined
  /** The bank refused the token (revoked, or its own restart): the next check asks for a new one. */
  invalidateToken(): void
}

/**
 * An adapter for a bank's own slip API behind an OAuth2 token (KBank, SCB): a TrueMoney slip is not asked about; the
 * token comes from a cache over `requestToken` (a refusal to give one is the verdict); `ask` checks the slip with it.
 */
export function oauthBankVerifier(spec: {
  name: string
  clock: Clock
  requestToken: (signal?: AbortSignal) => Promise<TokenResult>
  ask(call: BankApiAsk): Promise<SlipVerdict>
}): SlipVerifier {
  const tokens = createTokenCache(spec.requestToken, spec.clock)
  return {
    name: spec.name,
    async verify({ slip }, signal) {
      const bankSlip = bankSlipOf(slip)
      if (!bankSlip) return LAYOUT_NOT_SUPPORTED
      const token = await tokens.get(signal)
      if (!token.ok) return token.verdict
      return spec.ask({ bankSlip, slip, token: token.token, signal, invalidateToken: () => tokens.invalidate() })
    },
  }
}
