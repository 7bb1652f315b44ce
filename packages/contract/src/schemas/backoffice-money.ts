import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { idParams, Mobile, OperatorReason, ReasonBody, recordId, strictBody } from './fields.ts'
import { BackofficeDeposit } from './backoffice.ts'
import { BahtAmount, PageParam, pageOf } from './wallet.ts'
import { CanDecide } from './backoffice-permissions.ts'

// The money desk (ADR 035): every operator action that moves money goes through one policy; what waits for a second
// operator is one approval row; bank transfers that contradict a record wait as exceptions; each pay-in account is
// reconciled per Bangkok day.

const Iso = z.string()

// A Bangkok day of this century or the last (a year 0000 has no instant the database takes).
const BangkokDayParam = z
  .string({ error: 'วันที่ไม่ถูกต้อง' })
  .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'วันที่ไม่ถูกต้อง' })
  .refine(
    (d) => {
      // Refinements run on a string the pattern refused too: nothing here may throw.
      const at = Date.parse(`${d}T00:00:00Z`)
      return !Number.isNaN(at) && new Date(at).toISOString().startsWith(d)
    },
    { error: 'วันที่ไม่ถูกต้อง' },
  )

export const ApprovalKind = z.enum(['MANUAL_DEPOSIT', 'ASSIGN_DEPOSIT', 'ADJUSTMENT', 'WITHDRAWAL'])
export type ApprovalKind = z.infer<typeof ApprovalKind>
export const ApprovalStatus = z.enum(['PENDING', 'APPLIED', 'REJECTED'])
export type ApprovalStatus = z.infer<typeof ApprovalStatus>
/**
 * Why an action waits for a second, different operator: a manual deposit no bank transfer confirms; a transfer given
 * to a member whose account or name did not send it; one action above BACKOFFICE_FOUR_EYES_BAHT; the operator's own
 * total of money actions that Bangkok day, or the member's total received from operators that day, above it.
 */
export const HoldReasonCode = z.enum([
  'UNCONFIRMED_DEPOSIT',
  'SENDER_NOT_MEMBER',
  'MEMBER_AFTER_TRANSFER',
  'ABOVE_THRESHOLD',
  'OPERATOR_DAILY_TOTAL',
  'MEMBER_DAILY_TOTAL',
  'RISK_CASE_OPEN',
])
export type HoldReasonCode = z.infer<typeof HoldReasonCode>

/**
 * One operator money action (ADR 035). `amount` is baht to the member (negative: a debit adjustment). `reasons` say
 * why it waits (empty when one operator sufficed), each as a code and its Thai text. `reason` is the requester's note
 * (the adjustment's reason, the manual deposit's note), `reject_reason` the rejection's reason or `BANK_FEED` when
 * the bank feed completed a manual deposit.
 */
export const Approval = z.object({
  id: z.number().int(),
  kind: ApprovalKind,
  status: ApprovalStatus,
  player_id: z.number().int(),
  mobile: z.string(),
  amount: z.number(),
  reason: z.string(),
  reasons: z.array(z.object({ code: HoldReasonCode, text: z.string() })),
  deposit_id: z.number().int().nullable(),
  withdrawal_id: z.number().int().nullable(),
  /** The bank's reference of a manual deposit or an assigned transfer; a withdrawal's payout reference. */
  reference: z.string().nullable(),
  requested_by: z.string(),
  requested_by_id: z.number().int(),
  decided_by: z.string().nullable(),
  reject_reason: z.string().nullable(),
  created_at: Iso,
  decided_at: Iso.nullable(),
  /** In the queue, on a waiting action: whether the signed-in operator may approve it now (ADR 075). */
  can_decide: CanDecide.optional(),
})
export type Approval = z.infer<typeof Approval>
/** An adjustment is an approval of kind ADJUSTMENT. */
export const Adjustment = Approval
export type Adjustment = Approval

export const AdjustmentBody = strictBody({
  direction: z.enum(['CREDIT', 'DEBIT'], { error: 'กรุณาเลือกเพิ่มหรือลดยอด' }),
  amount: BahtAmount,
  reason: OperatorReason,
  /** A fresh id per request from the operator's screen: the same id again answers the first adjustment. */
  request_id: z.uuid({ error: 'รหัสคำขอไม่ถูกต้อง' }),
})
export type AdjustmentBody = z.infer<typeof AdjustmentBody>

