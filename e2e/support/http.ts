import { createHmac } from 'node:crypto'
import { DEMO_BANK_WEBHOOK_SECRET, DEMO_SEAMLESS_SECRET } from '../../apps/api/src/config.ts'

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
  method: 'GET' | 'POST',
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
 * Signature headers as the bank feed and the seamless wallet check them (ADR 015): `X-Timestamp` (unix seconds, now
 * unless `signedAt`: the server refuses more than 5 minutes off its own clock)
 * and `X-Signature: sha256=<hex>` of "POST\n<path>\n<timestamp>\n<body>". Written out here because e2e does not
 * import server code.
 */
export function signedHeaders(rawBody: string, path: string, secret: string, signedAt = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(signedAt.getTime() / 1000))
  const signature = createHmac('sha256', secret).update(`POST\n${path}\n${timestamp}\n${rawBody}`, 'utf8').digest('hex')
  return { 'x-timestamp': timestamp, 'x-signature': `sha256=${signature}` }
}

/** The bank feed's signature headers, with its secret unless BANK_WEBHOOK_SECRET is set. */
export function bankSignature(rawBody: string, path = '/api/bank/transfers', secret = process.env.BANK_WEBHOOK_SECRET || DEMO_BANK_WEBHOOK_SECRET, signedAt = new Date()): Record<string, string> {
  return signedHeaders(rawBody, path, secret, signedAt)
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

/** A signed seamless-wallet callback, as a game provider sends it (the demo provider's secret unless SEAMLESS_SECRET is set). */
export function postSeamless(baseUrl: string, provider: string, op: 'balance' | 'bet' | 'win' | 'rollback', raw: string) {
  const path = `/api/seamless/${provider}/${op}`
  return call<{ status: string; balance: string | null; tx_id: string | null }>(baseUrl, 'POST', path, {
    raw,
    headers: signedHeaders(raw, path, process.env.SEAMLESS_SECRET || DEMO_SEAMLESS_SECRET),
  })
}
