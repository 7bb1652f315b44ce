/** One field an audit entry changed: its dotted path, and its value before and after (undefined: absent). */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** A plain object (not an array, not null): its fields are compared one by one. */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every leaf of `value` by dotted path; an array or a scalar is one leaf. */
function leaves(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (!isRecord(value)) {
    if (value !== null && value !== undefined) out.set(prefix, value)
    return out
  }
  for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out)
  return out
}

/**
 * What an audit entry changed, field by field, in the order the fields appear (before's first, then after's new
 * ones): a field whose value is the same on both sides is left out, one only after was added, one only before was
 * removed. An entry with only `after` (a creation) lists every field it wrote.
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  const was = leaves(before, '', new Map())
  const is = leaves(after, '', new Map())
  const fields = [...new Set([...was.keys(), ...is.keys()])]
  return fields
    .filter((field) => JSON.stringify(was.get(field)) !== JSON.stringify(is.get(field)))
    .map((field) => ({ field: field || 'ค่า', before: was.get(field), after: is.get(field) }))
}

/** A changed value as a person reads it: text as it is, nothing as a dash, anything else as compact JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '–'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}