/**
 * AMOUNT, SENDER, PAY_IN_ACCOUNT: a transfer whose reference another record holds with other facts (not credited).
 * DEPOSIT_LIMIT: a transfer credited although it went past the member's own deposit limit (ADR 048): money is never
 * kept from the member; the flag waits only to be acknowledged (DISMISS), never credited again.
 */
export const ExceptionReasonCode = z.enum(['AMOUNT', 'SENDER', 'PAY_IN_ACCOUNT', 'DEPOSIT_LIMIT'])
/** A bank transfer whose reference is held by another record with other facts, shown beside that record. */
export const DepositException = z.object({
  id: z.number().int(),
  status: z.enum(['OPEN', 'CREDITED', 'DISMISSED']),
  reasons: z.array(z.object({ code: ExceptionReasonCode, text: z.string() })),
  transfer: BackofficeDeposit.pick({
    external_id: true,
    to_account: true,
    from_bank_code: true,
    from_account: true,
    from_name: true,
    amount: true,
    occurred_at: true,
    received_at: true,
  }),
  existing: BackofficeDeposit,
  resolved_by: z.string().nullable(),
  resolved_at: Iso.nullable(),
  resolution_note: z.string().nullable(),
  /** CREDITED: the deposit made of this transfer and the approval that credits it. */
  credited_deposit_id: z.number().int().nullable(),
})
export type DepositException = z.infer<typeof DepositException>

export const ResolveExceptionBody = z.discriminatedUnion(
  'action',
  [strictBody({ action: z.literal('CREDIT'), mobile: Mobile, reason: OperatorReason }), strictBody({ action: z.literal('DISMISS'), reason: OperatorReason })],
  { error: 'กรุณาเลือกวิธีแก้ไขรายการ' },
)
export type ResolveExceptionBody = z.infer<typeof ResolveExceptionBody>

/**
 * The differences a reconciliation lists, each of one of `kind`'s kinds: what it is in Thai, its amount, the deposit
 * and the member where known, and the `records` of its own that it names.
 */
function differenceList<K extends z.ZodType, R extends z.ZodRawShape>(kind: K, records: R) {
  return z.array(
    z.object({
      kind,
      text: z.string(),
      amount: z.number(),
      deposit_id: z.number().int().nullable(),
      player_id: z.number().int().nullable(),
      ...records,
    }),
  )
}
export const ReconciliationDifferenceKind = z.enum(['NOT_CREDITED', 'EXCEPTION', 'WITHOUT_FEED', 'CLAIM_PENDING'])
/**
 * One pay-in account's Bangkok day (by the transfer's time): what the bank feed reported against what was credited.
 * `account` is null for records without one (manual deposits no transfer confirmed). Every difference is listed.
 */
export const ReconciliationAccount = z.object({
  account: z.string().nullable(),
  bank_code: z.string().nullable(),
  account_name: z.string().nullable(),
  feed_total: z.number(),
  feed_count: z.number().int(),
  credited_total: z.number(),
  credited_count: z.number().int(),
  /** feed_total - credited_total. */
  difference: z.number(),
  differences: differenceList(ReconciliationDifferenceKind, { exception_id: z.number().int().nullable(), external_id: z.string() }),
})
export type ReconciliationAccount = z.infer<typeof ReconciliationAccount>
/** Where incoming transfers are reported (issue 37 §5): the bank feed, a player's slip, a forwarded bank notification, an operator. */
export const TransferSource = z.enum(['BANK_FEED', 'SLIP', 'NOTIFICATION', 'MANUAL'])
export type TransferSource = z.infer<typeof TransferSource>
export const ReconciliationSourceDifferenceKind = z.enum(['NOT_CREDITED', 'CLAIM_PENDING', 'SLIP_NOT_CREDITED', 'NOTIFICATION_NOT_JOINED'])
/**
 * One source's share of a reconciled day (ADR 086): the transfers it reported (a transfer two sources reported is in
 * both rows, and once in `transfers`), how many of them were credited, and what it reported that was not.
 */
