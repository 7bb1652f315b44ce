// Group commit of seamless callbacks (ADR 011) and its fallback (ADR 017): lanes of batchers, one transaction per
// batch, a batch of bets attempted whole (one statement, its own transaction: ADR 096) and, should that fail, every
// callback of the batch run again on its own in a savepoint. The work itself is seamless-callbacks.ts, the same for both.
import type { SeamlessAnswer } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction, isRetryable } from '../../db/transaction.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import { createBatcher, type BatcherStats, type Settled } from '../../lib/batcher.ts'
import type { Decided, SeamlessCallbacks } from './seamless-callbacks.ts'
import type { BetCall, RollbackCall, WinCall } from './seamless-decisions.ts'
import type { LogRow, SeamlessRepository } from './seamless.repository.ts'

/** Points where tests hold a batch or inject a failure (ADR 011). */
export interface SeamlessFaults {
  /** Before a batch's transaction begins (outside it), with the number of callbacks in it. */
  beforeBatch?: (size: number) => Promise<void> | void
  /** Inside one callback's savepoint, after its decision and log row were written. Throwing fails only that callback. */
  afterCallback?: (call: { op: 'bet' | 'win' | 'rollback'; txId: string; playerId: number }) => Promise<void> | void
  /** The last step inside a batch's transaction, before COMMIT (`attempt` counts from 1). Throwing fails the whole transaction. */
  beforeCommit?: (attempt: number) => Promise<void> | void
}

/** One money callback waiting for its batch, with what its verbatim log row needs. */
export type MoneyCallback = ({ op: 'bet'; call: BetCall } | { op: 'win'; call: WinCall } | { op: 'rollback'; call: RollbackCall }) & {
  log: { providerCode: string; op: string; requestId: string | null; request: string }
  /** The HTTP request's id (Fastify's reqId), so a line about its batch names it. */
  reqId?: string | undefined
}

/** Where the group commit writes what no single request owns: a batch that failed whole. */
export interface BatchLog {
  warn(details: object, message: string): void
}

export interface SeamlessResult {
  httpStatus: 200 | 400 | 404
  answer: SeamlessAnswer
  /** A win or a rollback answered with the first answer of this very request, sent again (a protocol adapter may say so). */
  replayed?: true
}

