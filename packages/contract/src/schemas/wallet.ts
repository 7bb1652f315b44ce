import { z } from 'zod'
import { bahtToSatang, isBahtAmount } from '../money.ts'
import { okEnvelope, MessageOnly } from './envelope.ts'
import { BankCode, Mobile, recordId, strictBody } from './fields.ts'

export const amountMessages = {
  invalid: 'จำนวนเงินไม่ถูกต้อง (ตัวเลขไม่เกิน 2 ตำแหน่งทศนิยม)',
  positive: 'จำนวนเงินต้องมากกว่า 0',
} as const

/** Baht at the edge: a JSON number, > 0, at most 2 decimals, at most 10 million. Strings are refused. */
export const BahtAmount = z
  .number({ error: amountMessages.invalid })
  .refine((v) => isBahtAmount(v), { error: amountMessages.invalid })
  .refine((v) => v > 0, { error: amountMessages.positive })

const Baht = z.number()
const Iso = z.string()

export const DepositConfig = z.object({ min_amount: Baht })
export const DepositBank = z.object({ code: z.string(), name: z.string(), address: z.string(), qrcode: z.string().nullable() })
export type DepositBank = z.infer<typeof DepositBank>

export const CreateDraftBillBody = strictBody({
  amount: BahtAmount,
  promotion: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)], { error: 'โปรโมชั่นไม่ถูกต้อง' }).nullish(),
})
/**
 * A draft bill as the player sees it. `status` LIVE: open, `seconds_left` (by the server's clock) to pay it; EXPIRED:
 * its time ran out a moment ago (the open-bill read answers it during the grace in which a transfer still completes
 * it, so the deposit page can say so). `promotion_id`: the promotion the bill carries, if any.
 */
export const DraftBill = z.object({
  payment_id: z.string(),
  status: z.enum(['LIVE', 'EXPIRED']),
  amount: Baht,
  promotion_id: z.number().int().nullable(),
  expires_at: Iso,
  seconds_left: z.number().int(),
  // bank_account_name: the name on the account to pay, which the deposit screen shows on the target card.
  payment_information: z.object({
    bank_code: z.string(),
    bank_name: z.string(),
    bank_account_name: z.string(),
    bank_address: z.string(),
    bank_qrcode: z.string().nullable(),
  }),
})
export type DraftBill = z.infer<typeof DraftBill>

export const DepositStatusParams = z.strictObject({ userId: recordId('รหัสผู้ใช้ไม่ถูกต้อง') })
/**
 * Where a slip check begins: the player's last credited deposit when the check began (null: none yet), as the server
 * read it (`GET /wallet/deposit/status/{userId}/cursor`). The check's polls send it back, so only a deposit credited
 * after it answers them: the phone's clock is never asked when the check began.
 */
export const DepositCheckCursor = z.object({ after: z.number().int().nullable() })
export type DepositCheckCursor = z.infer<typeof DepositCheckCursor>
const CURSOR_MESSAGE = 'ข้อมูลการตรวจสอบสลิปไม่ถูกต้อง กรุณาเปิดหน้าฝากเงินใหม่'
/** What each poll of the slip check sends: the cursor the check began with. */
export const DepositStatusBody = strictBody({
  after: z
    .number({ error: CURSOR_MESSAGE })
    .int({ error: CURSOR_MESSAGE })
    .positive({ error: CURSOR_MESSAGE })
    .max(Number.MAX_SAFE_INTEGER, { error: CURSOR_MESSAGE })
    .nullable(),
})
export type DepositStatusBody = z.infer<typeof DepositStatusBody>
export const DepositStatus = z.object({ deposit_id: z.number().int(), amount: Baht, credited_at: Iso })

const ExternalText = (max: number, message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message })

/** A transfer reported by a bank feed (bank API, slip verifier, SMS forwarder, the demo feed). */
export const BankTransferBody = strictBody({
  external_id: ExternalText(128, 'external_id ไม่ถูกต้อง'),
  to_account: z.string({ error: 'to_account ไม่ถูกต้อง' }).regex(/^[\d-]{6,20}$/, { error: 'to_account ไม่ถูกต้อง' }),
  from_bank_code: BankCode,
  from_account: ExternalText(32, 'from_account ไม่ถูกต้อง'),
  from_name: z.string().trim().max(200, { error: 'from_name ยาวเกินไป' }).nullish(),
  amount: BahtAmount,
  occurred_at: z.iso.datetime({ offset: true, error: 'occurred_at ต้องเป็นเวลา ISO 8601' }),
  /**
   * The transfer's reference as the sending bank (`from_bank_code`) names it, the one printed in its slip's QR (ADR
   * 079): given, a slip and this report of one transfer credit once, whichever arrives first.
   */
  from_bank_ref: z
    .string({ error: 'from_bank_ref ไม่ถูกต้อง' })
    .regex(/^[0-9A-Z]{10,32}$/, { error: 'from_bank_ref ต้องเป็นตัวอักษรภาษาอังกฤษตัวใหญ่หรือตัวเลข 10-32 ตัว' })
    .optional(),
})
export type BankTransferBody = z.infer<typeof BankTransferBody>
/**
 * A bank-feed transfer as the server takes it in: the body with its amount converted once, at the edge, from baht to
 * satang (the money codec, ADR 025); everything inward (hash, stored facts, comparisons) uses these satang.
 */
