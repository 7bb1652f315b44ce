import { sign } from 'node:crypto'
import { privateKeyOf } from '../../lib/crypto.ts'
import { agentFetch, type HttpFetch } from '../../lib/agent-fetch.ts'
import { ChannelError } from '../outbox/channel.ts'

/** The channel access token every LINE call carries: `current()` answers it, `forget()` drops one LINE refused. */
export interface LineAccessToken {
  current(): Promise<string>
  forget(): void
}

/** A long-lived channel access token from the LINE Developers console (LINE_CHANNEL_ACCESS_TOKEN). */
export function staticLineToken(token: string): LineAccessToken {
  return { current: async () => token, forget: () => {} }
}

/** How long a v2.1 token is asked for, and how long before its end a new one is issued. */
export const V21_TOKEN_SECONDS = 24 * 3600
const RENEW_BEFORE_MS = 3600_000

export interface V21Options {
  baseUrl: string
  channelId: string
  /** The assertion signing key's id LINE gave when its public key was registered. */
  kid: string
  /** The private key: a JWK (the JSON LINE's docs generate) or PEM. */
  privateKey: string
  timeoutMs: number
  now: () => Date
  fetch?: HttpFetch
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * A channel access token v2.1 (ADR 088): a JWT assertion (RS256, signed with the channel's private key; node:crypto
 * signs, the three parts are LINE's documented header and claims) exchanged at `POST /oauth2/v2.1/token` for a token
 * of 24 hours. It is issued once and reused until an hour before its end, never per call; calls waiting meanwhile
 * share the one request.
 */
export function v21LineToken(options: V21Options): LineAccessToken {
  const key = privateKeyOf(options.privateKey)
  const doFetch = options.fetch ?? agentFetch()
  let held: { token: string; renewAt: number } | null = null
  let issuing: Promise<string> | null = null

  function assertion(): string {
    const at = Math.floor(options.now().getTime() / 1000)
    const unsigned = `${b64url({ alg: 'RS256', typ: 'JWT', kid: options.kid })}.${b64url({
      iss: options.channelId,
      sub: options.channelId,
      aud: 'https://api.line.me/',
      exp: at + 30 * 60,
      token_exp: V21_TOKEN_SECONDS,
    })}`
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`
  }

  async function issue(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion(),
    })
    let status: number
    let body: { access_token?: unknown; expires_in?: unknown }
    try {
      const response = await doFetch(`${options.baseUrl}/oauth2/v2.1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      status = response.status
      body = response.ok ? (JSON.parse(await response.text()) as typeof body) : {}
    } catch (cause) {
      throw new ChannelError(`LINE token endpoint unreachable (${cause instanceof Error ? cause.name : 'error'})`, 'transient')
    }
    if (status === 400 || status === 401) throw new ChannelError(`LINE refused the channel's assertion (${status})`, 'unauthorized')
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number')
      throw new ChannelError(`LINE token endpoint answered ${status}`, 'transient')
    held = { token: body.access_token, renewAt: options.now().getTime() + body.expires_in * 1000 - RENEW_BEFORE_MS }
    return body.access_token
  }

  return {
    async current() {
      if (held && options.now().getTime() < held.renewAt) return held.token
      issuing ??= issue().finally(() => (issuing = null))
      return issuing
    },
    forget() {
      held = null
    },
  }
}
