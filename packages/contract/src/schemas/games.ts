import { z } from 'zod'
import { msg } from '../messages.ts'
import { parseSatang } from '../money.ts'
import { okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'

/** Catalogue types of providers and games (spec §3, DESIGN §4). */
export const providerTypes = ['CASINO', 'CASINO_LIVE', 'SLOT', 'GAME', 'FISHING', 'SPORT', 'LOTTERY'] as const
export const gameTypes = ['SLOT', 'FUNKY', 'FISHING', 'CASINO', 'CASINO_LIVE', 'SPORT', 'LOTTERY', 'CARD', 'CRASH'] as const
export type GameType = (typeof gameTypes)[number]

/** What every view of a provider or a game shows: its code, title and art, whether it is in maintenance and in the lobby. */
const catalogueItem = { code: z.string(), title: z.string(), image: z.string(), maintenance: z.boolean(), lobby: z.boolean() }

export const Provider = z.object({ ...catalogueItem, type: z.array(z.string()), sort: z.number().int() })
export type Provider = z.infer<typeof Provider>

export const Game = z.object({ ...catalogueItem, type: z.string(), provider: z.string(), popularity: z.number().int() })
export type Game = z.infer<typeof Game>

const ProviderCode = z.string({ error: 'ค่ายเกมไม่ถูกต้อง' }).regex(/^[a-z0-9_]{1,40}$/, { error: 'ค่ายเกมไม่ถูกต้อง' })
const Lang = z.enum(['th', 'en'], { error: 'ภาษาไม่ถูกต้อง' })

export const LaunchBody = strictBody({
  provider_id: ProviderCode,
  lang: Lang,
  game_code: z.string({ error: 'รหัสเกมไม่ถูกต้อง' }).min(1, { error: 'รหัสเกมไม่ถูกต้อง' }).max(80, { error: 'รหัสเกมไม่ถูกต้อง' }),
})
export const LobbyBody = strictBody({ provider_id: ProviderCode, lang: Lang })
export const LaunchResult = z.object({ url: z.string() })

/** The seamless-wallet callbacks every provider makes (signed; amounts are decimal strings of baht). */
/**
 * LIMIT_EXCEEDED: a bet refused because it would take the player's net loss for the Bangkok day past the loss limit
 * they set (ADR 048); nothing moved. Wins and rollbacks are never refused for it.
 * ALREADY_SETTLED: a win or a rollback refused because its bet was settled already (paid, or rolled back), under a
 * provider's round policy that refuses it (ADR 082); nothing moved. Sanam's own policy never answers it.
 */
export const seamlessStatuses = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'LIMIT_EXCEEDED',
  'INVALID_SESSION',
  'PLAYER_BLOCKED',
  'DUPLICATE',
  'TX_NOT_FOUND',
  'ALREADY_SETTLED',
  'BAD_REQUEST',
] as const
export type SeamlessStatus = (typeof seamlessStatuses)[number]
export const seamlessOps = ['balance', 'bet', 'win', 'rollback'] as const
export type SeamlessOp = (typeof seamlessOps)[number]

const invalid = (name: string) => `${name} ไม่ถูกต้อง`
const Id = (name: string, missing = invalid(name)) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : invalid(name)) })
    .min(1, { error: invalid(name) })
    .max(128, { error: invalid(name) })
/** What a bet, win or rollback without its transaction fields is told. */
const MONEY_FIELDS_MISSING = msg('SEAMLESS_NEED_TX_ROUND_AMOUNT')
const AMOUNT_TEXT = 'amount ต้องเป็นตัวเลขทศนิยมในรูปข้อความ'
/** "12.50": digits with at most 2 decimals, ≤ 10 million, as text (the providers' wire format). */
export const DecimalBaht = z
  .string({ error: (issue) => (issue.input === undefined ? MONEY_FIELDS_MISSING : AMOUNT_TEXT) })
  .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: AMOUNT_TEXT })
/** A decimal-text amount, arriving in the handler as integer satang (the contract's codec, ADR 025). */
const Satang = DecimalBaht.transform((text, ctx) => {
  const satang = parseSatang(text)
  if (satang === null) {
    ctx.issues.push({ code: 'custom', message: AMOUNT_TEXT, input: text })
    return z.NEVER
  }
  return satang
})
const GameCode = z.string().max(80)

/**
 * One body per seamless operation. Every call may carry every field a provider sends (a field an operation does not
 * use is accepted and ignored, as it always was); what an operation needs is required in its own schema, so the
 * handler never reads an optional field as present.
 */
const common = { request_id: Id('request_id'), session_token: Id('session_token') }
/** What every call may name besides: the game, and the transaction a refund or rollback refers to. */
const refs = { game_code: GameCode.optional(), ref_tx_id: Id('ref_tx_id').optional() }
/** A bet or a win names its round and transaction. */
const moneyCall = { ...common, round_id: Id('round_id', MONEY_FIELDS_MISSING), tx_id: Id('tx_id', MONEY_FIELDS_MISSING) }
export const SeamlessBalanceBody = strictBody({
  ...common,
  round_id: Id('round_id').optional(),
  tx_id: Id('tx_id').optional(),
  amount: DecimalBaht.optional(),
  ...refs,
})
export const SeamlessBetBody = strictBody({
  ...moneyCall,
  amount: Satang.refine((satang) => satang > 0n, { error: msg('SEAMLESS_BET_NOT_POSITIVE') }),
  ...refs,
})
/** A win of "0.00" settles a lost round. */
export const SeamlessWinBody = strictBody({ ...moneyCall, amount: Satang, ...refs })
export const SeamlessRollbackBody = strictBody({
  ...common,
  round_id: Id('round_id').optional(),
  tx_id: Id('tx_id', MONEY_FIELDS_MISSING),
  amount: DecimalBaht.optional(),
  game_code: GameCode.optional(),
  ref_tx_id: Id('ref_tx_id', msg('SEAMLESS_NEED_REF_TX')),
})
/** The body schema of each operation. */
export const seamlessBodies = {
  balance: SeamlessBalanceBody,
  bet: SeamlessBetBody,
  win: SeamlessWinBody,
  rollback: SeamlessRollbackBody,
} as const satisfies Record<SeamlessOp, z.ZodType>
export type SeamlessBalanceBody = z.output<typeof SeamlessBalanceBody>
export type SeamlessBetBody = z.output<typeof SeamlessBetBody>
export type SeamlessWinBody = z.output<typeof SeamlessWinBody>
export type SeamlessRollbackBody = z.output<typeof SeamlessRollbackBody>

export const SeamlessAnswer = z.object({
  status: z.enum(seamlessStatuses),
  /** The player's cash balance after the call, "123.45"; null when the player is unknown. */
  balance: z.string().nullable(),
  tx_id: z.string().nullable(),
  message: z.string().optional(),
})
export type SeamlessAnswer = z.infer<typeof SeamlessAnswer>

export const gamesContract = {
  providers: { response: { 200: okEnvelope(z.array(Provider)) } },
  recommends: { response: { 200: okEnvelope(z.array(Game)) } },
  providerRecommends: { response: { 200: okEnvelope(z.array(Provider)) } },
  fishing: { response: { 200: okEnvelope(z.array(Game)) } },
  byProvider: { params: z.strictObject({ provider: ProviderCode }), response: { 200: okEnvelope(z.array(Game)) } },
  launch: { body: LaunchBody, response: { 200: okEnvelope(LaunchResult) } },
  lobby: { body: LobbyBody, response: { 200: okEnvelope(LaunchResult) } },
}
