// The seamless rules as pure decisions (ADR 017): no database, milliseconds.
import { describe, expect, it } from 'vitest'
import { decideBets, decideRollback, decideWin, fingerprint, replayAnswer, txKey, type BetCall, type ClaimRow } from './seamless-decisions.ts'

const bet = (over: Partial<BetCall> = {}): BetCall => ({
  provider: 'pgsoft',
  playerId: 1,
  txId: 't1',
  roundId: 'r1',
  gameCode: 'fortune_ox',
  amount: 1000n,
  sessionId: 7,
  live: true,
  ...over,
})
const open = new Map([[7, { playerActive: true }]])

describe('decideBets', () => {
  it('decides bet after bet on the running balance, and opens each round for its first bettor', () => {
    const bets = [
      bet(),
      bet({ txId: 't2', amount: 1500n }),
      bet({ txId: 't3', roundId: 'r2', amount: 600n }),
      bet({ txId: 't4', playerId: 2, sessionId: 8, roundId: 'r1' }),
    ]
    const decided = decideBets(bets, {
      claimed: [true, true, true, true],
      balances: new Map([
        [1, 3000n],
        [2, 500n],
      ]),
      openSessions: new Map([...open, [8, { playerActive: true }]]),
      roundOwners: new Map(),
    })
    expect(decided.answers.map((a) => [a?.status, a?.balance])).toEqual([
      ['OK', '20.00'],
      ['OK', '5.00'],
      ['INSUFFICIENT_FUNDS', '5.00'],
      ['DUPLICATE', '5.00'], // r1 is player 1's since their first bet
    ])
    expect(decided.transfers.map((t) => [t.key, t.amount])).toEqual([
      ['seamless:pgsoft:t1', 1000n],
      ['seamless:pgsoft:t2', 1500n],
    ])
    expect(decided.ensure).toEqual([{ player: 1, kind: 'cash' }, { house: 'game:pgsoft' }])
    expect(decided.rounds).toEqual([{ providerCode: 'pgsoft', roundId: 'r1', playerId: 1, gameCode: 'fortune_ox', bet: 2500n, win: 0n, settle: false }])
    expect(decided.turnover.map((c) => c.amount)).toEqual([1000n, 1500n])
    expect(decided.settlements.map((s) => s.status)).toEqual(['OK', 'OK', 'INSUFFICIENT_FUNDS', 'DUPLICATE'])
  })

  it('refuses a bet past the player’s loss allowance (LIMIT_EXCEEDED), counting the earlier OK bets of the batch', () => {
    const bets = [bet({ amount: 600n }), bet({ txId: 't2', amount: 500n }), bet({ txId: 't3', amount: 400n }), bet({ txId: 't4', playerId: 2, sessionId: 8 })]
    const decided = decideBets(bets, {
      claimed: [true, true, true, true],
      balances: new Map([
        [1, 5000n],
        [2, 5000n],
      ]),
      openSessions: new Map([...open, [8, { playerActive: true }]]),
      roundOwners: new Map(),
      // Player 1 may stake 10.00 more today; player 2 has no loss limit.
      lossAllowances: new Map([[1, 1000n]]),
    })
    expect(decided.answers.map((a) => [a?.status, a?.balance])).toEqual([
      ['OK', '44.00'],
      ['LIMIT_EXCEEDED', '44.00'],
      ['OK', '40.00'], // exactly up to the allowance
      ['DUPLICATE', '50.00'], // r1 is player 1's
    ])
    expect(decided.transfers.map((t) => t.amount)).toEqual([600n, 400n])
    expect(decided.ensure).toEqual([{ player: 1, kind: 'cash' }, { house: 'game:pgsoft' }])
    // A day already past the limit (allowance below 0) refuses every bet.
    const over = decideBets([bet({ amount: 1n })], {
      claimed: [true],
      balances: new Map([[1, 5000n]]),
      openSessions: open,
      roundOwners: new Map(),
      lossAllowances: new Map([[1, -5n]]),
    })
    expect(over.answers[0]?.status).toBe('LIMIT_EXCEEDED')
  })

  it('gates only claimed bets, and leaves the unclaimed ones to be replayed at their balance', () => {
    const decided = decideBets([bet({ live: false }), bet({ txId: 't2', sessionId: 9 }), bet({ txId: 't3' }), bet({ txId: 't4' })], {
      claimed: [true, true, false, true],
      balances: new Map([[1, 100n]]),
      openSessions: new Map([[9, { playerActive: false }]]),
      roundOwners: new Map([[txKey('pgsoft', 'r1'), 2]]),
    })
    expect(decided.answers.map((a) => a?.status)).toEqual(['INVALID_SESSION', 'PLAYER_BLOCKED', undefined, 'INVALID_SESSION'])
    expect(decided.replays).toEqual([{ at: 2, balance: 100n }])
    expect(decided.transfers).toEqual([])
  })
})

