import { agentFetch, type HttpAnswer, type HttpFetch } from '../../lib/agent-fetch.ts'

/**
 * One text message. `otp` rides along so the dev outbox can show it; real gateways ignore it. `retryKey` is the
 * outbox's idempotency key (ADR 083): the same on every attempt at one message, for a gateway that honours one.
 */
export interface SmsMessage {
  to: string
  text: string
  otp?: { code: string; ref: string }
  retryKey?: string
}

/** The port every SMS gateway implements. Throws an SmsSendError when the message was not accepted. */
export interface SmsSender {
  readonly name: string
  send(message: SmsMessage): Promise<void>
  /**
   * The credit left on the gateway's account, for the desk's low-credit alert (ADR 087); absent where the gateway
   * publishes no reading (SMSMKT, the generic HTTP one, the console). Throws an SmsSendError when unreadable.
   */
  credit?(): Promise<number>
}

/**
 * Why a gateway did not take a message, as the outbox acts on it (ADR 083):
 * - `transient`: down, 5xx, a timeout, an answer that cannot be read: tried again with back-off;
 * - `rate_limited`: 429, tried again after `retryAfterMs`;
 * - `permanent`: this message can never go (a bad number, the do-not-send list): not tried again;
 * - `no_credit`: the account is out of credit: tried again later, and the desk is alerted;
 * - `unauthorized`: the gateway refuses our key: tried again later, and the desk is alerted.
 */
export type SmsFailureKind = 'transient' | 'rate_limited' | 'permanent' | 'no_credit' | 'unauthorized'

export class SmsSendError extends Error {
  readonly kind: SmsFailureKind
  readonly retryAfterMs: number | undefined
  constructor(message: string, options?: { cause?: unknown; kind?: SmsFailureKind; retryAfterMs?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'SmsSendError'
    this.kind = options?.kind ?? 'transient'
    this.retryAfterMs = options?.retryAfterMs
  }
}

/** 0812345678 → 66812345678, the international form gateways expect. */
export function toMsisdn(mobile: string): string {
  return mobile.startsWith('0') ? `66${mobile.slice(1)}` : mobile
}

/** `Retry-After` in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime())
}

/** The status of an HTTP answer as a failure kind: 429 rate-limited, 401/403 our key, other 4xx permanent, else transient. */
export function failureOfStatus(status: number): SmsFailureKind {
  if (status === 429) return 'rate_limited'
  if (status === 401 || status === 403) return 'unauthorized'
  if (status >= 400 && status < 500 && status !== 408) return 'permanent'
  return 'transient'
}

/** Answers a fetch to a gateway, or throws a transient SmsSendError that never carries the message (an OTP) in it. */
async function postToGateway(doFetch: HttpFetch, url: string, init: RequestInit, timeoutMs: number): Promise<{ response: HttpAnswer; text: string }> {
  let response: HttpAnswer
  try {
    response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (cause) {
    throw new SmsSendError('SMS gateway unreachable', { cause: cause instanceof Error ? new Error(cause.name) : undefined })
  }
  let text: string
  try {
    text = await response.text()
  } catch {
    throw new SmsSendError(`SMS gateway answered ${response.status} and then stopped`)
  }
  return { response, text }
}

export function parseJson(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = text ? JSON.parse(text) : null
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** What every gateway's sender is given besides its credentials: the call's time limit, and in tests a fake fetch and clock. */
export interface GatewayOptions {
  timeoutMs: number
  fetch?: HttpFetch
  now?: () => Date
}

/**
 * What every gateway's sender does around its own request and reading of the answer: the call (bounded by
 * `timeoutMs`; unreachable or cut off is a transient SmsSendError) and a refusal that carries the answer's Retry-After.
 */
export function gatewayClient(options: GatewayOptions) {
  const doFetch = options.fetch ?? agentFetch()
  const now = options.now ?? (() => new Date())
  return {
    call: (url: string, init: RequestInit) => postToGateway(doFetch, url, init, options.timeoutMs),
    refusal: (message: string, response: HttpAnswer, kind: SmsFailureKind) =>
      new SmsSendError(message, { kind, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()) }),
  }
}
