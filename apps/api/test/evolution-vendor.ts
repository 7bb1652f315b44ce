// A fake Evolution: the vendor side of its One Wallet, driving Sanam's Evolution routes over HTTP (ADR 082). Its
// scenarios re-express Evolution's 26 "licensee integration tests" (as re-implemented in the MIT-licensed
// valkyrie-fnd/valkyrie, provider/evolution/test/evo_integration_test.go at fe49faa: read, not copied) as lists of
// calls with the statuses and balances those tests expect. A small model of the wallet's published rules gives the
// expected answer of any call sequence, so the same scenarios replay under faults (lost answers, copies, reordering,
// crashes, bad tokens, stale sids) against expected balances.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { parseJsonKeepingNumbers, satangOfDecimal } from '../src/modules/protocols/decimal-json.ts'
import type { EvolutionStatus } from '../src/modules/protocols/evolution.service.ts'
import { games, providers } from '../src/db/schema.ts'
import { arrayParam, rowsOf } from '../src/db/rows.ts'
import type { TestApp } from './app.ts'
import { uniqueAddress } from './factories.ts'
import { expectLedgerOk, signedInPlayer } from './money.ts'
import { launch } from './seamless.ts'

export const EVOLUTION_TOKEN = 'evolution-static-token-of-these-tests-0123'
export const EVOLUTION_PROVIDER = 'evolution'
export const EVOLUTION_GAME = 'live_blackjack'
/** The configuration the Evolution routes need in a test app. */
export const evolutionConfig = { EVOLUTION_AUTH_TOKEN: EVOLUTION_TOKEN }

/** The Evolution provider and one live game in the catalogue (the seeded catalogue's Evolution is the demo's `evo`). */
export async function addEvolutionProvider(t: TestApp) {
  await t.db
    .insert(providers)
    .values({ code: EVOLUTION_PROVIDER, title: 'Evolution', image: 'providers/evolution.svg', types: ['CASINO_LIVE'], lobby: true })
    .onConflictDoNothing()
  await t.db
    .insert(games)
    .values({
      providerCode: EVOLUTION_PROVIDER,
      code: EVOLUTION_GAME,
      title: 'Live Blackjack',
      image: 'games/evolution/live_blackjack.svg',
      type: 'CASINO_LIVE',
    })
    .onConflictDoNothing()
}

export interface EvolutionReply {
  httpStatus: number
  status: EvolutionStatus
  /** The balance exactly as written (a JSON number's text), when the answer has one. */
  balance?: string
  sid?: string
}

/**
 * One call as Evolution sends it: JSON with amounts written as number tokens (`amounts` names the decimal text each
 * `"$amount:<name>"` placeholder stands for), `authToken` in the query.
 */
export async function postEvolution(t: TestApp, op: string, body: Record<string, unknown>, options: { token?: string; address?: string } = {}) {
  const raw = JSON.stringify(body).replace(/"\$amount:([^"]*)"/g, '$1')
  const res = await t.request('POST', `/api/protocols/evolution/${op}?authToken=${encodeURIComponent(options.token ?? EVOLUTION_TOKEN)}`, {
    headers: { 'content-type': 'application/json' },
    payload: raw,
    ...(options.address ? { address: options.address } : {}),
  })
  const parsed = (res.body ? parseJsonKeepingNumbers(res.body) : {}) as Record<string, string>
  const reply: EvolutionReply = { httpStatus: res.statusCode, status: parsed.status as EvolutionStatus }
  if (parsed.balance !== undefined) reply.balance = parsed.balance
  if (parsed.sid !== undefined) reply.sid = parsed.sid
  return reply
}
/** A decimal amount written as a JSON number token by postEvolution. */
export const amount = (text: string) => `$amount:${text}`

// ---------------------------------------------------------------------------------------------------------------
// Scenarios: what Evolution sends and what it expects.

export type Who = 'A' | 'B'
/** An expected answer; `balance` is the change from the player's starting balance, in baht (as Evolution's tests say it). */
export interface Expect {
  status: EvolutionStatus
  balance?: number
}
interface Base {
  who?: Who
  /** Sent with a user id that is not the session's player. */
  fakeUser?: true
}
export type Step =
  | (Base & { op: 'check'; as?: string; expect: 'OK' | 'INVALID_SID' })
  | (Base & { op: 'sid'; as: string })
  | (Base & { op: 'use'; sid: string })
  | (Base & { op: 'balance'; expect: Expect })
  | (Base & { op: 'debit' | 'credit' | 'cancel'; round: string; tx: string; ref: string; amount: string; expect: Expect })
  | (Base & { op: 'promo'; id: string; type: string; amount: string; expect: Expect })

export interface Scenario {
  name: string
  /** Each player's starting cash in baht (default 1000). */
  cash?: number
  /** Players in it (default A). */
  players?: Who[]
  steps: Step[]
}

