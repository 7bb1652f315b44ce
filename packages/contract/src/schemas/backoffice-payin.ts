import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { BankAccount, BankCode, decisionFields, idParams, personName, strictBody } from './fields.ts'
import { CanDecide } from './backoffice-permissions.ts'

// The back-office pay-in accounts (issue 20 §2): the operator bank accounts players deposit into, under four eyes.

export const promptPayTypes = ['MSISDN', 'NATID', 'EWALLETID'] as const
/** What each kind of PromptPay id looks like: a Thai mobile number, a 13-digit national or tax id, a 15-digit e-wallet id. */
export const PROMPTPAY_ID_SHAPE: Record<(typeof promptPayTypes)[number], RegExp> = {
  MSISDN: /^0\d{9}$/,
  NATID: /^\d{13}$/,
  EWALLETID: /^\d{15}$/,
}
const PROMPTPAY_MESSAGE = 'พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลัก เลขประจำตัว 13 หลัก หรือ e-Wallet 15 หลัก ตามประเภทที่เลือก'

/** A new pay-in account, or new details for one: pending until a second finance operator activates it. */
export const PayinAccountBody = strictBody({
  bank_code: BankCode,
  account_number: BankAccount,
  account_name: personName('กรุณากรอกชื่อบัญชี (ไม่เกิน 100 ตัวอักษร)'),
  promptpay_type: z.enum(promptPayTypes, { error: 'ประเภทพร้อมเพย์ไม่ถูกต้อง' }).nullable(),
  promptpay_id: z.string({ error: PROMPTPAY_MESSAGE }).max(15, { error: PROMPTPAY_MESSAGE }).nullable(),
}).refine((b) => (b.promptpay_type === null ? b.promptpay_id === null : b.promptpay_id !== null && PROMPTPAY_ID_SHAPE[b.promptpay_type].test(b.promptpay_id)), {
  error: PROMPTPAY_MESSAGE,
  path: ['promptpay_id'],
})
export type PayinAccountBody = z.infer<typeof PayinAccountBody>

export const PayinAccountStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED'])
export type PayinAccountStatus = z.infer<typeof PayinAccountStatus>

/**
 * One version of a pay-in account. `active`: offered to players now. A PENDING version waits for a second finance
 * operator; `replaces_id` names the account it replaces when activated. `decided_by` null on an APPROVED account:
 * approved by the system (seeded).
 */
export const PayinAccount = z.object({
  id: z.number().int(),
  bank_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  promptpay_type: z.enum(promptPayTypes).nullable(),
  promptpay_id: z.string().nullable(),
  status: PayinAccountStatus,
  active: z.boolean(),
  replaces_id: z.number().int().nullable(),
  proposed_by: z.string().nullable(),
  ...decisionFields,
  created_at: z.string(),
  retired_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** On a PENDING version: whether the signed-in operator may activate it now (ADR 075). */
  can_decide: CanDecide.optional(),
})
export type PayinAccount = z.infer<typeof PayinAccount>

const PayinParams = idParams('รหัสบัญชีรับเงินไม่ถูกต้อง')

export const backofficePayinContract = {
  list: { response: { 200: okEnvelope(z.array(PayinAccount)) } },
  propose: { body: PayinAccountBody, response: { 200: okEnvelope(PayinAccount) } },
  /** New details for an active account: a new pending version that replaces it once activated. */
  change: { params: PayinParams, body: PayinAccountBody, response: { 200: okEnvelope(PayinAccount) } },
  activate: { params: PayinParams, response: { 200: okEnvelope(PayinAccount) } },
  reject: { params: PayinParams, response: { 200: okEnvelope(PayinAccount) } },
  retire: { params: PayinParams, response: { 200: okEnvelope(PayinAccount) } },
}
