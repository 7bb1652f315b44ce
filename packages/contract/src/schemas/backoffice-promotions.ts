import { z } from 'zod'
import { gameTypeNames } from '../lobby/game-types.ts'
import { isBahtAmount } from '../money.ts'
import { okEnvelope } from './envelope.ts'
import { decisionFields, idParams, IsoDateTime, MediaUrl, OperatorReason, strictBody } from './fields.ts'
import { promotionTermsView } from './promotions.ts'
import { BahtAmount } from './wallet.ts'
import { CanDecide } from './backoffice-permissions.ts'

// The back-office promotions editor (issue 20 §1): every rule type of spec §3 as one case of a discriminated union,
// so a rule with the wrong value type, a huge value or an unknown type is refused here, before any service runs.

export const promotionMessages = {
  title: 'กรุณากรอกชื่อโปรโมชั่น (ไม่เกิน 100 ตัวอักษร)',
  percent: 'เปอร์เซ็นต์โบนัสต้องมากกว่า 0 และไม่เกิน 500 (ทศนิยมไม่เกิน 2 ตำแหน่ง)',
  multiple: 'จำนวนเท่าของเทิร์นโอเวอร์ต้องมากกว่า 0 และไม่เกิน 100 (ทศนิยมไม่เกิน 2 ตำแหน่ง)',
  ruleType: 'ไม่รู้จักประเภทเงื่อนไขนี้',
  member: 'เงื่อนไขประเภทสมาชิกมีค่าได้เพียง 1',
  gameTypes: 'กรุณาเลือกประเภทเกมที่ห้ามเล่นจากรายการ (อย่างน้อย 1 ประเภท ไม่ซ้ำกัน)',
  providers: 'กรุณาเลือกค่ายเกมที่ห้ามเล่นจากรายการ (อย่างน้อย 1 ค่าย ไม่ซ้ำกัน)',
  duplicateRule: 'เงื่อนไขแต่ละประเภทใส่ได้ครั้งเดียว',
  memberBoth: 'เลือกได้อย่างเดียว: สมาชิกใหม่ หรือ สมาชิกเก่า',
  turnoverBoth: 'เลือกเทิร์นโอเวอร์ได้แบบเดียว: ตามจำนวนเท่า หรือ ตามยอดเครดิต',
  depositRange: 'ยอดฝากขั้นต่ำต้องไม่เกินยอดฝากสูงสุด',
  withdrawRange: 'ยอดถอนขั้นต่ำต้องไม่เกินยอดถอนสูงสุด',
  schedule: 'วันเวลาสิ้นสุดต้องอยู่หลังวันเวลาเริ่ม',
  date: 'วันเวลาไม่ถูกต้อง',
} as const

/** A number with at most 2 decimals in (0, max]. */
const decimal = (max: number, error: string) => z.number({ error }).refine((v) => isBahtAmount(v) && v > 0 && v <= max, { error })

const amountRule = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), value: BahtAmount })
const memberRule = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), value: z.literal(1, { error: promotionMessages.member }) })

const gameTypeNumbers = Object.keys(gameTypeNames).map(Number)
const unique = (list: readonly unknown[]) => new Set(list).size === list.length