const OK = (balance: number): Expect => ({ status: 'OK', balance })
/** A money call's step: the round, its transaction id, the bet it names (`ref`), the amount in baht and its answer. */
const moneyStep =
  (op: 'debit' | 'credit' | 'cancel') =>
  (round: string, tx: string, ref: string, value: number | string, expect: Expect, who?: Who): Step => ({
    op,
    round,
    tx,
    ref,
    amount: String(value),
    expect,
    ...(who ? { who } : {}),
  })
const bet = moneyStep('debit')
const settle = moneyStep('credit')
const cancel = moneyStep('cancel')
const balance = (change: number, who?: Who): Step => ({ op: 'balance', expect: OK(change), ...(who ? { who } : {}) })
const PROMO_TYPES = [
  'JACKPOT_PROMO_PAYOUT',
  'NEW_TYPE_PROMO_PAYOUT',
  'REAL_TIME_MONETARY_REWARD_PROMO_PAYOUT',
  'REWARD_GAME_PLAYABLE_SPENT_PROMO_PAYOUT',
  'FROM_GAME_PROMO_PAYOUT',
  'FREE_ROUND_PLAYABLE_SPENT_PROMO_PAYOUT',
  'REWARD_GAME_MIN_BET_LIMIT_REACHED_PROMO_PAYOUT',
  'REWARD_GAME_WIN_CAP_REACHED_PROMO_PAYOUT',
]

/**
 * Evolution's 26 licensee integration tests, each after the usual preparation (a sid, check renewing it, a balance).
 * Where Evolution accepts either of two statuses, the one this wallet gives is written.
 */
