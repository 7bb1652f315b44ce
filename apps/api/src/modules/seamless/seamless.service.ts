import { formatSatang, msg, parseSatang, SeamlessBody, type SeamlessAnswer, type SeamlessOp, type SeamlessStatus } from '@sanam/contract'
import { entityKind } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inTransaction, isRetryable } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { sha256 } from '../../lib/crypto.ts'
import { gamesRepository } from '../games/games.repository.ts'
import type { AccountRef, Ledger, TransferRequest } from '../ledger/ledger.service.ts'
import { ledgerRepository } from '../ledger/ledger.repository.ts'
import { portalRepository } from '../portal/portal.repository.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import { createBatcher, type BatcherStats, type Settled } from './seamless-batcher.ts'
import { seamlessRepository, txKey, type SeamlessTxRow } from './seamless.repository.ts'

/** "12.50" → 1250n. The contract's regex has already checked the shape, so the codec cannot refuse it. */
export function decimalToSatang(amount: string): bigint {
  const satang = parseSatang(amount)
  if (satang === null) throw new RangeError(`not a decimal amount: ${amount}`)
  return satang
}

export function satangToDecimal(satang: bigint): string {
  return formatSatang(satang)
}

export interface SeamlessResult {
  httpStatus: 200 | 400 | 404
  answer: SeamlessAnswer
}

const messages: Partial<Record<SeamlessStatus, string>> = {
  INSUFFICIENT_FUNDS: msg('SEAMLESS_INSUFFICIENT_FUNDS'),
  INVALID_SESSION: msg('SEAMLESS_INVALID_SESSION'),
  PLAYER_BLOCKED: msg('SEAMLESS_PLAYER_BLOCKED'),
  DUPLICATE: msg('SEAMLESS_DUPLICATE'),
  TX_NOT_FOUND: msg('SEAMLESS_TX_NOT_FOUND'),
}

function answer(status: SeamlessStatus, balance: bigint | null, txId: string | null, message?: string): SeamlessAnswer {
  const text = message ?? messages[status]
  return { status, balance: balance === null ? null : satangToDecimal(balance), tx_id: txId, ...(text ? { message: text } : {}) }
}

/**
 * The request as the seamless log keeps it: verbatim, except the game session token, which is stored only as its
 * hash ("sha256:<hex>", the hex of game_sessions.token_hash, so a dispute can still tie the call to its session).
 * The token's JSON string is replaced in place, so the rest of the body stays byte for byte what the provider sent;
 * should the provider have escaped it otherwise (the raw text then does not show it as we would write it), the
 * parsed body is stored instead, with every string equal to the token replaced.
 */
export function redactSessionToken(raw: string, body: unknown): string {
  const token = (body as { session_token?: unknown } | null)?.session_token
  if (typeof token !== 'string' || token === '') return raw
  const hashed = `sha256:${sha256(token).toString('hex')}`
  const replaced = raw.split(JSON.stringify(token)).join(JSON.stringify(hashed))
  try {
    if (replaced !== raw && !JSON.stringify(JSON.parse(replaced)).includes(JSON.stringify(token))) return replaced
  } catch {
    // Not readable after the replacement: store the parsed body below.
  }
  return JSON.stringify(body, (_key, value: unknown) => (value === token ? hashed : value))
}

/** Game sessions kept in memory at most (each a few dozen bytes). */
const GAME_SESSION_CACHE_ENTRIES = 50_000
/** How long a provider found in the catalogue is taken to exist without asking again. */
const PROVIDER_CACHE_MS = 30_000

/** The DUPLICATE message for a bet whose tx_id a rollback took first. */
const TOMBSTONED = msg('SEAMLESS_BET_ROLLED_BACK')

/** A bet's inputs, as `bet()` takes them. */
interface BetInput {
  provider: string
  body: SeamlessBody
  playerId: number
  /** The game session the callback names: a bet is refused once it was revoked. */
  sessionId: number
  /** The game session had not expired when the callback arrived. */
  live: boolean
}

/** What makes two requests with one tx_id the same request. */
function fingerprint(op: string, playerId: number | null, roundId: string, amount: bigint, refTxId: string | null): string {
  return [op, playerId ?? '-', roundId, amount.toString(), refTxId ?? '-'].join('|')
}

