/**
 * The payout bank port (issue 37 §3, ADR 081): what a corporate payout API (the Thai banks' "inquire → initiate →
 * confirm" fund-transfer APIs, the demo bank) answers about one payout, named by Sanam's own reference.
 *
 * An adapter never throws for the bank's failure: a timeout, a 5xx, a refused credential or a body that does not
 * parse is UNAVAILABLE, and the payouts service decides what that means at each step (before the transfer is asked
 * for, nothing was sent; from `initiate` on, it is an unknown that never moves money by itself).
 */

/** One payout as the bank is asked about it. Amounts are satang. */
export interface PayoutOrder {
  /** Sanam's own reference (stored before the bank is called): unique, [0-9A-Z], 20 characters. */
  reference: string
  /** The 3-digit Bank of Thailand code of the member's bank. */
  bankCode: string
  /** The member's registered account, digits only. */
  account: string
  amount: bigint
}

/** Why the bank gave no answer that can be trusted, or the bank's own code for a refusal. */
export interface BankFailure {
  code: string
}

export type InquiryAnswer =
  /** The account exists and is held by `accountName` (as the bank writes it, Thai or English, with a title). */
  | { outcome: 'FOUND'; accountName: string; inquiryId: string | null }
  /** The bank says the account cannot receive money (closed, no such account, wrong bank). Final: nothing was sent. */
  | ({ outcome: 'REJECTED' } & BankFailure)
  | ({ outcome: 'UNAVAILABLE' } & BankFailure)

export type InitiateAnswer =
  /** The transfer is set up and waits for `confirm`; `bankTransactionId` names it. */
  | { outcome: 'INITIATED'; bankTransactionId: string }
  /** The bank refused to set it up (insufficient funds in the source account, a limit, the account): nothing moved. */
  | ({ outcome: 'REJECTED' } & BankFailure)
  | ({ outcome: 'UNAVAILABLE' } & BankFailure)

export type ConfirmAnswer =
  /** The money moved; `bankReference` is the bank's reference of the transfer. */
  | { outcome: 'PAID'; bankReference: string }
  /** The bank refused the transfer: nothing moved. */
  | ({ outcome: 'REJECTED' } & BankFailure)
  | ({ outcome: 'UNAVAILABLE' } & BankFailure)

export type FindAnswer =
  | { outcome: 'PAID'; bankReference: string }
  /** The bank refused or reversed it: nothing moved (or it came back). */
  | ({ outcome: 'REJECTED' } & BankFailure)
  /** The bank knows it but has not finished (initiated and not confirmed, or in processing). */
  | { outcome: 'PENDING' }
  /** The bank knows no payout with this reference (which does not prove the request never arrived: it stays unknown). */
  | { outcome: 'NOT_FOUND' }
  | ({ outcome: 'UNAVAILABLE' } & BankFailure)

export interface PayoutBank {
  /** The adapter's name, stored with each payout: `demo`, `http`. */
  readonly name: string
  /** The name check: who holds the account the money would go to. Sends no money. */
  inquire(order: PayoutOrder, signal?: AbortSignal): Promise<InquiryAnswer>
  /** Sets the transfer up under `order.reference` (with the inquiry's id where the bank wants it). */
  initiate(order: PayoutOrder & { inquiryId: string | null }, signal?: AbortSignal): Promise<InitiateAnswer>
  /** Executes the initiated transfer: where the money moves. */
  confirm(order: PayoutOrder & { bankTransactionId: string }, signal?: AbortSignal): Promise<ConfirmAnswer>
  /** What the bank knows of the payout with Sanam's reference: the answer that resolves an unknown. */
  findByReference(reference: string, signal?: AbortSignal): Promise<FindAnswer>
}
