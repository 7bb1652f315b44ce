import fc from 'fast-check'
import type { z } from 'zod'

// fast-check arbitraries read from the contract's zod 4 schemas, for the hostile-input fuzzer: values the schema
// accepts, and near misses of them. Only the kinds of schema the contract uses are understood; anything else is an
// error here, so a new kind in the contract is noticed rather than silently fuzzed with nothing.

/** The parts of zod 4's internal definition this reads (`schema._zod.def`). */
interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  options?: z.ZodType[]
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  element?: z.ZodType
  entries?: Record<string, string | number>
  values?: unknown[]
  format?: string
  pattern?: RegExp
  checks?: Array<{ _zod: { def: CheckDef } }>
}
interface CheckDef {
  check: string
  format?: string
  pattern?: RegExp
  minimum?: number
  maximum?: number
  value?: number
  inclusive?: boolean
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def
const checksOf = (schema: z.ZodType) => (defOf(schema).checks ?? []).map((c) => c._zod.def)

/** Text a player might type, and text no one should: Thai, emoji, RTL marks, NUL, combining marks, markup, SQL. */
const nastyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    'สมชาย',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    "'; drop table players; --",
    '{{7*7}}',
    '$& $1 $$',
    '\u0000',
    '\u202e\u202d',
    'Z̸̢͓a̷l̵g̸o̶',
    '😀'.repeat(30),
    '../../etc/passwd',
    '%00%2e%2e',
    '__proto__',
  ),
)

/** Numbers that are legal JSON and trouble for money: huge, negative, fractional, unsafe integers. */
export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, -100, 0.001, 0.005, 1.5, 100.123, 1e21, 1e300, -1e300, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 1e-7),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

/** Any JSON value, nested and odd, to stand where something else was expected. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { maxDepth: 3 },
  nastyText,
  nastyNumber,
  fc.constantFrom(null, true, false, '', [], {}, ' ', '1', '0', '-1', 'null', 'true'),
  fc.string({ minLength: 200, maxLength: 6000 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
  fc.constant({ $ne: null }),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}}') as unknown),
)

/** Field names of things no request may set (mass assignment). */
export const MASS_ASSIGNMENT_FIELDS = [
  'balance',
  'role',
  'status',
  'player_id',
  'uid',
  'upline_id',
  'id',
  'locked',
  'is_admin',
  'credit',
  'amount_satang',
  'operator_id',
] as const

function stringArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const def = defOf(schema)
  const checks = checksOf(schema)
  let min = 0
  let max = 60
  let pattern: RegExp | undefined = def.pattern
  let format = def.format
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0)
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max)
    if (check.check === 'string_format') {
      pattern = check.pattern ?? pattern
      format = check.format ?? format
    }
  }
  if (format === 'datetime') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
  // Days of a few years around now: two of them often make a range a report accepts (at most a year, in order),
  // where days anywhere in 0000-9999 almost never would, and the final safeParse would discard nearly every sample.
  if (format === 'date')
    return fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  if (pattern) return fc.stringMatching(pattern)
  // Mostly plain text of an allowed length, sometimes the hostile strings (still within the length). Not NUL: the
  // schemas allow it, but the server refuses it in any field (plugins/no-nul.ts), so it is only ever junk.
  return fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: Math.max(min, Math.min(max, 30)) }),
      nastyText.filter((s) => s.length >= min && s.length <= max),
    )
    .filter((s) => !s.includes('\u0000'))
}

function numberArbitrary(schema: z.ZodType): fc.Arbitrary<number> {
  let min = -1e7
  let max = 1e7
  let integer = false
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than') min = Math.max(min, (check.value ?? min) + (check.inclusive ? 0 : 0.01))
    if (check.check === 'less_than') max = Math.min(max, (check.value ?? max) - (check.inclusive ? 0 : 0.01))
    if (check.check === 'number_format') integer = true
  }
  const lo = Math.max(min, integer ? Math.ceil(min) : min)
  const hi = Math.min(max, 10_000_000)
  return fc.oneof(
    fc.integer({ min: Math.ceil(Math.max(lo, 0)), max: Math.max(Math.ceil(Math.max(lo, 0)), Math.floor(Math.min(hi, 2_000))) }),
    // Baht with satang: two decimals.
    fc.integer({ min: 1, max: 1_000_000 }).map((satang) => satang / 100),
    // The demo game's fixed bet sizes and crash targets.
    fc.constantFrom(1, 5, 10, 50, 100, 1.01, 2, 9),
  )
}

