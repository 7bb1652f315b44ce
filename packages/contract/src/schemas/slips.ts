import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { Mobile, recordId, strictBody } from './fields.ts'
import { BahtAmount, PageParam, pageOf } from './wallet.ts'

// Transfer slips (issue 37 §1, ADR 079): the player sends the text of the slip's QR code, never the picture.

/**
 * Why a slip was not credited (or was sent to an operator), as the desk lists it; the player reads each in Thai
 * (messages.ts `SLIP_REASON_<code>`). PAYLOAD is never stored: such a request is refused at once.
 * - NOT_FOUND: the verifier says no such transfer exists.
 * - RECEIVER: not paid into one of the site's pay-in accounts (active, or retired after the transfer).
 * - SENDER: not from the player's registered account (bank, account, name).
 * - TOO_OLD: more than 24 h old, or timed in the future.
 * - BEFORE_BILL: made before the player's open deposit bill was created.
 * - AMOUNT_NOT_BILL: another amount than the open bill's.
 * - BELOW_MIN: without a bill, less than the minimum deposit.
 * - OVER_LIMIT: without a bill, more than is left of the player's own deposit limit.
 * - CREDITED_TO_OTHER: the transfer was credited to another member.
 * - ALREADY_CREDITED: (status CREDITED) the transfer was already credited to this player, by the bank feed or a slip.
 * - FEED_DIFFERS, EXCLUDED_PERSON, VERIFIER_UNKNOWN: (status MANUAL_REVIEW) the stored transfer contradicts the slip;
 *   the member is another account of a restricted person (ADR 047); the verifier could not answer after every retry.
 */
export const SlipReason = z.enum([
  'NOT_FOUND',
  'RECEIVER',
  'SENDER',
  'TOO_OLD',
  'BEFORE_BILL',
  'AMOUNT_NOT_BILL',
  'BELOW_MIN',
  'OVER_LIMIT',
  'CREDITED_TO_OTHER',
  'ALREADY_CREDITED',
  'FEED_DIFFERS',
  'EXCLUDED_PERSON',
  'VERIFIER_UNKNOWN',
])
export type SlipReason = z.infer<typeof SlipReason>

export const SlipCheckStatus = z.enum(['CHECKING', 'CREDITED', 'REFUSED', 'MANUAL_REVIEW', 'CLOSED'])
export type SlipCheckStatus = z.infer<typeof SlipCheckStatus>

const SLIP_PAYLOAD_MESSAGE = 'ข้อมูลจาก QR code ของสลิปไม่ถูกต้อง กรุณาสแกนสลิปอีกครั้ง'
/** The text the browser decoded from the slip's QR code. */
export const SubmitSlipBody = strictBody({
  payload: z.string({ error: SLIP_PAYLOAD_MESSAGE }).min(1, { error: SLIP_PAYLOAD_MESSAGE }).max(512, { error: SLIP_PAYLOAD_MESSAGE }),
})
export type SubmitSlipBody = z.infer<typeof SubmitSlipBody>

/**
 * A slip check as the player sees it: CHECKING (the bank has not answered yet; retried by the server), CREDITED (the
 * deposit, `reason` ALREADY_CREDITED when it was credited before), REFUSED with its reason, MANUAL_REVIEW (an operator
 * looks at it), CLOSED (an operator closed it). `message` says it in Thai. `amount`: the slip's baht when the verifier
 * said it.
 */
export const SlipCheck = z.object({
  id: z.number().int(),
  status: SlipCheckStatus,
  reason: SlipReason.nullable(),
  message: z.string(),
  amount: z.number().nullable(),
  deposit_id: z.number().int().nullable(),
})
export type SlipCheck = z.infer<typeof SlipCheck>

/** A slip check as the back-office lists it: the check, the member, and what the verifier said. */
export const BackofficeSlipCheck = SlipCheck.extend({
  player_id: z.number().int(),
  mobile: z.string().nullable(),
  slip_key: z.string(),
  verifier: z.string(),
  verifier_code: z.string().nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  occurred_at: z.string().nullable(),
  sender: z.string().nullable(),
  receiver: z.string().nullable(),
  created_at: z.string(),
  close_note: z.string().nullable(),
})
export type BackofficeSlipCheck = z.infer<typeof BackofficeSlipCheck>

export const SlipChecksQuery = z.strictObject({
  status: z.enum(['REFUSED', 'CHECKING', 'MANUAL_REVIEW', 'CREDITED', 'CLOSED'], { error: 'สถานะไม่ถูกต้อง' }).optional().default('MANUAL_REVIEW'),
  page: PageParam,
})
export const SlipCheckParams = z.strictObject({ id: recordId('รหัสรายการไม่ถูกต้อง') })
const CLOSE_NOTE_MESSAGE = 'กรุณาระบุเหตุผลที่ปิดรายการ (3-300 ตัวอักษร)'
export const CloseSlipCheckBody = strictBody({
  note: z.string({ error: CLOSE_NOTE_MESSAGE }).trim().min(3, { error: CLOSE_NOTE_MESSAGE }).max(300, { error: CLOSE_NOTE_MESSAGE }),
})

/** Demo mode only: the demo bank makes a transfer from a player's registered account (`npm run bank:transfer -- --slip`). */
export const DemoBankTransferBody = strictBody({
  mobile: Mobile,
  amount: BahtAmount,
  to_account: z
    .string({ error: 'to_account ไม่ถูกต้อง' })
    .regex(/^\d{10,15}$/, { error: 'to_account ไม่ถูกต้อง' })
    .optional(),
})
/** The transfer the demo bank made: its reference and the QR text its slip carries. */
export const DemoBankTransfer = z.object({ sending_bank: z.string(), reference: z.string(), payload: z.string(), to_account: z.string() })

export const slipsContract = {
  demoBankTransfer: { body: DemoBankTransferBody, response: { 200: okEnvelope(DemoBankTransfer) } },
  submitSlip: { body: SubmitSlipBody, response: { 200: okEnvelope(SlipCheck) } },
  slipChecks: { querystring: SlipChecksQuery, response: { 200: okEnvelope(pageOf(BackofficeSlipCheck)) } },
  recheckSlip: { params: SlipCheckParams, response: { 200: okEnvelope(BackofficeSlipCheck) } },
  closeSlip: { params: SlipCheckParams, body: CloseSlipCheckBody, response: { 200: okEnvelope(BackofficeSlipCheck) } },
}
