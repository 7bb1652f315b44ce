import { describe, expect, it } from 'vitest'
import { auditDiff, showValue } from './audit-diff.ts'

describe('auditDiff', () => {
  it('lists only the fields that changed, with their values before and after', () => {
    expect(auditDiff({ status: 'ACTIVE', locked_by_role: null, reason: 'x' }, { status: 'LOCKED', reason: 'x', locked_by_role: 'support' })).toEqual([
      { field: 'status', before: 'ACTIVE', after: 'LOCKED' },
      { field: 'locked_by_role', before: undefined, after: 'support' },
    ])
  })

  it('names nested fields by path and treats arrays as one value', () => {
    expect(auditDiff({ terms: { credit: 20, rules: [1] } }, { terms: { credit: 30, rules: [1] } })).toEqual([{ field: 'terms.credit', before: 20, after: 30 }])
    expect(auditDiff({ reasons: ['A'] }, { reasons: ['A', 'B'] })).toEqual([{ field: 'reasons', before: ['A'], after: ['A', 'B'] }])
  })

  it('lists every field of a creation, every field of a removal, and nothing for no change', () => {
    expect(auditDiff(null, { role: 'finance', phone: '0812345678' })).toEqual([
      { field: 'role', before: undefined, after: 'finance' },
      { field: 'phone', before: undefined, after: '0812345678' },
    ])
    expect(auditDiff({ status: 'OPEN' }, null)).toEqual([{ field: 'status', before: 'OPEN', after: undefined }])
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual([])
    expect(auditDiff(null, null)).toEqual([])
    expect(auditDiff(null, 'text')).toEqual([{ field: 'ค่า', before: undefined, after: 'text' }])
  })

  it('shows text as it is, nothing as a dash, and other values as compact JSON', () => {
    expect(showValue('LOCKED')).toBe('LOCKED')
    expect(showValue(undefined)).toBe('–')
    expect(showValue(null)).toBe('–')
    expect(showValue(20)).toBe('20')
    expect(showValue(['A', 'B'])).toBe('["A","B"]')
  })
})