/** One rule of spec §3, typed by its `type`. Money values are baht; game types are spec §3 numbers; providers are codes. */
export const PromotionRuleInput = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('TURNOVER_BY_MUTIPLE'), value: decimal(100, promotionMessages.multiple) }),
    amountRule('TURNOVER_BY_CREDIT'),
    amountRule('MIN_DEPOSIT'),
    amountRule('MAX_DEPOSIT'),
    amountRule('MIN_WITHDRAW'),
    amountRule('MAX_WITHDRAW'),
    amountRule('MAX_BONUS'),
    memberRule('OLD_MEMBER'),
    memberRule('NEW_MEMBER'),
    z.strictObject({
      type: z.literal('PROHIBITED_GAMES_TYPE'),
      value: z
        .array(
          z.number({ error: promotionMessages.gameTypes }).refine((n) => gameTypeNumbers.includes(n), { error: promotionMessages.gameTypes }),
          {
            error: promotionMessages.gameTypes,
          },
        )
        .min(1, { error: promotionMessages.gameTypes })
        .max(gameTypeNumbers.length, { error: promotionMessages.gameTypes })
        .refine(unique, { error: promotionMessages.gameTypes }),
    }),
    z.strictObject({
      type: z.literal('PROHIBITED_GAMES_PROVIDER'),
      value: z
        .array(z.string({ error: promotionMessages.providers }).regex(/^[a-z0-9_-]{1,64}$/, { error: promotionMessages.providers }), {
          error: promotionMessages.providers,
        })
        .min(1, { error: promotionMessages.providers })
        .max(200, { error: promotionMessages.providers })
        .refine(unique, { error: promotionMessages.providers }),
    }),
  ],
  { error: promotionMessages.ruleType },
)
export type PromotionRuleInput = z.infer<typeof PromotionRuleInput>

/** Each rule type's value, as PromotionRuleInput types it. */
export type PromotionRuleValues = { [K in PromotionRuleInput['type']]?: Extract<PromotionRuleInput, { type: K }>['value'] }
/**
 * Rules written as one record, rule type to value, in the order written: `{ MIN_DEPOSIT: 100, MAX_BONUS: 500 }` is
 * `[{ type: 'MIN_DEPOSIT', value: 100 }, { type: 'MAX_BONUS', value: 500 }]` (how seeds and tests write terms).
 */
export const promotionRules = (values: PromotionRuleValues): PromotionRuleInput[] =>
  Object.entries(values).map(([type, value]) => ({ type, value }) as PromotionRuleInput)

const valueOf = (rules: readonly PromotionRuleInput[], type: PromotionRuleInput['type']) => rules.find((r) => r.type === type)?.value as number | undefined

/**
 * What an operator edits: title, image, credit (FIXED baht, or PERCENT of the deposit: 50 = 50 %), the rules and the
 * schedule (null: from publication on, and without end). The whole set is one version, published by a second operator.
 */
export const PromotionTerms = strictBody({
  title: z
    .string({ error: promotionMessages.title })
    .trim()
    .min(1, { error: promotionMessages.title })
    .max(100, { error: promotionMessages.title })
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f<>]/.test(s), { error: promotionMessages.title }),
  /** An image Sanam serves itself (the upload's URL under /media/), never an outside URL. */
  image: MediaUrl,
  credit_given_type: z.enum(['FIXED', 'PERCENT'], { error: 'กรุณาเลือกรูปแบบโบนัส' }),
  credit_given: z.number({ error: 'กรุณากรอกโบนัสเป็นตัวเลข' }),
  rules: z.array(PromotionRuleInput, { error: 'รูปแบบเงื่อนไขไม่ถูกต้อง' }).max(11, { error: promotionMessages.duplicateRule }),
  starts_at: IsoDateTime.nullable(),
  ends_at: IsoDateTime.nullable(),
}).superRefine((terms, ctx) => {
  const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message })
  if (terms.credit_given_type === 'FIXED' && !BahtAmount.safeParse(terms.credit_given).success) issue(['credit_given'], 'โบนัสต้องเป็นจำนวนเงินมากกว่า 0 บาท')
  if (terms.credit_given_type === 'PERCENT' && !decimal(500, promotionMessages.percent).safeParse(terms.credit_given).success) {
    issue(['credit_given'], promotionMessages.percent)
  }
  const types = terms.rules.map((r) => r.type)
  if (!unique(types)) issue(['rules'], promotionMessages.duplicateRule)
  if (types.includes('NEW_MEMBER') && types.includes('OLD_MEMBER')) issue(['rules'], promotionMessages.memberBoth)
  if (types.includes('TURNOVER_BY_MUTIPLE') && types.includes('TURNOVER_BY_CREDIT')) issue(['rules'], promotionMessages.turnoverBoth)
  const [minD, maxD] = [valueOf(terms.rules, 'MIN_DEPOSIT'), valueOf(terms.rules, 'MAX_DEPOSIT')]
  if (minD !== undefined && maxD !== undefined && minD > maxD) issue(['rules'], promotionMessages.depositRange)
  const [minW, maxW] = [valueOf(terms.rules, 'MIN_WITHDRAW'), valueOf(terms.rules, 'MAX_WITHDRAW')]
  if (minW !== undefined && maxW !== undefined && minW > maxW) issue(['rules'], promotionMessages.withdrawRange)
  if (terms.starts_at && terms.ends_at && Date.parse(terms.ends_at) <= Date.parse(terms.starts_at)) issue(['ends_at'], promotionMessages.schedule)
})
export type PromotionTerms = z.infer<typeof PromotionTerms>