/** Points where tests hold a batch or inject a failure (ADR 011). */
export interface SeamlessFaults {
  /** Before a batch's transaction begins (outside it), with the number of callbacks in it. */
  beforeBatch?: (size: number) => Promise<void> | void
  /** Inside one callback's savepoint, after its decision and log row were written. Throwing fails only that callback. */
  afterCallback?: (call: { op: 'bet' | 'win' | 'rollback'; txId: string; playerId: number }) => Promise<void> | void
  /** The last step inside a batch's transaction, before COMMIT (`attempt` counts from 1). Throwing fails the whole transaction. */
  beforeCommit?: (attempt: number) => Promise<void> | void
}

/**
 * The seamless wallet: the only way game money moves. Exactly once per (provider, tx_id): the first answer is kept
 * and replayed; the same tx_id with other content is DUPLICATE. Bets are gated (live session, active player); wins
 * and rollbacks are always accepted, even after the session ended. Rollback rule: a rollback refunds the referenced
 * bet whatever its round's state (a win already paid in that round stands); a rollback of a bet not seen yet leaves a
 * tombstone that refuses the bet when it arrives; a second rollback changes nothing.
 *
 * Group commit (ADR 011): bets, wins and rollbacks that arrive while a batch is committing go together in the next
 * transaction, each in its own savepoint, with its verbatim log row; answers are released only after COMMIT.
 */
