import { describe, expect, it } from 'vitest'
import { DEFAULT_RISK_PARAMS, evaluateRules, type DepositFacts, type ReferralFacts, type WithdrawalFacts } from './risk-rules.ts'

// Each rule of issue 39 §1 on facts just inside and just outside its parameters, with the defaults (ADR 089).

const NOW = new Date('2026-11-29T05:00:00Z')
const MIN = 60_000
const DAY = 86_400_000
const baht = (n: number) => BigInt(Math.round(n * 100))

const deposit = (over: Partial<DepositFacts>): DepositFacts => ({
  amount: baht(1_000),
  deposits24h: [baht(1_000)],
  senderPlayers: 1,
  senderIsRegistered: true,
  lastActivityAt: new Date(NOW.getTime() - DAY),
  startedBonus: false,
  bonusPlayersFromSender: 0,
  ...over,
})
const withdrawal = (over: Partial<WithdrawalFacts>): WithdrawalFacts => ({
  amount: baht(1_000),
  depositedSinceLast: baht(1_000),
  wageredSinceLast: baht(1_000),
  withdrawals24h: 1,
  bonusWageringUnmet: false,
  lastDepositAt: new Date(NOW.getTime() - DAY),
  cashLeft: baht(5_000),
  ...over,
})
const referral = (over: Partial<ReferralFacts>): ReferralFacts => ({ linkedReferees: 0, cycle: false, referees: [], ...over })
const rulesOf = (found: ReturnType<typeof evaluateRules>) => found.map((f) => `${f.rule}:${f.action}`)

