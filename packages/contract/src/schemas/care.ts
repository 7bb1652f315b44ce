import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { idParams, strictBody } from './fields.ts'
import { PageParam, pageOf } from './wallet.ts'

/**
 * Player care (issue 39 §3, §4; ADR 090): the RTS 12 prompts the player app shows, and the care tasks the markers of
 * harm open for operators. Apart from anti-money-laundering cases.
 */
export const carePromptKinds = ['DEPOSIT_LIMIT', 'ACCOUNT_REVIEW', 'YEARLY_LIMIT'] as const
export type CarePromptKind = (typeof carePromptKinds)[number]
export const reviewEveryMonths = [1, 3, 6] as const
export type ReviewEveryMonths = (typeof reviewEveryMonths)[number]

export const careMessages = {
  answer: 'คำตอบไม่ถูกต้อง',
  confirm: 'กรุณายืนยันอีกครั้งว่าไม่ต้องการตั้งวงเงินฝาก',
  months: 'กรุณาเลือกทุก 1, 3 หรือ 6 เดือน',
  channel: 'กรุณาเลือกช่องทางที่ติดต่อ',
  note: 'กรุณาบันทึกสิ่งที่พูดคุยหรือดำเนินการ (ไม่เกิน 2,000 ตัวอักษร)',
  happenedAt: 'เวลาที่ติดต่อไม่ถูกต้อง',
  taskId: 'รหัสงานดูแลไม่ถูกต้อง',
} as const

/** The player's own figures over the review's period, baht. `time_played_minutes` is null: providers do not report it. */
export const ReviewFigures = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  /** Deposits less withdrawals paid. */
  net: z.number(),
  /** Game wins less bets (negative: a loss). */
  game_result: z.number(),
  /** Bangkok days with at least one bet. */
  days_played: z.number().int(),
  time_played_minutes: z.number().int().nullable(),
})
export type ReviewFigures = z.infer<typeof ReviewFigures>

/** The prompt the player app shows now, or null. */
export const CarePrompt = z.object({
  prompt: z
    .object({
      kind: z.enum(carePromptKinds),
      /** When it became due (ISO 8601 UTC): one answer per period. */
      period: z.string(),
      /** The start of the figures' period (the review) or of the year (the yearly prompt). */
      from: z.string(),
      /** The review's figures from `from` to now; null for the limit prompts. */
      figures: ReviewFigures.nullable(),
      every_months: z.union([z.literal(1), z.literal(3), z.literal(6)]),
    })
    .nullable(),
})
export type CarePrompt = z.infer<typeof CarePrompt>

const LimitPromptKind = z.enum(['DEPOSIT_LIMIT', 'YEARLY_LIMIT'], { error: careMessages.answer })
const Months = z.union([z.literal(1), z.literal(3), z.literal(6)], { error: careMessages.months })

/**
 * The player's answer: a deposit limit set (through the limits page's flow, then this), declined (only with the second
 * confirmation, `confirmed: true`), or the review read (with how often to be offered it).
 */
export const AnswerCarePromptBody = z.union(
  [
    strictBody({ kind: LimitPromptKind, answer: z.literal('LIMIT_SET', { error: careMessages.answer }) }),
    strictBody({
      kind: LimitPromptKind,
      answer: z.literal('DECLINED', { error: careMessages.answer }),
      confirmed: z.literal(true, { error: careMessages.confirm }),
    }),
    strictBody({
      kind: z.literal('ACCOUNT_REVIEW', { error: careMessages.answer }),
      answer: z.literal('REVIEWED', { error: careMessages.answer }),
      every_months: Months,
    }),
  ],
  { error: careMessages.answer },
)
export type AnswerCarePromptBody = z.infer<typeof AnswerCarePromptBody>

export const careContract = {
  prompt: { response: { 200: okEnvelope(CarePrompt) } },
  answer: { body: AnswerCarePromptBody, response: { 200: okEnvelope(CarePrompt) } },
}

/** The markers of harm, each opening a care task (ADR 090). */
export const careMarkers = [
  'NET_DEPOSITS_30D',
  'NET_LOSS_24H',
  'NET_LOSS_90D',
  'NIGHT_DEPOSITS',
  'PLAY_AFTER_CANCELLED_WITHDRAWAL',
  'DECLINED_DEPOSITS',
  'LIMIT_RAISED_AFTER_HIT',
] as const
export type CareMarker = (typeof careMarkers)[number]

