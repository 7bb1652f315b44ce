import { z } from 'zod'
import { MessageOnly, okEnvelope } from './envelope.ts'
import { DayOrInstant, idParams, MAX_PASSWORD_LENGTH, recordId, strictBody } from './fields.ts'
import { OperatorLoginBody, OperatorLoginResult, OperatorRole, operatorAccess } from './backoffice.ts'
import { PageParam, pageOf } from './wallet.ts'

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
  created_at: z.string(),
  last_login_at: z.string().nullable(),
})
export type OperatorView = z.infer<typeof OperatorView>

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

export const AuditQuery = z.strictObject({
  operator_id: recordId('รหัสผู้ใช้งานไม่ถูกต้อง').transform(Number).optional(),
  action: z.string().trim().min(1).max(64).optional(),
  target_type: z.string().trim().min(1).max(64).optional(),
  target_id: z.string().trim().min(1).max(64).optional(),
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
  list: { response: { 200: okEnvelope(z.object({ list: z.array(OperatorView) })) } },
  create: { body: strictBody({ username: OperatorUsername, password: OperatorPassword, role: OperatorRole }), response: { 200: okEnvelope(OperatorView) } },
  setRole: { params: OperatorIdParams, body: strictBody({ role: OperatorRole }), response: { 200: okEnvelope(OperatorView) } },
  disable: { params: OperatorIdParams, response: { 200: okEnvelope(OperatorView) } },
  enable: { params: OperatorIdParams, response: { 200: okEnvelope(OperatorView) } },
  resetPassword: { params: OperatorIdParams, body: strictBody({ password: OperatorPassword }), response: { 200: okEnvelope(OperatorView) } },
  resetTotp: { params: OperatorIdParams, response: { 200: okEnvelope(OperatorView) } },
  audit: { querystring: AuditQuery, response: { 200: okEnvelope(pageOf(AuditEntryView)) } },
  auditActions: { response: { 200: okEnvelope(z.object({ list: z.array(z.string()) })) } },
}
