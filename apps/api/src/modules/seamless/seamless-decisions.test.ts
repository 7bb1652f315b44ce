// The seamless rules as pure decisions (ADR 017): no database, milliseconds.
import { describe, expect, it } from 'vitest'
import { decideRollback, decideWin, fingerprint, replayAnswer, type ClaimRow } from './seamless-decisions.ts'

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