export type BankTransfer = Omit<BankTransferBody, 'amount'> & { amount: bigint }
export const bankTransferOf = (body: BankTransferBody): BankTransfer => ({ ...body, amount: bahtToSatang(body.amount) })
/**
 * MATCHED: credited (or an operator's claim it completed); UNMATCHED: waits for an operator; DUPLICATE: this transfer
 * was reported before; EXCEPTION: the reference belongs to a record with other facts, both wait in the exceptions
 * queue (`deposit_id` is that record, `exception_id` the new entry).
 */
export const BankTransferResult = z.object({
  status: z.enum(['MATCHED', 'UNMATCHED', 'DUPLICATE', 'EXCEPTION']),
  deposit_id: z.number().int().optional(),
  exception_id: z.number().int().optional(),
})
export type BankTransferResult = z.infer<typeof BankTransferResult>

/**
 * What holds the balance back while a running promotion's target is not met (ADR 072): the promotion's title and what
 * is left of its target, baht: turnover still to play (TURNOVER) or balance still to reach (CREDIT).
 */
export const WithdrawHold = z.object({ title: z.string(), type: z.enum(['TURNOVER', 'CREDIT']), left: Baht })
export type WithdrawHold = z.infer<typeof WithdrawHold>
/**
 * The withdrawal terms (spec §3) and, added by ADR 072, what may be withdrawn now (`withdrawable`, whole baht: 0 while
 * a promotion holds the balance, the mandatory amount under MAX_WITHDRAW, else the cash balance) and why the rest may
 * not (`held_by`, null when nothing holds it).
 */
export const WithdrawConfig = z.object({
  min_withdraw: Baht,
  options: z.object({ mandatory: z.boolean(), value: Baht }),
  withdrawable: Baht,
  held_by: WithdrawHold.nullable(),
})
export type WithdrawConfig = z.infer<typeof WithdrawConfig>
export const CreateWithdrawalBody = strictBody({ amount: BahtAmount })
export const Withdrawal = z.object({ id: z.number().int(), amount: Baht, status: z.enum(['PENDING', 'SUCCESS', 'FAIL', 'CANCEL']), created_at: Iso })
export type Withdrawal = z.infer<typeof Withdrawal>

/** A zero-based page number in a query string (`?page=2`); absent means the first page. */
export const PageParam = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'หน้าไม่ถูกต้อง' })
  .transform(Number)
  .optional()
  .default(0)
export const PageQuery = z.strictObject({ page: PageParam })
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() })
}
/** The list envelope's data (DESIGN §2): one zero-based page of items, the page size and how many there are. */
export interface Page<T> {
  list: T[]
  page: number
  size: number
  total: number
}
export const WalletHistoryItem = z.object({
  id: z.string(),
  txtype: z.enum(['DEPOSIT', 'WITHDRAW']),
  txamount: Baht,
  txstatus: z.enum(['PENDING', 'SUCCESS', 'FAIL', 'CANCEL']),
  created_at: Iso,
})
export type WalletHistoryItem = z.infer<typeof WalletHistoryItem>

export const DevBankAccount = z.object({ bank_code: z.string(), bank_account: z.string(), to_account: z.string() })

export const walletContract = {
  depositConfig: { response: { 200: okEnvelope(DepositConfig) } },
  depositBank: { response: { 200: okEnvelope(DepositBank) } },
  createDraftBill: { body: CreateDraftBillBody, response: { 200: okEnvelope(DraftBill) } },
  /** The player's open draft bill (ADR 071): the live one, or one that expired within the grace; null when none. */
  openDraftBill: { response: { 200: okEnvelope(DraftBill.nullable()) } },
  cancelDraftBill: { response: { 200: MessageOnly } },
  depositCheckCursor: { params: DepositStatusParams, response: { 200: okEnvelope(DepositCheckCursor) } },
  depositStatus: { params: DepositStatusParams, body: DepositStatusBody, response: { 200: okEnvelope(DepositStatus) } },
  bankTransfer: { body: BankTransferBody, response: { 200: okEnvelope(BankTransferResult) } },
  withdrawConfig: { response: { 200: okEnvelope(WithdrawConfig) } },
  createWithdrawal: { body: CreateWithdrawalBody, response: { 200: okEnvelope(Withdrawal) } },
  histories: { querystring: PageQuery, response: { 200: okEnvelope(pageOf(WalletHistoryItem)) } },
  devBankAccount: { querystring: z.strictObject({ mobile: Mobile }), response: { 200: okEnvelope(DevBankAccount) } },
}
