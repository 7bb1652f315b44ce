import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { WalletSummary } from '@sanam/contract'
import { testConfig } from '../src/config.ts'
import { accruals } from '../src/db/schema.ts'
import { bangkokDayRange } from '@sanam/contract/bangkok'
import type { NewPlayer } from '../src/modules/users/users.repository.ts'
import type { TestApp, UseTestAppOptions } from './app.ts'
import { uniqueAddress, uniqueName } from './factories.ts'
import { bearer, fund, signedInPlayer, type SignedInPlayer } from './money.ts'
import { signInOperator } from './operators.ts'
import { callSeamless, launch } from './seamless.ts'

// Set-up for the referral route tests, all through the real app: players and operators sign in for real, bets arrive
// as signed seamless callbacks, and days are accrued by the owner's back-office endpoint.

/** ROUND_STALE_MINUTES for these apps: open rounds are closed this long after their last move. */
export const STALE_MINUTES = 60

/**
 * The options of a referral route test's app: `useTestApp(referralOptions())`, or `referralOptions({ BONUS_INTERVAL: 'MONTH' })`
 * for other terms. After every test the ledger must still verify (balances equal their transfers, every transfer
 * balances), so no test can leave money behind that the ledger cannot explain.
 */
export function referralOptions(config: Record<string, string> = {}): UseTestAppOptions {
  return {
    config: {
      // A player signs in once, then the clock jumps weeks ahead to a payout day: the session must outlive that.
      SESSION_TTL_HOURS: String(24 * 90),
      // Every sign-in comes from one address, many of them at one instant of the hand-moved clock.
      RATE_LOGIN_PER_IP_PER_MINUTE: '1000000',
      ROUND_STALE_MINUTES: String(STALE_MINUTES),
      ...config,
    },
    verifyLedger: 'each',
  }
}

export type Member = SignedInPlayer

/**
 * A player signed in through /api/auth/login, with a name and an address of their own: players sharing either are
 * linked accounts, whose commission and rebate are not paid (issue 10).
 */
export function member(t: TestApp, overrides: Partial<NewPlayer> = {}): Promise<Member> {
  return signedInPlayer(t, { firstname: uniqueName(), ...overrides }, { address: uniqueAddress() })
}

/** A chain A ← B ← C ← D of signed-in players (A is D's level-3 upline). */
export async function chain(t: TestApp) {
  const a = await member(t)
  const b = await member(t, { uplineId: a.id })
  const c = await member(t, { uplineId: b.id })
  const d = await member(t, { uplineId: c.id })
  return { a, b, c, d }
}

/**
 * How a round ends. `lost`: the bet, then a win of 0 settles the round (valid turnover). `open`: never settled.
 * `rolled-back`: the provider cancels the bet and the round with it. `rolled-back-after-win`: the round settled with a
 * small win, then the bet was cancelled (the round stays SETTLED, the bet does not count). `refused`: the bet is
 * placed without money for it and answered INSUFFICIENT_FUNDS.
 */
export type Outcome = 'lost' | 'open' | 'rolled-back' | 'rolled-back-after-win' | 'refused'

/**
 * One bet of `baht` at `at` (the clock is left there), in a round of its own, through the seamless API as a provider
 * sends it. The stake is deposited through the bank feed first (except for `refused`), so a lost round leaves the
 * player's cash where it was.
 */
