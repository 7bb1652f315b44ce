import { z } from 'zod'
import { isBahtAmount } from '../money.ts'
import { okEnvelope } from './envelope.ts'
import { idParams, OperatorReason, ReasonBody, strictBody } from './fields.ts'
import { amountMessages } from './wallet.ts'
import { CanDecide, settingsVersionFields } from './backoffice-permissions.ts'

// AML and fraud rules with cases (issue 39 §1, §2, ADR 089). The rules' parameters travel in baht, ratios and counts;
// a version is proposed by one operator and applied by a second, different one. Alerts keep the rule's inputs, cases
// group a player's alerts.

/** The rules, R1-R10 as issue 39 names them. */
export const RISK_RULES = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10'] as const
export const RiskRule = z.enum(RISK_RULES)
export type RiskRule = z.infer<typeof RiskRule>

/** What a rule is evaluated on. */
export const RiskEvent = z.enum(['DEPOSIT', 'WITHDRAWAL', 'REGISTRATION', 'REFERRAL_PAYOUT'])
export type RiskEvent = z.infer<typeof RiskEvent>

/**
 * What an alert asks for: REVIEW is listed in the inbox (joining the player's open case if there is one); CASE opens
 * or joins the player's case, which holds the player's withdrawals while it is open; HOLD does that and also holds the
 * money the event would move (a referral payout).
 */
export const RiskAction = z.enum(['REVIEW', 'CASE', 'HOLD'])
export type RiskAction = z.infer<typeof RiskAction>

const riskMessages = {
  number: 'กรุณากรอกตัวเลขที่ถูกต้อง',
  ratio: 'อัตราส่วนต้องเป็นตัวเลข 0 ถึง 100',
  count: 'จำนวนต้องเป็นจำนวนเต็ม 1 ถึง 1,000',
  holdAboveReview: 'อัตราส่วนที่ระงับต้องไม่มากกว่าอัตราส่วนที่ให้ตรวจสอบ',
  caseBelowReview: 'จำนวนผู้เล่นที่เปิดเคสต้องไม่น้อยกว่าจำนวนที่ให้ตรวจสอบ',
} as const

const Baht = z
  .number({ error: amountMessages.invalid })
  .refine((v) => isBahtAmount(v), { error: amountMessages.invalid })
  .refine((v) => v > 0, { error: amountMessages.positive })
const Ratio = z.number({ error: riskMessages.ratio }).min(0, { error: riskMessages.ratio }).max(100, { error: riskMessages.ratio })
const Count = z
  .number({ error: riskMessages.count })
  .int({ error: riskMessages.count })
  .min(1, { error: riskMessages.count })
  .max(1000, { error: riskMessages.count })

const paramsShape = {
  /** R1: wagering since the last withdrawal below this many times the deposits since: review; below the second: hold. */
  r1_review_ratio: Ratio,
  r1_hold_ratio: Ratio,
  /** R2: this many deposits in 24 hours, each within `r2_band_percent` below the line (baht), is structuring. */
  r2_line: Baht,
  r2_band_percent: Ratio,
  r2_count: Count,
  /** R3: a bank account, device or /24 address shared by this many players (the player included): review; the second: a case. */
  r3_review_players: Count,
  r3_case_players: Count,
  /** R4: a referee's turnover below this many times its deposits holds the referrer's commission. */
  r4_turnover_ratio: Ratio,
  /** R5: first-deposit bonuses into one bank account from this many players. */
  r5_bonus_players: Count,
  /** R7: more than this many withdrawals in 24 hours. */
  r7_withdrawals: Count,
  /** R8: a deposit of this many baht or more asks for an enhanced check. */
  r8_large_deposit: Baht,
  /** R9: this many days with no deposit, withdrawal or bet, then a deposit of at least `r9_amount` baht. */
  r9_idle_days: Count,
  r9_amount: Baht,
  /** R10: a withdrawal leaving less than `r10_left` baht in cash within this many minutes of a deposit. */
  r10_minutes: Count,
  r10_left: Baht,
}

export const RiskParams = z.object(paramsShape)
export type RiskParams = z.infer<typeof RiskParams>