export const evolutionScenarios: Scenario[] = [
  {
    name: 'check renews the sid: the old one is refused for balance and debit; a credit on it finds no bet',
    steps: [
      { op: 'use', sid: 'S0' },
      { op: 'balance', expect: { status: 'INVALID_SID' } },
      bet('g', 't1', 'r1', 10, { status: 'INVALID_SID' }),
      // Evolution accepts INVALID_SID or BET_DOES_NOT_EXIST: a credit still settles on an old sid, and this bet never was.
      settle('g', 'c1', 't1', 10, { status: 'BET_DOES_NOT_EXIST', balance: 0 }),
    ],
  },
  {
    name: 'every method once: balance, debit, credit',
    steps: [bet('g', 't1', 'r1', 1, OK(-1)), settle('g', 'c1', 'r1', 1, OK(0)), balance(0)],
  },
  {
    name: 'a debit sent twice is taken once (the repeat answers OK with the same balance)',
    steps: [bet('g', 't1', 'r1', 1, OK(-1)), bet('g', 't1', 'r1', 1, OK(-1)), balance(-1), settle('g', 'c1', 'r1', 1, OK(0)), balance(0)],
  },
  { name: 'debit then cancel', steps: [bet('g', 't1', 'r1', 1, OK(-1)), cancel('g', 't1', 'r1', 1, OK(0)), balance(0)] },
  { name: 'debit then credit', steps: [bet('g', 't1', 'r1', 2, OK(-2)), settle('g', 'c1', 'r1', 2, OK(0)), balance(0)] },
  {
    name: 'a second credit of a settled bet is BET_ALREADY_SETTLED and pays nothing',
    steps: [
      bet('g', 't1', 'r1', 2, OK(-2)),
      settle('g', 'c1', 'r1', 2, OK(0)),
      settle('g', 'c2', 'r1', 2, { status: 'BET_ALREADY_SETTLED', balance: 0 }),
      balance(0),
    ],
  },
  {
    name: 'a credit naming an unknown bet is BET_DOES_NOT_EXIST; the real one then pays',
    steps: [
      bet('g', 't1', 'r1', 2, OK(-2)),
      settle('g', 'c1', 'unknown', 2, { status: 'BET_DOES_NOT_EXIST', balance: -2 }),
      balance(-2),
      settle('g', 'c2', 'r1', 2, OK(0)),
      balance(0),
    ],
  },
  {
    name: 'a cancel after the credit is BET_ALREADY_SETTLED',
    steps: [
      bet('g', 't1', 'r1', 2, OK(-2)),
      settle('g', 'c1', 'r1', 2, OK(0)),
      cancel('g', 't1', 'r1', 2, { status: 'BET_ALREADY_SETTLED', balance: 0 }),
      balance(0),
    ],
  },
  {
    name: 'one player on two channels (two sids): both answer, both bet, one credit',
    steps: [
      { op: 'sid', as: 'M0' },
      { op: 'check', as: 'M1', expect: 'OK' },
      { op: 'use', sid: 'S1' },
      balance(0),
      { op: 'use', sid: 'M1' },
      balance(0),
      { op: 'use', sid: 'S1' },
      bet('g', 't1', 'r1', 2, OK(-2)),
      { op: 'use', sid: 'M1' },
      bet('g', 't2', 'r2', 3, OK(-5)),
      settle('g', 'c1', 'r1', 5, OK(0)),
      { op: 'use', sid: 'S1' },
      balance(0),
      { op: 'use', sid: 'M1' },
      balance(0),
    ],
  },
  {
    name: 'two players at one table, two hands each, in the table’s one round',
    players: ['A', 'B'],
    steps: [
      bet('g', 'ta1', 'ra1', 2, OK(-2), 'A'),
      bet('g', 'tb1', 'rb1', 3, OK(-3), 'B'),
      bet('g', 'ta2', 'ra2', 2, OK(-4), 'A'),
      bet('g', 'tb2', 'rb2', 3, OK(-6), 'B'),
      settle('g', 'ca1', 'ra1', 2, OK(-2), 'A'),
      settle('g', 'ca2', 'ra2', 2, OK(0), 'A'),
      settle('g', 'cb1', 'rb1', 3, OK(-3), 'B'),
      settle('g', 'cb2', 'rb2', 3, OK(0), 'B'),
      balance(0, 'A'),
      balance(0, 'B'),
    ],
  },
  {
    name: 'a bet in another game before the first is settled',
    steps: [
      bet('a', 't1', 'r1', 2, OK(-2)),
      bet('b', 't2', 'r2', 2, OK(-4)),
      settle('b', 'c2', 'r2', 2, OK(-2)),
      settle('a', 'c1', 'r1', 2, OK(0)),
      balance(0),
    ],
  },
  {
    name: 'a user id that is not the session’s player: INVALID_SID for check, debit, cancel and credit, nothing moved',
    steps: [
      { op: 'check', fakeUser: true, expect: 'INVALID_SID' },
      { op: 'check', as: 'S2', expect: 'OK' },
      balance(0),
      { ...bet('g', 't1', 'r1', 10, { status: 'INVALID_SID' }), fakeUser: true },
      balance(0),
      bet('g', 't1', 'r1', 10, OK(-10)),
      { ...cancel('g', 't1', 'r1', 10, { status: 'INVALID_SID' }), fakeUser: true },
      balance(-10),
      { ...settle('g', 'c1', 'r1', 2, { status: 'INVALID_SID' }), fakeUser: true },
      balance(-10),
      settle('g', 'c2', 'r1', 10, OK(0)),
      balance(0),
    ],
  },
  {
    name: 'a cancel naming an unknown bet is BET_DOES_NOT_EXIST; the real cancel then refunds',
    steps: [
      bet('g', 't1', 'r1', 2, OK(-2)),
      cancel('g', 'tx-unknown', 'ref-unknown', 2, { status: 'BET_DOES_NOT_EXIST', balance: -2 }),
      balance(-2),
      cancel('g', 't1', 'r1', 2, OK(0)),
      balance(0),
    ],
  },
  {
    name: 'a cancel sent twice refunds once (the repeat is BET_ALREADY_SETTLED)',
    steps: [
      bet('g', 't1', 'r1', 3, OK(-3)),
      cancel('g', 't1', 'r1', 3, OK(0)),
      cancel('g', 't1', 'r1', 3, { status: 'BET_ALREADY_SETTLED', balance: 0 }),
      balance(0),
    ],
  },
  {
    name: 'a credit of 0 settles a lost bet',
    steps: [bet('g', 't1', 'r1', 3, OK(-3)), settle('g', 'c1', 'r1', 0, OK(-3)), balance(-3)],
  },
  {
    name: 'two bets on two sids of one player, each credited',
    steps: [
      bet('g', 't1', 'r1', 3, OK(-3)),
      { op: 'sid', as: 'S2' },
      bet('g', 't2', 'r2', 4, OK(-7)),
      settle('g', 'c1', 'r1', 3, OK(-4)),
      settle('g', 'c2', 'r2', 4, OK(0)),
    ],
  },
  {
    name: 'two debits, the first credited, the second cancelled',
    steps: [
      bet('g', 't1', 'r1', 7, OK(-7)),
      bet('g', 't2', 'r2', 5, OK(-12)),
      settle('g', 'c1', 'r1', 7, OK(-5)),
      cancel('g', 't2', 'r2', 5, OK(0)),
      balance(0),
    ],
  },
  {
    name: 'two debits, the second cancelled, then the first credited',
    steps: [bet('g', 't1', 'r1', 3, OK(-3)), bet('g', 't2', 'r2', 2, OK(-5)), cancel('g', 't2', 'r2', 2, OK(-3)), settle('g', 'c1', 'r1', 3, OK(0))],
  },
  {
    name: 'a debit above the balance: INSUFFICIENT_FUNDS with the balance unchanged',
    cash: 50,
    steps: [bet('g', 't1', 'r1', 150, { status: 'INSUFFICIENT_FUNDS', balance: 0 }), balance(0)],
  },
  {
    name: '101 debit and credit pairs in one round',
    steps: Array.from({ length: 101 }, (_, i) => [bet('g', `t${i}`, `r${i}`, 12, OK(-12)), settle('g', `c${i}`, `r${i}`, 12, OK(0))]).flat(),
  },
  {
    name: 'one player, two rounds of one table in parallel; a cancel after its bet was credited is BET_ALREADY_SETTLED',
    steps: [
      bet('a', 'ta1', 'ra1', 10, OK(-10)),
      bet('b', 'tb1', 'rb1', 3, OK(-13)),
      bet('b', 'tb2', 'rb2', 3, OK(-16)),
      bet('a', 'ta2', 'ra2', 5, OK(-21)),
      cancel('b', 'tb2', 'rb2', 3, OK(-18)),
      settle('a', 'ca2', 'ra2', 15, OK(-3)),
      settle('b', 'cb1', 'rb1', 3, OK(0)),
      cancel('b', 'tb1', 'rb1', 5, { status: 'BET_ALREADY_SETTLED', balance: 0 }),
      balance(0),
    ],
  },
  {
    name: 'a credit after the cancel is BET_ALREADY_SETTLED and pays nothing',
    steps: [
      bet('g', 't1', 'r1', 10, OK(-10)),
      cancel('g', 't1', 'r1', 10, OK(0)),
      settle('g', 'c1', 'r1', 300, { status: 'BET_ALREADY_SETTLED', balance: 0 }),
      balance(0),
    ],
  },
  {
    name: 'a big payout (63,727,092.34) and a bet of as much, exact to the satang',
    steps: [
      bet('a', 't1', 'r1', 10, OK(-10)),
      settle('a', 'c1', 'r1', '63727092.34', OK(63727082.34)),
      bet('b', 't2', 'r2', '63727092.34', OK(-10)),
      settle('b', 'c2', 'r2', 10, OK(0)),
      balance(0),
    ],
  },
  {
    name: 'a promotional payout sent twice pays once',
    steps: [
      { op: 'promo', id: 'p1', type: 'FROM_GAME_PROMO_PAYOUT', amount: '10', expect: OK(10) },
      { op: 'promo', id: 'p1', type: 'FROM_GAME_PROMO_PAYOUT', amount: '10', expect: OK(10) },
      balance(10),
    ],
  },
  {
    name: 'every promotional payout type pays',
    steps: [
      ...PROMO_TYPES.map((type, i): Step => ({ op: 'promo', id: `p${i}`, type, amount: '10', expect: OK(10 * (i + 1)) })),
      balance(10 * PROMO_TYPES.length),
    ],
  },
  {
    name: 'fifteen debits in one round: seven credited double, three with 0, one with 5, four cancelled',
    steps: [
      ...Array.from({ length: 15 }, (_, i) => bet('g', `t${i + 1}`, `r${i + 1}`, 3, OK(-3 * (i + 1)))),
      ...Array.from({ length: 7 }, (_, i) => settle('g', `c${i + 1}`, `r${i + 1}`, 4, OK(-45 + 4 * (i + 1)))),
      ...Array.from({ length: 3 }, (_, i) => settle('g', `c${i + 8}`, `r${i + 8}`, 0, OK(-17))),
      settle('g', 'c11', 'r11', 5, OK(-12)),
      ...Array.from({ length: 4 }, (_, i) => cancel('g', `t${i + 12}`, `r${i + 12}`, 3, OK(-12 + 3 * (i + 1)))),
      balance(0),
    ],
  },
]

