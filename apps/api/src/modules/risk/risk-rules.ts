import { bahtToSatang, type RiskAction, type RiskEvent, type RiskParams, type RiskRule } from '@sanam/contract'

/**
 * The AML and fraud rules (issue 39 §1, ADR 089): pure functions over facts the repository reads by SQL aggregates in
 * the event's transaction. Each rule that fires answers a finding with its action and the inputs it decided on, which
 * the alert stores with the parameters' version, so the decision can be replayed by calling the rule again. Amounts are
 * satang, times come from the injected clock.
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** The parameters in force when no version was ever applied (version 0): the figures. */
export const DEFAULT_RISK_PARAMS: RiskParams = {
  r1_review_ratio: 1,
  r1_hold_ratio: 0.3,
  r2_line: 50_000,
  r2_band_percent: 10,
  r2_count: 3,
  r3_review_players: 2,
  r3_case_players: 3,
  r4_turnover_ratio: 1,
  r5_bonus_players: 2,
  r7_withdrawals: 3,
  r8_large_deposit: 100_000,
  r9_idle_days: 90,
  r9_amount: 50_000,
  r10_minutes: 60,
  r10_left: 100,
}

/** A ratio as hundredths, so that bigint sums compare with it exactly (0.3 is 30). */
const hundredths = (ratio: number) => BigInt(Math.round(ratio * 100))

/** What a deposit's rules read, as of its credit (the deposit included). */
export interface DepositFacts {
  amount: bigint
  /** The player's credited deposits of the last 24 hours, this one included. */
  deposits24h: readonly bigint[]
  /** How many players (this one included) have credited deposits from this deposit's sender account. */
  senderPlayers: number
  /** The sender's bank and account are the player's registered ones (a masked account matching them counts). */
  senderIsRegistered: boolean
  /** The player's last deposit, withdrawal or bet before this deposit; null: none (a first deposit). */
  lastActivityAt: Date | null
  /** This deposit started a bonus, and how many players' bonuses were funded from its sender account (this one included). */
  startedBonus: boolean
  bonusPlayersFromSender: number
}

/** What a withdrawal request's rules read (the withdrawal included, its money already held). */
export interface WithdrawalFacts {
  amount: bigint
  /** Deposits credited and bets placed since the previous withdrawal (since the start when there is none). */
  depositedSinceLast: bigint
  wageredSinceLast: bigint
  /** The player's withdrawals requested in the last 24 hours, this one included (refused ones too). */
  withdrawals24h: number
  /** A bonus whose wagering is not met is still running. */
  bonusWageringUnmet: boolean
  lastDepositAt: Date | null
  /** Cash left after this withdrawal's hold. */
  cashLeft: bigint
}

/** What a registration's rules read: how many players (this one included) share each of its signals. */
export interface RegistrationFacts {
  devicePlayers: number
  /** Players seen from the same /24 (IPv4) or the same address (IPv6). */
  networkPlayers: number
}

/** What a referral payout's rules read, for the player being paid (the referrer). */
export interface ReferralFacts {
  /** Direct referees linked to the referrer (the same holder's name, a device or an address). */
  linkedReferees: number
  /** The referral chain above the referrer comes back to it. */
  cycle: boolean
  /** The direct referees who deposited: what each deposited and bet in all (at most 500, the newest). */
  referees: ReadonlyArray<{ playerId: number; deposited: bigint; wagered: bigint }>
}

export type RiskFacts =
  | { event: 'DEPOSIT'; facts: DepositFacts }
  | { event: 'WITHDRAWAL'; facts: WithdrawalFacts }
  | { event: 'REGISTRATION'; facts: RegistrationFacts }
  | { event: 'REFERRAL_PAYOUT'; facts: ReferralFacts }

/** A rule that fired: what it asks for and what it decided on. */
export interface RiskFinding {
  rule: RiskRule
  action: RiskAction
  inputs: Record<string, unknown>
}

/** Facts and parameters as an alert stores them: bigints and dates as strings, the rest as they are (JSON). */
export function storable(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(storable)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storable(v)]))
  return value
}