/** Where a promotion stands, as the list shows it (derived from its published version, schedule and the clock). */
export const PromotionStatus = z.enum(['draft', 'pending', 'published', 'scheduled', 'ended', 'disabled'])
export type PromotionStatus = z.infer<typeof PromotionStatus>

const TermsView = z.object({
  ...promotionTermsView,
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
})

/** One proposed set of terms: PENDING until a second operator publishes or rejects it; REPLACED by a newer proposal. */
export const PromotionVersion = TermsView.extend({
  id: z.number().int(),
  promotion_id: z.number().int(),
  number: z.number().int(),
  status: z.enum(['PENDING', 'PUBLISHED', 'REJECTED', 'REPLACED']),
  /** Null: the system (the demo seed, or a promotion that existed before versions). */
  proposed_by: z.string().nullable(),
  proposed_at: z.string(),
  ...decisionFields,
  note: z.string().nullable(),
  /** In the list, on a pending version: whether the signed-in operator may publish it now (ADR 075). */
  can_decide: CanDecide.optional(),
})
export type PromotionVersion = z.infer<typeof PromotionVersion>

/** A promotion in the editor's list: its live terms (or, before publication, its first proposal's) and any pending version. */
export const AdminPromotion = TermsView.extend({
  id: z.number().int(),
  status: PromotionStatus,
  version: z.object({ id: z.number().int(), number: z.number().int() }).nullable(),
  pending: PromotionVersion.nullable(),
})
export type AdminPromotion = z.infer<typeof AdminPromotion>

/** What the editor's pickers offer: the catalogue's providers and spec §3's game types. */
export const PromotionChoices = z.object({
  providers: z.array(z.object({ code: z.string(), title: z.string() })),
  game_types: z.array(z.object({ number: z.number().int(), name: z.string() })),
})
export type PromotionChoices = z.infer<typeof PromotionChoices>

const PromotionIdParams = idParams('รหัสโปรโมชั่นไม่ถูกต้อง')
const VersionIdParams = idParams('รหัสฉบับแก้ไขไม่ถูกต้อง')

export const backofficePromotionsContract = {
  list: { response: { 200: okEnvelope(z.object({ list: z.array(AdminPromotion) })) } },
  choices: { response: { 200: okEnvelope(PromotionChoices) } },
  create: { body: PromotionTerms, response: { 200: okEnvelope(PromotionVersion) } },
  propose: { params: PromotionIdParams, body: PromotionTerms, response: { 200: okEnvelope(PromotionVersion) } },
  disable: { params: PromotionIdParams, body: strictBody({ reason: OperatorReason }), response: { 200: okEnvelope(AdminPromotion) } },
  publish: { params: VersionIdParams, response: { 200: okEnvelope(PromotionVersion) } },
  reject: { params: VersionIdParams, body: strictBody({ reason: OperatorReason }), response: { 200: okEnvelope(PromotionVersion) } },
}