export async function play(t: TestApp, player: Member, baht: number, at: string, outcome: Outcome = 'lost'): Promise<void> {
  t.clock.set(new Date(at))
  const satang = Math.round(baht * 100)
  if (outcome !== 'refused') await fund(t, player, satang / 100)
  const session = await launch(t, player.token)
  const round = `ref-${randomUUID()}`
  const send = async (op: 'bet' | 'win' | 'rollback', body: Record<string, unknown>, expected = 'OK') => {
    const res = await callSeamless(t, 'pgsoft', op, { session_token: session, round_id: round, game_code: 'fortune_ox', ...body })
    if (res.json().status !== expected) throw new Error(`${op} in ${round} answered ${res.body}, expected ${expected}`)
  }
  await send('bet', { tx_id: `${round}-bet`, amount: (satang / 100).toFixed(2) }, outcome === 'refused' ? 'INSUFFICIENT_FUNDS' : 'OK')
  if (outcome === 'lost') await send('win', { tx_id: `${round}-win`, amount: '0.00' })
  if (outcome === 'rolled-back-after-win') await send('win', { tx_id: `${round}-win`, amount: '1.00' })
  if (outcome === 'rolled-back' || outcome === 'rolled-back-after-win') await send('rollback', { tx_id: `${round}-rb`, ref_tx_id: `${round}-bet` })
}

/** POST /api/backoffice/jobs/accrue for `day` with the given headers. */
export function accrue(t: TestApp, day: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.request('POST', '/api/backoffice/jobs/accrue', { headers, payload: { day } })
}

/** The balance call of a signed-in player: GET /api/wallet/v2/balance. */
export async function summaryOf(t: TestApp, player: { token: string }): Promise<WalletSummary> {
  const res = await t.get('/api/wallet/v2/balance', player.token)
  if (res.statusCode !== 200) throw new Error(`balance failed: ${res.body}`)
  return res.json().data
}

/** What the player sees in each wallet, in baht: cash, and what is left in the bonus and refund wallets. */
export async function walletsOf(t: TestApp, player: { token: string }) {
  const s = await summaryOf(t, player)
  return { cash: s.balance, bonus: s.bonus.remaining, refund: s.refund.remaining }
}

export function transfer(t: TestApp, player: { token: string }, wallet: 'bonus' | 'refund' = 'bonus') {
  return t.post(`/api/wallet/transfer/${wallet}`, undefined, player.token)
}

/** The accrual rows written for one source player's turnover of `day`, level 0 (its own rebate) first. */
export function accrualsOf(t: TestApp, day: string, sourceId: number) {
  return t.db
    .select({ beneficiaryId: accruals.beneficiaryId, level: accruals.level, turnover: accruals.turnover, amount: accruals.amount })
    .from(accruals)
    .where(and(eq(accruals.day, day), eq(accruals.sourceId, sourceId)))
    .orderBy(accruals.level)
}

const DEFAULTS = testConfig()

/** The smallest stake, in baht, whose share at `rate` (rounded down to the satang, as accrual does) is `baht`. */
const stakeFor = (baht: number, rate: number) => Math.ceil(Math.round(baht * 100) / rate) / 100

/**
 * A signed-in player whose bonus wallet holds `bonusBaht` (3 % of a new downline's bets) and refund wallet
 * `refundBaht` (0.5 % of its own bets), from lost bets at noon on `day`, accrued by the owner once the day is over.
 * Assumes the default rates; the clock is put back where it was.
 */
export async function earner(t: TestApp, bonusBaht: number, refundBaht = 0, day = '2026-11-01'): Promise<Member> {
  const saved = t.clock.now()
  const upline = await member(t)
  if (bonusBaht > 0) {
    const downline = await member(t, { uplineId: upline.id })
    await play(t, downline, stakeFor(bonusBaht, DEFAULTS.REFERRAL_LEVEL1), `${day}T12:00:00+07:00`)
  }
  if (refundBaht > 0) await play(t, upline, stakeFor(refundBaht, DEFAULTS.REBATE_RATE), `${day}T12:00:00+07:00`)
  t.clock.set(bangkokDayRange(day).end)
  const owner = await signInOperator(t)
  const res = await accrue(t, day, bearer(owner.token))
  if (res.statusCode !== 200) throw new Error(`accrual failed: ${res.body}`)
  t.clock.set(saved)
  const wallets = await walletsOf(t, upline)
  if (wallets.bonus !== bonusBaht || wallets.refund !== refundBaht || wallets.cash !== 0) throw new Error(`earner set-up: ${JSON.stringify(wallets)}`)
  return upline
}
