import { z } from 'zod'
import { EXCLUSION_PERIODS } from '../exclusion-periods.ts'
import { okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'

export * from '../exclusion-periods.ts'

export const ExclusionPeriodField = z.enum(EXCLUSION_PERIODS, { error: 'กรุณาเลือกระยะเวลาพักการเล่น' })

/** The player's restriction while a time-out or self-exclusion is in force: since when, and until when (null: for good). */
export const Restriction = z.object({
  kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
  period: z.enum(EXCLUSION_PERIODS),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
})
export type Restriction = z.infer<typeof Restriction>

/** `POST /user/@me/exclusion`: the period; `confirm` must be true (the app asked the player to confirm it). */
export const ExclusionBody = strictBody({
  period: ExclusionPeriodField,
  confirm: z.literal(true, { error: 'กรุณายืนยันการพักการเล่น' }),
})
export type ExclusionBody = z.infer<typeof ExclusionBody>

export const exclusionContract = {
  choose: { body: ExclusionBody, response: { 200: okEnvelope(Restriction) } },
}