export const ReconciliationSource = z.object({
  source: TransferSource,
  reported_count: z.number().int(),
  reported_total: z.number(),
  credited_count: z.number().int(),
  credited_total: z.number(),
  /** reported_total - credited_total. */
  difference: z.number(),
  differences: differenceList(ReconciliationSourceDifferenceKind, {
    /** The source's own record: the slip check or the notification (null for a deposit). */
    record_id: z.number().int().nullable(),
    reference: z.string(),
  }),
})
export type ReconciliationSource = z.infer<typeof ReconciliationSource>
/** Every transfer of the day counted once, whichever sources reported it. */
export const ReconciliationTransfers = z.object({ count: z.number().int(), total: z.number(), credited_count: z.number().int(), credited_total: z.number() })
export const Reconciliation = z.object({
  day: z.string(),
  accounts: z.array(ReconciliationAccount),
  sources: z.array(ReconciliationSource),
  transfers: ReconciliationTransfers,
})
export type Reconciliation = z.infer<typeof Reconciliation>

/**
 * Today's arrivals per source (issue 37 §5, ADR 086), by when each report arrived: matched = credited; waiting =
 * unmatched, in manual review, retrying or claimed; failed = refused, unreadable, closed; not_money = a forwarded text
 * that is no incoming transfer (outgoing money, a code, a balance). arrived = matched + waiting + failed + not_money.
 */
export const SourceArrivals = z.object({
  source: TransferSource,
  arrived: z.number().int(),
  matched: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
  not_money: z.number().int(),
})
export type SourceArrivals = z.infer<typeof SourceArrivals>
export const DepositSources = z.object({ day: z.string(), sources: z.array(SourceArrivals) })
export type DepositSources = z.infer<typeof DepositSources>

/** What a money action answers: the approval row (APPLIED, or PENDING with its reasons). */
const DepositActionResult = z.object({
  deposit_id: z.number().int(),
  player_id: z.number().int(),
  amount: z.number(),
  status: ApprovalStatus,
  approval: Approval,
})

const ApprovalIdParams = idParams('รหัสรายการไม่ถูกต้อง')

export const backofficeMoneyContract = {
  manualDeposit: {
    // The bank's reference of the transfer becomes the deposit's external id, the one the bank feed reports it by: the
    // feed's transfer with that reference, amount and the member's account completes the claim.
    body: strictBody({
      mobile: Mobile,
      amount: BahtAmount,
      bank_ref: z.string({ error: 'กรุณาระบุเลขอ้างอิงธนาคาร' }).trim().min(1, { error: 'กรุณาระบุเลขอ้างอิงธนาคาร' }).max(128, { error: 'เลขอ้างอิงธนาคารยาวเกินไป' }),
      note: OperatorReason,
    }),
    response: { 200: okEnvelope(DepositActionResult) },
  },
  assignDeposit: { params: idParams('รหัสรายการไม่ถูกต้อง'), body: strictBody({ mobile: Mobile }), response: { 200: okEnvelope(DepositActionResult) } },
  requestAdjustment: { params: idParams('รหัสสมาชิกไม่ถูกต้อง'), body: AdjustmentBody, response: { 200: okEnvelope(Approval) } },
  approvals: {
    querystring: z.strictObject({
      status: ApprovalStatus.optional(),
      kind: ApprovalKind.optional(),
      player_id: recordId('รหัสสมาชิกไม่ถูกต้อง').transform(Number).optional(),
      page: PageParam,
    }),
    response: { 200: okEnvelope(pageOf(Approval)) },
  },
  approve: { params: ApprovalIdParams, response: { 200: okEnvelope(Approval) } },
  reject: { params: ApprovalIdParams, body: ReasonBody, response: { 200: okEnvelope(Approval) } },
  exceptions: {
    querystring: z.strictObject({ status: z.enum(['OPEN', 'CREDITED', 'DISMISSED']).optional().default('OPEN'), page: PageParam }),
    response: { 200: okEnvelope(pageOf(DepositException)) },
  },
  resolveException: {
    params: idParams('รหัสรายการไม่ถูกต้อง'),
    body: ResolveExceptionBody,
    response: { 200: okEnvelope(z.object({ exception: DepositException, approval: Approval.nullable() })) },
  },
  reconciliation: {
    querystring: z.strictObject({ day: BangkokDayParam }),
    response: { 200: okEnvelope(Reconciliation) },
  },
  /** Today's (or `day`'s) transfers per source, for the deposit desk (ADR 086). */
  depositSources: {
    querystring: z.strictObject({ day: BangkokDayParam.optional() }),
    response: { 200: okEnvelope(DepositSources) },
  },
}
