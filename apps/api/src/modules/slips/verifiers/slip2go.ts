// Slip2Go, verify a slip by its QR code (ADR 084). Written from the published "Slip2Go API Documentation" version 1.2
// (07-05-2025), the PDF linked from https://slip2go.com ("API Connect"), as reproduced in public repositories:
//   https://github.com/sahaphakhun/pu-star-site/blob/main/slip2go.md (the response and error code tables)
//   https://github.com/tkhongsap/line-lender-app-poc/blob/main/docs/Slip2Go+API+Documentation.md (request, fields)
// Request: POST {base}/verify-slip/qr-code/info with `Authorization: Bearer <secret>` and JSON
// {payload: {qrCode, checkCondition: {checkDuplicate: true}}}. Sanam asks only the duplicate check, as information;
// it sends no receiver, amount or date condition: its own rules judge the facts returned.
// Codes (every answer has {code, message}, the slip's under `data`): 200000 found, 200200 valid, 200401/200402/200403
// (a condition not met, with the slip), 200501 duplicated (with the slip) are VERIFIED; 200404 "slip not found in the
// bank's system" is NOT_YET (the bank's record can trail the slip, issue 37); 400001 "QR code is incorrect" and
// 200500 "slip is fraud" (seen in integrators' code, not in the published table: to confirm) are NOT_FOUND; 400xxx,
// 401xxx (token, package, quota, credit, IP whitelist) and 500500 are UNAVAILABLE.
import { z } from 'zod'
import type { SlipVerifier } from '../slip-verifier.ts'
import { joinUrl, notFound, notYet, qrPostVerifier, shaped, unavailable, vendorText as text, verifiedQrVendorSlip } from './vendor-http.ts'
import type { AdapterDeps, VendorEndpoint } from './vendor-http.ts'

/** `url`: the API base URL, https://connect.slip2go.com/api. */
export interface Slip2GoConfig extends VendorEndpoint {
  secretKey: string
}

const side = z.object({
  account: z.object({ name: text, bank: z.object({ account: text }).nullish(), proxy: z.object({ type: text, account: text }).nullish() }),
  bank: z.object({ id: text, name: text }).nullish(),
})
const SlipData = z.object({
  transRef: z.string().min(1),
  dateTime: z.string(),
  amount: z.union([z.number(), z.string()]),
  sender: side,
  receiver: side,
})
const Envelope = z.object({ code: z.union([z.string(), z.number()]).transform(String), message: text, data: z.unknown().optional() })

const WITH_SLIP = new Set(['200000', '200200', '200401', '200402', '200403', '200501'])
const NOT_FOUND = new Set(['400001', '200500'])

export function createSlip2GoVerifier(config: Slip2GoConfig, deps: AdapterDeps = {}): SlipVerifier {
  return qrPostVerifier({
    name: 'slip2go',
    deps,
    url: joinUrl(config.url, '/verify-slip/qr-code/info'),
    headers: { authorization: `Bearer ${config.secretKey}` },
    timeoutMs: config.timeoutMs,
    body: (payload) => ({ payload: { qrCode: payload, checkCondition: { checkDuplicate: true } } }),
    read(answer, slip) {
      const envelope = shaped(Envelope, answer.json)
      if (!envelope) return unavailable(answer.status === 200 ? 'BAD_SCHEMA' : `HTTP_${answer.status}`)
      const { code } = envelope
      if (code === '200404') return notYet(code)
      if (NOT_FOUND.has(code)) return notFound(code)
      // A slip's code on a non-200 status is not an answer the documentation describes: an unknown.
      if (!WITH_SLIP.has(code) || answer.status !== 200) return unavailable(code)
      const data = shaped(SlipData, envelope.data)
      if (!data) return unavailable('BAD_SCHEMA')
      return verifiedQrVendorSlip(slip, { ...data, time: data.dateTime, seenBefore: code === '200501' }, (side) => side.account.name)
    },
  })
}
