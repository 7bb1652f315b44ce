import { z } from 'zod'
import { isBahtAmount } from '../money.ts'
import { okEnvelope } from './envelope.ts'
import { DayOrInstant, idParams, payeeFields, ReasonBody, strictBody } from './fields.ts'
import { playerNames } from './user.ts'
import { PageParam, pageOf } from './wallet.ts'
import { CanDecide } from './backoffice-permissions.ts'

const Iso = z.string()
const IdParams = idParams('รหัสรายการไม่ถูกต้อง')

export const OperatorLoginBody = strictBody({
  username: z.string({ error: 'กรุณากรอกชื่อผู้ใช้และรหัสผ่าน' }).min(1, { error: 'กรุณากรอกชื่อผู้ใช้และรหัสผ่าน' }).max(64),
  password: z.string({ error: 'กรุณากรอกชื่อผู้ใช้และรหัสผ่าน' }).min(1, { error: 'กรุณากรอกชื่อผู้ใช้และรหัสผ่าน' }).max(72),
  /** The current code of the operator's authenticator app, once enrolled (issue 12). */
  otp: z
    .string({ error: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก' })
    .regex(/^\d{6}$/, { error: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก' })
    .optional(),
})
/** The operator roles, listed once: the database's column, the role picker and OPERATOR_PERMISSIONS read them here. */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'compliance'] as const
export const OperatorRole = z.enum(OPERATOR_ROLES, { error: 'กรุณาเลือกบทบาทของผู้ใช้งาน' })
export type OperatorRole = z.infer<typeof OperatorRole>
/** An operator's name, role and authenticator state, as every view of an operator gives them. */
export const operatorAccess = {
  username: z.string(),
  role: OperatorRole,
  totp_enrolled: z.boolean(),
  /** Without TOTP (any role): the session may only enrol, read itself and sign out until a code confirms it. */
  must_enroll: z.boolean(),
}
export const OperatorLoginResult = z.object({ token: z.string(), ...operatorAccess })

/**
 * PENDING waits for operators; with a payout bank (ADR 081) an approved withdrawal is PAYING until the bank answers,
 * PAYOUT_HELD when the bank's checks stopped it before anything was sent, OUTCOME_UNKNOWN when no answer says whether
 * the money moved. The player sees all four as PENDING.
 */
export const WithdrawalStatus = z.enum(['PENDING', 'PAYING', 'PAYOUT_HELD', 'OUTCOME_UNKNOWN', 'SUCCESS', 'FAIL', 'CANCEL'])
/**
 * What the operator deciding a withdrawal sees of its player (issue 12 §3), in baht: cash balance now, credited
 * deposits and paid withdrawals (count and sum), today's (Bangkok) bets net of rollbacks, the active promotion's title,
 * how many other players are linked (shared account holder name, device or address) and the latest sign-in address.
 */
export const WithdrawalContext = z.object({
  cash: z.number(),
  deposits: z.number().int(),
  deposited: z.number(),
  withdrawals: z.number().int(),
  withdrawn: z.number(),
  turnover_today: z.number(),
  promotion: z.string().nullable(),
  linked_players: z.number().int(),
  last_ip: z.string().nullable(),
})
export type WithdrawalContext = z.infer<typeof WithdrawalContext>
export const BackofficeWithdrawal = z.object({
  id: z.number().int(),
  ...payeeFields,
  status: WithdrawalStatus,
  payout_ref: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: Iso,
  decided_at: Iso.nullable(),
  /** Four-eyes (ADR 031): who approved so far; above the configured amount a second, different operator must approve. */
  approvals: z.array(z.object({ operator_id: z.number().int(), username: z.string(), at: Iso })),
  needs_second_approval: z.boolean(),
  context: WithdrawalContext,
  /** In the queue, on a waiting withdrawal: whether the signed-in operator may approve it now (ADR 075). */
  can_decide: CanDecide.optional(),
})
export type BackofficeWithdrawal = z.infer<typeof BackofficeWithdrawal>

const BackofficeDepositStatus = z.enum(['MATCHED', 'UNMATCHED', 'ASSIGNED', 'CLAIMED', 'REJECTED'])
/**
 * A transfer that reached an operator account, as the back-office lists it: UNMATCHED waits for an operator; MATCHED
 * (by the bank feed) and ASSIGNED (by an operator) are credited to `player_id`; CLAIMED is an operator's manual
 * deposit that waits for the feed or a second operator, REJECTED one a second operator refused (ADR 035).
 */
export const BackofficeDeposit = z.object({
  id: z.number().int(),
  source: z.enum(['BANK_FEED', 'MANUAL', 'SLIP', 'NOTIFICATION']),
  status: BackofficeDepositStatus,
  external_id: z.string(),
  to_account: z.string(),
  from_bank_code: z.string(),
  from_account: z.string(),
  from_name: z.string().nullable(),
  amount: z.number(),
  occurred_at: Iso,
  received_at: Iso,
  note: z.string().nullable(),
  player_id: z.number().int().nullable(),
  mobile: z.string().nullable(),
  credited_at: Iso.nullable(),
})
export type BackofficeDeposit = z.infer<typeof BackofficeDeposit>

/** Credited deposits, searchable (issue 12 §4); every filter is optional and they combine. */
export const DepositHistoryQuery = z.strictObject({
  /** The player: phone prefix, part of the name or of the bank account. */
  q: z.string().trim().min(1, { error: 'กรุณากรอกคำค้นหา' }).max(64, { error: 'คำค้นหายาวเกินไป' }).optional(),
  amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'จำนวนเงินไม่ถูกต้อง' })
    .transform(Number)
    // Within what a deposit can be (MAX_BAHT): the money codec refuses more, and no deposit is larger.
    .refine((baht) => baht > 0 && isBahtAmount(baht), { error: 'จำนวนเงินไม่ถูกต้อง' })
    .optional(),
  /** The bank's reference, exactly. */
  ref: z.string().trim().min(1).max(128, { error: 'เลขอ้างอิงยาวเกินไป' }).optional(),
  from: DayOrInstant.optional(),
  to: DayOrInstant.optional(),
  page: PageParam,
})
export type DepositHistoryQuery = z.input<typeof DepositHistoryQuery>

/**
 * A member's linked accounts (issue 10): players sharing the bank account holder's name, a device or an address
 * (registration or latest sign-in). Referral commission and rebate between linked downline and upline are not paid.
 */
export const MemberLinks = z.object({
  player_id: z.number().int(),
  list: z.array(
    z.object({
      player_id: z.number().int(),
      ...playerNames,
      reasons: z.array(z.enum(['NAME', 'DEVICE', 'ADDRESS'])),
      /** The shared addresses (device ids are kept only as hashes and not shown). */
      addresses: z.array(z.string()),
    }),
  ),
})
export type MemberLinks = z.infer<typeof MemberLinks>

export const backofficeContract = {
  login: { body: OperatorLoginBody, response: { 200: okEnvelope(OperatorLoginResult) } },
  withdrawals: {
    querystring: z.strictObject({
      status: WithdrawalStatus.optional().default('PENDING'),
      page: PageParam,
    }),
    response: { 200: okEnvelope(pageOf(BackofficeWithdrawal)) },
  },
  approveWithdrawal: {
    params: IdParams,
    // The reference of a payout made by hand; with a payout bank (ADR 081) none: the bank's answer gives it.
    body: strictBody({ payout_ref: z.string({ error: 'กรุณาระบุเลขอ้างอิงการโอน' }).trim().min(1, { error: 'กรุณาระบุเลขอ้างอิงการโอน' }).max(128).optional() }),
    response: { 200: okEnvelope(BackofficeWithdrawal) },
  },
  rejectWithdrawal: { params: IdParams, body: ReasonBody, response: { 200: okEnvelope(BackofficeWithdrawal) } },
  unmatchedDeposits: {
    querystring: z.strictObject({
      page: PageParam,
    }),
    response: { 200: okEnvelope(pageOf(BackofficeDeposit)) },
  },
  depositHistory: { querystring: DepositHistoryQuery, response: { 200: okEnvelope(pageOf(BackofficeDeposit)) } },
  memberLinks: { params: idParams('รหัสสมาชิกไม่ถูกต้อง'), response: { 200: okEnvelope(MemberLinks) } },
  ledgerVerify: {
    /**
     * `head`: an audit chain head exported earlier (`<position>:<hash>`, the `audit.head` log line or AUDIT_HEAD_FILE,
     * ADR 037); the chain must still hold it unchanged, so entries removed from the end are found.
     */
    querystring: z.strictObject({
      head: z
        .string({ error: 'หัวของห่วงโซ่ต้องอยู่ในรูปแบบ ลำดับ:แฮช' })
        .regex(/^\d{1,18}:[0-9a-fA-F]{64}$/, { error: 'หัวของห่วงโซ่ต้องอยู่ในรูปแบบ ลำดับ:แฮช' })
        .optional(),
    }),
    response: {
      200: okEnvelope(
        z.object({
          ok: z.boolean(),
          checked: z.number().int(),
          failures: z.array(z.object({ check: z.string(), account: z.string().optional(), detail: z.string() })),
          /** The audit chain's newest entry: its id, chain position and hash (hex); null for an empty log. */
          audit_head: z.object({ id: z.number().int(), seq: z.number().int(), hash: z.string() }).nullable(),
        }),
      ),
    },
  },
}