describe('risk rules with the default parameters', () => {
  it('a clean deposit and a clean withdrawal fire nothing', () => {
    expect(evaluateRules({ event: 'DEPOSIT', facts: deposit({}) }, DEFAULT_RISK_PARAMS, NOW)).toEqual([])
    expect(evaluateRules({ event: 'WITHDRAWAL', facts: withdrawal({}) }, DEFAULT_RISK_PARAMS, NOW)).toEqual([])
    expect(evaluateRules({ event: 'REGISTRATION', facts: { devicePlayers: 1, networkPlayers: 1 } }, DEFAULT_RISK_PARAMS, NOW)).toEqual([])
    expect(evaluateRules({ event: 'REFERRAL_PAYOUT', facts: referral({}) }, DEFAULT_RISK_PARAMS, NOW)).toEqual([])
  })

  it.each([
    ['R1 review: wagering 0.99× the deposits', { wageredSinceLast: baht(990) }, ['R1:REVIEW']],
    ['R1 hold: wagering 0.29× the deposits', { wageredSinceLast: baht(290) }, ['R1:HOLD']],
    ['R1 quiet: wagering exactly 1×', { wageredSinceLast: baht(1_000) }, []],
    ['R1 quiet: no deposit since the last withdrawal', { depositedSinceLast: 0n, wageredSinceLast: 0n }, []],
    ['R5: a bonus still to wager', { bonusWageringUnmet: true }, ['R5:REVIEW']],
    ['R7: a fourth withdrawal in 24 hours', { withdrawals24h: 4 }, ['R7:REVIEW']],
    ['R7 quiet: the third', { withdrawals24h: 3 }, []],
    ['R10: all but 99 baht 60 minutes after a deposit', { lastDepositAt: new Date(NOW.getTime() - 60 * MIN), cashLeft: baht(99) }, ['R10:CASE']],
    ['R10 quiet: 61 minutes after', { lastDepositAt: new Date(NOW.getTime() - 61 * MIN), cashLeft: 0n }, []],
    ['R10 quiet: 100 baht left', { lastDepositAt: new Date(NOW.getTime() - 5 * MIN), cashLeft: baht(100) }, []],
  ] as const)('withdrawal, %s', (_name, over, expected) => {
    expect(rulesOf(evaluateRules({ event: 'WITHDRAWAL', facts: withdrawal(over) }, DEFAULT_RISK_PARAMS, NOW))).toEqual(expected)
  })

  it.each([
    ['R2: a third deposit of 45,000-49,999 in 24 hours', { amount: baht(49_000), deposits24h: [baht(45_000), baht(49_999), baht(49_000)] }, ['R2:CASE']],
    ['R2 quiet: one of three is 44,999', { amount: baht(49_000), deposits24h: [baht(44_999), baht(49_999), baht(49_000)] }, []],
    ['R2 quiet: 50,000 is at the line, not under it', { amount: baht(50_000), deposits24h: [baht(49_000), baht(49_000), baht(50_000)] }, []],
    ['R3 review: a sender account two players paid from', { senderPlayers: 2 }, ['R3:REVIEW']],
    ['R3 case: three players', { senderPlayers: 3 }, ['R3:CASE']],
    ['R5: a bonus funded from an account another bonus was funded from', { startedBonus: true, bonusPlayersFromSender: 2 }, ['R5:CASE']],
    ['R5 quiet: the first bonus from it', { startedBonus: true, bonusPlayersFromSender: 1 }, []],
    ['R6: a sender that is not the registered account', { senderIsRegistered: false }, ['R6:HOLD']],
    ['R8: 100,000 baht', { amount: baht(100_000), deposits24h: [baht(100_000)] }, ['R8:CASE']],
    ['R8 quiet: 99,999.99', { amount: baht(99_999.99), deposits24h: [baht(99_999.99)] }, []],
    ['R9: 90 days idle, then 50,000', { amount: baht(50_000), deposits24h: [baht(50_000)], lastActivityAt: new Date(NOW.getTime() - 90 * DAY) }, ['R9:CASE']],
    ['R9 quiet: 89 days', { amount: baht(50_000), deposits24h: [baht(50_000)], lastActivityAt: new Date(NOW.getTime() - 89 * DAY) }, []],
    ['R9 quiet: a first deposit', { amount: baht(50_000), deposits24h: [baht(50_000)], lastActivityAt: null }, []],
  ] as const)('deposit, %s', (_name, over, expected) => {
    expect(rulesOf(evaluateRules({ event: 'DEPOSIT', facts: deposit(over) }, DEFAULT_RISK_PARAMS, NOW))).toEqual(expected)
  })

  it.each([
    ['a device two players share', { devicePlayers: 2, networkPlayers: 1 }, ['R3:REVIEW']],
    ['a /24 three players share', { devicePlayers: 1, networkPlayers: 3 }, ['R3:CASE']],
  ] as const)('registration, %s', (_name, facts, expected) => {
    expect(rulesOf(evaluateRules({ event: 'REGISTRATION', facts }, DEFAULT_RISK_PARAMS, NOW))).toEqual(expected)
  })

  it.each([
    ['a referee linked to the referrer', { linkedReferees: 1 }, ['R4:CASE']],
    ['a cycle in the referral graph', { cycle: true }, ['R4:CASE']],
    ['a referee gone below 1× turnover', { referees: [{ playerId: 9, deposited: baht(500), wagered: baht(100) }] }, ['R4:HOLD']],
    ['a referee at 1× turnover', { referees: [{ playerId: 9, deposited: baht(500), wagered: baht(500) }] }, []],
    ['a linked referee below turnover: one hold', { linkedReferees: 1, referees: [{ playerId: 9, deposited: baht(500), wagered: 0n }] }, ['R4:HOLD']],
  ] as const)('referral payout, %s', (_name, over, expected) => {
    expect(rulesOf(evaluateRules({ event: 'REFERRAL_PAYOUT', facts: referral(over) }, DEFAULT_RISK_PARAMS, NOW))).toEqual(expected)
  })

  it('follows changed parameters: a structuring line of 20,000 and a large deposit of 30,000', () => {
    const params = { ...DEFAULT_RISK_PARAMS, r2_line: 20_000, r8_large_deposit: 30_000 }
    const facts = deposit({ amount: baht(19_500), deposits24h: [baht(19_000), baht(19_900), baht(19_500)] })
    expect(rulesOf(evaluateRules({ event: 'DEPOSIT', facts }, params, NOW))).toEqual(['R2:CASE'])
    expect(rulesOf(evaluateRules({ event: 'DEPOSIT', facts: deposit({ amount: baht(30_000) }) }, params, NOW))).toEqual(['R8:CASE'])
  })
})