function depositRules(f: DepositFacts, p: RiskParams, now: Date): RiskFinding[] {
  const out: RiskFinding[] = []
  const line = bahtToSatang(p.r2_line)
  const floor = line - (line * hundredths(p.r2_band_percent)) / 10_000n
  const inBand = f.deposits24h.filter((a) => a >= floor && a < line).length
  if (f.amount >= floor && f.amount < line && inBand >= p.r2_count) out.push({ rule: 'R2', action: 'CASE', inputs: { in_band_24h: inBand, floor, line } })
  if (f.senderPlayers >= p.r3_review_players)
    out.push({ rule: 'R3', action: f.senderPlayers >= p.r3_case_players ? 'CASE' : 'REVIEW', inputs: { shared: 'BANK_ACCOUNT', players: f.senderPlayers } })
  if (f.startedBonus && f.bonusPlayersFromSender >= p.r5_bonus_players)
    out.push({ rule: 'R5', action: 'CASE', inputs: { bonus_players_from_sender: f.bonusPlayersFromSender } })
  if (!f.senderIsRegistered) out.push({ rule: 'R6', action: 'HOLD', inputs: { sender_is_registered: false } })
  if (f.amount >= bahtToSatang(p.r8_large_deposit)) out.push({ rule: 'R8', action: 'CASE', inputs: { amount: f.amount } })
  if (f.lastActivityAt && now.getTime() - f.lastActivityAt.getTime() >= p.r9_idle_days * DAY && f.amount >= bahtToSatang(p.r9_amount))
    out.push({ rule: 'R9', action: 'CASE', inputs: { last_activity_at: f.lastActivityAt, amount: f.amount } })
  return out
}

function withdrawalRules(f: WithdrawalFacts, p: RiskParams, now: Date): RiskFinding[] {
  const out: RiskFinding[] = []
  if (f.depositedSinceLast > 0n) {
    const scaled = f.wageredSinceLast * 100n
    const inputs = { deposited: f.depositedSinceLast, wagered: f.wageredSinceLast }
    if (scaled < f.depositedSinceLast * hundredths(p.r1_hold_ratio)) out.push({ rule: 'R1', action: 'HOLD', inputs })
    else if (scaled < f.depositedSinceLast * hundredths(p.r1_review_ratio)) out.push({ rule: 'R1', action: 'REVIEW', inputs })
  }
  if (f.bonusWageringUnmet) out.push({ rule: 'R5', action: 'REVIEW', inputs: { bonus_wagering_unmet: true } })
  if (f.withdrawals24h > p.r7_withdrawals) out.push({ rule: 'R7', action: 'REVIEW', inputs: { withdrawals_24h: f.withdrawals24h } })
  if (f.lastDepositAt && now.getTime() - f.lastDepositAt.getTime() <= p.r10_minutes * MINUTE && f.cashLeft < bahtToSatang(p.r10_left))
    out.push({ rule: 'R10', action: 'CASE', inputs: { last_deposit_at: f.lastDepositAt, cash_left: f.cashLeft, amount: f.amount } })
  return out
}

function registrationRules(f: RegistrationFacts, p: RiskParams): RiskFinding[] {
  const players = Math.max(f.devicePlayers, f.networkPlayers)
  if (players < p.r3_review_players) return []
  const shared = f.devicePlayers >= f.networkPlayers ? 'DEVICE' : 'NETWORK'
  return [
    {
      rule: 'R3',
      action: players >= p.r3_case_players ? 'CASE' : 'REVIEW',
      inputs: { shared, players, device_players: f.devicePlayers, network_players: f.networkPlayers },
    },
  ]
}

function referralRules(f: ReferralFacts, p: RiskParams): RiskFinding[] {
  const out: RiskFinding[] = []
  const below = f.referees.filter((r) => r.wagered * 100n < r.deposited * hundredths(p.r4_turnover_ratio))
  if (f.linkedReferees > 0 || f.cycle) out.push({ rule: 'R4', action: 'CASE', inputs: { linked_referees: f.linkedReferees, cycle: f.cycle } })
  if (below.length > 0) out.push({ rule: 'R4', action: 'HOLD', inputs: { referees_below_turnover: below } })
  // One alert per rule and event: a ring and a held commission together are one HOLD with both inputs.
  if (out.length === 2) return [{ rule: 'R4', action: 'HOLD', inputs: { ...out[0]!.inputs, ...out[1]!.inputs } }]
  return out
}

/** Every rule of the event, in order: the findings of those that fire (none: the event is clean). */
export function evaluateRules(input: RiskFacts, params: RiskParams, now: Date): RiskFinding[] {
  switch (input.event) {
    case 'DEPOSIT':
      return depositRules(input.facts, params, now)
    case 'WITHDRAWAL':
      return withdrawalRules(input.facts, params, now)
    case 'REGISTRATION':
      return registrationRules(input.facts, params)
    case 'REFERRAL_PAYOUT':
      return referralRules(input.facts, params)
  }
}

/** Which events each rule is evaluated on (the inbox and the ADR say it; the golden tests read it). */
export const RULE_EVENTS: Record<RiskRule, RiskEvent[]> = {
  R1: ['WITHDRAWAL'],
  R2: ['DEPOSIT'],
  R3: ['REGISTRATION', 'DEPOSIT'],
  R4: ['REFERRAL_PAYOUT'],
  R5: ['WITHDRAWAL', 'DEPOSIT'],
  R6: ['DEPOSIT'],
  R7: ['WITHDRAWAL'],
  R8: ['DEPOSIT'],
  R9: ['DEPOSIT'],
  R10: ['WITHDRAWAL'],
}
