import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { idParams } from './fields.ts'

/** One desk alert as the back-office's list shows it (ADR 087): what happened, what to do, where. */
export const DeskAlertView = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  todo: z.string(),
  /** The back-office screen to act on (a path of the back-office app). */
  link: z.string(),
  created_at: z.string(),
  read: z.boolean(),
})
export type DeskAlertView = z.infer<typeof DeskAlertView>

/** The newest alerts the signed-in operator's role can act on, and how many of them it has not read. */
export const DeskAlertList = z.object({ unread: z.number().int(), list: z.array(DeskAlertView) })
export type DeskAlertList = z.infer<typeof DeskAlertList>

export const backofficeAlertsContract = {
  list: { response: { 200: okEnvelope(DeskAlertList) } },
  read: { params: idParams('รหัสการแจ้งเตือนไม่ถูกต้อง'), response: { 200: okEnvelope(z.object({ id: z.number().int() })) } },
}
