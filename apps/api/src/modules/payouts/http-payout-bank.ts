import { satangToBaht } from '@sanam/contract'
import { agentFetch, type HttpAnswer, type HttpFetch } from '../../lib/agent-fetch.ts'
import type { BankFailure, ConfirmAnswer, FindAnswer, InitiateAnswer, InquiryAnswer, PayoutBank, PayoutOrder } from './payout-bank.ts'

export interface HttpPayoutBankOptions {
  /** The API's base URL (PAYOUT_BANK_URL), e.g. https://openapi.bank.example/payout. */
  url: string
  /** OAuth2 client credentials (PAYOUT_BANK_CLIENT_ID, PAYOUT_BANK_CLIENT_SECRET): from the secret store. */
  clientId: string
  clientSecret: string
  /** Sanam's source account at the bank the payouts are debited from (PAYOUT_BANK_SOURCE_ACCOUNT). */
  sourceAccount: string
  /** Each call's budget (PAYOUT_BANK_TIMEOUT_MS): past it the call is aborted and its answer counts as lost. */
  timeoutMs: number
  fetch?: HttpFetch
}

type Json = Record<string, unknown>
type Reply = { kind: 'json'; status: number; body: Json } | { kind: 'failed'; code: string }

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

/**
 * A corporate payout API of the generic "inquire → initiate → confirm" shape the Thai banks publish for their fund
 * transfer products (ADR 081 names the sources and what must be confirmed with the vendor): OAuth2 client
 * credentials, JSON over HTTPS, Sanam's reference on every call and a look-up by it.
 *
 * Only an answer the bank gave in so many words counts: `status: "REJECTED"` (HTTP 200 or 422) with an `error_code`
 * is a refusal; a timeout, a 5xx, any other 4xx, a refused token or a body that does not parse is UNAVAILABLE.
 */
export function httpPayoutBank(options: HttpPayoutBankOptions): PayoutBank {
  const doFetch = options.fetch ?? agentFetch()
  const base = options.url.replace(/\/+$/, '')
  let token: { value: string; until: number } | undefined

  async function call(method: 'GET' | 'POST', path: string, body: Json | undefined, signal?: AbortSignal, auth = true): Promise<Reply> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body) headers['content-type'] = 'application/json'
    if (auth) {
      const bearer = await accessToken(signal)
      if (typeof bearer !== 'string') return bearer
      headers.authorization = `Bearer ${bearer}`
    } else {
      headers.authorization = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`
    }
    const timeout = AbortSignal.timeout(options.timeoutMs)
    let response: HttpAnswer
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (cause) {
      return { kind: 'failed', code: timeout.aborted ? 'TIMEOUT' : (cause as Error).name === 'AbortError' ? 'ABORTED' : 'NETWORK' }
    }
    let text: string
    try {
      text = await response.text()
    } catch {
      return { kind: 'failed', code: timeout.aborted ? 'TIMEOUT' : 'NETWORK' }
    }
    if (response.status >= 500) return { kind: 'failed', code: `HTTP_${response.status}` }
    if (response.status === 401 && auth) token = undefined
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return { kind: 'failed', code: `UNPARSEABLE_${response.status}` }
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'failed', code: `UNPARSEABLE_${response.status}` }
    return { kind: 'json', status: response.status, body: parsed as Json }
  }

  async function accessToken(signal?: AbortSignal): Promise<string | { kind: 'failed'; code: string }> {
    if (token && token.until > Date.now()) return token.value
    const reply = await call('POST', '/oauth/token', { grant_type: 'client_credentials' }, signal, false)
    if (reply.kind === 'failed') return { kind: 'failed', code: `TOKEN_${reply.code}` }
    const value = str(reply.body.access_token)
    if (reply.status !== 200 || !value) return { kind: 'failed', code: `TOKEN_HTTP_${reply.status}` }
    const seconds = typeof reply.body.expires_in === 'number' ? reply.body.expires_in : 300
    // Renewed a minute early, so a token never expires between the check and the bank reading it.
    token = { value, until: Date.now() + Math.max(0, seconds - 60) * 1000 }
    return value
  }

  /** An explicit refusal (200 or 422 with status REJECTED and an error code) as the REJECTED answer, or null. */
  function rejection(reply: Reply): ({ outcome: 'REJECTED' } & BankFailure) | null {
    if (reply.kind !== 'json' || (reply.status !== 200 && reply.status !== 422)) return null
    const code = str(reply.body.error_code)
    return reply.body.status === 'REJECTED' && code ? { outcome: 'REJECTED', code } : null
  }
  /** The body of a 200 that says `status` (and, when given, is about `reference`), or null. */
  const said = (reply: Reply, status: string, reference?: string): Json | null =>
    reply.kind === 'json' && reply.status === 200 && reply.body.status === status && (reference === undefined || reply.body.reference === reference)
      ? reply.body
      : null
  const unavailable = (reply: Reply) =>
    ({ outcome: 'UNAVAILABLE', code: reply.kind === 'failed' ? reply.code : `HTTP_${reply.status}_${str(reply.body.error_code) ?? 'UNEXPECTED'}` }) as const

  const receiver = (order: PayoutOrder) => ({ bank_code: order.bankCode, account_no: order.account })
  const amount = (order: PayoutOrder) => satangToBaht(order.amount).toFixed(2)

  return {
    name: 'http',
    async inquire(order, signal): Promise<InquiryAnswer> {
      const reply = await call(
        'POST',
        '/v1/payouts/inquiry',
        { reference: order.reference, source_account: options.sourceAccount, receiver: receiver(order), amount: amount(order) },
        signal,
      )
      const found = said(reply, 'SUCCESS')
      const accountName = str(found?.account_name)
      return rejection(reply) ?? (found && accountName ? { outcome: 'FOUND', accountName, inquiryId: str(found.inquiry_id) } : unavailable(reply))
    },
    async initiate(order, signal): Promise<InitiateAnswer> {
      const reply = await call(
        'POST',
        '/v1/payouts',
        { reference: order.reference, inquiry_id: order.inquiryId, source_account: options.sourceAccount, receiver: receiver(order), amount: amount(order) },
        signal,
      )
      const bankTransactionId = str(said(reply, 'INITIATED', order.reference)?.transaction_id)
      return rejection(reply) ?? (bankTransactionId ? { outcome: 'INITIATED', bankTransactionId } : unavailable(reply))
    },
    async confirm(order, signal): Promise<ConfirmAnswer> {
      const reply = await call('POST', `/v1/payouts/${encodeURIComponent(order.bankTransactionId)}/confirm`, { reference: order.reference }, signal)
      const bankReference = str(said(reply, 'SUCCESS', order.reference)?.bank_reference)
      return rejection(reply) ?? (bankReference ? { outcome: 'PAID', bankReference } : unavailable(reply))
    },
    async findByReference(reference, signal): Promise<FindAnswer> {
      const reply = await call('GET', `/v1/payouts?reference=${encodeURIComponent(reference)}`, undefined, signal)
      if (reply.kind === 'json' && reply.status === 404 && reply.body.error_code === 'NOT_FOUND') return { outcome: 'NOT_FOUND' }
      const rejected = rejection(reply)
      if (rejected) return rejected
      const bankReference = str(said(reply, 'SUCCESS', reference)?.bank_reference)
      if (bankReference) return { outcome: 'PAID', bankReference }
      if (said(reply, 'PENDING', reference) || said(reply, 'INITIATED', reference)) return { outcome: 'PENDING' }
      return unavailable(reply)
    },
  }
}
