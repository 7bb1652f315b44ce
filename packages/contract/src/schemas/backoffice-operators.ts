import { z } from 'zod'
import { AUDIT_ACTION_NAMES } from '../audit-actions.ts'
import { MessageOnly, okEnvelope } from './envelope.ts'
import { DayOrInstant, idParams, MAX_PASSWORD_LENGTH, Mobile, recordId, strictBody } from './fields.ts'
import { OperatorLoginBody, OperatorLoginResult, OperatorRole, operatorAccess } from './backoffice.ts'
import { PageParam, pageOf } from './wallet.ts'
import { CanDecide } from './backoffice-permissions.ts'

/** Operators' passwords are longer than players' (issue 18, ASVS 2.1.1): 12 to 72 characters. */
export const MIN_OPERATOR_PASSWORD_LENGTH = 12
const operatorPasswordMessage = `รหัสผ่านของผู้ใช้งานหลังบ้านต้องมี ${MIN_OPERATOR_PASSWORD_LENGTH}-${MAX_PASSWORD_LENGTH} ตัวอักษร`
export const OperatorPassword = z
  .string({ error: operatorPasswordMessage })
  .min(MIN_OPERATOR_PASSWORD_LENGTH, { error: operatorPasswordMessage })
  .max(MAX_PASSWORD_LENGTH, { error: operatorPasswordMessage })
export const OperatorUsername = z
  .string({ error: 'ชื่อผู้ใช้ต้องเป็น a-z 0-9 _ . - ยาว 3-32 ตัวอักษร' })
  .regex(/^[a-z0-9_.-]{3,32}$/, { error: 'ชื่อผู้ใช้ต้องเป็น a-z 0-9 _ . - ยาว 3-32 ตัวอักษร' })
const Otp = z.string({ error: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก' }).regex(/^\d{6}$/, { error: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก' })
const OperatorIdParams = idParams('รหัสผู้ใช้งานไม่ถูกต้อง')

export const OperatorMe = z.object({ operator_id: z.number().int(), ...operatorAccess })
export type OperatorMe = z.infer<typeof OperatorMe>

export const OperatorView = z.object({
  id: z.number().int(),
  ...operatorAccess,
  disabled: z.boolean(),
  /** Holds a one-time password an owner gave it: it must choose its own before anything else (ADR 036). */
  password_change_required: z.boolean(),
  /** The operator's own mobile, where its one-time passwords go (ADR 070); null for one made before phones were kept. */
  phone: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
})
export type OperatorView = z.infer<typeof OperatorView>
/**
 * An operator as the operators list shows it (ADR 075): the instant from which it may decide money (24 hours after its
 * creation or its last password or authenticator reset), and the operators it may be one person with (ADR 070), who
 * never decide each other's items, each until the tie lapses (null: for good).
 */
export const OperatorListItem = OperatorView.extend({
  decides_money_from: z.string(),
  related: z.array(z.object({ id: z.number().int(), username: z.string(), until: z.string().nullable() })),
})
export type OperatorListItem = z.infer<typeof OperatorListItem>

export const OperatorRequestKind = z.enum(['create', 'role_change', 'password_reset', 'totp_reset', 'phone_change'])
export type OperatorRequestKind = z.infer<typeof OperatorRequestKind>
/**
 * A change to an operator who may move money or change money settings, waiting for a second owner (ADR 070): what it
 * would do, to whom, and who proposed it. The phone is shown whole, so the approving owner can check it is the
 * operator's own and not the proposer's.
 */
export const OperatorRequestView = z.object({
  id: z.number().int(),
  kind: OperatorRequestKind,
  operator_id: z.number().int().nullable(),
  /** The operator changed, or the username a creation will take. */
  username: z.string(),
  /** Its role now (null for a creation). */
  current_role: OperatorRole.nullable(),
  /** The role a creation or role change gives. */
  role: OperatorRole.nullable(),
  /** The phone a creation or phone change gives. */
  phone: z.string().nullable(),
  requested_by: z.number().int(),
  requested_by_username: z.string(),
  requested_at: z.string(),
  /** In the requests list: whether the signed-in owner may approve it now (ADR 075). */
  can_decide: CanDecide.optional(),
})
export type OperatorRequestView = z.infer<typeof OperatorRequestView>
/** A change to an operator: made at once (`operator`), or waiting for a second owner (`request`). */
export const OperatorChangeResult = z.object({ operator: OperatorView.nullable(), request: OperatorRequestView.nullable() })
export type OperatorChangeResult = z.infer<typeof OperatorChangeResult>
const OperatorRequestIdParams = idParams('รหัสคำขอไม่ถูกต้อง')

export const AuditEntryView = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  operator_username: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: z.string(),
})
export type AuditEntryView = z.infer<typeof AuditEntryView>

