import { z } from 'zod'
import { bankCodes } from '../banks.ts'

/** Thai field messages used by the server's validation (the app shows them as they come). */
export const fieldMessages = {
  mobile: 'เบอร์โทรศัพท์ไม่ถูกต้อง (ต้องขึ้นต้นด้วย 06, 08 หรือ 09 และมี 10 หลัก)',
  password: 'รหัสผ่านควรมีอย่างน้อย 6 ตัวอักษร',
  passwordLong: 'รหัสผ่านยาวเกินไป (ไม่เกิน 72 ตัวอักษร)',
  firstname: 'กรุณากรอกชื่อ (ไม่เกิน 100 ตัวอักษร)',
  surname: 'กรุณากรอกนามสกุล (ไม่เกิน 100 ตัวอักษร)',
  bankAccount: 'เลขบัญชีต้องเป็นตัวเลข 10-15 หลัก',
  bankCode: 'กรุณาเลือกธนาคารจากรายการ',
  inviteCode: 'รหัสแนะนำไม่ถูกต้อง',
  otp: 'รหัส OTP ต้องเป็นตัวเลข 6 หลัก',
  token: 'ข้อมูลยืนยันไม่ถูกต้อง กรุณาสมัครใหม่อีกครั้ง',
  unknownField: 'มีข้อมูลที่ระบบไม่รู้จัก',
} as const

export const MIN_PASSWORD_LENGTH = 6
/** argon2 hashes any length, but a cap keeps a 64 KiB password from costing CPU. */
export const MAX_PASSWORD_LENGTH = 72
export const OTP_LENGTH = 6

export const Mobile = z.string({ error: fieldMessages.mobile }).regex(/^0[689]\d{8}$/, { error: fieldMessages.mobile })

export const Password = z
  .string({ error: fieldMessages.password })
  .min(MIN_PASSWORD_LENGTH, { error: fieldMessages.password })
  .max(MAX_PASSWORD_LENGTH, { error: fieldMessages.passwordLong })

/** A login password: checked against the hash, so only the size is limited here. */
export const LoginPassword = z
  .string({ error: 'กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน' })
  .min(1, { error: 'กรุณากรอกเบอร์โทรศัพท์และรหัสผ่าน' })
  .max(MAX_PASSWORD_LENGTH, { error: fieldMessages.passwordLong })

export function personName(message: string) {
  return (
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(100, { error: message })
      // Control characters and angle brackets have no place in a name and only cause trouble downstream.
      // eslint-disable-next-line no-control-regex
      .refine((s) => !/[\u0000-\u001f\u007f<>]/.test(s), { error: message })
  )
}

export const BankAccount = z.string({ error: fieldMessages.bankAccount }).regex(/^\d{10,15}$/, { error: fieldMessages.bankAccount })

export const BankCode = z.enum(bankCodes as [string, ...string[]], { error: fieldMessages.bankCode })

export const OtpCode = z.string({ error: fieldMessages.otp }).regex(/^\d{6}$/, { error: fieldMessages.otp })

/** Optional codes from links: empty string and null mean "none". */
export const OptionalCode = z
  .union([z.string().trim().max(32), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)], {
    error: fieldMessages.inviteCode,
  })
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v)))

/** A request body: an object with exactly these fields (unknown fields are refused, not ignored). */
export function strictBody<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? fieldMessages.unknownField : 'รูปแบบข้อมูลไม่ถูกต้อง'),
  })
}

/** ISO 8601 UTC date-time as sent in JSON. */
export const IsoDateTime = z.iso.datetime()

/**
 * A filter bound in the back-office: a day (YYYY-MM-DD, Asia/Bangkok, the whole day) or an instant with its offset.
 * `from` includes it; `to` includes the whole day when a day is given. Both must be real: a day of a real month, an
 * instant with seconds and an offset (zod's ISO formats), so nothing impossible reaches the database.
 */
export const DayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'วันที่ไม่ถูกต้อง' })

/** A record's id in a path or a query string: digits, at most 15 (inside a bigint and a JS number). */
export function recordId(message: string) {
  return z.string().regex(/^\d{1,15}$/, { error: message })
}

/** Path parameters naming one record by id. */
export function idParams(message: string) {
  return z.strictObject({ id: recordId(message) })
}

/** Why an operator acts (lock, reject, adjust, credit by hand): required, trimmed, up to 500 characters. */
export const OperatorReason = z.string({ error: 'กรุณาระบุเหตุผล' }).trim().min(1, { error: 'กรุณาระบุเหตุผล' }).max(500, { error: 'เหตุผลยาวเกินไป' })
/** The body of a decision that says nothing but why (a refusal, a rejection, a lock): the operator's reason alone. */
export const ReasonBody = strictBody({ reason: OperatorReason })
export type ReasonBody = z.infer<typeof ReasonBody>

/** What an operator reads for an image not uploaded yet, and for one that is not an upload of this site's. */
const MEDIA_MISSING = 'กรุณาอัปโหลดรูปภาพ'
const MEDIA_FOREIGN = 'รูปภาพนี้ไม่ได้อัปโหลดผ่านหลังบ้าน กรุณาอัปโหลดรูปภาพใหม่'

/** Who decided a four-eyes proposal and when: null while it waits (and, where the system decided it, the name). */
export const decisionFields = { decided_by: z.string().nullable(), decided_at: z.string().nullable() }
/** A proposal's review after its author (the plan's and the site content's versions): when, who decided, why it was refused. */
export const reviewFields = { created_at: z.string(), ...decisionFields, reject_reason: z.string().nullable() }

/** Whom a withdrawal pays and where, amount in baht: the member, account and amount the withdrawal queue and the payouts list show. */
export const payeeFields = {
  player_id: z.number().int(),
  mobile: z.string(),
  amount: z.number(),
  bank_code: z.string(),
  bank_account: z.string(),
}

/**
 * Where an image Sanam serves lives: under /media/ (uploaded or generated), never on another host, so the apps fetch
 * nothing from elsewhere. Every image field an operator edits is one of these.
 */
export const MediaUrl = z
  .string({ error: MEDIA_MISSING })
  .min(1, { error: MEDIA_MISSING })
  .regex(/^\/media\/[a-z0-9][a-z0-9/._-]{0,199}$/, { error: MEDIA_FOREIGN })
  .refine((url) => !url.includes('..'), { error: MEDIA_FOREIGN })
