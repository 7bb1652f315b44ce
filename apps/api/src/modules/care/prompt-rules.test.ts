import { describe, expect, it } from 'vitest'
import { addMonths, duePrompt, type PromptFacts } from './prompt-rules.ts'

const at = (iso: string) => new Date(iso)
const registered = at('2026-01-31T10:00:00Z')
const facts = (over: Partial<PromptFacts> = {}): PromptFacts => ({
  registeredAt: registered,
  hasDepositLimit: false,
  hasDeposited: false,
  lastActiveAt: null,
  lastAnswered: { DEPOSIT_LIMIT: null, ACCOUNT_REVIEW: null, YEARLY_LIMIT: null },
  reviewEveryMonths: 6,
  ...over,
})
const answered = (over: Partial<PromptFacts['lastAnswered']>) => ({ DEPOSIT_LIMIT: null, ACCOUNT_REVIEW: null, YEARLY_LIMIT: null, ...over })

describe('addMonths', () => {
  it('keeps the day, or the month’s last day when it has none', () => {
    expect(addMonths(registered, 1)).toEqual(at('2026-02-28T10:00:00Z'))
    expect(addMonths(registered, 6)).toEqual(at('2026-07-31T10:00:00Z'))
    expect(addMonths(at('2026-07-31T10:00:00Z'), -12)).toEqual(at('2025-07-31T10:00:00Z'))
  })
})

describe('duePrompt', () => {
  it('a new player without a limit or a deposit is asked for a deposit limit, once', () => {
    expect(duePrompt(facts(), registered)).toEqual({ kind: 'DEPOSIT_LIMIT', period: registered, from: registered })
    expect(duePrompt(facts({ lastAnswered: answered({ DEPOSIT_LIMIT: registered }) }), registered)).toBeNull()
    expect(duePrompt(facts({ hasDepositLimit: true }), registered)).toBeNull()
    expect(duePrompt(facts({ hasDeposited: true }), registered)).toBeNull()
  })

  it('the yearly prompt: 12 months after the last limit prompt answered, to a player still without a limit', () => {
    const declined = at('2026-02-01T00:00:00Z')
    const f = facts({ lastAnswered: answered({ DEPOSIT_LIMIT: declined }) })
    expect(duePrompt(f, at('2027-01-31T23:59:59Z'))).toBeNull()
    expect(duePrompt(f, at('2027-02-01T00:00:00Z'))).toEqual({ kind: 'YEARLY_LIMIT', period: at('2027-02-01T00:00:00Z'), from: declined })
    expect(duePrompt({ ...f, hasDepositLimit: true }, at('2027-06-01T00:00:00Z'))).toBeNull()
    // Answered: the next one a year after that answer.
    const again = { ...f, lastAnswered: answered({ DEPOSIT_LIMIT: declined, YEARLY_LIMIT: at('2027-03-01T00:00:00Z') }) }
    expect(duePrompt(again, at('2028-02-29T00:00:00Z'))).toBeNull()
    expect(duePrompt(again, at('2028-03-01T00:00:00Z'))?.kind).toBe('YEARLY_LIMIT')
  })

  it('the review: every 6 months (or the 1 or 3 chosen) for a player active in the last 12 months', () => {
    const active = facts({ hasDepositLimit: true, hasDeposited: true, lastActiveAt: at('2026-05-01T00:00:00Z') })
    expect(duePrompt(active, at('2026-07-31T09:59:59Z'))).toBeNull()
    expect(duePrompt(active, at('2026-07-31T10:00:00Z'))).toEqual({ kind: 'ACCOUNT_REVIEW', period: at('2026-07-31T10:00:00Z'), from: registered })
    const read = { ...active, lastAnswered: answered({ ACCOUNT_REVIEW: at('2026-08-02T00:00:00Z') }), reviewEveryMonths: 3 as const }
    expect(duePrompt(read, at('2026-11-01T23:59:59Z'))).toBeNull()
    expect(duePrompt(read, at('2026-11-02T00:00:00Z'))?.kind).toBe('ACCOUNT_REVIEW')
    // Inactive for more than 12 months: no review.
    expect(duePrompt(active, at('2027-05-02T00:00:00Z'))).toBeNull()
    expect(duePrompt({ ...active, lastActiveAt: null }, at('2026-08-01T00:00:00Z'))).toBeNull()
  })

  it('one prompt at a time: the limit prompts before the review', () => {
    const both = facts({ hasDeposited: true, lastActiveAt: at('2027-01-15T00:00:00Z') })
    expect(duePrompt(both, at('2027-02-01T00:00:00Z'))?.kind).toBe('YEARLY_LIMIT')
  })
})
