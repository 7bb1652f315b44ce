/**
 * The demo provider's side of the seamless wallet API: it calls POST <baseUrl>/<provider>/<op> over HTTP, signed,
 * exactly as an outside studio would.
 *
 * Delivery rules (what a careful provider does):
 * - every logical call has one `request_id`; its retries resend the same body (same request_id, same tx_id), signed
 *   again with a fresh timestamp (ADR 015), so the wallet's exactly-once rule makes a retry safe whatever happened
 *   to the earlier attempt;
 * - a call is retried on a timeout, a network error, a 5xx, 408 or 429, or an answer that is not the API's JSON
 *   (the outcome is unknown in all of these); any other answer is final;
 * - a bet whose outcome is still unknown after the retries is cancelled with a rollback (its own tx_id
 *   `<bet tx_id>-rollback`, ref_tx_id = the bet), retried the same way, so no money stays stuck in a bet the game
 *   never played. The wallet accepts a rollback even before its bet, and then refuses the bet if it ever arrives.
 */
import { formatSatang, parseSatang, SeamlessAnswer as SeamlessAnswerSchema, type SeamlessOp, type SeamlessStatus } from '@sanam/contract'
import type { Clock } from './host.ts'
import { seamlessRaw } from '@sanam/contract/seamless-calls'
import { signatureHeaders, type SignatureScheme } from '@sanam/contract/signing'

/** One answer of the wallet, with amounts back in satang. */
export interface SeamlessReply {
  status: SeamlessStatus
  /** The player's cash balance after the call, in satang; null when the wallet does not know the player. */
  balance: bigint | null
  txId: string | null
  message?: string
}

/** A money call: bet, win or rollback. Amounts are satang; the wire carries "12.50". */
export interface SeamlessTx {
  sessionToken: string
  roundId: string
  txId: string
  amount: bigint
  gameCode: string
  refTxId?: string
}

export interface SeamlessClient {
  balance(provider: string, sessionToken: string): Promise<SeamlessReply>
  /** Throws SeamlessUnavailableError (with `rolledBack`) when the outcome stays unknown after the retries. */
  bet(provider: string, tx: SeamlessTx): Promise<SeamlessReply>
  win(provider: string, tx: SeamlessTx): Promise<SeamlessReply>
  rollback(provider: string, tx: SeamlessTx & { refTxId: string }): Promise<SeamlessReply>
}

/** The wallet could not be reached or gave no usable answer after every retry: the outcome is unknown. */
export class SeamlessUnavailableError extends Error {
  constructor(
    readonly op: SeamlessOp,
    readonly txId: string | null,
    readonly attempts: number,
    /** Bets only: true when the compensating rollback was acknowledged, so the bet cannot have taken money. */
    readonly rolledBack?: boolean,
    options?: { cause?: unknown },
  ) {
    super(
      `seamless ${op} ${txId ?? ''}: no answer after ${attempts} attempts${rolledBack === undefined ? '' : rolledBack ? ' (rolled back)' : ' (rollback failed too)'}`,
      options,
    )
    this.name = 'SeamlessUnavailableError'
  }
}

/** The wallet answered with something final that is not a seamless answer (401 bad signature, 404, ...). */
export class SeamlessRejectedError extends Error {
  constructor(
    readonly op: SeamlessOp,
    readonly httpStatus: number,
  ) {
    super(`seamless ${op}: refused with HTTP ${httpStatus}`)
    this.name = 'SeamlessRejectedError'
  }
}

/** Satang → "12.50" (the wire format, written by the contract's codec); a provider never sends a negative amount. */
export function toDecimal(satang: bigint): string {
  if (satang < 0n) throw new RangeError('negative amount')
  return formatSatang(satang)
}

/** A balance as the wallet answers it, "12.50" → 1250n (at most 12 whole digits); null for anything else. */
export function fromDecimal(text: string | null): bigint | null {
  return text === null ? null : parseSatang(text, 12)
}

const RETRIABLE_STATUS = new Set([408, 429, 500, 502, 503, 504])
const BACKOFF_MS = [50, 200, 500, 1000]

/** Retried: the outcome of the attempt is unknown. */
class Unknown extends Error {}

/**
 * A SeamlessClient over HTTP. `baseUrl` is the seamless API root (for this server on loopback,
 * `http://127.0.0.1:<PORT>/api/seamless`); `secretFor` gives each provider's signing secret. `timeoutMs` bounds one
 * attempt (default 3000), `retries` is the number of extra attempts (default 2). `fetch` is for tests.
 */
