import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fake-vendor.ts'
import { BANK_SLIP_QUERY, SCB_SLIP_QUERY } from '../../../../test/slip-verifiers.ts'
import type { SlipVerifier } from '../slip-verifier.ts'
import { createEasySlipVerifier } from './easyslip.ts'
import { createKBankVerifier } from './kbank.ts'
import { createScbVerifier } from './scb.ts'
import { createSlip2GoVerifier } from './slip2go.ts'
import { createSlipOkVerifier } from './slipok.ts'
import type { VendorFetch } from './vendor-http.ts'

/** A vendor answering `status` and `body` to everything, but a good token where `goodToken` names the vendor's fixture. */
function answering(status: number, body: string, goodToken?: 'kbank' | 'scb'): VendorFetch {
  return async (url) => {
    if (goodToken && url.includes('/oauth/token')) {
      const token = fixture(goodToken, 'token')
      return new Response(JSON.stringify(token.json), { status: token.status })
    }
    return new Response(body, { status })
  }
}

const adapters = (fetch: VendorFetch): Array<[SlipVerifier, typeof BANK_SLIP_QUERY]> => {
  const common = { url: 'https://vendor.invalid', timeoutMs: 1000 }
  const tls = { cert: '', key: '' }
  return [
    [createEasySlipVerifier({ ...common, apiKey: 'k' }, { fetch }), BANK_SLIP_QUERY],
    [createSlipOkVerifier({ ...common, branchId: '1', apiKey: 'k' }, { fetch }), BANK_SLIP_QUERY],
    [createSlip2GoVerifier({ ...common, secretKey: 'k' }, { fetch }), BANK_SLIP_QUERY],
    [createKBankVerifier({ ...common, clientId: 'i', clientSecret: 's', tls }, { fetch }), BANK_SLIP_QUERY],
    [createScbVerifier({ ...common, apiKey: 'k', apiSecret: 's' }, { fetch }), SCB_SLIP_QUERY],
  ]
}

/** Bodies a vendor, a proxy or a broken deployment could send: any JSON, any text, and the real fixtures' envelopes emptied. */
const bodies = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constantFrom('{"success":true,"data":{}}', '{"success":true}', '{"code":"200000","data":null}', '{"statusCode":"0000"}', '{"status":{"code":1000}}'),
)

describe('every slip verifier adapter, whatever the vendor answers', () => {
  it('resolves to a verdict, never throws, and never says VERIFIED of an answer that is not a documented slip', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 599 }), bodies, fc.boolean(), async (status, body, tokenFine) => {
        for (const [verifier, query] of adapters(answering(status, body))) {
          const verdict = await verifier.verify(query)
          expect(['NOT_FOUND', 'NOT_YET', 'UNAVAILABLE']).toContain(verdict.outcome)
        }
        if (!tokenFine) return
        for (const [vendor, index, query] of [
          ['kbank', 3, BANK_SLIP_QUERY],
          ['scb', 4, SCB_SLIP_QUERY],
        ] as const) {
          const verdict = await adapters(answering(status, body, vendor))[index]![0].verify(query)
          expect(['NOT_FOUND', 'NOT_YET', 'UNAVAILABLE']).toContain(verdict.outcome)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('is UNAVAILABLE, not an exception, when the fetch itself throws', async () => {
    const broken: VendorFetch = () => {
      throw new TypeError('fetch failed')
    }
    for (const [verifier, query] of adapters(broken)) expect((await verifier.verify(query)).outcome).toBe('UNAVAILABLE')
  })
})
