// Group commit of seamless callbacks (ADR 011). Named *.routes.test.ts so that it also runs on PostgreSQL.
import type { SeamlessAnswer } from '@sanam/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, expectLedgerOk } from '../../../test/money.ts'
import { databaseUrl } from '../../../test/postgres.ts'
import { callSeamless, playing } from '../../../test/seamless.ts'
import { betBody, heldBatchService, type SeamlessBody, transfersOf as transfersOfTx, uid } from '../../../test/seamless-batches.ts'
import { openPostgres, type Database } from '../../db/client.ts'
import { seamlessLog, seamlessTransactions } from '../../db/schema.ts'
import { createLedger, type LedgerFaults } from '../ledger/ledger.service.ts'
import { ledgerRepository } from '../ledger/ledger.repository.ts'
import { rowsOf } from '../../db/rows.ts'
import type { SeamlessFaults, SeamlessResult } from './seamless.service.ts'

const t = useTestApp({ verifyLedger: 'end' })

const bet = (session: string, tx: string, amount: string, round = uid()): SeamlessBody => betBody(session, tx, amount, round)

/** A seamless service of its own on the test database (or another handle on it), with the faults a test needs. */
function serviceWith(options: { ledgerFaults?: LedgerFaults; faults?: SeamlessFaults; lanes?: number; db?: Database['db'] } = {}) {
  return heldBatchService(t, {
    ...(options.db ? { db: options.db } : {}),
    ledger: createLedger({ clock: t.clock, ledgerRepository, ...(options.ledgerFaults ? { faults: options.ledgerFaults } : {}) }),
    ...(options.lanes ? { lanes: options.lanes } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
  })
}

/** A one-lane service whose batches call `beforeCommit` before committing, except a batch of one callback. */
function failingCommits(beforeCommit: (attempt: number) => void) {
  let size = 0
  return serviceWith({
    lanes: 1,
    faults: {
      beforeBatch: (n) => {
        size = n
      },
      beforeCommit(attempt) {
        if (size !== 1) beforeCommit(attempt)
      },
    },
  })
}

const answerOf = (r: PromiseSettledResult<SeamlessResult>): SeamlessAnswer => {
  if (r.status !== 'fulfilled') throw new Error(`expected an answer, got ${String(r.reason)}`)
  return r.value.answer
}

async function claimsOf(txIds: string[]) {
  return t.db
    .select()
    .from(seamlessTransactions)
    .where(and(eq(seamlessTransactions.providerCode, 'pgsoft'), inArray(seamlessTransactions.txId, txIds)))
}
async function logsOf(txIds: string[]) {
  return t.db
    .select()
    .from(seamlessLog)
    .where(and(eq(seamlessLog.providerCode, 'pgsoft'), inArray(seamlessLog.txId, txIds)))
}
const transfersOf = (txIds: string[]) => transfersOfTx(t, txIds)

describe('seamless group commit', () => {
  it('answers 20 concurrent bets on one wallet through the API, each with the balance after it', async () => {
    const { token, session } = await playing(t, 100)
    const results = await Promise.all(Array.from({ length: 20 }, () => callSeamless(t, 'pgsoft', 'bet', bet(session, uid(), '3.00'))))
    const answers = results.map((r) => r.json() as SeamlessAnswer)
    expect(answers.every((a) => a.status === 'OK')).toBe(true)
    // Every answer carries the balance right after its own bet: 97, 94, ..., 40, each exactly once.
    expect(answers.map((a) => Number(a.balance)).sort((a, b) => b - a)).toEqual(Array.from({ length: 20 }, (_, i) => 100 - 3 * (i + 1)))
    expect(await balanceOf(t, token)).toBe(40)
    expect(await logsOf(answers.map((a) => a.tx_id!))).toHaveLength(20)
    // The app's own service: one lane on the embedded database (one connection), two on PostgreSQL (ADR 059).
    expect(t.services.seamless.stats()).toMatchObject({ lanes: t.database.kind === 'pglite' ? 1 : 2, items: 20 })
    await expectLedgerOk(t)
  })

  it('puts 16 bets that arrive during an in-flight commit into one transaction, all answered correctly', async () => {
    const { oneBatch, service } = serviceWith({ lanes: 1 })
    const trigger = await playing(t, 10)
    const { token, session } = await playing(t, 100)
    const txs = Array.from({ length: 16 }, () => uid())
    const results = await oneBatch(
      trigger,
      txs.map((tx) => ({ op: 'bet', body: bet(session, tx, '5.00') })),
    )
    const answers = results.map(answerOf)
    // One player: arrival order is kept, so the balances step down in order.
    expect(answers).toEqual(txs.map((tx, i) => ({ status: 'OK', balance: (100 - 5 * (i + 1)).toFixed(2), tx_id: tx })))
    expect(service.stats().largest).toBe(16)
    expect(await balanceOf(t, token)).toBe(20)
    expect(await transfersOf(txs)).toHaveLength(16)
    expect(await logsOf(txs)).toHaveLength(16)
    await expectLedgerOk(t)
  })

  it('tells every batch, once it ended, its size and how long it took by the clock: a failed batch too', async () => {
    const told: Array<{ size: number; seconds: number }> = []
    let failNextCommit = false
    const { oneBatch, call } = heldBatchService(t, {
      lanes: 1,
      onBatch: (batch) => told.push(batch),
      faults: {
        // A batch of several takes 1.5 s by the test's clock; a batch of one takes no time.
        beforeBatch: (size) => {
          if (size > 1) t.clock.advance(1500)
        },
        beforeCommit: () => {
          if (!failNextCommit) return
          failNextCommit = false
          throw new Error('injected: commit failed')
        },
      },
    })
    const trigger = await playing(t, 10)
    const { session } = await playing(t, 100)
    const results = await oneBatch(
      trigger,
      [uid(), uid(), uid()].map((tx) => ({ op: 'bet' as const, body: bet(session, tx, '1.00') })),
    )
    expect(results.map(answerOf).map((a) => a.status)).toEqual(['OK', 'OK', 'OK'])
    // The trigger's batch ends first, then the batch of the three bets queued behind it.
    expect(told).toEqual([
      { size: 1, seconds: 0 },
      { size: 3, seconds: 1.5 },
    ])

    failNextCommit = true
    await expect(call('bet', bet(session, uid(), '1.00'))).rejects.toThrow('injected: commit failed')
    expect(told).toHaveLength(3)
    expect(told[2]).toEqual({ size: 1, seconds: 0 })
  })

  it('in one batch, a failing callback gets its own error and the others their normal answers', async () => {
    const faultyDebit = uid()
    const faultyAfterLog = uid()
    let failDebit = true
    let failAfterLog = true
    const { oneBatch, service, call } = serviceWith({
      lanes: 1,
      ledgerFaults: {
        afterDebit(request) {
          if (failDebit && request.key === `seamless:pgsoft:${faultyDebit}`) {
            failDebit = false
            throw new Error('injected: after the debit')
          }
        },
      },
      faults: {
        afterCallback(c) {
          if (failAfterLog && c.txId === faultyAfterLog) {
            failAfterLog = false
            throw new Error('injected: after the log row')
          }
        },
      },
    })
    const trigger = await playing(t, 10)
    const { token, session } = await playing(t, 100)
    const a = uid()
    const b = uid()
    const w = uid()
    const poor = uid()
    const rb = uid()
    const tombstoneRef = uid()
    const roundA = uid()
    const betA = bet(session, a, '10.00', roundA)
    const roundB = uid()
    const results = await oneBatch(trigger, [
      { op: 'bet', body: betA },
      { op: 'bet', body: betA }, // a replay inside the same batch
      { op: 'bet', body: { ...betA, amount: '20.00' } }, // the same tx_id with other content
      { op: 'bet', body: bet(session, faultyDebit, '10.00') },
      { op: 'bet', body: bet(session, poor, '1000.00') },
      { op: 'bet', body: bet(session, faultyAfterLog, '10.00') },
      { op: 'bet', body: bet(session, b, '5.00', roundB) },
      { op: 'win', body: { session_token: session, round_id: roundA, tx_id: w, amount: '7.00' } },
      { op: 'rollback', body: { session_token: session, round_id: roundB, tx_id: rb, ref_tx_id: b } }, // refunds b, in the same batch
      { op: 'rollback', body: { session_token: session, round_id: uid(), tx_id: uid(), ref_tx_id: tombstoneRef } }, // rollback before its bet
      { op: 'bet', body: bet(session, tombstoneRef, '10.00') }, // the late bet finds the tombstone
    ])
    expect(service.stats().largest).toBe(11)
    const [first, replayed, changed, debitFailed, refused, logFailed, betB, win, rollbackB, tombstone, late] = results
    expect(answerOf(first!)).toEqual({ status: 'OK', balance: '90.00', tx_id: a })
    expect(answerOf(replayed!)).toEqual(answerOf(first!))
    expect(answerOf(changed!)).toMatchObject({ status: 'DUPLICATE', balance: '90.00', tx_id: a })
    expect(debitFailed).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: 'injected: after the debit' }) })
    expect(answerOf(refused!)).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '90.00', tx_id: poor })
    expect(logFailed).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: 'injected: after the log row' }) })
    expect(answerOf(betB!)).toEqual({ status: 'OK', balance: '85.00', tx_id: b })
    expect(answerOf(win!)).toEqual({ status: 'OK', balance: '92.00', tx_id: w })
    expect(answerOf(rollbackB!)).toMatchObject({ status: 'OK', balance: '97.00', tx_id: rb })
    expect(answerOf(tombstone!)).toMatchObject({ status: 'OK', balance: '97.00' })
    expect(answerOf(late!)).toMatchObject({ status: 'DUPLICATE', balance: '97.00', tx_id: tombstoneRef })
    expect(await balanceOf(t, token)).toBe(97)

    // The failed callbacks left nothing behind: no claim, no transfer, no log row.
    expect(await claimsOf([faultyDebit, faultyAfterLog])).toHaveLength(0)
    expect(await transfersOf([faultyDebit, faultyAfterLog])).toHaveLength(0)
    expect(await logsOf([faultyDebit, faultyAfterLog])).toHaveLength(0)
    // Every answered callback has its log row (the replay of a has one of its own).
    expect(await logsOf([a])).toHaveLength(3)
    expect(await logsOf([b, w, poor, rb, tombstoneRef])).toHaveLength(5)

    // Sent again (the provider retries an error), each failed bet takes effect exactly once.
    expect((await call('bet', bet(session, faultyDebit, '10.00'))).answer).toMatchObject({ status: 'OK', balance: '87.00' })
    expect((await call('bet', bet(session, faultyAfterLog, '10.00'))).answer).toMatchObject({ status: 'OK', balance: '77.00' })
    expect(await transfersOf([a, b, faultyDebit, faultyAfterLog, tombstoneRef])).toHaveLength(4)
    expect(await balanceOf(t, token)).toBe(77)
    await expectLedgerOk(t)
  })

  it('acknowledges nothing when the batch transaction fails; sent again, each callback counts once', async () => {
    let size = 0
    let fail = true
    const { oneBatch, call } = serviceWith({
      lanes: 1,
      faults: {
        beforeBatch: (n) => {
          size = n
        },
        beforeCommit() {
          if (fail && size > 1) {
            fail = false
            throw new Error('injected: commit failed')
          }
        },
      },
    })
    const trigger = await playing(t, 10)
    const { token, session } = await playing(t, 100)
    const txs = Array.from({ length: 5 }, () => uid())
    const results = await oneBatch(
      trigger,
      txs.map((tx) => ({ op: 'bet', body: bet(session, tx, '10.00') })),
    )
    expect(results.every((r) => r.status === 'rejected' && (r.reason as Error).message === 'injected: commit failed')).toBe(true)
    expect(await balanceOf(t, token)).toBe(100)
    expect(await claimsOf(txs)).toHaveLength(0)
    expect(await logsOf(txs)).toHaveLength(0)

    const again = await Promise.all(txs.map((tx) => call('bet', bet(session, tx, '10.00'))))
    expect(again.every((r) => r.answer.status === 'OK')).toBe(true)
    expect(await transfersOf(txs)).toHaveLength(5)
    expect(await balanceOf(t, token)).toBe(50)
    await expectLedgerOk(t)
  })

  it('runs the whole batch again after a serialization failure, and every callback takes effect exactly once', async () => {
    const attempts: number[] = []
    const { oneBatch } = failingCommits((attempt) => {
      attempts.push(attempt)
      if (attempt === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' })
    })
    const trigger = await playing(t, 10)
    const { token, session } = await playing(t, 100)
    const round = uid()
    const txs = Array.from({ length: 4 }, () => uid())
    const win = uid()
    const results = await oneBatch(trigger, [
      ...txs.map((tx) => ({ op: 'bet' as const, body: bet(session, tx, '10.00', round) })),
      { op: 'win', body: { session_token: session, round_id: round, tx_id: win, amount: '15.00' } },
    ])
    expect(attempts).toEqual([1, 2])
    expect(results.map(answerOf).map((a) => a.balance)).toEqual(['90.00', '80.00', '70.00', '60.00', '75.00'])
    expect(await transfersOf([...txs, win])).toHaveLength(5)
    expect(await claimsOf([...txs, win])).toHaveLength(5)
    expect(await logsOf([...txs, win])).toHaveLength(5)
    expect(await balanceOf(t, token)).toBe(75)
    await expectLedgerOk(t)
  })

  it('fails every callback of a batch that keeps failing to commit, moving nothing', async () => {
    const attempts: number[] = []
    const { oneBatch } = failingCommits((attempt) => {
      attempts.push(attempt)
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' })
    })
    const trigger = await playing(t, 10)
    const { token, session } = await playing(t, 100)
    const txs = Array.from({ length: 3 }, () => uid())
    const results = await oneBatch(
      trigger,
      txs.map((tx) => ({ op: 'bet', body: bet(session, tx, '10.00') })),
    )
    expect(attempts).toEqual([1, 2, 3])
    expect(results.every((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === '40P01')).toBe(true)
    expect(await claimsOf(txs)).toHaveLength(0)
    expect(await balanceOf(t, token)).toBe(100)
  })

  it('two instances on one database racing the same tx_ids: each bet counts exactly once', async () => {
    let other: Database | undefined
    let otherDb = t.db
    if (t.database.kind === 'postgres') {
      // A second process: its own connection pool to the same database.
      const [row] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))
      other = await openPostgres(databaseUrl(process.env.TEST_DATABASE_URL!, row!.name), { max: 10 })
      otherDb = other.db
    }
    try {
      const one = serviceWith()
      const two = serviceWith({ db: otherDb })
      const players = await Promise.all([playing(t, 100), playing(t, 100), playing(t, 100)])
      const calls = players.flatMap((p) => Array.from({ length: 8 }, () => ({ p, body: bet(p.session, uid(), '2.50') })))
      // Every call goes to both instances at once, in opposite orders, so batches on both sides overlap.
      const [fromOne, fromTwo] = await Promise.all([
        Promise.all(calls.map((c) => one.call('bet', c.body))),
        Promise.all([...calls].reverse().map((c) => two.call('bet', c.body))).then((r) => r.reverse()),
      ])
      fromOne.forEach((r, i) => {
        expect(r.answer.status).toBe('OK')
        // The loser of each race replays the winner's answer verbatim.
        expect(fromTwo[i]!.answer).toEqual(r.answer)
      })
      for (const p of players) expect(await balanceOf(t, p.token)).toBe(80)
      expect(await transfersOf(calls.map((c) => c.body.tx_id!))).toHaveLength(24)
      await expectLedgerOk(t)
    } finally {
      await other?.close()
    }
  })
})
