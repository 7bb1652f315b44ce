import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkDraft, computeBonus, isProhibited, targetMet, turnoverTarget, withdrawalTerms, type PromotionRule } from './rules.ts'

const r = (type: string, value: unknown): PromotionRule => ({ type, value })
const newbie = { isNewMember: true, hasActivePromotion: false }
const regular = { isNewMember: false, hasActivePromotion: false }

describe('checkDraft', () => {
  it('applies member rules, one active promotion, and the deposit range', () => {
    expect(checkDraft([r('NEW_MEMBER', 1)], regular, 10_000n)).toEqual({ ok: false, reason: 'NEW_MEMBERS_ONLY' })
    expect(checkDraft([r('NEW_MEMBER', 1)], newbie, 10_000n)).toEqual({ ok: true })
    expect(checkDraft([r('OLD_MEMBER', 1)], newbie, 10_000n)).toEqual({ ok: false, reason: 'OLD_MEMBERS_ONLY' })
    expect(checkDraft([r('OLD_MEMBER', 1)], regular, 10_000n)).toEqual({ ok: true })
    expect(checkDraft([], { ...regular, hasActivePromotion: true }, 10_000n)).toEqual({ ok: false, reason: 'HAS_ACTIVE_PROMOTION' })
    expect(checkDraft([r('MIN_DEPOSIT', 100)], regular, 9_999n)).toEqual({ ok: false, reason: 'BELOW_MIN_DEPOSIT', limit: 10_000n })
    expect(checkDraft([r('MIN_DEPOSIT', 100)], regular, 10_000n)).toEqual({ ok: true })
    expect(checkDraft([r('MAX_DEPOSIT', 500)], regular, 50_001n)).toEqual({ ok: false, reason: 'ABOVE_MAX_DEPOSIT', limit: 50_000n })
  })

  it('accepts any amount inside [MIN_DEPOSIT, MAX_DEPOSIT] and refuses any outside', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 5000 }), fc.bigInt({ min: 1n, max: 2_000_000n }), (min, span, amount) => {
        const rules = [r('MIN_DEPOSIT', min), r('MAX_DEPOSIT', min + span)]
        const inside = amount >= BigInt(min) * 100n && amount <= BigInt(min + span) * 100n
        expect(checkDraft(rules, regular, amount).ok).toBe(inside)
      }),
    )
  })
})

describe('computeBonus', () => {
  it('gives FIXED amounts and PERCENT of the deposit, capped by MAX_BONUS', () => {
    expect(computeBonus({ creditGivenType: 'FIXED', creditGiven: 5_000n, rules: [] }, 100_000n)).toBe(5_000n)
    expect(computeBonus({ creditGivenType: 'PERCENT', creditGiven: 5_000n, rules: [] }, 100_000n)).toBe(50_000n)
    expect(computeBonus({ creditGivenType: 'PERCENT', creditGiven: 10_000n, rules: [r('MAX_BONUS', 300)] }, 100_000n)).toBe(30_000n)
  })

  it('never exceeds MAX_BONUS nor the uncapped bonus, and never goes negative', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 20_000n }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        (percent, cap, deposit) => {
          const bonus = computeBonus({ creditGivenType: 'PERCENT', creditGiven: percent, rules: [r('MAX_BONUS', cap)] }, deposit)
          expect(bonus >= 0n).toBe(true)
          expect(bonus <= BigInt(cap) * 100n).toBe(true)
          expect(bonus <= (deposit * percent) / 10_000n).toBe(true)
        },
      ),
    )
  })
})

describe('turnover', () => {
  it('TURNOVER_BY_MUTIPLE needs deposit × value of bets; TURNOVER_BY_CREDIT needs that balance', () => {
    const t1 = turnoverTarget([r('TURNOVER_BY_MUTIPLE', 5)], 10_000n)
    expect(t1).toEqual({ type: 'TURNOVER', target: 50_000n })
    expect(targetMet(t1, { turnover: 49_999n, balance: 0n })).toBe(false)
    expect(targetMet(t1, { turnover: 50_000n, balance: 0n })).toBe(true)
    const t2 = turnoverTarget([r('TURNOVER_BY_CREDIT', 1500)], 10_000n)
    expect(t2).toEqual({ type: 'CREDIT', target: 150_000n })
    expect(targetMet(t2, { turnover: 10n ** 9n, balance: 149_999n })).toBe(false)
    expect(targetMet(t2, { turnover: 0n, balance: 150_000n })).toBe(true)
    expect(turnoverTarget([], 10_000n)).toEqual({ type: 'NONE', target: 0n })
  })
})

describe('isProhibited', () => {
  it('matches type numbers, type names and providers, single or listed', () => {
    expect(isProhibited([r('PROHIBITED_GAMES_TYPE', [4, 10])], { type: 'FISHING', provider: 'jili' })).toBe(true)
    expect(isProhibited([r('PROHIBITED_GAMES_TYPE', 4)], { type: 'SLOT', provider: 'jili' })).toBe(false)
    expect(isProhibited([r('PROHIBITED_GAMES_TYPE', 'funky')], { type: 'FUNKY', provider: 'joker' })).toBe(true)
    expect(isProhibited([r('PROHIBITED_GAMES_PROVIDER', ['sbo', 'saba'])], { type: 'SPORT', provider: 'saba' })).toBe(true)
    expect(isProhibited([r('PROHIBITED_GAMES_PROVIDER', 'SBO')], { type: null, provider: 'sbo' })).toBe(true)
    expect(isProhibited([r('PROHIBITED_GAMES_PROVIDER', 'sbo')], { type: null, provider: 'evo' })).toBe(false)
  })
})

describe('withdrawalTerms', () => {
  it('makes the amount mandatory with MAX_WITHDRAW, in whole baht, and takes the larger minimum', () => {
    expect(withdrawalTerms([], 500_000n, 10_000n)).toEqual({ min: 10_000n, mandatory: false, value: 0n })
    expect(withdrawalTerms([r('MAX_WITHDRAW', 1000), r('MIN_WITHDRAW', 300)], 523_456n, 10_000n)).toEqual({ min: 30_000n, mandatory: true, value: 100_000n })
    expect(withdrawalTerms([r('MAX_WITHDRAW', 1000)], 52_345n, 10_000n)).toEqual({ min: 10_000n, mandatory: true, value: 52_300n })
  })

  it('never asks for more than the balance or the cap', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.integer({ min: 1, max: 100_000 }), (balance, cap) => {
        const terms = withdrawalTerms([r('MAX_WITHDRAW', cap)], balance, 10_000n)
        expect(terms.value <= balance && terms.value <= BigInt(cap) * 100n).toBe(true)
        expect(terms.value % 100n).toBe(0n)
      }),
    )
  })
})
