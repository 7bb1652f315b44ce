/**
 * Auto-approval (issue 37 §4, ADR 085): whether a withdrawal may be handed to the payout bank without an operator.
 * A pure function over facts the repository reads by SQL aggregates in the request's transaction, under the player's
 * lock; every gate that does not hold adds its reason code, and any reason sends the withdrawal to the operators'
 * queue as before. Amounts are satang; times come from the injected clock (`now`).
 */

const HOUR = 3_600_000

/** The caps, money settings of the plan (two keys to change them, ADR 044); satang and counts. */
export interface AutoApprovalCaps {
  /** The most one payout may be. */
  perPayout: bigint
  /** The most one player's auto-approved payouts may total in a rolling 24 hours, this one included. */
  playerDailyTotal: bigint
  /** How many auto-approved payouts one player may have in a rolling 24 hours, this one included. */
  playerDailyCount: number
  /** The most all auto-approved payouts together may total in a rolling hour, this one included: the circuit breaker. */
  siteHourlyBudget: bigint
}

export const DEFAULT_AUTO_APPROVAL_CAPS: AutoApprovalCaps = {
  perPayout: 500_000n,
  playerDailyTotal: 2_000_000n,
  playerDailyCount: 3,
  siteHourlyBudget: 10_000_000n,
}

/** What the gates read, as of the withdrawal's request (the withdrawal itself excluded from every count). */
export interface AutoApprovalFacts {
  amount: bigint
  /** The player's auto-approved payouts (not refunded) in the last 24 hours: how many and their total. */
  playerAutoCount24h: number
  playerAutoTotal24h: bigint
  /** Every player's auto-approved payouts (not refunded) in the last hour. */
  siteAutoTotal1h: bigint
  /** The player's earlier withdrawals paid out (SUCCESS): none makes this the first withdrawal ever. */
  earlierPaidWithdrawals: number
  /** Earlier payouts went to another account than this one and none yet to this one: the account changed. */
  firstToThisAccount: boolean
  /** When the player's account last changed: the first payout to the current account after one to another (null: never). */
  accountChangedAt: Date | null
  /** The player's withdrawals the payout bank held (PAYOUT_HELD) or whose outcome is unknown (OUTCOME_UNKNOWN). */
  heldWithdrawals: number
  /** The member is LOCKED, or a time-out or self-exclusion is in force. */
  lockedOrExcluded: boolean
  /** Open deposit exceptions naming a deposit credited to the player. */
  openDepositExceptions: number
  /** Valid bets since the last withdrawal (since the first deposit when there is none), and deposits credited since. */
  wageredSinceLastWithdrawal: bigint
  depositedSinceLastWithdrawal: bigint
  firstDepositAt: Date | null
  /** The withdrawal goes to the registered account. */
  toRegisteredAccount: boolean
  /** Credited deposits not matched by the bank feed to the registered account (an operator's assignment or claim). */
  depositsNotFromRegisteredAccount: number
  /** The player has an open risk case (issue 39 §2, ADR 089): its withdrawals wait for it to close. */
  openRiskCase?: boolean
}

export const AUTO_APPROVAL_REASONS = [
  'OVER_PAYOUT_CAP',
  'OVER_PLAYER_DAILY_TOTAL',
  'OVER_PLAYER_DAILY_COUNT',
  'SITE_HOURLY_BUDGET_SPENT',
  'FIRST_WITHDRAWAL',
  'FIRST_AFTER_ACCOUNT_CHANGE',
  'RECENT_ACCOUNT_CHANGE',
  'HELD_WITHDRAWAL',
  'MEMBER_LOCKED_OR_EXCLUDED',
  'OPEN_DEPOSIT_EXCEPTION',
  'WAGERING_BELOW_DEPOSITS',
  'NO_DEPOSIT',
  'FIRST_DEPOSIT_TOO_RECENT',
  'NOT_REGISTERED_ACCOUNT',
  'DEPOSIT_NOT_FROM_REGISTERED_ACCOUNT',
  'RISK_CASE_OPEN',
] as const
export type AutoApprovalReason = (typeof AUTO_APPROVAL_REASONS)[number]

/** The reasons the withdrawal must wait for operators, in the order above; empty when it may be paid at once. */
export function autoApprovalRefusals(facts: AutoApprovalFacts, caps: AutoApprovalCaps, now: Date): AutoApprovalReason[] {
  const reasons: AutoApprovalReason[] = []
  const refuse = (when: boolean, reason: AutoApprovalReason) => when && reasons.push(reason)
  refuse(facts.amount > caps.perPayout, 'OVER_PAYOUT_CAP')
  refuse(facts.playerAutoTotal24h + facts.amount > caps.playerDailyTotal, 'OVER_PLAYER_DAILY_TOTAL')
  refuse(facts.playerAutoCount24h + 1 > caps.playerDailyCount, 'OVER_PLAYER_DAILY_COUNT')
  refuse(facts.siteAutoTotal1h + facts.amount > caps.siteHourlyBudget, 'SITE_HOURLY_BUDGET_SPENT')
  refuse(facts.earlierPaidWithdrawals === 0, 'FIRST_WITHDRAWAL')
  refuse(facts.firstToThisAccount, 'FIRST_AFTER_ACCOUNT_CHANGE')
  refuse(facts.accountChangedAt !== null && now.getTime() - facts.accountChangedAt.getTime() < 72 * HOUR, 'RECENT_ACCOUNT_CHANGE')
  refuse(facts.heldWithdrawals > 0, 'HELD_WITHDRAWAL')
  refuse(facts.lockedOrExcluded, 'MEMBER_LOCKED_OR_EXCLUDED')
  refuse(facts.openDepositExceptions > 0, 'OPEN_DEPOSIT_EXCEPTION')
  refuse(facts.wageredSinceLastWithdrawal < facts.depositedSinceLastWithdrawal, 'WAGERING_BELOW_DEPOSITS')
  refuse(facts.firstDepositAt === null, 'NO_DEPOSIT')
  refuse(facts.firstDepositAt !== null && now.getTime() - facts.firstDepositAt.getTime() < 24 * HOUR, 'FIRST_DEPOSIT_TOO_RECENT')
  refuse(!facts.toRegisteredAccount, 'NOT_REGISTERED_ACCOUNT')
  refuse(facts.depositsNotFromRegisteredAccount > 0, 'DEPOSIT_NOT_FROM_REGISTERED_ACCOUNT')
  refuse(facts.openRiskCase === true, 'RISK_CASE_OPEN')
  return reasons
}