/** `POST /backoffice/risk/params`: every parameter of the new version, and why. */
export const RiskParamsBody = strictBody({ ...paramsShape, reason: OperatorReason }).superRefine((v, ctx) => {
  if (v.r1_hold_ratio > v.r1_review_ratio) ctx.addIssue({ code: 'custom', path: ['r1_hold_ratio'], message: riskMessages.holdAboveReview })
  if (v.r3_case_players < v.r3_review_players) ctx.addIssue({ code: 'custom', path: ['r3_case_players'], message: riskMessages.caseBelowReview })
})
export type RiskParamsBody = z.infer<typeof RiskParamsBody>

export const RiskParamsVersion = RiskParams.extend(settingsVersionFields)
export type RiskParamsVersion = z.infer<typeof RiskParamsVersion>

/** `GET /backoffice/risk/params`: the parameters in force (id 0: the built-in defaults), the proposal waiting. */
export const RiskParamsOverview = z.object({ current: RiskParamsVersion, pending: RiskParamsVersion.nullable() })
export type RiskParamsOverview = z.infer<typeof RiskParamsOverview>

export const RiskAlert = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  mobile: z.string(),
  case_id: z.number().int().nullable(),
  rule: RiskRule,
  event: RiskEvent,
  action: RiskAction,
  /** The event's target (`deposit:12`, `withdrawal:7`, `player:3`, `referral:3`). */
  reference: z.string(),
  /** The parameters' version (0: the defaults) and the aggregates the rule read: enough to replay it. */
  params_version: z.number().int(),
  inputs: z.record(z.string(), z.unknown()),
  text: z.string(),
  created_at: z.string(),
})
export type RiskAlert = z.infer<typeof RiskAlert>

export const RiskCaseStatus = z.enum(['OPEN', 'INVESTIGATING', 'CLOSED'])
export type RiskCaseStatus = z.infer<typeof RiskCaseStatus>
export const RISK_OUTCOMES = ['CONFIRMED_RISK', 'USEFUL_ALERT', 'FALSE_POSITIVE'] as const
export const RiskOutcome = z.enum(RISK_OUTCOMES, { error: 'กรุณาเลือกผลการตรวจสอบ' })
export type RiskOutcome = z.infer<typeof RiskOutcome>

/**
 * The suspicious transaction report's draft (ปปง. แบบ 1-03, issue 39 §2), one row per ledger row of the case's evidence,
 * with the AMLO's fields as Thai headings.
 */
export const RISK_REPORT_COLUMNS = [
  'เลขที่เคส',
  'วันที่จัดทำรายงาน',
  'ชื่อผู้ทำธุรกรรม',
  'นามสกุลผู้ทำธุรกรรม',
  'หมายเลขโทรศัพท์',
  'ธนาคาร',
  'เลขที่บัญชี',
  'วันที่ทำธุรกรรม',
  'ประเภทธุรกรรม',
  'ทิศทาง',
  'จำนวนเงิน (บาท)',
  'เลขอ้างอิง',
  'เหตุอันควรสงสัย',
  'ผลการตรวจสอบ',
  'รหัสผู้จัดทำรายงาน',
] as const
/** Each outcome as the report draft writes it. */
export const RISK_OUTCOME_TEXT: Record<RiskOutcome, string> = {
  CONFIRMED_RISK: 'ยืนยันความเสี่ยง',
  USEFUL_ALERT: 'การแจ้งเตือนมีประโยชน์',
  FALSE_POSITIVE: 'แจ้งเตือนผิดพลาด',
}
/** A ledger row's direction as the report draft writes it. */
export const RISK_REPORT_DIRECTION = { IN: 'เข้า', OUT: 'ออก' } as const

export const RiskCaseSummary = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  mobile: z.string(),
  status: RiskCaseStatus,
  assignee: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  due_at: z.string().nullable(),
  outcome: RiskOutcome.nullable(),
  str: z.boolean(),
  rules: z.array(RiskRule),
  alerts: z.number().int(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  /** A closing that needs a second operator (confirmed risk, or a suspicious transaction report), asked and waiting. */
  close_request: z
    .object({ outcome: RiskOutcome, str: z.boolean(), note: z.string(), requested_by: z.string(), requested_by_id: z.number().int(), at: z.string() })
    .nullable(),
})
export type RiskCaseSummary = z.infer<typeof RiskCaseSummary>