describe('replays, wins and rollbacks', () => {
  const row = (over: Partial<ClaimRow> = {}): ClaimRow => ({
    op: 'bet',
    status: 'OK',
    playerId: 1,
    roundId: 'r1',
    gameCode: null,
    amount: 1000n,
    fingerprint: fingerprint('bet', 1, 'r1', 1000n, null),
    response: { status: 'OK', balance: '10.00', tx_id: 't1' },
    createdAt: new Date(0),
    ...over,
  })

  it('replays the first answer verbatim, and tells other content or a tombstone apart', () => {
    expect(replayAnswer(row(), fingerprint('bet', 1, 'r1', 1000n, null), 't1', null)).toEqual({ status: 'OK', balance: '10.00', tx_id: 't1' })
    expect(replayAnswer(row(), fingerprint('bet', 1, 'r1', 2000n, null), 't1', 500n)).toMatchObject({
      status: 'DUPLICATE',
      balance: '5.00',
      message: 'รหัสรายการนี้ถูกใช้กับข้อมูลอื่นแล้ว',
    })
    expect(replayAnswer(row({ op: 'tombstone' }), 'x', 't1', 0n)).toMatchObject({ status: 'DUPLICATE', message: 'รายการเดิมพันนี้ถูกยกเลิกไปก่อนแล้ว' })
  })

  it('pays a win unless the round is another player’s; a win of 0 moves nothing and settles the round', () => {
    const win = { provider: 'pgsoft', playerId: 1, txId: 'w', roundId: 'r1', gameCode: null, amount: 0n }
    expect(decideWin(win, 2)).toEqual({ refused: { status: 'DUPLICATE', message: 'รอบเกมนี้เป็นของผู้เล่นอื่น' } })
    expect(decideWin(win, 1)).toMatchObject({ transfers: [], round: { win: 0n, settle: true } })
    expect(decideWin({ ...win, amount: 700n }, undefined)).toMatchObject({ transfers: [{ key: 'seamless:pgsoft:w', amount: 700n, kind: 'game_win' }] })
  })

  it('refunds a bet that took money once, and nothing else', () => {
    const rollback = { provider: 'pgsoft', playerId: 1, txId: 'rb', roundId: '-', gameCode: null, refTxId: 't1' }
    expect(decideRollback(rollback, 'tombstoned')).toEqual({ kind: 'ok', balanceOf: 1 })
    expect(decideRollback(rollback, row({ status: 'ROLLED_BACK' }))).toEqual({ kind: 'ok', balanceOf: 1 })
    expect(decideRollback(rollback, row({ status: 'INSUFFICIENT_FUNDS' }))).toEqual({ kind: 'ok', balanceOf: 1 })
    expect(decideRollback(rollback, row({ op: 'win' }))).toEqual({ kind: 'not_found' })
    expect(decideRollback(rollback, row())).toMatchObject({
      kind: 'refund',
      playerId: 1,
      transfer: { key: 'seamless-rollback:pgsoft:t1', from: { house: 'game:pgsoft' }, to: { player: 1, kind: 'cash' }, amount: 1000n },
      settlement: { txId: 't1', status: 'ROLLED_BACK' },
    })
  })

  it('never refunds, nor tells the balance of, another player’s bet that a rollback names', () => {
    const rollback = { provider: 'pgsoft', playerId: 1, txId: 'rb', roundId: '-', gameCode: null, refTxId: 't1' }
    expect(decideRollback(rollback, row({ playerId: 3 }))).toEqual({ kind: 'not_found' })
    expect(decideRollback(rollback, row({ playerId: 3, status: 'ROLLED_BACK' }))).toEqual({ kind: 'not_found' })
    expect(decideRollback(rollback, row({ playerId: 3, op: 'tombstone' }))).toEqual({ kind: 'not_found' })
  })
})
