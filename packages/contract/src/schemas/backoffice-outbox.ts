import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { idParams } from './fields.ts'

/** What a message's row says of it (ADR 083). */
export const OutboxStatus = z.enum(['PENDING', 'SENDING', 'SENT', 'FAILED', 'DEAD'])

/** One message as the desk sees it: never its text or secret; the phone or LINE id masked (`maskMobile`, `maskLineId`). */
export const OutboxMessageView = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  template: z.string(),
  status: OutboxStatus,
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  resend_of: z.number().int().nullable(),
  /** False for a message that carried a code or a one-time password: never sent again (ADR 083). */
  resendable: z.boolean(),
})

export const OperatorAlertView = z.object({
  id: z.number().int(),
  kind: z.string(),
  channel: z.string().nullable(),
  details: z.string(),
  created_at: z.string(),
})

/** Today's messages (Bangkok day): per channel what was sent, failed and waits; the failed and waiting listed. */
export const OutboxToday = z.object({
  day: z.string(),
  channels: z.array(z.object({ channel: z.string(), sent: z.number().int(), failed: z.number().int(), waiting: z.number().int() })),
  failed: z.array(OutboxMessageView),
  waiting: z.array(OutboxMessageView),
  alerts: z.array(OperatorAlertView),
})
export type OutboxToday = z.infer<typeof OutboxToday>

export const backofficeOutboxContract = {
  today: { response: { 200: okEnvelope(OutboxToday) } },
  resend: { params: idParams('รหัสข้อความไม่ถูกต้อง'), response: { 200: okEnvelope(z.object({ id: z.number().int() })) } },
}