/** One case with its evidence: the alerts and their inputs, the player's ledger rows, the linked players, the notes. */
export const RiskCase = RiskCaseSummary.extend({
  player: z.object({ firstname: z.string(), surname: z.string(), bank_code: z.string(), bank_account: z.string(), created_at: z.string() }),
  alert_list: z.array(RiskAlert),
  ledger: z.array(
    z.object({ id: z.number().int(), kind: z.string(), amount: z.number(), direction: z.enum(['IN', 'OUT']), reference: z.string(), at: z.string() }),
  ),
  linked: z.array(z.object({ player_id: z.number().int(), mobile: z.string(), reasons: z.array(z.string()) })),
  notes: z.array(z.object({ id: z.number().int(), operator: z.string(), body: z.string(), at: z.string() })),
  /** Whether the signed-in operator may complete the closing waiting for a second operator. */
  can_decide: CanDecide.optional(),
})
export type RiskCase = z.infer<typeof RiskCase>

/** `GET /backoffice/risk/inbox`: open cases (oldest due first) and the review alerts no case holds yet. */
export const RiskInbox = z.object({ cases: z.array(RiskCaseSummary), alerts: z.array(RiskAlert) })
export type RiskInbox = z.infer<typeof RiskInbox>

export const RiskCaseParams = idParams('ไม่พบเคส')
export const RiskAlertParams = idParams('ไม่พบการแจ้งเตือน')

/** `PATCH`-like update of a case's work: assignee (null: nobody), due date, status OPEN or INVESTIGATING. */
export const RiskCaseUpdateBody = strictBody({
  assignee_id: z.number().int().positive().nullable().optional(),
  due_at: z.iso.datetime({ error: 'วันครบกำหนดไม่ถูกต้อง' }).nullable().optional(),
  status: z.enum(['OPEN', 'INVESTIGATING'], { error: 'สถานะไม่ถูกต้อง' }).optional(),
})
export type RiskCaseUpdateBody = z.infer<typeof RiskCaseUpdateBody>

export const RiskNoteBody = strictBody({
  body: z.string({ error: 'กรุณากรอกบันทึก' }).trim().min(1, { error: 'กรุณากรอกบันทึก' }).max(2000, { error: 'บันทึกยาวเกินไป' }),
})
export type RiskNoteBody = z.infer<typeof RiskNoteBody>

/** Closing a case: the outcome, whether a suspicious transaction report (STR) is filed, and why. */
export const RiskCloseBody = strictBody({
  outcome: RiskOutcome,
  str: z.boolean({ error: 'กรุณาระบุว่าจะรายงานธุรกรรมที่มีเหตุอันควรสงสัยหรือไม่' }),
  note: OperatorReason,
})
export type RiskCloseBody = z.infer<typeof RiskCloseBody>

const env = okEnvelope
/** The risk desk's routes: 'risk.work' reads and works cases; closing with confirmed risk or an STR waits for a second operator. */
export const backofficeRiskContract = {
  inbox: { response: { 200: env(RiskInbox) } },
  case: { params: RiskCaseParams, response: { 200: env(RiskCase) } },
  openFromAlert: { params: RiskAlertParams, response: { 200: env(RiskCase) } },
  update: { params: RiskCaseParams, body: RiskCaseUpdateBody, response: { 200: env(RiskCase) } },
  note: { params: RiskCaseParams, body: RiskNoteBody, response: { 200: env(RiskCase) } },
  close: { params: RiskCaseParams, body: RiskCloseBody, response: { 200: env(RiskCase) } },
  confirmClose: { params: RiskCaseParams, response: { 200: env(RiskCase) } },
  rejectClose: { params: RiskCaseParams, body: ReasonBody, response: { 200: env(RiskCase) } },
  /** The suspicious transaction report's draft in the AMLO's fields, CSV with Thai headings. */
  report: { params: RiskCaseParams, response: { 200: { content: { 'text/csv': { schema: z.string() } } } } },
  params: { response: { 200: env(RiskParamsOverview) } },
  proposeParams: { body: RiskParamsBody, response: { 200: env(RiskParamsVersion) } },
  approveParams: { params: idParams('ไม่พบข้อเสนอ'), response: { 200: env(RiskParamsVersion) } },
  rejectParams: { params: idParams('ไม่พบข้อเสนอ'), body: ReasonBody, response: { 200: env(RiskParamsVersion) } },
}
