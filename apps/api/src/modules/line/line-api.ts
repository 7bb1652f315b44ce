import { createHash } from 'node:crypto'
import { retryAfterMs } from '../sms/sms.ts'
import { ChannelError, type ChannelFailureKind } from '../outbox/channel.ts'
import type { LineConfig } from '../../config.ts'
import { agentFetch, type HttpAnswer, type HttpFetch } from '../../lib/agent-fetch.ts'
import { staticLineToken, v21LineToken, type LineAccessToken } from './line-token.ts'

/** LINE's Messaging API (ADR 088); tests and e2e point LINE_API_URL at the fake LINE server on 127.0.0.1. */
export const LINE_API_URL = 'https://api.line.me'

/** A LINE user id (`U` and 32 hex digits), as webhooks give it and push takes it; a group id starts with `C`. */
export const LINE_USER_ID = /^U[0-9a-f]{32}$/
export const LINE_RECIPIENT = /^[UC][0-9a-f]{32}$/

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/**
 * The `X-Line-Retry-Key` of a message (ADR 088): LINE takes a UUID. The outbox's keys are UUIDs already; any other key
 * becomes a stable name-based UUID (SHA-256 of the key, version 5 and variant bits set), so every attempt at one
 * message carries the same retry key.
 */
export function retryKeyOf(key: string): string {
  if (UUID.test(key)) return key.toLowerCase()
  const bytes = createHash('sha256').update(key, 'utf8').digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The month's message quota and what was used of it: `limit` null when the plan has none (`type: none`). */
export interface LineQuota {
  limit: number | null
  used: number
}

export interface LineApiOptions {
  baseUrl: string
  timeoutMs: number
  token: LineAccessToken
  /** The HTTP client; by default a keep-alive fetch over node:http(s), a fifth of the global fetch's CPU a push (issue 38 §6). */
  fetch?: HttpFetch
  now?: () => Date
}

/** A refusal of a push as the outbox acts on it: 429 is the rate, unless LINE says the month's quota is spent. */
function pushFailure(status: number, body: string): ChannelFailureKind {
  if (status === 429) return /monthly limit/i.test(body) ? 'no_credit' : 'rate_limited'
  if (status === 401 || status === 403) return 'unauthorized'
  if (status >= 400 && status < 500 && status !== 408) return 'permanent'
  return 'transient'
}

/**
 * A small client of LINE's Messaging API (ADR 088: no SDK; the calls and answers of LINE's published OpenAPI):
 * push (with its retry key), reply, the account-link token and the quota. Every failure is a ChannelError whose kind
 * the outbox acts on; a message's text is never in an error (errors are logged).
 */
export function lineApi(options: LineApiOptions) {
  const doFetch = options.fetch ?? agentFetch()
  const now = options.now ?? (() => new Date())

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const authorization = `Bearer ${await options.token.current()}`
    let response: HttpAnswer
    let text: string
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      text = await response.text()
    } catch (cause) {
      throw new ChannelError(`LINE unreachable (${cause instanceof Error ? cause.name : 'error'})`, 'transient')
    }
    // A refused token is issued again next time (a v2.1 token revoked, or expired early).
    if (response.status === 401) options.token.forget()
    return { response, text }
  }

  function json(text: string): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
    } catch {
      // Unreadable: handled below as transient.
    }
    throw new ChannelError('LINE answered something unreadable', 'transient')
  }

  async function expectOk(path: string, method: 'GET' | 'POST', body?: unknown) {
    const { response, text } = await call(method, path, body)
    if (!response.ok) throw new ChannelError(`LINE ${path.split('/').slice(0, 4).join('/')} answered ${response.status}`, pushFailure(response.status, text))
    return text
  }

  return {
    /**
     * `POST /v2/bot/message/push` with `X-Line-Retry-Key`: resolves when LINE accepted the message, or answered 409
     * (a request with this retry key was accepted already: it is not sent twice).
     */
    async push(message: { to: string; text: string; retryKey: string }): Promise<void> {
      const { response, text } = await call(
        'POST',
        '/v2/bot/message/push',
        { to: message.to, messages: [{ type: 'text', text: message.text }] },
        { 'x-line-retry-key': retryKeyOf(message.retryKey) },
      )
      if (response.ok || response.status === 409) return
      const kind = pushFailure(response.status, text)
      throw new ChannelError(
        `LINE push answered ${response.status}`,
        kind,
        kind === 'rate_limited' ? (retryAfterMs(response.headers.get('retry-after'), now()) ?? 60_000) : undefined,
      )
    },

    /** `POST /v2/bot/message/reply`: an answer in the chat a webhook event came from (its reply token, about a minute). */
    async reply(replyToken: string, text: string): Promise<void> {
      await expectOk('/v2/bot/message/reply', 'POST', { replyToken, messages: [{ type: 'text', text }] })
    },

    /** `POST /v2/bot/user/{userId}/linkToken`: a link token for account linking (10 minutes, once). */
    async linkToken(userId: string): Promise<string> {
      if (!LINE_USER_ID.test(userId)) throw new ChannelError('not a LINE user id', 'permanent')
      const body = json(await expectOk(`/v2/bot/user/${userId}/linkToken`, 'POST'))
      if (typeof body.linkToken !== 'string' || body.linkToken === '') throw new ChannelError('LINE gave no link token', 'transient')
      return body.linkToken
    },

    /** `GET /v2/bot/message/quota` and `/quota/consumption`: the month's limit (null: none) and what was used. */
    async quota(): Promise<LineQuota> {
      const [quota, consumption] = await Promise.all([
        expectOk('/v2/bot/message/quota', 'GET').then(json),
        expectOk('/v2/bot/message/quota/consumption', 'GET').then(json),
      ])
      const used = Number(consumption.totalUsage)
      const limit = quota.type === 'limited' ? Number(quota.value) : null
      if (!Number.isFinite(used) || (limit !== null && !Number.isFinite(limit))) throw new ChannelError('LINE quota unreadable', 'transient')
      return { limit, used }
    },
  }
}
export type LineApi = ReturnType<typeof lineApi>

/** The client LINE's settings make (ADR 088), or null when LINE is off: its token long-lived or v2.1. */
export function lineApiOf(line: LineConfig | null, now: () => Date): LineApi | null {
  if (!line) return null
  const token =
    line.token.kind === 'v2.1'
      ? v21LineToken({
          baseUrl: line.apiUrl,
          channelId: line.token.channelId,
          kid: line.token.kid,
          privateKey: line.token.privateKey,
          timeoutMs: line.timeoutMs,
          now,
        })
      : staticLineToken(line.token.token)
  return lineApi({ baseUrl: line.apiUrl, timeoutMs: line.timeoutMs, token, now })
}
