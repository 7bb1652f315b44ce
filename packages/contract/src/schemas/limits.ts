import { z } from 'zod'
import { isBahtAmount } from '../money.ts'
import { okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'

/**
 * The limits a player sets on themselves (issue 21 §1, §6; ADR 048): deposits per Bangkok day, week (Monday to Sunday)
 * and month, net loss per Bangkok day, and a reminder every N minutes of a session.
 */
export const limitKinds = ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY', 'SESSION_REMINDER'] as const
export type LimitKind = (typeof limitKinds)[number]
export const moneyLimitKinds = ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY'] as const
export type MoneyLimitKind = (typeof moneyLimitKinds)[number]

/** The reminder's interval, in whole minutes. */
export const REMINDER_MIN_MINUTES = 5
export const REMINDER_MAX_MINUTES = 720

export const limitMessages = {
  kind: 'ประเภทวงเงินไม่ถูกต้อง',
  amount: 'วงเงินต้องเป็นจำนวนเงินมากกว่า 0 ไม่เกิน 2 ตำแหน่งทศนิยม และไม่เกิน 10,000,000 บาท',
  minutes: `การแจ้งเตือนต้องเป็นจำนวนนาทีเต็ม ตั้งแต่ ${REMINDER_MIN_MINUTES} ถึง ${REMINDER_MAX_MINUTES} นาที`,
} as const

const Kind = z.enum(limitKinds, { error: limitMessages.kind })
const MoneyKind = z.enum(moneyLimitKinds, { error: limitMessages.kind })
const LimitBaht = z.number({ error: limitMessages.amount }).refine((v) => isBahtAmount(v) && v > 0, { error: limitMessages.amount })
const ReminderMinutes = z
  .number({ error: limitMessages.minutes })
  .int({ error: limitMessages.minutes })
  .min(REMINDER_MIN_MINUTES, { error: limitMessages.minutes })
  .max(REMINDER_MAX_MINUTES, { error: limitMessages.minutes })

/**
 * Set, change or remove (`value: null`) one limit: baht for the money limits, minutes for the reminder. A first limit or
 * a stricter one applies at once; a looser one or a removal waits 24 hours and then the player's confirmation.
 */
export const SetLimitBody = z.union(
  [
    strictBody({ kind: MoneyKind, value: LimitBaht.nullable() }),
    strictBody({ kind: z.literal('SESSION_REMINDER', { error: limitMessages.kind }), value: ReminderMinutes.nullable() }),
  ],
  { error: limitMessages.kind },
)
export type SetLimitBody = z.infer<typeof SetLimitBody>
/** Confirm (after 24 hours) or withdraw the pending change of one limit. */
export const LimitKindBody = strictBody({ kind: Kind })
export type LimitKindBody = z.infer<typeof LimitKindBody>

export const PlayerLimit = z.object({
  kind: z.enum(limitKinds),
  /** In force now: baht (money limits) or minutes (the reminder); null: none. */
  value: z.number().nullable(),
  /** A looser value or a removal (value null) waiting: confirmable from `confirmable_from` until `lapses_at`. */
  pending: z
    .object({
      value: z.number().nullable(),
      requested_at: z.string(),
      confirmable_from: z.string(),
      lapses_at: z.string(),
      confirmable: z.boolean(),
    })
    .nullable(),
  /** Money limits: deposited (or lost, net) in the current period so far, baht; null for the reminder. */
  used: z.number().nullable(),
  /** Money limits with a value: what is left in the period (never below 0), baht. */
  remaining: z.number().nullable(),
  /** Money limits: when the current Bangkok period ends (ISO 8601 UTC). */
  period_ends_at: z.string().nullable(),
})
export type PlayerLimit = z.infer<typeof PlayerLimit>
export const PlayerLimits = z.object({ limits: z.array(PlayerLimit), now: z.string() })
export type PlayerLimits = z.infer<typeof PlayerLimits>

/**
 * The session reminder's state, all from the server: the session began when the player signed in; the net result is
 * game wins minus bets since then (bets rolled back do not count); `due` while a reminder is owed and not acknowledged.
 */
export const SessionReminder = z.object({
  started_at: z.string(),
  now: z.string(),
  minutes_played: z.number().int(),
  /** Baht, negative for a loss. */
  net_result: z.number(),
  every_minutes: z.number().int().nullable(),
  due: z.boolean(),
  /** Seconds until the next reminder is owed (0 while due); null without a reminder. */
  due_in_seconds: z.number().int().nullable(),
})
export type SessionReminder = z.infer<typeof SessionReminder>

export const limitsContract = {
  limits: { response: { 200: okEnvelope(PlayerLimits) } },
  setLimit: { body: SetLimitBody, response: { 200: okEnvelope(PlayerLimits) } },
  confirmLimit: { body: LimitKindBody, response: { 200: okEnvelope(PlayerLimits) } },
  cancelLimit: { body: LimitKindBody, response: { 200: okEnvelope(PlayerLimits) } },
  session: { response: { 200: okEnvelope(SessionReminder) } },
  acknowledge: { response: { 200: okEnvelope(SessionReminder) } },
}
