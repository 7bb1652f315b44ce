// KBank (Kasikornbank) Slip Verification API, for a corporate customer onboarded by the bank (ADR 084). Sources:
//   https://apiportal.kasikornbank.com/product/public/Information/Slip%20Verification/Try%20API/d519307a-6d82-4e77-b9f4-dc74e542c742
//     (the product page; its request and response are reproduced by the open-source client
//      https://github.com/codustry/thanakan: thanakan/services/kbank.py and services/model/kbank.py)
//   https://apiportal.kasikornbank.com (OAuth 2.0 client credentials: POST /v2/oauth/token with HTTP Basic
//     <consumer id>:<consumer secret> and grant_type=client_credentials, as the portal's sandbox exercises show)
// Every connection presents the client certificate the bank signed at onboarding (mutual TLS): the adapter is given
// the certificate, its key and the bank's CA as PEM and uses an https Agent (mtls-fetch.ts).
// Request: POST {base}/v1/verslip/kbank/verify, `Authorization: Bearer <token>`, JSON
// {rqUID, rqDt, data: {sendingBank, transRef}}; answer {rqUID, statusCode, statusMessage, data}. statusCode "0000"
// is a found transfer. The codes for "no such transfer" are not public: until they are confirmed with the bank they
// are configured (`notFoundStatusCodes`, KBANK_NOT_FOUND_CODES); any other code is UNAVAILABLE, so a slip the bank
// does not confirm goes to the desk after its retries and never credits.
import { randomUUID } from 'node:crypto'
import { BANGKOK_OFFSET_MS } from '@sanam/contract/bangkok'
import { z } from 'zod'
import type { SlipVerifier } from '../slip-verifier.ts'
import { mtlsFetch, type ClientTls } from './mtls-fetch.ts'
import { oauthBankVerifier, type TokenResult } from './token-cache.ts'
import { callVendor, isCredentialRefusal, joinUrl, notFound, postJson, shaped, unavailable, verifiedBankApiData, type AdapterDeps } from './vendor-http.ts'

export interface KBankConfig {
  /** The API base URL the bank gives at onboarding (production https://openapi.kasikornbank.com). */
  url: string
  /** Path of the OAuth2 token endpoint under `url`; default /v2/oauth/token. */
  tokenPath?: string
  clientId: string
  clientSecret: string
  tls: ClientTls
  timeoutMs: number
  /** statusCode values that mean "no such transfer" (to confirm with the bank); default none. */
  notFoundStatusCodes?: readonly string[]
}

const TokenBody = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() })

const VerifyBody = z.object({ statusCode: z.string().min(1), statusMessage: z.string().nullish(), data: z.unknown().optional() })

/** Bangkok time as ISO 8601 with its offset, as KBank's rqDt examples write it. */
const bangkokIso = (ms: number) => `${new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, -1)}+07:00`

export function createKBankVerifier(config: KBankConfig, deps: AdapterDeps = {}): SlipVerifier & { close(): void } {
  const tlsFetch = deps.fetch ? null : mtlsFetch(config.tls)
  const fetchFn = deps.fetch ?? tlsFetch!
  const clock = deps.clock ?? Date.now
  const notFoundCodes = new Set(config.notFoundStatusCodes ?? [])
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')

  async function requestToken(signal?: AbortSignal): Promise<TokenResult> {
    const answer = await callVendor(
      fetchFn,
      joinUrl(config.url, config.tokenPath ?? '/v2/oauth/token'),
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
        timeoutMs: config.timeoutMs,
        signal,
      },
      'TOKEN_',
    )
    if (!answer.ok) return answer
    if (answer.status !== 200) return { ok: false, verdict: unavailable(`TOKEN_HTTP_${answer.status}`) }
    const body = shaped(TokenBody, answer.json)
    return body ? { ok: true, token: body.access_token, expiresInSeconds: body.expires_in } : { ok: false, verdict: unavailable('TOKEN_BAD_SCHEMA') }
  }
  const verifier = oauthBankVerifier({
    name: 'kbank',
    clock,
    requestToken,
    async ask({ bankSlip, slip, token, signal, invalidateToken }) {
      const answer = await postJson(fetchFn, joinUrl(config.url, '/v1/verslip/kbank/verify'), {
        headers: { authorization: `Bearer ${token}` },
        body: { rqUID: randomUUID(), rqDt: bangkokIso(clock()), data: { sendingBank: bankSlip.sendingBank, transRef: bankSlip.reference } },
        timeoutMs: config.timeoutMs,
        signal,
      })
      if (!answer.ok) return answer.verdict
      if (isCredentialRefusal(answer.status)) {
        invalidateToken()
        return unavailable(`HTTP_${answer.status}`)
      }
      const body = shaped(VerifyBody, answer.json)
      if (!body) return unavailable(answer.status === 200 ? 'BAD_SCHEMA' : `HTTP_${answer.status}`)
      if (body.statusCode !== '0000') return notFoundCodes.has(body.statusCode) ? notFound(body.statusCode) : unavailable(body.statusCode)
      if (answer.status !== 200) return unavailable(`HTTP_${answer.status}`)
      return verifiedBankApiData(slip, body.data)
    },
  })
  return {
    ...verifier,
    close() {
      tlsFetch?.close()
    },
  }
}
