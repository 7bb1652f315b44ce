// The round policy (ADR 082) as pure decisions: each choice a provider's protocol makes, under Sanam's own policy and a
// vendor's (Evolution's), on the same rows. Route-level proof (concurrent cancel and credit, the vendor's scenarios)
// is in modules/protocols.
import { describe, expect, it } from 'vitest'
import { EVOLUTION_ROUND_POLICY, SANAM_ROUND_POLICY, scopeRound, type RoundPolicy } from './round-policy.ts'
import { decideRollback, decideWin, fingerprint, type ClaimRow, type RollbackCall, type WinCall } from './seamless-decisions.ts'

const betRow = (over: Partial<ClaimRow> = {}): ClaimRow => ({
  op: 'bet',
  status: 'OK',
  playerId: 1,
  roundId: 'r1',
  gameCode: null,
  amount: 1000n,
  fingerprint: fingerprint('bet', 1, 'r1', 1000n, null),
  response: { status: 'OK', balance: '10.00', tx_id: 'b1' },
  createdAt: new Date(0),
  settledBy: null,
  ...over,
})
const win = (policy: RoundPolicy, over: Partial<WinCall> = {}): WinCall => ({
  provider: 'evo',
  playerId: 1,
  txId: 'w1',
  roundId: 'r1',
  gameCode: null,
  amount: 500n,
  policy,
  betTxId: 'b1',
  ...over,
})
const rollback = (policy: RoundPolicy): RollbackCall => ({ provider: 'evo', playerId: 1, txId: 'c1', roundId: 'r1', gameCode: null, refTxId: 'b1', policy })
const paid = (decided: ReturnType<typeof decideWin>) => ('refused' in decided ? decided.refused.status : 'PAID')

describe('round policy: a win', () => {
  it('needs an open bet under the vendor policy (unknown, another player’s or a refused bet: TX_NOT_FOUND); Sanam’s pays', () => {
    for (const bet of [undefined, betRow({ playerId: 2 }), betRow({ status: 'INSUFFICIENT_FUNDS' }), betRow({ op: 'win' })]) {
      expect(paid(decideWin(win(EVOLUTION_ROUND_POLICY), undefined, { bet }))).toBe('TX_NOT_FOUND')
    }
    // Sanam's protocol settles rounds: a win with no round at all is paid, as its contract always said.
    expect(paid(decideWin(win(SANAM_ROUND_POLICY, { betTxId: undefined }), undefined, {}))).toBe('PAID')
    // A round-settling policy that needs a bet refuses a win in a round with none standing.
    const roundStrict = { ...SANAM_ROUND_POLICY, winNeedsBet: true }
    expect(paid(decideWin(win(roundStrict, { betTxId: undefined }), undefined, {}))).toBe('TX_NOT_FOUND')
    expect(paid(decideWin(win(roundStrict, { betTxId: undefined }), 1, { roundStatus: 'ROLLED_BACK' }))).toBe('TX_NOT_FOUND')
    expect(paid(decideWin(win(roundStrict, { betTxId: undefined }), 1, { roundStatus: 'OPEN' }))).toBe('PAID')
  })

  it('after its bet was rolled back (or tombstoned): ALREADY_SETTLED, or paid where the policy pays', () => {
    for (const bet of [betRow({ status: 'ROLLED_BACK' }), betRow({ op: 'tombstone', status: 'TOMBSTONE' })]) {
      expect(paid(decideWin(win(EVOLUTION_ROUND_POLICY), undefined, { bet }))).toBe('ALREADY_SETTLED')
      expect(paid(decideWin(win({ ...EVOLUTION_ROUND_POLICY, winAfterRollback: 'pay' }), undefined, { bet }))).toBe('PAID')
    }
  })

  it('one credit per bet: a second win of a settled bet is ALREADY_SETTLED; several credits: paid, the bet marked once', () => {
    const settled = betRow({ settledBy: 'w0' })
    expect(paid(decideWin(win(EVOLUTION_ROUND_POLICY), 1, { bet: settled }))).toBe('ALREADY_SETTLED')
    const many = decideWin(win({ ...EVOLUTION_ROUND_POLICY, creditsPerBet: 'many' }), 1, { bet: settled })
    expect(many).toMatchObject({ transfers: [{ amount: 500n }] })
    expect(many).not.toHaveProperty('settles')
    // The first win of a standing bet pays and names the bet to mark, in the bet's round.
    expect(decideWin(win(EVOLUTION_ROUND_POLICY, { roundId: 'elsewhere' }), undefined, { bet: betRow() })).toMatchObject({
      settles: 'b1',
      round: { roundId: 'r1', settle: true },
      transfers: [{ key: 'seamless:evo:w1', reference: 'round:evo:r1' }],
    })
  })

  it('a standalone payout (a promotion) needs no bet under any policy', () => {
    expect(paid(decideWin(win(EVOLUTION_ROUND_POLICY, { betTxId: undefined, standalone: true }), undefined, {}))).toBe('PAID')
  })
})

describe('round policy: a rollback', () => {
  it('after a win: refused under the vendor policy (the bet itself settled), refunded under Sanam’s', () => {
    expect(decideRollback(rollback(EVOLUTION_ROUND_POLICY), betRow({ settledBy: 'w1' }))).toEqual({ kind: 'settled', balanceOf: 1 })
    // Another bet of the same round was credited: this one stands unsettled and is refunded.
    expect(decideRollback(rollback(EVOLUTION_ROUND_POLICY), betRow(), 'SETTLED')).toMatchObject({ kind: 'refund' })
    expect(decideRollback(rollback(SANAM_ROUND_POLICY), betRow(), 'SETTLED')).toMatchObject({ kind: 'refund' })
    // A round-settling policy that refuses: the round's status decides.
    expect(decideRollback(rollback({ ...SANAM_ROUND_POLICY, rollbackAfterWin: 'refuse' }), betRow(), 'SETTLED')).toEqual({ kind: 'settled', balanceOf: 1 })
  })

  it('of an unknown bet: OK or not found as the policy says (the tombstone is kept either way)', () => {
    expect(decideRollback(rollback(SANAM_ROUND_POLICY), 'tombstoned')).toEqual({ kind: 'ok', balanceOf: 1 })
    expect(decideRollback(rollback(EVOLUTION_ROUND_POLICY), 'tombstoned')).toEqual({ kind: 'not_found' })
  })
})

describe('round policy: rounds', () => {
  it('a shared table round is kept per player; a player’s own round is kept as sent', () => {
    expect(scopeRound(EVOLUTION_ROUND_POLICY, 'table-7', 12)).toBe('table-7#12')
    expect(scopeRound(EVOLUTION_ROUND_POLICY, 'table-7', 13)).not.toBe(scopeRound(EVOLUTION_ROUND_POLICY, 'table-7', 12))
    expect(scopeRound(SANAM_ROUND_POLICY, 'table-7', 12)).toBe('table-7')
  })
})