export function createSeamlessService(deps: {
  db: Db
  ledger: Ledger
  clock: Clock
  promotions?: Pick<PromotionService, 'onBet' | 'onSettled' | 'onRollback'> & Partial<Pick<PromotionService, 'onBets'>>
  /** Most callbacks in one transaction (default 64, PostgreSQL's per-transaction subtransaction cache). */
  maxBatch?: number
  /** Independent batch queues, chosen by player id (default: 1 on PGlite, 8 on PostgreSQL). */
  lanes?: number
  faults?: SeamlessFaults
  /**
   * Batches made only of bets run set-based (default true): a constant number of statements per batch instead of
   * about fourteen per bet, with the same answers. False runs every batch callback by callback (tests compare them).
   */
  setBasedBets?: boolean
}) {
  const { db, ledger, clock } = deps
  const setBasedBets = deps.setBasedBets ?? true
  const counters = { setBased: 0, fallbacks: 0 }

  // The two reads every callback makes before its batch, kept in memory (each was a database round trip per bet).
  // A game session's player, provider and expiry never change once a launch wrote it, so a found one is kept (bounded,
  // oldest out first); what can change, the player's status and the session's revocation, is read inside the batch's
  // transaction. Providers are kept a short while, so
  // one taken out of the catalogue stops answering within PROVIDER_CACHE_MS. Only found rows are kept: a session
  // launched a moment ago in another process is read from the database.
  const sessions = new Map<string, { id: number; playerId: number; providerCode: string; expiresAt: Date }>()
  const knownProviders = new Map<string, number>()

  async function gameSession(token: string) {
    const tokenHash = sha256(token)
    const key = tokenHash.toString('base64')
    const kept = sessions.get(key)
    if (kept) return kept
    const found = await portalRepository.findSession(db, tokenHash)
    if (!found) return undefined
    const session = { id: found.session.id, playerId: found.session.playerId, providerCode: found.session.providerCode, expiresAt: found.session.expiresAt }
    if (sessions.size >= GAME_SESSION_CACHE_ENTRIES) sessions.delete(sessions.keys().next().value!)
    sessions.set(key, session)
    return session
  }

  async function providerExists(code: string): Promise<boolean> {
    const now = clock.now().getTime()
    const until = knownProviders.get(code)
    if (until !== undefined && until > now) return true
    if (!(await gamesRepository.provider(db, code))) return false
    knownProviders.set(code, now + PROVIDER_CACHE_MS)
    return true
  }

  async function cash(tx: Db, playerId: number): Promise<bigint> {
    return (await ledgerRepository.balances(tx, playerId)).cash
  }

  /** The first answer for a tx_id that is already taken, or DUPLICATE when this request differs from it. */
  async function replay(tx: Db, provider: string, txId: string, print: string, playerId: number | null): Promise<SeamlessAnswer> {
    const first = await seamlessRepository.find(tx, provider, txId)
    if (!first) throw new AppError('CONFLICT')
    if (first.fingerprint === print) return first.response as SeamlessAnswer
    const balance = playerId === null ? null : await cash(tx, playerId)
    return answer('DUPLICATE', balance, txId, first.op === 'tombstone' ? TOMBSTONED : undefined)
  }

  async function bet(tx: Db, provider: string, body: SeamlessBody, playerId: number, sessionId: number, sessionLive: boolean): Promise<SeamlessAnswer> {
    const txId = body.tx_id!
    const roundId = body.round_id!
    const amount = decimalToSatang(body.amount!)
    const print = fingerprint('bet', playerId, roundId, amount, null)
    const claimed = await seamlessRepository.claim(tx, {
      providerCode: provider, txId, op: 'bet', playerId, roundId, gameCode: body.game_code ?? null, amount, refTxId: null, status: 'PENDING', fingerprint: print, response: {}, createdAt: clock.now(),
    })
    if (!claimed) return replay(tx, provider, txId, print, playerId)

    let result: SeamlessAnswer
    const gate = sessionLive ? (await seamlessRepository.openGameSessions(tx, [sessionId])).get(sessionId) : undefined
    if (!gate) result = answer('INVALID_SESSION', await cash(tx, playerId), txId)
    else if (!gate.playerActive) result = answer('PLAYER_BLOCKED', await cash(tx, playerId), txId)
    else {
      const round = await seamlessRepository.findRound(tx, provider, roundId)
      if (round && round.playerId !== playerId) result = answer('DUPLICATE', await cash(tx, playerId), txId, msg('SEAMLESS_ROUND_OF_ANOTHER_PLAYER'))
      else {
        try {
          await ledger.transfer(tx, { key: `seamless:${provider}:${txId}`, from: { player: playerId, kind: 'cash' }, to: { house: `game:${provider}` }, amount, kind: 'game_bet', reference: `round:${provider}:${roundId}` })
          await seamlessRepository.addToRound(tx, { providerCode: provider, roundId, playerId, gameCode: body.game_code ?? null, bet: amount, win: 0n, settle: false, now: clock.now() })
          await deps.promotions?.onBet(tx, { playerId, providerCode: provider, gameCode: body.game_code ?? null, amount })
          result = answer('OK', await cash(tx, playerId), txId)
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')) throw error
          result = answer('INSUFFICIENT_FUNDS', await cash(tx, playerId), txId)
        }
      }
    }
    await seamlessRepository.settle(tx, provider, txId, result.status, result)
    return result
  }

  async function win(tx: Db, provider: string, body: SeamlessBody, playerId: number): Promise<SeamlessAnswer> {
    const txId = body.tx_id!
    const roundId = body.round_id!
    const amount = decimalToSatang(body.amount!)
    const print = fingerprint('win', playerId, roundId, amount, null)
    const claimed = await seamlessRepository.claim(tx, {
      providerCode: provider, txId, op: 'win', playerId, roundId, gameCode: body.game_code ?? null, amount, refTxId: null, status: 'PENDING', fingerprint: print, response: {}, createdAt: clock.now(),
    })
    if (!claimed) return replay(tx, provider, txId, print, playerId)
    const round = await seamlessRepository.findRound(tx, provider, roundId)
    let result: SeamlessAnswer
    if (round && round.playerId !== playerId) result = answer('DUPLICATE', await cash(tx, playerId), txId, msg('SEAMLESS_ROUND_OF_ANOTHER_PLAYER'))
    else {
      if (amount > 0n) {
        await ledger.transfer(tx, { key: `seamless:${provider}:${txId}`, from: { house: `game:${provider}` }, to: { player: playerId, kind: 'cash' }, amount, kind: 'game_win', reference: `round:${provider}:${roundId}` })
      }
      await seamlessRepository.addToRound(tx, { providerCode: provider, roundId, playerId, gameCode: body.game_code ?? null, bet: 0n, win: amount, settle: true, now: clock.now() })
      await deps.promotions?.onSettled(tx, playerId)
      result = answer('OK', await cash(tx, playerId), txId)
    }
    await seamlessRepository.settle(tx, provider, txId, result.status, result)
    return result
  }

  async function rollback(tx: Db, provider: string, body: SeamlessBody, playerId: number): Promise<SeamlessAnswer> {
    const txId = body.tx_id!
    const ref = body.ref_tx_id!
    const roundId = body.round_id ?? '-'
    const print = fingerprint('rollback', playerId, roundId, 0n, ref)
    const claimed = await seamlessRepository.claim(tx, {
      providerCode: provider, txId, op: 'rollback', playerId, roundId, gameCode: body.game_code ?? null, amount: 0n, refTxId: ref, status: 'PENDING', fingerprint: print, response: {}, createdAt: clock.now(),
    })
    if (!claimed) return replay(tx, provider, txId, print, playerId)

    let result: SeamlessAnswer
    // The bet may not have arrived yet: a tombstone makes sure it is refused when it does.
    const tombstone = await seamlessRepository.claim(tx, {
      providerCode: provider, txId: ref, op: 'tombstone', playerId, roundId, gameCode: body.game_code ?? null, amount: 0n, refTxId: txId, status: 'TOMBSTONE', fingerprint: `tombstone|${ref}`, response: {}, createdAt: clock.now(),
    })
    if (tombstone) result = answer('OK', await cash(tx, playerId), txId)
    else {
      const target = (await seamlessRepository.find(tx, provider, ref, true)) as SeamlessTxRow
      if (target.op === 'tombstone' || target.status === 'ROLLED_BACK' || (target.op === 'bet' && target.status !== 'OK')) {
        // Already rolled back, or the bet never took money: nothing to refund.
        result = answer('OK', await cash(tx, target.playerId ?? playerId), txId)
      } else if (target.op !== 'bet' || target.playerId === null) {
        result = answer('TX_NOT_FOUND', await cash(tx, playerId), txId)
      } else {
        await ledger.transfer(tx, {
          key: `seamless:${provider}:rollback:${ref}`,
          from: { house: `game:${provider}` },
          to: { player: target.playerId, kind: 'cash' },
          amount: target.amount,
          kind: 'game_rollback',
          reference: `round:${provider}:${target.roundId}`,
        })
        await seamlessRepository.settle(tx, provider, ref, 'ROLLED_BACK', target.response)
        await seamlessRepository.removeBetFromRound(tx, provider, target.roundId, target.amount, clock.now())
        // The refunded bet is no longer turnover: the promotion's progress loses it here, and the referral and rebate
        // accrual counts only bets still OK (this one is ROLLED_BACK now).
        await deps.promotions?.onRollback(tx, { playerId: target.playerId, providerCode: provider, gameCode: target.gameCode, amount: target.amount, placedAt: target.createdAt })
        result = answer('OK', await cash(tx, target.playerId), txId)
      }
    }
    await seamlessRepository.settle(tx, provider, txId, result.status, result)
    return result
  }

  /** One money callback (bet, win or rollback) waiting for its batch: its decision runs in the batch's transaction. */
  interface Callback {
    op: 'bet' | 'win' | 'rollback'
    playerId: number
    txId: string
    decide: (tx: Db) => Promise<SeamlessAnswer>
    /** A bet's inputs (what `bet()` takes), for the set-based path. */
    bet?: BetInput
    log: { providerCode: string; op: string; requestId: string | null; request: string }
  }

  /**
   * A batch of bets only, set-based (ADR 011, "Set-based bets"): what `bet()` does for each, in a constant number of
   * statements for the whole batch. The cash rows are locked (`locked`: their balances), so the running balance of
   * each player, bet after bet in processing order, is computed here exactly as the conditional debits would find
   * it. Claims go in in processing order (of two claims of one tx_id the first wins, as one after the other would);
   * the bets not claimed are answered after the batch's writes, as `replay()` answers them (the first answer
   * verbatim, else DUPLICATE with the player's balance at that point of the sequence). Throws on anything unexpected:
   * the caller then runs the batch again callback by callback.
   */
  async function runBets(tx: Db, calls: readonly Callback[], order: readonly number[], locked: Map<number, { balance: bigint }>): Promise<Array<Settled<SeamlessResult>>> {
    const now = clock.now()
    const bets = order.map((index) => {
      const input = calls[index]!.bet!
      const txId = input.body.tx_id!
      const roundId = input.body.round_id!
      const amount = decimalToSatang(input.body.amount!)
      return { index, provider: input.provider, playerId: input.playerId, sessionId: input.sessionId, live: input.live, txId, roundId, amount, gameCode: input.body.game_code ?? null, print: fingerprint('bet', input.playerId, roundId, amount, null) }
    })

    const claimedKeys = await seamlessRepository.claimMany(
      tx,
      bets.map((b) => ({ providerCode: b.provider, txId: b.txId, op: 'bet' as const, playerId: b.playerId, roundId: b.roundId, gameCode: b.gameCode, amount: b.amount, refTxId: null, status: 'PENDING', fingerprint: b.print, response: {}, createdAt: now })),
    )
    const taken = new Set<string>()
    const claimed = bets.map((b) => {
      const key = txKey(b.provider, b.txId)
      if (!claimedKeys.has(key) || taken.has(key)) return false
      taken.add(key)
      return true
    })

    const open = await seamlessRepository.openGameSessions(
      tx,
      bets.filter((b, at) => claimed[at] && b.live).map((b) => b.sessionId),
    )
    /** Why a claimed bet is refused before any money question: its session ended or its player is blocked. */
    const gateOf = (b: (typeof bets)[number]) => {
      const session = b.live ? open.get(b.sessionId) : undefined
      return !session ? 'INVALID_SESSION' : session.playerActive ? null : 'PLAYER_BLOCKED'
    }
    const roundKeys = new Map<string, { providerCode: string; roundId: string }>()
    bets.forEach((b, at) => {
      if (claimed[at] && gateOf(b) === null) roundKeys.set(txKey(b.provider, b.roundId), { providerCode: b.provider, roundId: b.roundId })
    })
    const owners = await seamlessRepository.roundOwners(tx, [...roundKeys.values()])

    const running = new Map<number, bigint>(bets.map((b) => [b.playerId, locked.get(b.playerId)?.balance ?? 0n]))
    const answers: SeamlessAnswer[] = new Array(bets.length)
    const replays: Array<{ at: number; balance: bigint }> = []
    const requests: TransferRequest[] = []
    const ensure: AccountRef[] = []
    const rounds = new Map<string, { providerCode: string; roundId: string; playerId: number; gameCode: string | null; bet: bigint }>()
    const counted: Array<{ playerId: number; providerCode: string; gameCode: string | null; amount: bigint }> = []
    bets.forEach((b, at) => {
      const balance = running.get(b.playerId)!
      if (!claimed[at]) {
        replays.push({ at, balance })
        return
      }
      const refused = gateOf(b)
      if (refused) answers[at] = answer(refused, balance, b.txId)
      else {
        const roundKey = txKey(b.provider, b.roundId)
        const owner = owners.get(roundKey)
        if (owner !== undefined && owner !== b.playerId) answers[at] = answer('DUPLICATE', balance, b.txId, msg('SEAMLESS_ROUND_OF_ANOTHER_PLAYER'))
        else if (balance < b.amount) {
          // `transfer` would have created both accounts before its debit was refused.
          ensure.push({ player: b.playerId, kind: 'cash' }, { house: `game:${b.provider}` })
          answers[at] = answer('INSUFFICIENT_FUNDS', balance, b.txId)
        } else {
          const after = balance - b.amount
          running.set(b.playerId, after)
          requests.push({ key: `seamless:${b.provider}:${b.txId}`, from: { player: b.playerId, kind: 'cash' }, to: { house: `game:${b.provider}` }, amount: b.amount, kind: 'game_bet', reference: `round:${b.provider}:${b.roundId}` })
          owners.set(roundKey, b.playerId)
          const round = rounds.get(roundKey)
          if (round) round.bet += b.amount
          else rounds.set(roundKey, { providerCode: b.provider, roundId: b.roundId, playerId: b.playerId, gameCode: b.gameCode, bet: b.amount })
          counted.push({ playerId: b.playerId, providerCode: b.provider, gameCode: b.gameCode, amount: b.amount })
          answers[at] = answer('OK', after, b.txId)
        }
      }
    })

    const moved = await ledger.transferMany(tx, requests, { ensure })
    // Every claim is new, so is every key derived from it: a replayed transfer means something else wrote it.
    if (moved.some((m) => m.replayed)) throw new AppError('CONFLICT')
    await seamlessRepository.addBetsToRounds(tx, [...rounds.values()], now)
    if (deps.promotions?.onBets) await deps.promotions.onBets(tx, counted)
    else if (deps.promotions) for (const c of counted) await deps.promotions.onBet(tx, c)
    await seamlessRepository.settleMany(
      tx,
      bets.flatMap((b, at) => (claimed[at] ? [{ providerCode: b.provider, txId: b.txId, status: answers[at]!.status, response: answers[at] }] : [])),
    )

    const firsts = await seamlessRepository.findMany(
      tx,
      [...new Map(replays.map(({ at }) => [txKey(bets[at]!.provider, bets[at]!.txId), { providerCode: bets[at]!.provider, txId: bets[at]!.txId }])).values()],
    )
    for (const { at, balance } of replays) {
      const b = bets[at]!
      const first = firsts.get(txKey(b.provider, b.txId))
      if (!first) throw new AppError('CONFLICT')
      answers[at] = first.fingerprint === b.print ? (first.response as SeamlessAnswer) : answer('DUPLICATE', balance, b.txId, first.op === 'tombstone' ? TOMBSTONED : undefined)
    }

    await seamlessRepository.logMany(
      tx,
      bets.map((b, at) => ({ ...calls[b.index]!.log, txId: answers[at]!.tx_id, response: JSON.stringify(answers[at]), httpStatus: 200, createdAt: now })),
    )
    for (const b of bets) await deps.faults?.afterCallback?.({ op: 'bet', txId: calls[b.index]!.txId, playerId: b.playerId })
    const outcomes: Array<Settled<SeamlessResult>> = new Array(calls.length)
    bets.forEach((b, at) => {
      outcomes[b.index] = { ok: true, value: { httpStatus: 200, answer: answers[at]! } }
    })
    return outcomes
  }

  /**
   * Runs one batch of callbacks in ONE transaction, each in its own savepoint, and answers only after COMMIT.
   * Order: by player id (stable, so one player's callbacks keep their arrival order), after locking every player's
   * cash row in that order: a batch always takes its locks player by player, ascending, before any claim row, so two
   * batches (two lanes or two processes) cannot wait on each other in a cycle through them.
   */
  async function runBatch(calls: readonly Callback[]): Promise<Array<Settled<SeamlessResult>>> {
    const order = calls.map((_, index) => index).sort((a, b) => calls[a]!.playerId - calls[b]!.playerId || a - b)
    const players = [...new Set(order.map((index) => calls[index]!.playerId))]
    await deps.faults?.beforeBatch?.(calls.length)
    const setBased = setBasedBets && calls.every((call) => call.bet !== undefined)
    let attempt = 0
    return inTransaction(db, async (tx) => {
      attempt += 1
      // Every player's cash row, ascending, before any claim row, in one statement for both paths. Row locks outlive a
      // rollback to a later savepoint, so a set-based attempt that falls back keeps them. The balances are what
      // set-based bets are decided on.
      const locked = await ledger.lockPlayers(tx, players)
      if (setBased) {
        await seamlessRepository.savepoint(tx, 'batch')
        let decided: Array<Settled<SeamlessResult>> | undefined
        try {
          decided = await runBets(tx, calls, order, locked)
          await seamlessRepository.releaseSavepoint(tx, 'batch')
          counters.setBased += 1
        } catch (error) {
          if (isRetryable(error)) throw error
          // Anything unexpected: undo the set-based attempt and run the batch callback by callback below, where a
          // failing bet fails only itself. Should the rollback fail (a lost connection), the whole batch fails.
          await seamlessRepository.rollbackToSavepoint(tx, 'batch')
          await seamlessRepository.releaseSavepoint(tx, 'batch')
          counters.fallbacks += 1
        }
        if (decided) {
          await deps.faults?.beforeCommit?.(attempt)
          return decided
        }
      }
      const outcomes: Array<Settled<SeamlessResult>> = new Array(calls.length)
      for (const index of order) {
        const call = calls[index]!
        await seamlessRepository.savepoint(tx, 'callback')
        try {
          const decided = await call.decide(tx)
          await seamlessRepository.log(tx, { ...call.log, txId: decided.tx_id, response: JSON.stringify(decided), httpStatus: 200, createdAt: clock.now() })
          await deps.faults?.afterCallback?.({ op: call.op, txId: call.txId, playerId: call.playerId })
          outcomes[index] = { ok: true, value: { httpStatus: 200, answer: decided } }
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

  const maxBatch = deps.maxBatch ?? 64
  const laneCount = deps.lanes ?? defaultLanes(db)
  if (!Number.isInteger(laneCount) || laneCount < 1) throw new Error(`lanes must be a positive integer: ${laneCount}`)
  const lanes = Array.from({ length: laneCount }, () => createBatcher<Callback, SeamlessResult>({ run: runBatch, maxBatch }))
  /** A player's callbacks always go to the same lane; lanes commit independently of each other. */
  const laneOf = (playerId: number) => lanes[Math.abs(playerId) % lanes.length]!

  return {
    /**
     * Handles one signed callback. `raw` is logged verbatim with the answer (in the decision's own transaction for bet,
     * win and rollback), the game session token replaced by its hash.
     */
    async handle(provider: string, op: SeamlessOp, body: unknown, raw: string): Promise<SeamlessResult> {
      const request = redactSessionToken(raw, body)
      const requestId = typeof (body as { request_id?: unknown })?.request_id === 'string' ? String((body as { request_id: string }).request_id).slice(0, 128) : null
      const decided = await decide(provider, op, body)
      if ('call' in decided) {
        const { playerId, txId, decide: decideIn, bet: betInput } = decided.call
        return laneOf(playerId).submit({ op: decided.call.op, playerId, txId, decide: decideIn, ...(betInput ? { bet: betInput } : {}), log: { providerCode: provider, op, requestId, request } })
      }
      const result = decided.result
      await seamlessRepository.log(db, {
        providerCode: provider,
        op,
        requestId,
        txId: result.answer.tx_id,
        request,
        response: JSON.stringify(result.answer),
        httpStatus: result.httpStatus,
        createdAt: clock.now(),
      })
      return result
    },

    /** Closes rounds left OPEN longer than `staleMinutes` (a provider that never settled them). */
    async closeStaleRounds(staleMinutes: number, on: Db = db): Promise<number> {
      const now = clock.now()
      return seamlessRepository.closeStaleRounds(on, new Date(now.getTime() - staleMinutes * 60_000), now)
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

  type Decided = { result: SeamlessResult } | { call: Pick<Callback, 'op' | 'playerId' | 'txId' | 'decide' | 'bet'> }

  /** Checks what needs no transaction; a bet, win or rollback comes back as the work its batch will run. */
  async function decide(provider: string, op: SeamlessOp, body: unknown): Promise<Decided> {
    const bad = (message: string, status: 400 | 404 = 400): Decided => ({ result: { httpStatus: status, answer: answer('BAD_REQUEST', null, null, message) } })
    if (!(await providerExists(provider))) return bad(msg('PROVIDER_NOT_FOUND'), 404)
    const parsed = SeamlessBody.safeParse(body)
    if (!parsed.success) return bad(parsed.error.issues[0]?.message ?? msg('SEAMLESS_BAD_BODY'))
    const input = parsed.data
    if (op !== 'balance' && (!input.tx_id || (op !== 'rollback' && (!input.round_id || input.amount === undefined)))) {
      return bad(msg('SEAMLESS_NEED_TX_ROUND_AMOUNT'))
    }
    if (op === 'rollback' && !input.ref_tx_id) return bad(msg('SEAMLESS_NEED_REF_TX'))
    if (op === 'bet' && decimalToSatang(input.amount!) <= 0n) return bad(msg('SEAMLESS_BET_NOT_POSITIVE'))

    const session = await gameSession(input.session_token)
    if (!session || session.providerCode !== provider) {
      return { result: { httpStatus: 200, answer: answer('INVALID_SESSION', null, input.tx_id ?? null) } }
    }
    const playerId = session.playerId
    const live = session.expiresAt.getTime() > clock.now().getTime()
    const txId = input.tx_id ?? ''
    switch (op) {
      case 'balance':
        return { result: { httpStatus: 200, answer: answer('OK', await cash(db, playerId), null) } }
      case 'bet':
        return { call: { op, playerId, txId, decide: (tx) => bet(tx, provider, input, playerId, session.id, live), bet: { provider, body: input, playerId, sessionId: session.id, live } } }
      case 'win':
        return { call: { op, playerId, txId, decide: (tx) => win(tx, provider, input, playerId) } }
      case 'rollback':
        return { call: { op, playerId, txId, decide: (tx) => rollback(tx, provider, input, playerId) } }
    }
  }
}
export type SeamlessService = ReturnType<typeof createSeamlessService>

/** Embedded PGlite has one connection (lanes would only take turns on it); PostgreSQL commits lanes in parallel. */
function defaultLanes(db: Db): number {
  return (db.constructor as unknown as Record<symbol, unknown>)[entityKind] === 'PgliteDatabase' ? 1 : 8
}
