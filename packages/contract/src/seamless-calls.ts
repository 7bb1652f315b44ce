/// <reference types="node" />
// Node typings for this file only: the rest of the contract is also bundled into the browser apps.
/**
 * A seamless-wallet call as a game provider sends it (ADR 015, ADR 023): the path, the body with its `request_id`,
 * serialised once, and the signature over exactly those bytes. The one way API tests, e2e, bench and scripts form
 * such a call; each sends it with its own transport (Fastify inject, fetch, autocannon). Node only (signing uses
 * node:crypto): `@sanam/contract/seamless-calls`.
 */
import { randomUUID } from 'node:crypto'
import type { SeamlessOp } from './index.ts'
import { signatureHeaders, type SignatureScheme } from './signing.ts'

/** The path a provider posts `op` to (any text, so tests can aim at an operation that does not exist). */
export const seamlessPath = (provider: string, op: SeamlessOp | (string & {})) => `/api/seamless/${provider}/${op}`

/** A bet or a win in `round`, as the wire carries it (amount in baht, "12.50"); `game` null sends no game_code. */
export function moneyBody(call: { session: string; round: string; tx: string; amount: string; game?: string | null }): Record<string, string> {
  const game = call.game === undefined ? 'fortune_ox' : call.game
  return { session_token: call.session, round_id: call.round, tx_id: call.tx, amount: call.amount, ...(game ? { game_code: game } : {}) }
}

/** A rollback of the bet `ref` in `round`: its own tx_id, the bet's as ref_tx_id. */
export function rollbackBody(call: { session: string; round: string; tx: string; ref: string }): Record<string, string> {
  return { session_token: call.session, round_id: call.round, tx_id: call.tx, ref_tx_id: call.ref }
}

/** A body serialised once, with its `request_id` (fresh unless given): retries and replays send these same bytes. */
export function seamlessRaw(body: Record<string, unknown>, requestId: string = randomUUID()): string {
  return JSON.stringify({ request_id: requestId, ...body })
}

export interface SeamlessCall {
  path: string
  /** The body bytes the signature covers: send exactly these. */
  raw: string
  headers: Record<string, string>
}

/**
 * The signed call of `op` for `provider` with `body` (a fresh `request_id` unless the body has one), signed with
 * `secret` at `now`. `raw` sends these exact bytes instead; `signedPath` and `scheme` sign for another path or with
 * the body-only scheme (what tests of refusals need).
 */
export function seamlessCall(
  provider: string,
  op: SeamlessOp | (string & {}),
  body: Record<string, unknown>,
  options: { secret: string; now: Date; raw?: string; signedPath?: string; scheme?: SignatureScheme },
): SeamlessCall {
  const path = seamlessPath(provider, op)
  const raw = options.raw ?? seamlessRaw(body)
  const signed = signatureHeaders(options.secret, {
    method: 'POST',
    path: options.signedPath ?? path,
    body: raw,
    now: options.now,
    scheme: options.scheme ?? 'timestamped',
  })
  return { path, raw, headers: { 'content-type': 'application/json', ...signed } }
}
