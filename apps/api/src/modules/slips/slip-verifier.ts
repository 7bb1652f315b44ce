/**
 * The slip verifier port (issue 37 §1, ADR 078): what a verifier (EasySlip, SlipOK, Slip2Go, the KBank and SCB slip
 * APIs, the demo bank) says about a transfer whose slip payload the server has already read and checked itself.
 *
 * A QR that parses proves nothing; only a verifier's VERIFIED answer carries the amount, the time, the sender and the
 * receiver, and even then the slip service checks them against its own rules before anything is credited. Every answer
 * that is not VERIFIED or NOT_FOUND is an unknown: it is retried later and never credits.
 */
import type { SlipPayload } from './slip-payload.js'

/** One side of a transfer as the verifier reports it. Accounts are usually masked by the bank (e.g. `xxx-x-x1234-x`). */
export interface SlipParty {
  /** The 3-digit Bank of Thailand code, when the verifier names the bank. */
  bankCode: string | null
  /** The account as given (digits and `x`/`X`/`*` masks, dashes removed), or null when the verifier gives none. */
  account: string | null
  /** The account holder's name as given (Thai or English), or null. */
  name: string | null
  /** A PromptPay proxy the money was sent to or from (mobile, national id, e-wallet id), when the verifier gives one. */
  proxy: { type: string; value: string } | null
}

/** A transfer the verifier found. Amounts are satang. */
export interface VerifiedSlip {
  sendingBank: string
  reference: string
  amount: bigint
  occurredAt: Date
  sender: SlipParty
  receiver: SlipParty
  /** The verifier has seen this slip before (where it reports it): informative only, Sanam's own key decides. */
  seenBefore: boolean
}

export type SlipVerdict =
  /** The transfer exists, with these facts. */
  | { outcome: 'VERIFIED'; slip: VerifiedSlip }
  /** The verifier says no such transfer exists (a forged or mistyped slip). Final. */
  | { outcome: 'NOT_FOUND'; code: string }
  /** The verifier cannot say yet (SlipOK 1010, Slip2Go 200404): ask again later. */
  | { outcome: 'NOT_YET'; code: string }
  /** No answer that can be trusted (timeout, 5xx, a refused credential, a body that does not parse): ask again later. */
  | { outcome: 'UNAVAILABLE'; code: string }

export interface SlipVerifier {
  /** The adapter's name, stored with each check: `easyslip`, `slipok`, `slip2go`, `kbank`, `scb`, `demo`. */
  readonly name: string
  /**
   * Asks about one slip. `payload` is the raw QR text (already accepted by `parseSlipPayload`), `slip` what it holds.
   * Never throws for a vendor's failure: a timeout or a bad answer is UNAVAILABLE. `signal` aborts the call.
   */
  verify(query: { payload: string; slip: SlipPayload }, signal?: AbortSignal): Promise<SlipVerdict>
}
