import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'
import { pageOf, PageParam } from './wallet.ts'

// Bank notifications as a feed source (issue 37 §2, ADR 080): the texts a forwarder phone passes on, and the desk's list.

const TEXT_MESSAGE = 'text ต้องเป็นข้อความแจ้งเตือน 1-2000 ตัวอักษร'
const SENDER_MESSAGE = 'sender ต้องเป็นชื่อผู้ส่ง SMS หรือชื่อแพ็กเกจแอป 1-100 ตัวอักษร'
const RECEIVED_MESSAGE = 'received_at ต้องเป็นเวลา ISO 8601 หรือมิลลิวินาที epoch'
const ACCOUNT_MESSAGE = 'pay_in_account ต้องเป็นเลขบัญชีรับเงิน 10-15 หลัก'

/**
 * A forwarded notification: what common forwarder apps send (the SMS `text` or the notification's text, its `sender`
 * id or app package, the phone's received time in ISO 8601 or epoch milliseconds), and optionally which pay-in
 * account's phone forwarded it. Signed like the bank feed (ADR 015, its own secret).
 */
export const BankNotificationBody = strictBody({
  text: z.string({ error: TEXT_MESSAGE }).min(1, { error: TEXT_MESSAGE }).max(2000, { error: TEXT_MESSAGE }),
  sender: z.string({ error: SENDER_MESSAGE }).trim().min(1, { error: SENDER_MESSAGE }).max(100, { error: SENDER_MESSAGE }),
  // This century only: a phone's clock a thousand years off is no time to store (and year 0 is no instant the database takes).
  received_at: z.union([z.iso.datetime({ offset: true }), z.number().int()], { error: RECEIVED_MESSAGE }).refine(
    (v) => {
      const at = new Date(v).getTime()
      return at >= Date.UTC(2000, 0, 1) && at < Date.UTC(2100, 0, 1)
    },
    { error: RECEIVED_MESSAGE },
  ),
  pay_in_account: z
    .string({ error: ACCOUNT_MESSAGE })
    .regex(/^\d(?:-?\d){9,14}$/, { error: ACCOUNT_MESSAGE })
    .nullish(),
})
export type BankNotificationBody = z.infer<typeof BankNotificationBody>

export const bankNotificationStatuses = [
  'PARSED',
  'UNPARSED',
  'OUTGOING',
  'IGNORED',
  'INCOMPLETE',
  'CREDITED',
  'UNMATCHED',
  'MATCHED_EXISTING',
  'AMBIGUOUS',
] as const
export const BankNotificationStatus = z.enum(bankNotificationStatuses)
export type BankNotificationStatus = z.infer<typeof BankNotificationStatus>

/** What became of a forwarded notification; `replay`: this notification was forwarded before (nothing new happened). */
export const BankNotificationResult = z.object({
  id: z.number().int(),
  status: BankNotificationStatus,
  deposit_id: z.number().int().nullable(),
  replay: z.boolean(),
})
export type BankNotificationResult = z.infer<typeof BankNotificationResult>

/** A notification as the desk lists it, with what was read from it (null where nothing was). */
export const BackofficeBankNotification = z.object({
  id: z.number().int(),
  sender: z.string(),
  text: z.string(),
  status: BankNotificationStatus,
  note: z.string().nullable(),
  bank_code: z.string().nullable(),
  kind: z.enum(['INCOMING', 'OUTGOING', 'IGNORED', 'UNPARSED']),
  amount: z.number().nullable(),
  from_bank_code: z.string().nullable(),
  from_account: z.string().nullable(),
  from_name: z.string().nullable(),
  occurred_at: z.string().nullable(),
  device_received_at: z.string(),
  received_at: z.string(),
  pay_in_account: z.string().nullable(),
  deposit_id: z.number().int().nullable(),
  /** Where that deposit stands now (the feed or an operator may have completed it since). */
  deposit_status: z.enum(['MATCHED', 'UNMATCHED', 'ASSIGNED', 'CLAIMED', 'REJECTED']).nullable(),
})
export type BackofficeBankNotification = z.infer<typeof BackofficeBankNotification>

const DAY_MESSAGE = 'วันที่ไม่ถูกต้อง'

export const bankNotificationsContract = {
  receive: { body: BankNotificationBody, response: { 200: okEnvelope(BankNotificationResult) } },
  list: {
    /** A Bangkok day (default: today) and, optionally, one status. */
    querystring: z.strictObject({
      day: z.iso.date({ error: DAY_MESSAGE }).optional(),
      status: z.enum(bankNotificationStatuses, { error: 'สถานะไม่ถูกต้อง' }).optional(),
      page: PageParam,
    }),
    response: { 200: okEnvelope(pageOf(BackofficeBankNotification)) },
  },
}