/** What an operator reads for each marker. */
export const CARE_MARKER_TEXT: Record<CareMarker, string> = {
  NET_DEPOSITS_30D: 'ยอดฝากสุทธิ 30 วันถึงเกณฑ์',
  NET_LOSS_24H: 'เสียสุทธิใน 24 ชั่วโมงถึงเกณฑ์',
  NET_LOSS_90D: 'เสียสุทธิใน 90 วันถึงเกณฑ์',
  NIGHT_DEPOSITS: 'ฝากเงินช่วง 00:00–05:00 น. 3 คืนใน 7 วัน',
  PLAY_AFTER_CANCELLED_WITHDRAWAL: 'ถอนเงินไม่สำเร็จหรือถูกยกเลิกแล้วนำเงินกลับไปเล่น',
  DECLINED_DEPOSITS: 'รายการฝากถูกปฏิเสธ 3 ครั้งใน 24 ชั่วโมง',
  LIMIT_RAISED_AFTER_HIT: 'ขอเพิ่มวงเงินภายใน 24 ชั่วโมงหลังใช้วงเงินเต็ม',
}

export const careChannels = ['PHONE', 'SMS', 'LINE', 'EMAIL', 'IN_APP', 'NOTE'] as const
export const CARE_CHANNEL_TEXT: Record<(typeof careChannels)[number], string> = {
  PHONE: 'โทรศัพท์',
  SMS: 'SMS',
  LINE: 'LINE',
  EMAIL: 'อีเมล',
  IN_APP: 'ข้อความในแอป',
  NOTE: 'บันทึกภายใน',
}

export const CareInteraction = z.object({
  id: z.number().int(),
  channel: z.enum(careChannels),
  note: z.string(),
  happened_at: z.string(),
  recorded_at: z.string(),
  operator: z.string(),
})
export type CareInteraction = z.infer<typeof CareInteraction>

export const CareTaskSummary = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  mobile: z.string(),
  name: z.string(),
  marker: z.enum(careMarkers),
  marker_text: z.string(),
  /** The figures that fired the marker, baht and counts, as recorded when the task opened. */
  facts: z.record(z.string(), z.union([z.string(), z.number()])),
  status: z.enum(['OPEN', 'CLOSED']),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  interactions: z.number().int(),
})
export type CareTaskSummary = z.infer<typeof CareTaskSummary>
export const CareTaskDetail = CareTaskSummary.extend({ interaction_list: z.array(CareInteraction), closed_by: z.string().nullable() })
export type CareTaskDetail = z.infer<typeof CareTaskDetail>

/** An interaction on a task: the channel, what was said or done, when it happened (not in the future); `close` ends the task. */
export const RecordCareInteractionBody = strictBody({
  channel: z.enum(careChannels, { error: careMessages.channel }),
  note: z.string({ error: careMessages.note }).trim().min(1, { error: careMessages.note }).max(2000, { error: careMessages.note }),
  happened_at: z.iso.datetime({ offset: true, error: careMessages.happenedAt }),
  close: z.boolean({ error: careMessages.answer }),
})
export type RecordCareInteractionBody = z.infer<typeof RecordCareInteractionBody>

const CareTaskParams = idParams(careMessages.taskId)

/** The markers checked now (ADR 090, amended 2026-11-30): how many care tasks the check opened (0: none new). */
export const CareEvaluateResult = z.object({ opened: z.number().int() })
export type CareEvaluateResult = z.infer<typeof CareEvaluateResult>

export const backofficeCareContract = {
  tasks: {
    querystring: z.strictObject({ status: z.enum(['OPEN', 'CLOSED'], { error: 'สถานะไม่ถูกต้อง' }).optional().default('OPEN'), page: PageParam }),
    response: { 200: okEnvelope(pageOf(CareTaskSummary)) },
  },
  task: { params: CareTaskParams, response: { 200: okEnvelope(CareTaskDetail) } },
  record: { params: CareTaskParams, body: RecordCareInteractionBody, response: { 200: okEnvelope(CareTaskDetail) } },
  /** No body: the markers job's work, run now under its lock. */
  evaluate: { response: { 200: okEnvelope(CareEvaluateResult) } },
}
