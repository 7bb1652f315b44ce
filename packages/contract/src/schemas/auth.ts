import { z } from 'zod'
import { okEnvelope, MessageOnly } from './envelope.ts'
import { strictBody, BankAccount, BankCode, fieldMessages, LoginPassword, Mobile, OptionalCode, OtpCode, Password, personName } from './fields.ts'
import { UserMe } from './user.ts'

export const RegisterBody = strictBody({
  mobile: Mobile,
  password: Password,
  firstname: personName(fieldMessages.firstname),
  surname: personName(fieldMessages.surname),
  bank_account: BankAccount,
  bank_code: BankCode,
  invite_code: OptionalCode,
  upid: OptionalCode,
  /** The player says they are 20 or older (issue 21 §3, ADR 046): a registration without it is refused. */
  adult: z.literal(true, { error: 'กรุณายืนยันว่าคุณมีอายุ 20 ปีขึ้นไป' }),
  /** The player accepts the site's terms and conditions: a registration without it is refused. */
  accept_terms: z.literal(true, { error: 'กรุณายอมรับข้อกำหนดและเงื่อนไขการใช้งาน' }),
})
export type RegisterBody = z.input<typeof RegisterBody>

export const RegisterResult = z.union([z.object({ sms: z.literal(true), token: z.string(), otp_ref: z.string() }), z.object({ sms: z.literal(false) })])
export type RegisterResult = z.infer<typeof RegisterResult>

export const ConfirmBody = strictBody({
  mobile: Mobile,
  token: z.string({ error: fieldMessages.token }).min(1, { error: fieldMessages.token }).max(128, { error: fieldMessages.token }),
  otp_code: OtpCode,
})
export type ConfirmBody = z.infer<typeof ConfirmBody>

export const LoginBody = strictBody({
  mobile: z.string({ error: 'กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน' }).min(1, { error: 'กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน' }).max(20, { error: fieldMessages.mobile }),
  password: LoginPassword,
})
export type LoginBody = z.infer<typeof LoginBody>

/**
 * `device_token`: the signed token of this device (ADR 039). The player app keeps it and sends it back as
 * `X-Device-Token` with the next sign-in, so a wrong-password streak against the phone from elsewhere does not lock
 * this device out. It opens nothing by itself.
 */
export const LoginResult = UserMe.extend({ token: z.string(), device_token: z.string() })
export type LoginResult = z.infer<typeof LoginResult>

/**
 * After an operator reset the password (issue 12 §5): the temporary password and the player's new one, which must be
 * at least 6 characters like any (spec §5).
 */
export const RenewPasswordBody = strictBody({
  mobile: LoginBody.shape.mobile,
  password: LoginPassword,
  new_password: z
    .string({ error: 'รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร' })
    .min(6, { error: 'รหัสผ่านใหม่ต้องมีอย่างน้อย 6 ตัวอักษร' })
    .max(72, { error: fieldMessages.passwordLong }),
})
export type RenewPasswordBody = z.infer<typeof RenewPasswordBody>

export const DevSmsQuery = strictBody({ mobile: Mobile })
export const DevSmsMessage = z.object({
  text: z.string(),
  otp_ref: z.string().nullable(),
  otp: z.string().nullable(),
  created_at: z.string(),
})
export type DevSmsMessage = z.infer<typeof DevSmsMessage>

/** Route contracts: request and response schemas, in one place. */
export const authContract = {
  register: { body: RegisterBody, response: { 200: okEnvelope(RegisterResult) } },
  confirm: { body: ConfirmBody, response: { 200: MessageOnly } },
  login: { body: LoginBody, response: { 200: okEnvelope(LoginResult) } },
  renewPassword: { body: RenewPasswordBody, response: { 200: okEnvelope(LoginResult) } },
  logout: { response: { 200: MessageOnly } },
  devSms: { querystring: DevSmsQuery, response: { 200: okEnvelope(z.object({ messages: z.array(DevSmsMessage) })) } },
}
