import { z } from 'zod'
import { isBahtAmount } from '../money.ts'
import { okEnvelope } from './envelope.ts'
import { idParams, OperatorReason, ReasonBody, strictBody } from './fields.ts'
import { PayoutInterval } from './referral.ts'
import { amountMessages } from './wallet.ts'
import { settingsVersionFields } from './backoffice-permissions.ts'

// The referral plan and limits (issue 20 §4, ADR 044): one operator proposes a version, a second, different finance
// operator applies it. Percentages travel as percent numbers with at most 2 decimals (3.5 is 3.5 %), stored as basis
// points; amounts as baht numbers with at most 2 decimals, stored as satang.

export const planMessages = {
  percent: 'เปอร์เซ็นต์ต้องเป็นตัวเลข 0 ถึง 100 ไม่เกิน 2 ตำแหน่งทศนิยม',
  levelsTotal: 'ค่าคอมมิชชั่น 3 ชั้นรวมกันต้องไม่เกิน 100%',
  minAboveMax: 'ยอดขั้นต่ำต้องไม่มากกว่ายอดสูงสุด (0 คือไม่จำกัด)',
} as const

/** A percentage: 0-100 with at most 2 decimals (hundredths of a percent, the stored basis points). */
export const Percent = z
  .number({ error: planMessages.percent })
  .min(0, { error: planMessages.percent })
  .max(100, { error: planMessages.percent })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: planMessages.percent })

/** Baht, 0 allowed (a wallet's minimum; a maximum of 0 is "no cap"; a four-eyes threshold of 0 holds every action). */
const BahtOrZero = z.number({ error: amountMessages.invalid }).refine((v) => isBahtAmount(v), { error: amountMessages.invalid })
/** Baht above 0 (the deposit and withdrawal minimums). */
const BahtPositive = BahtOrZero.refine((v) => v > 0, { error: amountMessages.positive })

const planShape = {
  /** Commission of upline levels 1-3 on a downline's valid turnover, percent. */
  level1_percent: Percent,
  level2_percent: Percent,
  level3_percent: Percent,
  /** Rebate on a player's own valid turnover, percent. */
  rebate_percent: Percent,
  /** The commission (bonus) wallet's move to cash: minimum, maximum (0: no cap) and interval. */
  bonus_min: BahtOrZero,
  bonus_max: BahtOrZero,
  bonus_interval: PayoutInterval,
  /** The rebate (refund) wallet's move to cash. */
  refund_min: BahtOrZero,
  refund_max: BahtOrZero,
  refund_interval: PayoutInterval,
  deposit_min: BahtPositive,
  withdraw_min: BahtPositive,
  /** A money action of more baht than this, or a day's totals passing it, waits for a second operator (ADR 035). */
  four_eyes_above: BahtOrZero,
  /**
   * The auto-approval's caps (issue 37 §4, ADR 085), with a payout bank: one payout at most (0: auto-approval off), a
   * player's auto-approved total and count in a rolling 24 hours, every player's total in a rolling hour.
   */
  auto_payout_max: BahtOrZero,
  auto_player_day_total: BahtOrZero,
  auto_player_day_count: z
    .number({ error: amountMessages.invalid })
    .int({ error: amountMessages.invalid })
    .min(0, { error: amountMessages.invalid })
    .max(1000, { error: amountMessages.invalid }),
  auto_site_hour_budget: BahtOrZero,
}

export const PlanValues = z.object(planShape)
export type PlanValues = z.infer<typeof PlanValues>

/** `POST /backoffice/plan/proposals`: every value of the new version, and why. */
export const PlanProposalBody = strictBody({ ...planShape, reason: OperatorReason }).superRefine((v, ctx) => {
  if (v.level1_percent + v.level2_percent + v.level3_percent > 100)
    ctx.addIssue({ code: 'custom', path: ['level3_percent'], message: planMessages.levelsTotal })
  for (const wallet of ['bonus', 'refund'] as const) {
    const max = v[`${wallet}_max`]
    if (max > 0 && v[`${wallet}_min`] > max) ctx.addIssue({ code: 'custom', path: [`${wallet}_min`], message: planMessages.minAboveMax })
  }
})
export type PlanProposalBody = z.infer<typeof PlanProposalBody>

export const PlanVersionParams = idParams('ไม่พบข้อเสนอแผน')

/** One version: its values, who proposed it (null: the first start's defaults) and who decided it, and from when it applies. */
export const PlanVersion = PlanValues.extend(settingsVersionFields)
export type PlanVersion = z.infer<typeof PlanVersion>

/** `GET /backoffice/plan`: the plan in force, the proposal waiting (if any), and every decided version, newest first. */
export const PlanOverview = z.object({
  current: PlanVersion,
  pending: PlanVersion.nullable(),
  history: z.array(PlanVersion),
})
export type PlanOverview = z.infer<typeof PlanOverview>
export const PlanOverviewResponse = okEnvelope(PlanOverview)
export const PlanVersionResponse = okEnvelope(PlanVersion)

/** The plan's back-office routes: every operator role reads; 'plan.manage' proposes and rejects; 'money.decide' applies. */
export const backofficePlanContract = {
  overview: { response: { 200: PlanOverviewResponse } },
  propose: { body: PlanProposalBody, response: { 200: PlanVersionResponse } },
  approve: { params: PlanVersionParams, response: { 200: PlanVersionResponse } },
  reject: { params: PlanVersionParams, body: ReasonBody, response: { 200: PlanVersionResponse } },
}