/**
 * The audit log's filter, each part optional: who acted, which action (a name of the catalogue, AUDIT_ACTIONS), which
 * member the entry is about (`member_id`: the member is its target, or the money decision it records is the member's),
 * the target, and Bangkok days or instants.
 */
export const AuditQuery = z.strictObject({
  operator_id: recordId('รหัสผู้ใช้งานไม่ถูกต้อง').transform(Number).optional(),
  action: z.enum(AUDIT_ACTION_NAMES, { error: 'ไม่รู้จักการกระทำนี้' }).optional(),
  member: z
    .string({ error: 'กรุณากรอกเบอร์โทรศัพท์หรือรหัสสมาชิก' })
    .trim()
    .regex(/^(0[689]\d{8}|[1-9]\d{0,14})$/, { error: 'กรุณากรอกเบอร์โทรศัพท์ (10 หลัก) หรือรหัสสมาชิก' })
    .optional(),
  target_type: z.string({ error: 'ประเภทเป้าหมายไม่ถูกต้อง' }).trim().min(1).max(64, { error: 'ประเภทเป้าหมายยาวเกินไป' }).optional(),
  target_id: z.string({ error: 'รหัสเป้าหมายไม่ถูกต้อง' }).trim().min(1).max(64, { error: 'รหัสเป้าหมายยาวเกินไป' }).optional(),
  from: DayOrInstant.optional(),
  to: DayOrInstant.optional(),
  page: PageParam,
})
export type AuditQuery = z.input<typeof AuditQuery>

/**
 * The new-password step after an owner created the operator or reset its password or authenticator (ADR 036): the
 * one-time password (with the current code when the operator still has TOTP) buys exactly one thing, the operator's own
 * new password; then the operator is signed in (to enrol TOTP when it has none).
 */
export const OperatorRenewPasswordBody = OperatorLoginBody.extend({ new_password: OperatorPassword })
export type OperatorRenewPasswordBody = z.infer<typeof OperatorRenewPasswordBody>

export const backofficeOperatorsContract = {
  renewPassword: { body: OperatorRenewPasswordBody, response: { 200: okEnvelope(OperatorLoginResult) } },
  logout: { response: { 200: MessageOnly } },
  me: { response: { 200: okEnvelope(OperatorMe) } },
  totpStart: { response: { 200: okEnvelope(z.object({ secret: z.string(), otpauth_url: z.string() })) } },
  totpConfirm: { body: strictBody({ otp: Otp }), response: { 200: okEnvelope(z.object({ totp_enrolled: z.boolean(), must_enroll: z.boolean() })) } },
  changePassword: {
    body: strictBody({
      current_password: z.string({ error: 'กรุณากรอกรหัสผ่านเดิม' }).min(1, { error: 'กรุณากรอกรหัสผ่านเดิม' }).max(MAX_PASSWORD_LENGTH),
      new_password: OperatorPassword,
    }),
    response: { 200: MessageOnly },
  },
  list: { response: { 200: okEnvelope(z.object({ list: z.array(OperatorListItem) })) } },
  create: { body: strictBody({ username: OperatorUsername, role: OperatorRole, phone: Mobile }), response: { 200: okEnvelope(OperatorChangeResult) } },
  setRole: { params: OperatorIdParams, body: strictBody({ role: OperatorRole }), response: { 200: okEnvelope(OperatorChangeResult) } },
  setPhone: { params: OperatorIdParams, body: strictBody({ phone: Mobile }), response: { 200: okEnvelope(OperatorChangeResult) } },
  disable: { params: OperatorIdParams, response: { 200: okEnvelope(OperatorView) } },
  enable: { params: OperatorIdParams, response: { 200: okEnvelope(OperatorView) } },
  /** No body: the one-time password is made by the server and goes to the operator's phone (a password sent is refused). */
  resetPassword: { params: OperatorIdParams, body: strictBody({}).nullish(), response: { 200: okEnvelope(OperatorChangeResult) } },
  resetTotp: { params: OperatorIdParams, response: { 200: okEnvelope(OperatorChangeResult) } },
  requests: { response: { 200: okEnvelope(z.object({ list: z.array(OperatorRequestView) })) } },
  /** Demo mode only: a demo desk operator's current TOTP code, for a visitor without an authenticator app (issue 35 §6). */
  devTotp: {
    querystring: z.strictObject({ username: OperatorUsername }),
    response: { 200: okEnvelope(z.object({ username: z.string(), code: z.string(), valid_for_seconds: z.number().int() })) },
  },
  approveRequest: { params: OperatorRequestIdParams, response: { 200: okEnvelope(OperatorChangeResult) } },
  rejectRequest: { params: OperatorRequestIdParams, response: { 200: okEnvelope(OperatorRequestView) } },
  audit: { querystring: AuditQuery, response: { 200: okEnvelope(pageOf(AuditEntryView)) } },
  auditActions: { response: { 200: okEnvelope(z.object({ list: z.array(z.string()) })) } },
}
