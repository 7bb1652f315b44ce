import { describe, expect, it } from 'vitest'
import { manualClock } from '../../lib/clock.ts'
import { autoApprovalRefusals, DEFAULT_AUTO_APPROVAL_CAPS, type AutoApprovalFacts, type AutoApprovalReason } from './auto-approval.ts'

const HOUR = 3_600_000
const clock = manualClock(new Date('2026-11-29T10:00:00Z'))
const hoursAgo = (h: number) => new Date(clock.now().getTime() - h * HOUR)

/** A returning player whom every gate lets through: 1,000 baht, paid before to this account, wagered more than deposited. */
const passing: AutoApprovalFacts = {
  amount: 100_000n,
  playerAutoCount24h: 0,
  playerAutoTotal24h: 0n,
  siteAutoTotal1h: 0n,
  earlierPaidWithdrawals: 1,
  firstToThisAccount: false,
  accountChangedAt: null,
  heldWithdrawals: 0,
  lockedOrExcluded: false,
  openDepositExceptions: 0,
  wageredSinceLastWithdrawal: 300_000n,
  depositedSinceLastWithdrawal: 200_000n,
  firstDepositAt: hoursAgo(24 * 10),
  toRegisteredAccount: true,
  depositsNotFromRegisteredAccount: 0,
}

describe('autoApprovalRefusals', () => {
  it('lets a returning player within every cap through', () => {
    expect(autoApprovalRefusals(passing, DEFAULT_AUTO_APPROVAL_CAPS, clock.now())).toEqual([])
  })

  const cases: Array<{ gate: string; change: Partial<AutoApprovalFacts>; reason: AutoApprovalReason | null }> = [
    { gate: '5,000 baht is within the per-payout cap', change: { amount: 500_000n }, reason: null },
    { gate: '5,000.01 baht is over the per-payout cap', change: { amount: 500_001n }, reason: 'OVER_PAYOUT_CAP' },
    { gate: 'the player reaches 20,000 baht in 24 h', change: { playerAutoTotal24h: 1_900_000n }, reason: null },
    { gate: 'the player passes 20,000 baht in 24 h', change: { playerAutoTotal24h: 1_900_001n }, reason: 'OVER_PLAYER_DAILY_TOTAL' },
    { gate: 'the third payout in 24 h', change: { playerAutoCount24h: 2 }, reason: null },
    { gate: 'a fourth payout in 24 h', change: { playerAutoCount24h: 3 }, reason: 'OVER_PLAYER_DAILY_COUNT' },
    { gate: 'the site hourly budget reached exactly', change: { siteAutoTotal1h: 9_900_000n }, reason: null },
    { gate: 'the site hourly budget spent (the breaker)', change: { siteAutoTotal1h: 9_900_001n }, reason: 'SITE_HOURLY_BUDGET_SPENT' },
    { gate: 'the first withdrawal ever', change: { earlierPaidWithdrawals: 0 }, reason: 'FIRST_WITHDRAWAL' },
    { gate: 'the first after a bank-account change', change: { firstToThisAccount: true }, reason: 'FIRST_AFTER_ACCOUNT_CHANGE' },
    { gate: 'within 72 h of an account change', change: { accountChangedAt: hoursAgo(71.9) }, reason: 'RECENT_ACCOUNT_CHANGE' },
    { gate: '72 h after an account change', change: { accountChangedAt: hoursAgo(72) }, reason: null },
    { gate: 'a payout held or unknown', change: { heldWithdrawals: 1 }, reason: 'HELD_WITHDRAWAL' },
    { gate: 'a locked or excluded member', change: { lockedOrExcluded: true }, reason: 'MEMBER_LOCKED_OR_EXCLUDED' },
    { gate: 'an open deposit exception', change: { openDepositExceptions: 1 }, reason: 'OPEN_DEPOSIT_EXCEPTION' },
    { gate: 'wagered exactly the deposits', change: { wageredSinceLastWithdrawal: 200_000n }, reason: null },
    { gate: 'wagered less than the deposits', change: { wageredSinceLastWithdrawal: 199_999n }, reason: 'WAGERING_BELOW_DEPOSITS' },
    { gate: 'no deposit at all', change: { firstDepositAt: null }, reason: 'NO_DEPOSIT' },
    { gate: 'the first deposit under 24 h ago', change: { firstDepositAt: hoursAgo(23.9) }, reason: 'FIRST_DEPOSIT_TOO_RECENT' },
    { gate: 'the first deposit 24 h ago', change: { firstDepositAt: hoursAgo(24) }, reason: null },
    { gate: 'not the registered account', change: { toRegisteredAccount: false }, reason: 'NOT_REGISTERED_ACCOUNT' },
    { gate: 'a deposit an operator assigned', change: { depositsNotFromRegisteredAccount: 1 }, reason: 'DEPOSIT_NOT_FROM_REGISTERED_ACCOUNT' },
  ]
  it.each(cases)('$gate -> $reason', ({ change, reason }) => {
    expect(autoApprovalRefusals({ ...passing, ...change }, DEFAULT_AUTO_APPROVAL_CAPS, clock.now())).toEqual(reason ? [reason] : [])
  })

  it('names every gate that fails, not only the first', () => {
    const reasons = autoApprovalRefusals({ ...passing, amount: 600_000n, earlierPaidWithdrawals: 0 }, DEFAULT_AUTO_APPROVAL_CAPS, clock.now())
    expect(reasons).toEqual(['OVER_PAYOUT_CAP', 'FIRST_WITHDRAWAL'])
  })

  it('reads the caps it is given, not the defaults', () => {
    const caps = { ...DEFAULT_AUTO_APPROVAL_CAPS, perPayout: 50_000n }
    expect(autoApprovalRefusals(passing, caps, clock.now())).toEqual(['OVER_PAYOUT_CAP'])
  })
})
