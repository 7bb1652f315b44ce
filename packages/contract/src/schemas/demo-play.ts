/**
 * The built-in demo provider's page calls (GET /play/<token>/state, POST /play/<token>/round). They belong to the demo
 * provider, not to the lobby contract: only the page the API serves at /play/<token> calls them.
 */
import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { strictBody } from './fields.ts'

/** Bet sizes a demo player may choose, in baht. */
export const demoBetsBaht = [1, 5, 10, 50, 100] as const

const GameCode = z.string({ error: 'รหัสเกมไม่ถูกต้อง' }).regex(/^[a-z0-9_]{1,80}$/, { error: 'รหัสเกมไม่ถูกต้อง' })

export const DemoPlayParams = z.object({ token: z.string() })
/** `game` picks the game of a lobby launch; `lang` is carried along from the launch URL. */
export const DemoPlayQuery = z.object({ game: GameCode.optional(), lang: z.string().max(8).optional() })

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6

export const DemoRoundBody = strictBody({
  bet: z.number({ error: 'กรุณาเลือกยอดเดิมพันจากรายการ' }).refine((v) => (demoBetsBaht as readonly number[]).includes(v), { error: 'กรุณาเลือกยอดเดิมพันจากรายการ' }),
  target: z
    .number({ error: 'จุดถอนอัตโนมัติต้องอยู่ระหว่าง 1.01 - 100.00 เท่า' })
    .min(1.01, { error: 'จุดถอนอัตโนมัติต้องอยู่ระหว่าง 1.01 - 100.00 เท่า' })
    .max(100, { error: 'จุดถอนอัตโนมัติต้องอยู่ระหว่าง 1.01 - 100.00 เท่า' })
    .refine(twoDecimals, { error: 'จุดถอนอัตโนมัติมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง' })
    .optional(),
  pick: z.union([z.enum(['dragon', 'tiger']), z.number().int().min(0).max(9)], { error: 'ตัวเลือกไม่ถูกต้อง' }).optional(),
})
export type DemoRoundBody = z.infer<typeof DemoRoundBody>

const GameInfo = z.object({
  code: z.string(),
  title: z.string(),
  image: z.string(),
  type: z.string(),
  provider: z.string(),
  provider_title: z.string(),
  kind: z.enum(['slot', 'crash', 'card', 'pick']),
  theme: z.string().optional(),
  variant: z.string().optional(),
})

export const DemoPlayState = z.object({
  game: GameInfo,
  /** Cash balance in baht. */
  balance: z.number(),
  /** Allowed bet sizes in baht. */
  bets: z.array(z.number()),
  /** Crash only: the auto cash-out range. */
  target: z.object({ min: z.number(), max: z.number() }).optional(),
})
export type DemoPlayState = z.infer<typeof DemoPlayState>

const Card = z.object({ rank: z.number().int(), suit: z.enum(['spades', 'hearts', 'diamonds', 'clubs']) })

export const DemoOutcome = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('slot'),
    grid: z.array(z.array(z.number().int())),
    lines: z.array(z.object({ line: z.number().int(), symbol: z.number().int(), win: z.number() })),
  }),
  z.object({ kind: z.literal('crash'), target: z.number(), crash: z.number(), cashed_out: z.boolean() }),
  z.object({ kind: z.literal('card'), pick: z.enum(['dragon', 'tiger']), dragon: Card, tiger: Card, result: z.enum(['dragon', 'tiger', 'tie']) }),
  z.object({
    kind: z.literal('pick'),
    variant: z.enum(['sport', 'lottery']),
    pick: z.number().int(),
    drawn: z.number().int(),
    score: z.tuple([z.number().int(), z.number().int()]).optional(),
  }),
])

export const DemoRoundResult = z.object({
  round_id: z.string(),
  outcome: DemoOutcome,
  /** Baht. */
  bet: z.number(),
  win: z.number(),
  /** Cash balance after the round in baht; null while the win is still being settled. */
  balance: z.number().nullable(),
  settled: z.boolean(),
})
export type DemoRoundResult = z.infer<typeof DemoRoundResult>

export const demoPlayContract = {
  state: { params: DemoPlayParams, querystring: DemoPlayQuery, response: { 200: okEnvelope(DemoPlayState) } },
  round: { params: DemoPlayParams, querystring: DemoPlayQuery, body: DemoRoundBody, response: { 200: okEnvelope(DemoRoundResult) } },
}