// ---------------------------------------------------------------------------------------------------------------
// The model: the wallet's published rules (Evolution's, as ADR 082 adopts them), with no database.

interface ModelAnswer {
  status: EvolutionStatus
  balance?: bigint
}
const satang = (baht: string) =>
  satangOfDecimal(baht) ??
  (() => {
    throw new Error(`not an amount: ${baht}`)
  })()

export class EvolutionModel {
  balances = new Map<Who, bigint>()
  sids = new Map<string, { who: Who; open: boolean }>()
  bets = new Map<string, { who: Who; round: string; amount: bigint; state: 'open' | 'settled' | 'cancelled' | 'refused' | 'tombstone'; first?: ModelAnswer }>()
  credits = new Map<string, { print: string; answer: ModelAnswer }>()
  cancels = new Map<string, { print: string; answer: ModelAnswer }>()
  promos = new Map<string, { print: string; answer: ModelAnswer }>()

  constructor(start: Map<Who, bigint>) {
    this.balances = new Map(start)
  }
  private now = (who: Who) => this.balances.get(who)!
  /** The session a call names, as the wallet reads it: unknown, another player's or a fake user is INVALID_SID. */
  private session(who: Who, label: string, fakeUser: boolean) {
    const sid = this.sids.get(label)
    return fakeUser || !sid || sid.who !== who ? undefined : sid
  }

