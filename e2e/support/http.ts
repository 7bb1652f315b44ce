import type { SeamlessOp } from '@sanam/contract'
import { DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { seamlessCall } from '@sanam/contract/seamless-calls'
import { signatureHeaders } from '@sanam/contract/signing'

export interface Envelope<T = Record<string, unknown>> {
  success: boolean
  data: T
  message?: string
  code?: string
}

export interface Answer<T> {
  status: number
  body: Envelope<T>
}

const TIMEOUT_MS = 15_000

/**
 * One JSON call to the API. `raw` is sent byte for byte (for signed bodies); `body` is serialised. Rejects only when
 * no answer came (connection refused or reset, timeout): the caller cannot know what happened then.
 */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let payload: string | undefined
  if (options.raw !== undefined) payload = options.raw
  else if (options.body !== undefined) payload = JSON.stringify(options.body)
  if (payload !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(TIMEOUT_MS) })
  const text = await response.text()
  let body: Envelope<T>
  try {
    body = JSON.parse(text) as Envelope<T>
  } catch {
    body = { success: false, data: undefined as T, message: text.slice(0, 200) }
  }
  return { status: response.status, body }
}

/**
 * The bank feed's signature headers (ADR 015, the contract's signer), with the demo secret unless BANK_WEBHOOK_SECRET
 * is set, at `signedAt` (the server refuses more than 5 minutes off its own clock).
 */
export function bankSignature(
  rawBody: string,
  path = '/api/bank/transfers',
  secret = process.env.BANK_WEBHOOK_SECRET || DEMO_BANK_WEBHOOK_SECRET,
  signedAt = new Date(),
): Record<string, string> {
  return signatureHeaders(secret, { method: 'POST', path, body: rawBody, now: signedAt })
}

/**
 * Posts a bank-feed transfer whose body is already serialised (a replay must send the same bytes), signed at
 * `signedAt` (a server whose clock is elsewhere needs the bank to sign by that clock).
 */
export function postBankTransfer(baseUrl: string, raw: string, signedAt = new Date()) {
  return call<{ status: 'MATCHED' | 'UNMATCHED' | 'DUPLICATE'; deposit_id?: number }>(baseUrl, 'POST', '/api/bank/transfers', {
    raw,
    headers: bankSignature(raw, undefined, undefined, signedAt),
  })
}

/**
 * A signed seamless-wallet callback, as a game provider sends it (the contract's `seamlessCall`; the demo provider's
 * secret unless SEAMLESS_SECRET is set). `raw` is sent byte for byte: a replay must send the same bytes.
 */
export function postSeamless(baseUrl: string, provider: string, op: SeamlessOp, raw: string) {
  const signed = seamlessCall(provider, op, {}, { raw, secret: process.env.SEAMLESS_SECRET || DEMO_SEAMLESS_SECRET, now: new Date() })
  return call<{ status: string; balance: string | null; tx_id: string | null }>(baseUrl, 'POST', signed.path, { raw: signed.raw, headers: signed.headers })
}