/**
 * Values the schema accepts. The structure gives the candidates; a final `safeParse` keeps only the ones the schema
 * really accepts (refinements such as "at most 2 decimals" are code, not data).
 */
export function validArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return candidates(schema).filter((value) => schema.safeParse(value).success)
}

function candidates(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {}
      const required = Object.keys(shape).filter((key) => !isOptional(shape[key]!))
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [key, field] of Object.entries(shape)) record[key] = candidates(field)
      return fc.record(record, { requiredKeys: required })
    }
    case 'string':
      return stringArbitrary(schema)
    case 'number':
      return numberArbitrary(schema)
    case 'boolean':
      return fc.boolean()
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}))
    case 'literal':
      return fc.constantFrom(...(def.values ?? []))
    case 'union':
      return fc.oneof(...(def.options ?? []).map(candidates))
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(candidates(def.innerType!), { nil: undefined, freq: 3 })
    case 'nullable':
      return fc.option(candidates(def.innerType!), { nil: null, freq: 3 })
    case 'pipe':
      return candidates(def.in!)
    case 'array':
      return fc.array(candidates(def.element!), { maxLength: 3 })
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 })
    default:
      throw new Error(`zod-arbitrary: schema type "${def.type}" is not understood; teach apps/api/test/zod-arbitrary.ts`)
  }
}

function isOptional(schema: z.ZodType): boolean {
  const def = defOf(schema)
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true
  if (def.type === 'pipe') return isOptional(def.in!)
  return false
}

/** The field names of an object schema (after unwrapping), or none. */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return []
  const def = defOf(schema)
  if (def.type === 'object') return Object.keys(def.shape ?? {})
  if (def.type === 'pipe') return fieldsOf(def.in)
  return []
}

/**
 * Near misses of a valid object: one field given a wrong value, a required field dropped, an extra field, or the
 * whole thing replaced. The schema may still accept some of them (a wrong value can happen to be valid); the fuzzer
 * checks the server's answer, not that every mutation is refused.
 */
export function nearValidArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema)
  const valid = validArbitrary(schema)
  const asObject = (v: unknown) => ({ ...(v as Record<string, unknown>) })
  const mutations: Array<fc.Arbitrary<unknown>> = [
    // The whole value replaced by junk.
    junkValue,
    // An unknown or privileged field added.
    fc.tuple(valid, fc.oneof(fc.constantFrom(...MASS_ASSIGNMENT_FIELDS), fc.string({ minLength: 1, maxLength: 20 })), junkValue).map(([v, key, junk]) => {
      const copy = asObject(v)
      Object.defineProperty(copy, key, { value: junk, enumerable: true, configurable: true, writable: true })
      return copy
    }),
  ]
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields)
    mutations.push(
      // One field wrong: a value of any other kind.
      fc.tuple(valid, field, junkValue).map(([v, key, junk]) => ({ ...asObject(v), [key]: junk })),
      // One field wrong in a way money and strings care about.
      fc
        .tuple(valid, field, fc.oneof(nastyNumber, nastyText, fc.string({ minLength: 100, maxLength: 3000 })))
        .map(([v, key, junk]) => ({ ...asObject(v), [key]: junk })),
      // One field missing.
      fc.tuple(valid, field).map(([v, key]) => {
        const copy = asObject(v)
        delete copy[key]
        return copy
      }),
      // Right value, wrong type: a number as a string and back.
      fc.tuple(valid, field).map(([v, key]) => {
        const copy = asObject(v)
        const value = copy[key]
        copy[key] =
          typeof value === 'number' ? String(value) : typeof value === 'string' && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : [value]
        return copy
      }),
    )
  }
  return fc.oneof(...mutations)
}