  renew(who: Who, from: string, to: string, keepOld: boolean, fakeUser = false): EvolutionStatus {
    const sid = this.session(who, from, fakeUser)
    if (!sid?.open) return 'INVALID_SID'
    if (!keepOld) sid.open = false
    this.sids.set(to, { who, open: true })
    return 'OK'
  }
  balance(who: Who, label: string, fakeUser: boolean): ModelAnswer {
    const sid = this.session(who, label, fakeUser)
    return sid?.open ? { status: 'OK', balance: this.now(who) } : { status: 'INVALID_SID', balance: 0n }
  }
  debit(who: Who, label: string, fakeUser: boolean, round: string, ref: string, amountText: string): ModelAnswer {
    const sid = this.session(who, label, fakeUser)
    if (!sid) return { status: 'INVALID_SID', balance: 0n }
    const value = satang(amountText)
    const seen = this.bets.get(ref)
    if (seen) {
      if (seen.state === 'tombstone') return { status: 'BET_ALREADY_SETTLED', balance: this.now(who) }
      if (seen.who === who && seen.round === round && seen.amount === value && seen.first) return seen.first
      return { status: 'BET_ALREADY_EXIST', balance: this.now(who) }
    }
    let answer: ModelAnswer
    if (!sid.open) answer = { status: 'INVALID_SID', balance: this.now(who) }
    else if (value > this.now(who)) answer = { status: 'INSUFFICIENT_FUNDS', balance: this.now(who) }
    else {
      this.balances.set(who, this.now(who) - value)
      answer = { status: 'OK', balance: this.now(who) }
    }
    this.bets.set(ref, { who, round, amount: value, state: answer.status === 'OK' ? 'open' : 'refused', first: answer })
    return answer
  }
  credit(who: Who, label: string, fakeUser: boolean, round: string, tx: string, ref: string, amountText: string): ModelAnswer {
    if (!this.session(who, label, fakeUser)) return { status: 'INVALID_SID', balance: 0n }
    const value = satang(amountText)
    const print = `${who}|${round}|${value}`
    const seen = this.credits.get(tx)
    if (seen) return seen.print === print ? seen.answer : { status: 'BET_ALREADY_EXIST', balance: this.now(who) }
    const bet = this.bets.get(ref)
    let answer: ModelAnswer
    if (bet && bet.who === who && (bet.state === 'tombstone' || bet.state === 'cancelled' || bet.state === 'settled'))
      answer = { status: 'BET_ALREADY_SETTLED', balance: this.now(who) }
    else if (!bet || bet.who !== who || bet.state !== 'open') answer = { status: 'BET_DOES_NOT_EXIST', balance: this.now(who) }
    else {
      bet.state = 'settled'
      this.balances.set(who, this.now(who) + value)
      answer = { status: 'OK', balance: this.now(who) }
    }
    this.credits.set(tx, { print, answer })
    return answer
  }
  cancel(who: Who, label: string, fakeUser: boolean, round: string, ref: string): ModelAnswer {
    if (!this.session(who, label, fakeUser)) return { status: 'INVALID_SID', balance: 0n }
    const print = `${who}|${round}`
    const seen = this.cancels.get(ref)
    if (seen) {
      if (seen.print !== print) return { status: 'BET_ALREADY_EXIST', balance: this.now(who) }
      return seen.answer.status === 'OK' ? { status: 'BET_ALREADY_SETTLED', balance: this.now(who) } : seen.answer
    }
    const bet = this.bets.get(ref)
    let answer: ModelAnswer
    if (!bet) {
      this.bets.set(ref, { who, round, amount: 0n, state: 'tombstone' })
      answer = { status: 'BET_DOES_NOT_EXIST', balance: this.now(who) }
    } else if (bet.state === 'settled') answer = { status: 'BET_ALREADY_SETTLED', balance: this.now(bet.who) }
    else if (bet.state === 'open') {
      bet.state = 'cancelled'
      this.balances.set(bet.who, this.now(bet.who) + bet.amount)
      answer = { status: 'OK', balance: this.now(bet.who) }
    } else answer = { status: 'OK', balance: this.now(bet.who) }
    this.cancels.set(ref, { print, answer })
    return answer
  }
  promo(who: Who, label: string, fakeUser: boolean, id: string, amountText: string): ModelAnswer {
    if (!this.session(who, label, fakeUser)) return { status: 'INVALID_SID', balance: 0n }
    const value = satang(amountText)
    const print = `${who}|${value}`
    const seen = this.promos.get(id)
    if (seen) return seen.print === print ? seen.answer : { status: 'BET_ALREADY_EXIST', balance: this.now(who) }
    this.balances.set(who, this.now(who) + value)
    const answer: ModelAnswer = { status: 'OK', balance: this.now(who) }
    this.promos.set(id, { print, answer })
    return answer
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The runner: a vendor client replaying a scenario, clean or under one fault.

export const evolutionFaults = [
  'clean',
  'lost-answer-then-retry',
  'five-concurrent-copies',
  'cancel-before-debit',
  'credit-before-debit',
  'debit-timeout-then-cancel',
  'crash-then-retry',
  'fifty-parallel-debits',
  'bad-token',
  'stale-sid',
] as const
export type EvolutionFault = (typeof evolutionFaults)[number]

/** What a crash-then-retry run arms: the next batch's transaction throws before COMMIT, once. */
export const crashSwitch = { armed: false }
export const crashFaults = {
  beforeCommit() {
    if (!crashSwitch.armed) return
    crashSwitch.armed = false
    throw new Error('injected crash inside the transaction')
  },
}

/** The steps as sent under a fault that changes the order of calls (the model gives their expected answers). */
function reorder(steps: Step[], fault: EvolutionFault): Step[] {
  const out: Step[] = []
  steps.forEach((step, at) => {
    if (step.op === 'debit' && fault === 'cancel-before-debit') out.push({ ...step, op: 'cancel', expect: { status: 'BET_DOES_NOT_EXIST' } })
    if (step.op === 'debit' && fault === 'credit-before-debit') {
      const later = steps.slice(at + 1).find((s) => s.op === 'credit' && s.ref === step.ref && (s.who ?? 'A') === (step.who ?? 'A'))
      if (later) out.push(later)
    }
    out.push(step)
    if (step.op === 'debit' && fault === 'debit-timeout-then-cancel') out.push({ ...step, op: 'cancel', expect: { status: 'OK' } })
  })
  return out
}
const REORDERING: readonly EvolutionFault[] = ['cancel-before-debit', 'credit-before-debit', 'debit-timeout-then-cancel']

/**
 * Plays a scenario as Evolution would, under `fault`, and checks every answer against the model (and, when the order
 * of calls is Evolution's own, against the scenario's written expectations), then the end state: the model's
 * balances, the ledger's invariants, one seamless row per transaction id, no balance ever below zero.
 */
export async function playScenario(t: TestApp, scenario: Scenario, fault: EvolutionFault = 'clean') {
  const run = randomUUID().slice(0, 8)
  const id = (name: string) => `${run}-${name}`
  const who = scenario.players ?? ['A']
  const cash = scenario.cash ?? 1000
  const players = new Map<Who, { userId: string; sids: Map<string, string>; current: string }>()
  for (const w of who) {
    // Each from an address of its own: hundreds of runs would use up one address's sign-ins (the login rate limit).
    const player = await signedInPlayer(t, {}, { cash, address: uniqueAddress() })
    const sid = await launch(t, player.token, EVOLUTION_PROVIDER, EVOLUTION_GAME)
    players.set(w, { userId: String(player.id), sids: new Map([['S0', sid]]), current: 'S0' })
  }
  const start = new Map(who.map((w) => [w, BigInt(cash) * 100n]))
  const model = new EvolutionModel(start)
  for (const w of who) model.sids.set(`${w}:S0`, { who: w, open: true })
  const lowest = new Map(start)
  const seenTxIds = new Set<string>()

  const playerOf = (w: Who | undefined) => players.get(w ?? 'A')!
  const base = (w: Who | undefined, fakeUser?: boolean, label?: string) => {
    const p = playerOf(w)
    return { sid: p.sids.get(label ?? p.current), userId: fakeUser ? `fake-${run}` : p.userId, uuid: randomUUID() }
  }
  const renew = async (w: Who, op: 'check' | 'sid', to: string, fakeUser = false) => {
    const p = playerOf(w)
    const reply = await postEvolution(t, op, base(w, fakeUser))
    const expected = model.renew(w, `${w}:${p.current}`, `${w}:${to}`, op === 'sid', fakeUser)
    expect(reply.status, `${op} ${to}`).toBe(expected)
    if (reply.status === 'OK') {
      expect(reply.sid).toBeTruthy()
      p.sids.set(to, reply.sid!)
      p.current = to
    }
    return reply.status
  }
  // The starting ritual of every Evolution test: check (a new sid) and a balance.
  for (const w of who) {
    await renew(w, 'check', 'S1')
    expect((await postEvolution(t, 'balance', { ...base(w), currency: 'THB' })).balance).toBe(`${cash}.00`)
  }

  /** One money call as Evolution sends it, through the fault's behaviour; the answer Evolution acts on. */
  async function send(op: string, body: Record<string, unknown>): Promise<EvolutionReply> {
    const once = () => postEvolution(t, op, body)
    switch (fault) {
      case 'lost-answer-then-retry': {
        const lost = await once()
        const retried = await once()
        // A cancel repeated after it was done is BET_ALREADY_SETTLED: for Evolution, done (its documented "Success").
        if (op === 'cancel' && lost.status === 'OK' && retried.status === 'BET_ALREADY_SETTLED') return { ...retried, status: 'OK' }
        return retried
      }
      case 'five-concurrent-copies': {
        const copies = await Promise.all(Array.from({ length: 5 }, once))
        const done = copies.find((c) => c.status === 'OK') ?? copies[0]!
        for (const copy of copies) {
          if (op === 'cancel' && done.status === 'OK' && copy.status === 'BET_ALREADY_SETTLED') continue
          expect(copy, `${op}: every copy answers as the first`).toEqual(done)
        }
        return done
      }
      case 'crash-then-retry': {
        crashSwitch.armed = true
        const first = await once()
        if (crashSwitch.armed) {
          // No transaction ran (a balance, a refusal before any money): nothing to crash.
          crashSwitch.armed = false
          return first
        }
        expect(first.httpStatus, 'the crashed call is not answered').toBeGreaterThanOrEqual(500)
        return once()
      }
      case 'bad-token': {
        const refused = await postEvolution(t, op, body, { token: `${EVOLUTION_TOKEN}x` })
        expect(refused).toMatchObject({ httpStatus: 401, status: 'INVALID_TOKEN_ID' })
        expect(refused.balance).toBeUndefined()
        return once()
      }
      default:
        return once()
    }
  }

  const steps = REORDERING.includes(fault) ? reorder(scenario.steps, fault) : scenario.steps
  if (fault === 'fifty-parallel-debits') {
    // Before the scenario: 50 debits at once, each a 25th of the balance: 25 taken, 25 refused, never below zero;
    // then each cancelled (a refused one has nothing to refund), back to the start.
    for (const w of who) {
      const share = `${cash / 25}`
      const refs = Array.from({ length: 50 }, (_, i) => id(`par${w}${i}`))
      const call = (op: 'debit' | 'cancel', ref: string) =>
        postEvolution(t, op, { ...base(w), currency: 'THB', game: { id: id('par') }, transaction: { id: ref, refId: ref, amount: amount(share) } })
      const answers = await Promise.all(refs.map((ref) => call('debit', ref)))
      expect(answers.filter((a) => a.status === 'OK')).toHaveLength(25)
      expect(answers.filter((a) => a.status === 'INSUFFICIENT_FUNDS')).toHaveLength(25)
      for (const a of answers) expect(satang(a.balance!)).toBeGreaterThanOrEqual(0n)
      for (const ref of refs) {
        const undone = await call('cancel', ref)
        expect(undone.status).toBe('OK')
        seenTxIds.add(`bet:${ref}`).add(`cancel:${ref}`)
      }
      expect((await postEvolution(t, 'balance', { ...base(w), currency: 'THB' })).balance).toBe(`${cash}.00`)
    }
  }

  for (const [at, step] of steps.entries()) {
    const w = step.who ?? 'A'
    const p = playerOf(w)
    const label = `${w}:${p.current}`
    const where = `${scenario.name} / ${fault} / step ${at + 1} (${step.op})`
    if (step.op === 'use') {
      p.current = step.sid
      continue
    }
    if (step.op === 'check' || step.op === 'sid') {
      const status = await renew(w, step.op, step.as ?? `${p.current}'`, step.fakeUser)
      if (step.op === 'check') expect(status, where).toBe(step.expect)
      continue
    }
    if (fault === 'stale-sid' && step.op === 'debit' && !step.fakeUser && model.sids.get(label)?.open) {
      // The vendor renews the sid, then a debit still carrying the old one arrives: refused, nothing moved.
      const stale = p.sids.get(p.current)!
      const reply = await postEvolution(t, 'check', base(w))
      expect(reply.status).toBe('OK')
      // The label stays the vendor's current sid (the model's stays open); only the old token is refused.
      const staleRef = id(`stale-${at}`)
      const refused = await postEvolution(t, 'debit', {
        sid: stale,
        userId: p.userId,
        currency: 'THB',
        game: { id: id(step.round) },
        transaction: { id: staleRef, refId: staleRef, amount: amount(step.amount) },
      })
      expect(refused.status, where).toBe('INVALID_SID')
      seenTxIds.add(`bet:${staleRef}`)
      p.sids.set(p.current, reply.sid!)
    }
    let expected: ModelAnswer
    let reply: EvolutionReply
    const fake = Boolean(step.fakeUser)
    if (step.op === 'balance') {
      expected = model.balance(w, label, fake)
      reply = await send('balance', { ...base(w, fake), currency: 'THB' })
    } else if (step.op === 'promo') {
      expected = model.promo(w, label, fake, id(step.id), step.amount)
      seenTxIds.add(`promo:${id(step.id)}`)
      reply = await send('promo_payout', {
        ...base(w, fake),
        currency: 'THB',
        game: { id: id('promo-game') },
        promoTransaction: { type: step.type, id: id(step.id), amount: amount(step.amount) },
      })
    } else {
      const body = {
        ...base(w, fake),
        currency: 'THB',
        game: { id: id(step.round), type: 'blackjack', details: { table: { id: 'table-1' } } },
        transaction: { id: id(step.tx), refId: id(step.ref), amount: amount(step.amount) },
      }
      if (step.op === 'debit') {
        expected = model.debit(w, label, fake, id(step.round), id(step.ref), step.amount)
        seenTxIds.add(`bet:${id(step.ref)}`)
      } else if (step.op === 'credit') {
        expected = model.credit(w, label, fake, id(step.round), id(step.tx), id(step.ref), step.amount)
        seenTxIds.add(`credit:${id(step.tx)}`)
      } else {
        expected = model.cancel(w, label, fake, id(step.round), id(step.ref))
        seenTxIds.add(`cancel:${id(step.ref)}`).add(`bet:${id(step.ref)}`)
      }
      reply = await send(step.op, body)
    }
    expect(reply.httpStatus, where).toBe(200)
    expect({ status: reply.status, balance: reply.balance === undefined ? undefined : satang(reply.balance) }, where).toEqual(expected)
    // In Evolution's own order of calls, also what its test expects (the model is checked by it there).
    if (!REORDERING.includes(fault)) {
      expect(reply.status, `${where}: as Evolution's test expects`).toBe(step.expect.status)
      if (step.expect.balance !== undefined) {
        const change = BigInt(Math.round(step.expect.balance * 100))
        expect(satang(reply.balance!) - start.get(w)!, `${where}: balance as Evolution's test expects`).toBe(change)
      }
    }
    if (reply.balance !== undefined) lowest.set(w, satang(reply.balance) < lowest.get(w)! ? satang(reply.balance) : lowest.get(w)!)
  }

  // The end: the model's balances, every one never below zero, the ledger whole, one row per transaction id.
  for (const w of who) {
    const reply = await postEvolution(t, 'balance', { ...base(w), currency: 'THB' })
    if (reply.status === 'OK') expect(satang(reply.balance!), `${scenario.name} / ${fault}: end balance of ${w}`).toBe(model.balances.get(w))
    expect(lowest.get(w)! >= 0n).toBe(true)
  }
  await expectLedgerOk(t)
  await expectOneRowPerTransaction(t, [...seenTxIds])
}

/** Every named transaction id has exactly one seamless row (the primary key) and every ledger transfer of the provider one seamless transaction. */
export async function expectOneRowPerTransaction(t: TestApp, txIds: string[]) {
  if (txIds.length > 0) {
    const rows = rowsOf<{ tx_id: string; n: number }>(
      await t.db.execute(sql`select tx_id, count(*)::int as n from seamless_transactions
                             where provider_code = ${EVOLUTION_PROVIDER} and tx_id = any(${arrayParam(txIds)}::text[])
                             group by tx_id`),
    )
    for (const row of rows) expect(row.n).toBe(1)
    // Every call that reached the wallet left its row (refusals before it, a wrong user or sid, leave none).
    expect(rows.length).toBeLessThanOrEqual(txIds.length)
  }
  await expectTransfersMapToSeamless(t)
}

/**
 * Every ledger transfer of the Evolution provider maps to exactly one seamless transaction, and every transaction
 * that moved money to exactly one transfer: a bet or a win by its key `seamless:<provider>:<tx_id>` (a bet or win
 * answered OK with an amount), a refund by `seamless-rollback:<provider>:<bet>` (a bet ROLLED_BACK).
 */
export async function expectTransfersMapToSeamless(t: TestApp) {
  // The transaction id is read off the transfer's key, so each transfer finds its row by the primary key: matching
  // the key against every row's concatenation instead read all rows per transfer (quadratic over a file's runs).
  const paid = `seamless:${EVOLUTION_PROVIDER}:`
  const refunded = `seamless-rollback:${EVOLUTION_PROVIDER}:`
  const orphans = rowsOf<{ idempotency_key: string }>(
    await t.db.execute(sql`
      select tr.idempotency_key from transfers tr
      where tr.reference like ${`round:${EVOLUTION_PROVIDER}:%`}
        and not exists (
          select 1 from seamless_transactions st
          where st.provider_code = ${EVOLUTION_PROVIDER}
            and st.tx_id = case when starts_with(tr.idempotency_key, ${paid}) then substr(tr.idempotency_key, ${paid.length + 1}::int)
                                when starts_with(tr.idempotency_key, ${refunded}) then substr(tr.idempotency_key, ${refunded.length + 1}::int) end
            and st.amount = tr.amount
            and case when starts_with(tr.idempotency_key, ${paid}) then st.op in ('bet', 'win') and st.status in ('OK', 'ROLLED_BACK')
                     else st.op = 'bet' and st.status = 'ROLLED_BACK' end)`),
  )
  expect(orphans, 'ledger transfers with no seamless transaction').toEqual([])
  const unpaid = rowsOf<{ tx_id: string }>(
    await t.db.execute(sql`
      select st.tx_id from seamless_transactions st
      where st.provider_code = ${EVOLUTION_PROVIDER} and st.op in ('bet', 'win') and st.status in ('OK', 'ROLLED_BACK') and st.amount > 0
        and (select count(*) from transfers tr where tr.idempotency_key = 'seamless:' || st.provider_code || ':' || st.tx_id) <> 1`),
  )
  expect(unpaid, 'seamless transactions that moved money without exactly one transfer').toEqual([])
}
