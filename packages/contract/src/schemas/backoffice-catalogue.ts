import { z } from 'zod'
import { okEnvelope } from './envelope.ts'
import { idParams, MediaUrl, strictBody } from './fields.ts'
import { Game, gameTypes, Provider, providerTypes } from './games.ts'

// The back-office catalogue editor (issue 20 §2): providers and their games.

const CODE_MESSAGE = 'รหัสต้องเป็นตัวอักษรภาษาอังกฤษตัวเล็ก ตัวเลข หรือ _ (ไม่เกิน 40 ตัว)'
const GAME_CODE_MESSAGE = 'รหัสเกมต้องเป็นตัวอักษรภาษาอังกฤษตัวเล็ก ตัวเลข หรือ _ . - (ไม่เกิน 80 ตัว)'
const TITLE_MESSAGE = 'กรุณากรอกชื่อ (ไม่เกิน 80 ตัวอักษร)'
const ORDER_MESSAGE = 'ลำดับและความนิยมต้องเป็นจำนวนเต็ม 0 ถึง 1,000,000'

export const CatalogueProviderCode = z.string({ error: CODE_MESSAGE }).regex(/^[a-z0-9_]{1,40}$/, { error: CODE_MESSAGE })
const GameCode = z.string({ error: GAME_CODE_MESSAGE }).regex(/^[a-z0-9_][a-z0-9_.-]{0,79}$/, { error: GAME_CODE_MESSAGE })
const Title = z
  .string({ error: TITLE_MESSAGE })
  .trim()
  .min(1, { error: TITLE_MESSAGE })
  .max(80, { error: TITLE_MESSAGE })
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f<>]/.test(s), { error: TITLE_MESSAGE })
const Order = z.number({ error: ORDER_MESSAGE }).int({ error: ORDER_MESSAGE }).min(0, { error: ORDER_MESSAGE }).max(1_000_000, { error: ORDER_MESSAGE })
const Flag = z.boolean({ error: 'ค่าต้องเป็นจริงหรือเท็จ' })
const ProviderTypes = z
  .array(z.enum(providerTypes, { error: 'ประเภทค่ายเกมไม่ถูกต้อง' }), { error: 'กรุณาเลือกประเภทค่ายเกม' })
  .min(1, { error: 'กรุณาเลือกประเภทค่ายเกมอย่างน้อยหนึ่งประเภท' })
  .max(providerTypes.length, { error: 'ประเภทค่ายเกมซ้ำกัน' })
  .refine((types) => new Set(types).size === types.length, { error: 'ประเภทค่ายเกมซ้ำกัน' })
const Adapter = z.string({ error: 'ตัวเชื่อมต่อค่ายเกมไม่ถูกต้อง' }).regex(/^[a-z0-9_-]{1,40}$/, { error: 'ตัวเชื่อมต่อค่ายเกมไม่ถูกต้อง' })

const providerFields = {
  title: Title,
  image: MediaUrl,
  types: ProviderTypes,
  maintenance: Flag,
  lobby: Flag,
  sort: Order,
  popularity: Order,
  adapter: Adapter,
}
const gameFields = {
  title: Title,
  image: MediaUrl,
  type: z.enum(gameTypes, { error: 'ประเภทเกมไม่ถูกต้อง' }),
  lobby: Flag,
  maintenance: Flag,
  popularity: Order,
  sort: Order,
}
const NOTHING_TO_CHANGE = 'ไม่มีข้อมูลที่ต้องการเปลี่ยน'
const somethingToChange = (body: object) => Object.keys(body).length > 0

export const CreateProviderBody = strictBody({ code: CatalogueProviderCode, ...providerFields })
export type CreateProviderBody = z.infer<typeof CreateProviderBody>
/** Only the fields sent change (a maintenance switch sends `{ maintenance: true }`). */
export const UpdateProviderBody = strictBody(providerFields).partial().refine(somethingToChange, { error: NOTHING_TO_CHANGE })
export type UpdateProviderBody = z.infer<typeof UpdateProviderBody>
export const CreateGameBody = strictBody({ code: GameCode, ...gameFields })
export type CreateGameBody = z.infer<typeof CreateGameBody>
export const UpdateGameBody = strictBody(gameFields).partial().refine(somethingToChange, { error: NOTHING_TO_CHANGE })
export type UpdateGameBody = z.infer<typeof UpdateGameBody>

const edited = { sort: z.number().int(), popularity: z.number().int(), updated_at: z.string() }

/** The lobby's provider with all its types, its order, adapter and how many games it has. */
export const CatalogueProvider = Provider.omit({ type: true }).extend({ types: z.array(z.string()), ...edited, adapter: z.string(), games: z.number().int() })
export type CatalogueProvider = z.infer<typeof CatalogueProvider>

/** The lobby's game with its id and its order. */
export const CatalogueGame = Game.extend({ id: z.number().int(), ...edited })
export type CatalogueGame = z.infer<typeof CatalogueGame>

const ProviderParams = z.strictObject({ code: CatalogueProviderCode })
const GameParams = idParams('รหัสเกมไม่ถูกต้อง')

export const backofficeCatalogueContract = {
  providers: { response: { 200: okEnvelope(z.array(CatalogueProvider)) } },
  createProvider: { body: CreateProviderBody, response: { 200: okEnvelope(CatalogueProvider) } },
  updateProvider: { params: ProviderParams, body: UpdateProviderBody, response: { 200: okEnvelope(CatalogueProvider) } },
  games: { params: ProviderParams, response: { 200: okEnvelope(z.array(CatalogueGame)) } },
  createGame: { params: ProviderParams, body: CreateGameBody, response: { 200: okEnvelope(CatalogueGame) } },
  updateGame: { params: GameParams, body: UpdateGameBody, response: { 200: okEnvelope(CatalogueGame) } },
}
