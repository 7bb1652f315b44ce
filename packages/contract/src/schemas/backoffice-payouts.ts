import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { idParams, OperatorReason, payeeFields, ReasonBody, strictBody } from './fields.ts'
import { PageParam, pageOf } from './wallet.ts'
import { CanDecide } from './backoffice-permissions.ts'

// Payouts through a bank (issue 37 §3, ADR 081): the payouts the bank's checks stopped before anything was sent
// (HELD), and the ones whose outcome nobody knows (UNKNOWN), each with its age, until the bank answers or two
// operators resolve it.

const Iso = z.string()
const IdParams = idParams('รหัสรายการไม่ถูกต้อง')

export const PayoutStatus = z.enum([
  'READY',
  'INQUIRING',
  'INITIATING',
  'CONFIRMING',
  'PAID',
  'REJECTED',
  'HELD',
  'UNKNOWN',
  'RESOLVED_PAID',
  'RESOLVED_REFUNDED',
])
export type PayoutStatus = z.infer<typeof PayoutStatus>
/** The queues: stopped before sending, and unknown. */
export const PayoutQueue = z.enum(['HELD', 'UNKNOWN'])

export const BackofficePayout = z.object({
  id: z.number().int(),
  withdrawal_id: z.number().int(),
  ...payeeFields,
  /** The member's registered name, which the bank's account name must match. */
  member_name: z.string(),
  /** Sanam's own reference, stored before the bank was called: what the bank statement shows. */
  reference: z.string(),
  bank: z.string(),
  status: PayoutStatus,
  /** The account holder's name the bank answered (the name check), if it answered. */
  account_name: z.string().nullable(),
  bank_reference: z.string().nullable(),
  /** Why it is held or unknown, in Thai, and the code behind it. */
  reason: z.string().nullable(),
  error_code: z.string().nullable(),
  /** How many times the bank was asked again, and when next (unknown only). */
  checks: z.number().int(),
  next_check_at: Iso.nullable(),
  /** Since when it waits (held or unknown), and for how many seconds now. */
  since: Iso,
  age_seconds: z.number().int(),
  /** An operator's proposed resolution of an unknown, waiting for a second, different operator. */
  proposal: z
    .object({
      outcome: z.enum(['PAID', 'NOT_PAID']),
      bank_reference: z.string().nullable(),
      note: z.string(),
      by: z.string(),
      by_id: z.number().int(),
      at: Iso,
    })
    .nullable(),
  /** On a proposal: whether the signed-in operator may confirm it now (ADR 075). */
  can_decide: CanDecide.optional(),
})
export type BackofficePayout = z.infer<typeof BackofficePayout>

export const PayoutSummary = z.object({
  /** The payout bank approvals go to (`demo`, `http`), or null: paid by hand with a typed reference. */
  bank: z.string().nullable(),
  held: z.number().int(),
  unknown: z.number().int(),
  /** The oldest unknown's age in seconds (0 without one). */
  oldest_unknown_seconds: z.number().int(),
})
export type PayoutSummary = z.infer<typeof PayoutSummary>

const BankReference = z
  .string({ error: 'กรุณาระบุเลขอ้างอิงจากรายการเดินบัญชีธนาคาร' })
  .trim()
  .min(1, { error: 'กรุณาระบุเลขอ้างอิงจากรายการเดินบัญชีธนาคาร' })
  .max(128, { error: 'เลขอ้างอิงยาวเกินไป' })

/** One operator's reading of the bank statement for an unknown payout: paid with the bank's reference, or not paid. */
export const PayoutProposalBody = z.discriminatedUnion('outcome', [
  strictBody({ outcome: z.literal('PAID'), bank_reference: BankReference, note: z.string().trim().max(500).optional().default('') }),
  strictBody({ outcome: z.literal('NOT_PAID'), note: OperatorReason }),
])
export type PayoutProposalBody = z.infer<typeof PayoutProposalBody>

/**
 * A payout bank's status callback (ADR 086), in the words of ADR 081's look-up: our reference, the status, the bank's
 * reference or refusal code; a field it does not name is refused (400), as on every body. It settles nothing by itself.
 */
export const PayoutCallbackBody = strictBody({
  reference: z.string().regex(/^[0-9A-Z]{1,32}$/, { error: 'เลขอ้างอิงการจ่ายเงินไม่ถูกต้อง' }),
  status: z.enum(['SUCCESS', 'REJECTED', 'PENDING'], { error: 'สถานะต้องเป็น SUCCESS, REJECTED หรือ PENDING' }),
  bank_reference: z.string({ error: 'เลขอ้างอิงธนาคารไม่ถูกต้อง' }).min(1).max(128, { error: 'เลขอ้างอิงธนาคารยาวเกินไป' }).optional(),
  error_code: z.string({ error: 'รหัสข้อผิดพลาดไม่ถูกต้อง' }).min(1).max(64, { error: 'รหัสข้อผิดพลาดยาวเกินไป' }).optional(),
})
export type PayoutCallbackBody = z.infer<typeof PayoutCallbackBody>
/** `replay`: this exact callback was received before and nothing was done again. */
export const PayoutCallbackResult = z.object({ replay: z.boolean() })

/** The payout bank's signed callback route (ADR 086). */
export const payoutCallbackContract = {
  receive: { body: PayoutCallbackBody, response: { 200: okEnvelope(PayoutCallbackResult) } },
}

export const backofficePayoutsContract = {
  payouts: {
    querystring: z.strictObject({ status: PayoutQueue.optional().default('UNKNOWN'), page: PageParam }),
    response: { 200: okEnvelope(pageOf(BackofficePayout)) },
  },
  payoutSummary: { response: { 200: okEnvelope(PayoutSummary) } },
  /** "Ask the bank again": the bank's answer for this reference, now. */
  recheckPayout: { params: IdParams, response: { 200: okEnvelope(BackofficePayout) } },
  /** The first operator's reading of an unknown payout. */
  proposePayout: { params: IdParams, body: PayoutProposalBody, response: { 200: okEnvelope(BackofficePayout) } },
  /** A second, different operator confirms the proposal: the withdrawal is paid or refunded. */
  confirmPayout: { params: IdParams, body: strictBody({ proposed_at: Iso }), response: { 200: okEnvelope(BackofficePayout) } },
  /** A held payout (nothing sent) sent to the bank again, or refused: the money returns to the member. */
  sendPayoutAgain: { params: IdParams, response: { 200: okEnvelope(BackofficePayout) } },
  refusePayout: { params: IdParams, body: ReasonBody, response: { 200: okEnvelope(BackofficePayout) } },
}