export function createGroupCommit(deps: {
  db: Db
  ledger: Pick<Ledger, 'lockPlayers' | 'outside'>
  clock: Clock
  callbacks: SeamlessCallbacks
  /** Most callbacks in one transaction. */
  maxBatch: number
  /** Independent batch queues, chosen by player id. */
  lanes: number
  faults?: SeamlessFaults
  /** False runs every batch one callback at a time (each bet a batch of one in its savepoint); tests use it. */
  wholeBatches: boolean
  seamlessRepository: Pick<SeamlessRepository, 'record' | 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'>
  /** Told every batch's size and how long it took, by `clock`, once it ended, committed or failed (the metrics, ADR 051). */
  onBatch?: (batch: { size: number; seconds: number }) => void
  log?: BatchLog
}) {
  const { db, ledger, clock, callbacks, seamlessRepository } = deps
  const counters = { setBased: 0, fallbacks: 0 }
  /**
   * Tests hook into a batch (ADR 011) or into the ledger's movements: a whole batch's statement then runs inside
   * BEGIN and COMMIT, so a hook can still fail it before its commit. Otherwise it is its own transaction (ADR 096).
   */
  const hooked = deps.faults?.afterCallback !== undefined || deps.faults?.beforeCommit !== undefined || ledger.outside.hooked

  /**
   * One callback on its own (inside its savepoint): a bet is a batch of one through the same function, which writes
   * its log row too (`logged`). Answers its answer and, for a win or a rollback, the claims to settle.
   */
  async function runOne(tx: Db, callback: MoneyCallback): Promise<Decided & { logged?: true }> {
    switch (callback.op) {
      case 'bet': {
        const [answer] = await callbacks.bets(tx, [{ ...callback.call, log: callback.log }])
        return { answer: answer!, settlements: [], logged: true }
      }
      case 'win':
        return callbacks.win(tx, callback.call)
      case 'rollback':
        return callbacks.rollback(tx, callback.call)
    }
  }

  /**
   * Runs one batch of callbacks in ONE transaction and answers only after COMMIT. Order: by player id (stable, so one
   * player's callbacks keep their arrival order), after locking every player's cash row in that order: a batch always
   * takes its locks player by player, ascending, before any claim row, so two batches (two lanes or two processes)
   * cannot wait on each other in a cycle through them. A batch of bets only runs whole (a constant number of
   * statements); any other batch runs callback by callback, each in its own savepoint, so a failing callback fails
   * only itself. A whole batch that fails is rolled back and runs again callback by callback, in a transaction of its
   * own: no savepoint around the whole attempt, whose two statements every batch would pay for a rare failure.
   */
  async function commitBatch(calls: readonly MoneyCallback[]): Promise<Array<Settled<SeamlessResult>>> {
    const order = calls.map((_, index) => index).sort((a, b) => calls[a]!.call.playerId - calls[b]!.call.playerId || a - b)
    const players = [...new Set(order.map((index) => calls[index]!.call.playerId))]
    await deps.faults?.beforeBatch?.(calls.length)
    let attempt = 0
    if (deps.wholeBatches && calls.every((c) => c.op === 'bet')) {
      try {
        const decided = hooked ? await inTransaction(db, async (tx) => wholeBets(tx, calls, order, ++attempt)) : await wholeBets(db, calls, order, ++attempt)
        counters.setBased += 1
        return decided
      } catch (error) {
        if (!(error instanceof WholeBatchFailed)) throw error
        // Anything unexpected: the attempt is rolled back and the batch runs callback by callback below, where a
        // failing bet fails only itself. The line names the requests of the batch: each one's own lines carry its reqId.
        deps.log?.warn(
          { err: error.cause, size: calls.length, reqIds: calls.flatMap((c) => (c.reqId ? [c.reqId] : [])) },
          'seamless batch failed whole: its callbacks run one at a time',
        )
        counters.fallbacks += 1
      }
    }
    return inTransaction(db, async (tx) => {
      attempt += 1
      // The same locks, in the same order; row locks outlive a rollback to a later savepoint, so they hold throughout.
      await ledger.lockPlayers(tx, players)
      const outcomes: Array<Settled<SeamlessResult>> = new Array(calls.length)
      for (const index of order) {
        const callback = calls[index]!
        await seamlessRepository.savepoint(tx, 'callback')
        try {
          const { answer, settlements, replayed, logged } = await runOne(tx, callback)
          if (!logged) await seamlessRepository.record(tx, settlements, [logRow(callback, answer, clock.now())])
          await deps.faults?.afterCallback?.({ op: callback.op, txId: callback.call.txId, playerId: callback.call.playerId })
          outcomes[index] = { ok: true, value: { httpStatus: 200, answer, ...(replayed ? { replayed } : {}) } }
        } catch (error) {
          // A deadlock or serialization failure aborts the whole batch, which then runs again as a whole.
          if (isRetryable(error)) throw error
          // Only this callback's work is undone; it gets its own error. Should the rollback itself fail (a lost
          // connection), that error leaves the batch and fails every callback in it.
          await seamlessRepository.rollbackToSavepoint(tx, 'callback')
          outcomes[index] = { ok: false, error }
        }
        // Also the proof that the transaction is healthy: RELEASE fails in an aborted transaction, so COMMIT below
        // never meets an aborted transaction (which PostgreSQL would answer with a silent ROLLBACK).
        await seamlessRepository.releaseSavepoint(tx, 'callback')
      }
      await deps.faults?.beforeCommit?.(attempt)
      return outcomes
    })
  }

  /** What the lanes run: a batch (commitBatch), then its size and duration told, however it ended. */
  async function runBatch(calls: readonly MoneyCallback[]): Promise<Array<Settled<SeamlessResult>>> {
    const started = clock.now().getTime()
    try {
      return await commitBatch(calls)
    } finally {
      deps.onBatch?.({ size: calls.length, seconds: Math.max(0, clock.now().getTime() - started) / 1000 })
    }
  }

  /**
   * A batch of bets only, whole: ONE statement decides, writes, settles and logs them (ADR 096), on `db` in autocommit
   * (its own transaction, run again after a deadlock) or, under test hooks, in the transaction `db` is; then the test
   * hooks. Anything else that fails it is WholeBatchFailed: the batch then runs callback by callback.
   */
  async function wholeBets(db: Db, calls: readonly MoneyCallback[], order: readonly number[], attempt: number): Promise<Array<Settled<SeamlessResult>>> {
    const bets = order.map((index) => ({ ...(calls[index]!.call as BetCall), log: calls[index]!.log }))
    let answers: SeamlessAnswer[]
    for (let tries = 1; ; tries++) {
      try {
        answers = await callbacks.bets(db, bets)
        for (const bet of bets) await deps.faults?.afterCallback?.({ op: 'bet', txId: bet.txId, playerId: bet.playerId })
        break
      } catch (error) {
        // A deadlock or serialization failure: in a transaction, the whole transaction runs again (inTransaction);
        // alone, the statement does. Anything else falls back to one callback at a time.
        if (!isRetryable(error)) throw new WholeBatchFailed(error)
        if (hooked || tries >= RETRIES) throw error
      }
    }
    await deps.faults?.beforeCommit?.(attempt)
    const outcomes: Array<Settled<SeamlessResult>> = new Array(calls.length)
    order.forEach((index, at) => {
      outcomes[index] = { ok: true, value: { httpStatus: 200, answer: answers[at]! } }
    })
    return outcomes
  }

  if (!Number.isInteger(deps.lanes) || deps.lanes < 1) throw new Error(`lanes must be a positive integer: ${deps.lanes}`)
  const lanes = Array.from({ length: deps.lanes }, () => createBatcher<MoneyCallback, SeamlessResult>({ run: runBatch, maxBatch: deps.maxBatch }))

  return {
    /** Queues a callback in its player's lane (a player's callbacks always share one; lanes commit independently). */
    submit(callback: MoneyCallback): Promise<SeamlessResult> {
      return lanes[Math.abs(callback.call.playerId) % lanes.length]!.submit(callback)
    },

    /** Group-commit counters, summed over the lanes (tests and diagnostics). */
    stats(): BatcherStats & { lanes: number; setBased: number; fallbacks: number } {
      const all = lanes.map((lane) => lane.stats())
      const sum = (key: keyof BatcherStats) => all.reduce((total, s) => total + s[key], 0)
      return {
        batches: sum('batches'),
        items: sum('items'),
        largest: Math.max(...all.map((s) => s.largest)),
        queued: sum('queued'),
        running: sum('running'),
        lanes: lanes.length,
        setBased: counters.setBased,
        fallbacks: counters.fallbacks,
      }
    },
  }
}

/** A whole batch of bets failed for a reason other than a deadlock: its transaction is rolled back, then it runs callback by callback. */
class WholeBatchFailed extends Error {
  constructor(cause: unknown) {
    super('seamless batch failed whole', { cause })
  }
}

/** A money callback's verbatim log row with its answer. */
function logRow(callback: MoneyCallback, answer: SeamlessAnswer, now: Date): LogRow {
  return { ...callback.log, txId: answer.tx_id, response: JSON.stringify(answer), httpStatus: 200, createdAt: now }
}

/** Times a whole batch's statement runs, alone, when PostgreSQL aborted it as a deadlock victim (as inTransaction's). */
const RETRIES = 3
