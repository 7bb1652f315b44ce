// EasySlip API v2, verify a bank slip by its QR payload (ADR 084). Written from the published documentation:
//   https://easyslip-document.cl1.easythunder.com/en/v2                        (overview, response envelope, base URL)
//   https://easyslip-document.cl1.easythunder.com/en/v2/verify/bank            (POST /verify/bank, types)
//   https://easyslip-document.cl1.easythunder.com/en/v2/verify/bank/payload    (the payload request, checkDuplicate)
//   https://easyslip-document.cl1.easythunder.com/en/guide/authentication      (Authorization: Bearer <key>)
//   https://easyslip-document.cl1.easythunder.com/en/reference/error-codes     (401/403/400/404/500 codes)
//   https://document.easyslip.com/documents/verify/bank/payload                (the slip's fields, v1, same as rawSlip)
// Request: POST {base}/verify/bank, JSON {payload, checkDuplicate}. Duplicate checking is off unless asked
// (`checkDuplicate` defaults to false); Sanam asks, so `isDuplicate` is reported, and treats it as information only:
// its own (sending bank, reference) key decides whether a transfer credits. Sanam never sends matchAccount or
// matchAmount: the receiver and amount rules are its own, applied to the facts returned.
import { z } from 'zod'
import type { SlipVerifier } from '../slip-verifier.ts'
import { isCredentialRefusal, joinUrl, notFound, qrPostVerifier, shaped, unavailable, vendorText as text, verifiedQrVendorSlip } from './vendor-http.ts'
import type { AdapterDeps, VendorEndpoint } from './vendor-http.ts'

/** `url`: the API v2 base URL, https://api.easyslip.com/v2. */
export interface EasySlipConfig extends VendorEndpoint {
  apiKey: string
}

const side = z.object({
  bank: z.object({ id: text, name: text, short: text }).nullish(),
  account: z.object({
    name: z.object({ th: text, en: text }).nullish(),
    bank: z.object({ type: text, account: text }).nullish(),
    proxy: z.object({ type: text, account: text }).nullish(),
  }),
})

const VerifiedBody = z.object({
  success: z.literal(true),
  data: z.object({
    isDuplicate: z.boolean(),
    rawSlip: z.object({
      transRef: z.string().min(1),
      date: z.string(),
      amount: z.object({ amount: z.union([z.number(), z.string()]) }),
      sender: side,
      receiver: side,
    }),
  }),
})

const ErrorBody = z.object({ success: z.literal(false), error: z.object({ code: z.string().min(1), message: z.string().nullish() }) })

export function createEasySlipVerifier(config: EasySlipConfig, deps: AdapterDeps = {}): SlipVerifier {
  return qrPostVerifier({
    name: 'easyslip',
    deps,
    url: joinUrl(config.url, '/verify/bank'),
    headers: { authorization: `Bearer ${config.apiKey}` },
    timeoutMs: config.timeoutMs,
    body: (payload) => ({ payload, checkDuplicate: true }),
    read(answer, slip) {
      if (answer.status === 200) {
        const body = shaped(VerifiedBody, answer.json)
        if (!body) return unavailable('BAD_SCHEMA')
        const raw = body.data.rawSlip
        const transfer = { ...raw, time: raw.date, amount: raw.amount.amount, seenBefore: body.data.isDuplicate }
        return verifiedQrVendorSlip(slip, transfer, (side) => side.account.name?.th || side.account.name?.en)
      }
      const error = shaped(ErrorBody, answer.json)
      // 404 SLIP_NOT_FOUND: "Slip not found or invalid". 404 NOT_FOUND is a wrong endpoint: a configuration fault.
      if (answer.status === 404 && error?.error.code === 'SLIP_NOT_FOUND') return notFound('SLIP_NOT_FOUND')
      if (isCredentialRefusal(answer.status)) return unavailable(error?.error.code ?? `HTTP_${answer.status}`)
      return unavailable(error ? error.error.code : `HTTP_${answer.status}`)
    },
  })
}
