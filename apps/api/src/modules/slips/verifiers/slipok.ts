// SlipOK, check a slip by its QR data (ADR 084). Written from the published documentation (version 1.7):
//   https://slipok.com/api-documentation/                            (change log: 1010 delay, 1012 repeated, 1013, 1014)
//   https://slipok.com/api-documentation/check-slip/                 (request, header x-authorization, response fields)
//   https://slipok.com/api-documentation/request-response-example/   (HTTP 400 {code, message} refusals, `log: true`)
// Request: POST {base}/{branchId} with `x-authorization: <key>` and JSON {data: <QR payload>, log: true}. `log: true`
// has SlipOK keep the slip, so a repeat is reported (1012, with the slip's data) instead of charged again; Sanam reads
// it as information only. Sanam never sends `amount`: its own rules judge the amount returned.
// Codes: 1010 "the bank delays this slip, wait N minutes" is NOT_YET; 1011 "QR expired or no such transaction" and
// 1008 "not a payment slip's QR" are NOT_FOUND; 1012/1013/1014 carry the slip and are VERIFIED (repeated, amount,
// receiver: the flow's rules decide); 1000-1007 and 1009 (the bank's data temporarily down) are UNAVAILABLE.
import { z } from 'zod'
import type { SlipVerifier } from '../slip-verifier.ts'
import {
  BankApiSlip,
  instantOf,
  isCredentialRefusal,
  joinUrl,
  notFound,
  notYet,
  qrPostVerifier,
  shaped,
  unavailable,
  vendorText as text,
  verifiedBankApiSlip,
  type AdapterDeps,
  type VendorEndpoint,
} from './vendor-http.ts'

/** `url`: the check-slip base URL, without the branch, https://api.slipok.com/api/line/apikey. */
export interface SlipOkConfig extends VendorEndpoint {
  branchId: string
  apiKey: string
}

/** The banks' slip with SlipOK's timestamp; its date and time may be missing when the timestamp is given. */
const SlipData = BankApiSlip.extend({ transDate: text, transTime: text, transTimestamp: text })

const VerifiedBody = z.object({ success: z.literal(true), data: SlipData.extend({ success: z.literal(true) }) })
/** A refusal: `code` is a number in the examples, a string in some SDKs; both are read. */
const RefusalBody = z.object({ code: z.union([z.number(), z.string()]).transform(String), message: text, data: z.unknown().optional() })

/** Codes that still carry the slip's data: repeated (1012), amount not as asked (1013), another receiver (1014). */
const WITH_SLIP = new Set(['1012', '1013', '1014'])
const NOT_FOUND = new Set(['1008', '1011'])

export function createSlipOkVerifier(config: SlipOkConfig, deps: AdapterDeps = {}): SlipVerifier {
  function fromSlip(slip: Parameters<SlipVerifier['verify']>[0]['slip'], json: unknown, seenBefore: boolean) {
    const data = shaped(SlipData, json)
    if (!data) return unavailable('BAD_SCHEMA')
    // The timestamp when it reads, else the Bangkok date and time.
    return verifiedBankApiSlip(slip, data, { occurredAt: data.transTimestamp ? instantOf(data.transTimestamp) : null, seenBefore })
  }

  return qrPostVerifier({
    name: 'slipok',
    deps,
    url: joinUrl(config.url, encodeURIComponent(config.branchId)),
    headers: { 'x-authorization': config.apiKey },
    timeoutMs: config.timeoutMs,
    body: (payload) => ({ data: payload, log: true }),
    read(answer, slip) {
      if (answer.status === 200) {
        const body = shaped(VerifiedBody, answer.json)
        return body ? fromSlip(slip, body.data, false) : unavailable('BAD_SCHEMA')
      }
      const refusal = shaped(RefusalBody, answer.json)
      if (!refusal) return unavailable(isCredentialRefusal(answer.status) ? `HTTP_${answer.status}` : 'BAD_SCHEMA')
      if (refusal.code === '1010') return notYet('1010')
      if (NOT_FOUND.has(refusal.code)) return notFound(refusal.code)
      if (WITH_SLIP.has(refusal.code)) return fromSlip(slip, refusal.data, refusal.code === '1012')
      return unavailable(refusal.code)
    },
  })
}
