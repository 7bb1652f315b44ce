import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { PageQuery, pageOf } from './wallet.ts'

export const PromotionRuleItem = z.object({ type: z.string(), value: z.unknown() })

/** An offer's terms as players and operators see them: credit_given is baht for FIXED, a percentage (50 = 50 %) for PERCENT. */
export const promotionTermsView = {
  title: z.string(),
  image: z.string(),
  credit_given: z.number(),
  credit_given_type: z.enum(['FIXED', 'PERCENT']),
  rules: z.array(PromotionRuleItem),
}

/** An offer (spec §3). */
export const Promotion = z.object({ id: z.number().int(), ...promotionTermsView })
export type Promotion = z.infer<typeof Promotion>

/** The active promotion of the current player (GET /user/@me → promotion.info). */
export const PromotionInfo = z.object({
  title: z.string(),
  image: z.string(),
  turnover: z.object({ type: z.enum(['CREDIT', 'TURNOVER']), total: z.number(), current: z.number() }),
  withdraw: z.object({ min: z.number() }),
  credit_given: z.number(),
  received_at: z.string(),
  /** The rules it was granted under (ADR 072): the lobby marks the games its PROHIBITED_GAMES_* rules refuse. */
  rules: z.array(PromotionRuleItem),
})
export type PromotionInfo = z.infer<typeof PromotionInfo>

export const PromotionHistoryItem = z.object({
  id: z.number().int(),
  description: z.string(),
  bonus: z.number(),
  status: z.enum(['SUCCESS', 'PENDING', 'FAIL']),
})
export type PromotionHistoryItem = z.infer<typeof PromotionHistoryItem>

export const promotionsContract = {
  list: { response: { 200: okEnvelope(z.object({ list: z.array(Promotion) })) } },
  histories: { querystring: PageQuery, response: { 200: okEnvelope(pageOf(PromotionHistoryItem)) } },
}