export function httpSeamlessClient(options: {
  baseUrl: string
  secretFor: (providerCode: string) => string
  /** How the wallet expects this provider to sign (default `timestamped`). */
  signatureFor?: (providerCode: string) => SignatureScheme
  /** The clock timestamps are signed with: the wallet's own in tests. */
  clock: Clock
  timeoutMs?: number
  retries?: number
  fetch?: typeof fetch
}): SeamlessClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 3000
  const retries = options.retries ?? 2
  const doFetch = options.fetch ?? fetch

  async function attempt(url: string, raw: string, sign: () => Record<string, string>, op: SeamlessOp): Promise<SeamlessReply> {
    let response: Response
    let text: string
    try {
      const signal = AbortSignal.timeout(timeoutMs)
      response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...sign() }, body: raw, signal })
      text = await response.text()
    } catch (error) {
      throw new Unknown('no answer', { cause: error })
    }
    if (RETRIABLE_STATUS.has(response.status)) throw new Unknown(`HTTP ${response.status}`)
    let parsed: SeamlessAnswerSchema | undefined
    try {
      const result = SeamlessAnswerSchema.safeParse(JSON.parse(text))
      if (result.success) parsed = result.data
    } catch {
      // Not JSON: handled below.
    }
    if ((response.status === 200 || response.status === 400 || response.status === 404) && parsed) {
      return { status: parsed.status, balance: fromDecimal(parsed.balance), txId: parsed.tx_id, ...(parsed.message ? { message: parsed.message } : {}) }
    }
    // A 200 whose body is not an answer came from something in between (a proxy page): the call may have run.
    if (response.status === 200) throw new Unknown('unreadable answer')
    throw new SeamlessRejectedError(op, response.status)
  }

  /** Sends one logical call, retrying the same bytes while the outcome is unknown. */
  async function send(provider: string, op: SeamlessOp, body: Record<string, string>): Promise<SeamlessReply> {
    const raw = seamlessRaw(body)
    const url = `${baseUrl}/${encodeURIComponent(provider)}/${op}`
    const secret = options.secretFor(provider)
    const scheme = options.signatureFor?.(provider) ?? 'timestamped'
    const path = new URL(url).pathname
    // Signed per attempt: a retry carries the same body with the time it is sent.
    const sign = () => signatureHeaders(secret, { method: 'POST', path, body: raw, now: options.clock.now(), scheme })
    let lastError: unknown
    for (let i = 0; i <= retries; i++) {
      if (i > 0) await sleep(BACKOFF_MS[Math.min(i - 1, BACKOFF_MS.length - 1)]!)
      try {
        return await attempt(url, raw, sign, op)
      } catch (error) {
        if (!(error instanceof Unknown)) throw error
        lastError = error.cause ?? error
      }
    }
    throw new SeamlessUnavailableError(op, body.tx_id ?? null, retries + 1, undefined, { cause: lastError })
  }

  const moneyBody = (tx: SeamlessTx) => ({
    session_token: tx.sessionToken,
    round_id: tx.roundId,
    tx_id: tx.txId,
    amount: toDecimal(tx.amount),
    game_code: tx.gameCode,
    ...(tx.refTxId ? { ref_tx_id: tx.refTxId } : {}),
  })

  const client: SeamlessClient = {
    balance: (provider, sessionToken) => send(provider, 'balance', { session_token: sessionToken }),
    async bet(provider, tx) {
      try {
        return await send(provider, 'bet', moneyBody(tx))
      } catch (error) {
        if (!(error instanceof SeamlessUnavailableError)) throw error
        // Nobody knows whether the bet took money: cancel it, so it either never happened or is refunded.
        let rolledBack = false
        try {
          const answer = await client.rollback(provider, { ...tx, txId: `${tx.txId}-rollback`, refTxId: tx.txId })
          rolledBack = answer.status === 'OK' || answer.status === 'TX_NOT_FOUND'
        } catch {
          rolledBack = false
        }
        throw new SeamlessUnavailableError('bet', tx.txId, error.attempts, rolledBack, { cause: error.cause })
      }
    },
    win: (provider, tx) => send(provider, 'win', moneyBody(tx)),
    rollback: (provider, tx) => send(provider, 'rollback', moneyBody(tx)),
  }
  return client
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
