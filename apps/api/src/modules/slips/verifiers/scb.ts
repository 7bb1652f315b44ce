// SCB (Siam Commercial Bank) slip verification through SCB's partner API, for an onboarded corporate customer
// (ADR 084). Written from the published SCB Developer documentation:
//   https://developer.scb.co.th/assets/documents/api-reference-index/authentication/post-oauth-token.html
//     (POST /v1/oauth/token: headers resourceOwnerId, requestUId, accept-language; body applicationKey,
//      applicationSecret; answer status {code, description} and data {accessToken, tokenType, expiresIn, expiresAt})
//   https://developer.scb.co.th/assets/documents/api-reference-index/qr-payments/get-billpayment-transactions.html
//     (GET /v1/payment/billpayment/transactions/{transRef}?sendingBank=..., the slip's fields)
//   https://developer.scb/#/documents/api-reference-index/references/generic-response-codes.html (status codes: 1000
//     success, 404/1104 "requested entity record does not exist", 401/9100, 9300, 9500 credentials, 403/9503 rights)
// The answer's `amount` is decimal text; the transaction date and time are the slip's, in Bangkok time.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { agentFetch } from '../../../lib/agent-fetch.ts'
import type { SlipVerifier } from '../slip-verifier.ts'
import { oauthBankVerifier, type TokenResult } from './token-cache.ts'
import { callVendor, isCredentialRefusal, joinUrl, notFound, postJson, shaped, unavailable, verifiedBankApiData, type AdapterDeps } from './vendor-http.ts'

export interface ScbConfig {
  /** The partner API base URL SCB gives at onboarding (the sandbox is https://api-sandbox.partners.scb/partners/sandbox). */
  url: string
  /** The application's API key (applicationKey, also sent as resourceOwnerId). */
  apiKey: string
  /** The application's API secret (applicationSecret). */
  apiSecret: string
  timeoutMs: number
}

const Status = z.object({ code: z.coerce.number().int(), description: z.string().nullish() })
const TokenBody = z.object({ status: Status, data: z.object({ accessToken: z.string().min(1), expiresIn: z.coerce.number().positive() }).nullish() })

const VerifyBody = z.object({ status: Status, data: z.unknown().optional() })

const SUCCESS = 1000
/** "Requested entity record does not exist" (HTTP 404). */
const NO_SUCH_RECORD = 1104

export function createScbVerifier(config: ScbConfig, deps: AdapterDeps = {}): SlipVerifier {
  const fetchFn = deps.fetch ?? agentFetch()
  const clock = deps.clock ?? Date.now
  const standardHeaders = () => ({ resourceOwnerId: config.apiKey, requestUId: randomUUID(), 'accept-language': 'EN', accept: 'application/json' })

  async function requestToken(signal?: AbortSignal): Promise<TokenResult> {
    const answer = await postJson(
      fetchFn,
      joinUrl(config.url, '/v1/oauth/token'),
      { headers: standardHeaders(), body: { applicationKey: config.apiKey, applicationSecret: config.apiSecret }, timeoutMs: config.timeoutMs, signal },
      'TOKEN_',
    )
    if (!answer.ok) return answer
    const body = shaped(TokenBody, answer.json)
    if (!body) return { ok: false, verdict: unavailable(answer.status === 200 ? 'TOKEN_BAD_SCHEMA' : `TOKEN_HTTP_${answer.status}`) }
    if (answer.status !== 200 || body.status.code !== SUCCESS || !body.data) return { ok: false, verdict: unavailable(`TOKEN_${body.status.code}`) }
    return { ok: true, token: body.data.accessToken, expiresInSeconds: body.data.expiresIn }
  }
  return oauthBankVerifier({
    name: 'scb',
    clock,
    requestToken,
    async ask({ bankSlip, slip, token, signal, invalidateToken }) {
      const path = `/v1/payment/billpayment/transactions/${encodeURIComponent(bankSlip.reference)}?sendingBank=${encodeURIComponent(bankSlip.sendingBank)}`
      const answer = await callVendor(fetchFn, joinUrl(config.url, path), {
        method: 'GET',
        headers: { ...standardHeaders(), authorization: `Bearer ${token}` },
        timeoutMs: config.timeoutMs,
        signal,
      })
      if (!answer.ok) return answer.verdict
      const body = shaped(VerifyBody, answer.json)
      if (isCredentialRefusal(answer.status)) {
        // 9300 "invalid/expired temporary token" among them.
        invalidateToken()
        return unavailable(body ? String(body.status.code) : `HTTP_${answer.status}`)
      }
      if (!body) return unavailable(answer.status === 200 ? 'BAD_SCHEMA' : `HTTP_${answer.status}`)
      if (answer.status === 404 && body.status.code === NO_SUCH_RECORD) return notFound(String(NO_SUCH_RECORD))
      if (answer.status !== 200 || body.status.code !== SUCCESS) return unavailable(String(body.status.code))
      return verifiedBankApiData(slip, body.data)
    },
  })
}
