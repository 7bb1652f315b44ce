import type { Db } from '../../src/db/client.ts'
import type { Ledger } from '../../src/modules/ledger/ledger.service.ts'
import type { Claimed, SeamlessRepository, SeamlessTxRow } from '../../src/modules/seamless/seamless.repository.ts'
import { bangkokDay } from '@sanam/contract/bangkok'
import { answer, claimOf, replayAnswer, txKey, type RoundStatus } from '../../src/modules/seamless/seamless-decisions.ts'

/**
 * The seamless repository in memory, for the service test tier: claims keyed by provider and tx_id (the first claim of
 * a key wins, as the primary key makes it), rounds with their owner and totals, the players' valid turnover per day
 * (`player|day` → satang), the verbatim log, and game sessions a test can revoke. Savepoints do nothing here: what a failed callback leaves behind belongs to the route tier.
 * `betBatch` is a model of the database function (ADR 096) for the service tier: the claim, the gate, the round's
 * owner and the funds, bet by bet through `ledger` (no loss limits, no promotions: the route tier holds those).
 */
export function fakeSeamlessRepository(ledger?: Pick<Ledger, 'transferMany' | 'balances'>) {
  const claims = new Map<string, SeamlessTxRow>()
  const rounds = new Map<string, { playerId: number; totalBet: bigint; totalWin: bigint; status: RoundStatus; updatedAt: Date }>()
  const turnover = new Map<string, bigint>()
  const addTurnover = (playerId: number, day: string, amount: bigint) => {
    const key = `${playerId}|${day}`
    turnover.set(key, (turnover.get(key) ?? 0n) + amount)
  }
  /** The bets standing in a round that just became over, counted on the day each was taken. */
  const countRound = (providerCode: string, roundId: string) => {
    for (const claim of claims.values()) {
      if (claim.op === 'bet' && claim.status === 'OK' && claim.providerCode === providerCode && claim.roundId === roundId) {
        addTurnover(claim.playerId!, bangkokDay(claim.createdAt), claim.amount)
      }
    }
  }
  const log: Array<{ txId?: string | null; op: string; response: string; httpStatus: number }> = []
  const revokedSessions = new Set<number>()
  const inactivePlayers = new Set<number>()
  /** The player of each game session the test launched (session id → player id). */
  const sessionPlayers = new Map<number, number>()

  const repository: SeamlessRepository = {
    async removeBetFromRound(_db, providerCode, roundId, amount, now) {
      const round = rounds.get(txKey(providerCode, roundId))
      if (!round) return
      round.totalBet -= amount
      if (round.totalBet === 0n && round.totalWin === 0n) round.status = 'ROLLED_BACK'
      round.updatedAt = now
    },
    async closeStaleRounds(_db, before, now) {
      let closed = 0
      for (const [key, round] of rounds) {
        if (round.status === 'OPEN' && round.updatedAt < before) {
          round.status = 'CLOSED'
          const [providerCode, roundId] = key.split('\u0000') as [string, string]
          countRound(providerCode, roundId)
          round.updatedAt = now
          closed += 1
        }
      }
      return closed
    },
    async claim(_db, rows) {
      const out: Claimed = { keys: new Set() }
      for (const row of rows) {
        const key = txKey(row.providerCode, row.txId)
        if (claims.has(key)) continue
        claims.set(key, { settledBy: null, ...row } as SeamlessTxRow)
        out.keys.add(key)
      }
      return out
    },
    async betBatch(db, batch) {
      if (!ledger) throw new Error('fakeSeamlessRepository: betBatch needs a ledger')
      const out: Array<{ answer: string; moved: boolean }> = []
      for (const b of batch.bets) {
        const call = { ...b, live: b.sessionId !== null, sessionId: b.sessionId ?? 0 }
        const claim = claimOf(call, 'bet', batch.now)
        const key = txKey(b.provider, b.txId)
        const cash = async () => (await ledger.balances(db as Db, b.playerId)).cash
        const first = claims.get(key)
        let answered
        let moved = false
        if (first) answered = replayAnswer(first, claim.fingerprint, b.txId, await cash())
        else {
          const owner = rounds.get(txKey(b.provider, b.roundId))?.playerId
          const sessionPlayer = b.sessionId === null || revokedSessions.has(b.sessionId) ? undefined : sessionPlayers.get(b.sessionId)
          const balance = await cash()
          if (sessionPlayer === undefined) answered = answer('INVALID_SESSION', balance, b.txId)
          else if (inactivePlayers.has(sessionPlayer)) answered = answer('PLAYER_BLOCKED', balance, b.txId)
          else if (owner !== undefined && owner !== b.playerId) answered = answer('DUPLICATE', balance, b.txId, batch.messages[6])
          else if (balance < b.amount) answered = answer('INSUFFICIENT_FUNDS', balance, b.txId)
          else {
            await ledger.transferMany(db as Db, [
              {
                key: `seamless:${b.provider}:${b.txId}`,
                from: { player: b.playerId, kind: 'cash' },
                to: { house: `game:${b.provider}` },
                amount: b.amount,
                kind: 'game_bet',
                reference: `round:${b.provider}:${b.roundId}`,
              },
            ])
            await repository.addToRounds(
              db,
              [{ providerCode: b.provider, roundId: b.roundId, playerId: b.playerId, gameCode: b.gameCode, bet: b.amount, win: 0n, settle: false }],
              batch.now,
            )
            answered = answer('OK', balance - b.amount, b.txId)
            moved = true
          }
          claims.set(key, { settledBy: null, ...claim, status: answered.status, response: answered } as SeamlessTxRow)
        }
        log.push({ txId: answered.tx_id, op: b.log.op, response: JSON.stringify(answered), httpStatus: 200 })
        out.push({ answer: JSON.stringify(answered), moved })
      }
      return out
    },
    async find(_db, keys) {
      const out = new Map<string, SeamlessTxRow>()
      for (const k of keys) {
        const found = claims.get(txKey(k.providerCode, k.txId))
        if (found) out.set(txKey(k.providerCode, k.txId), found)
      }
      return out
    },
    async markSettled(_db, providerCode, betTxId, winTxId) {
      const bet = claims.get(txKey(providerCode, betTxId))
      if (!bet || bet.op !== 'bet' || bet.status !== 'OK' || bet.settledBy) return false
      bet.settledBy = winTxId
      return true
    },
    async lockRounds(_db, keys) {
      const out = new Map<string, { playerId: number; status: RoundStatus }>()
      for (const k of keys) {
        const round = rounds.get(txKey(k.providerCode, k.roundId))
        if (round) out.set(txKey(k.providerCode, k.roundId), { playerId: round.playerId, status: round.status })
      }
      return out
    },
    async addToRounds(_db, changes, now) {
      const statuses = new Map<string, RoundStatus>()
      for (const change of changes) {
        const key = txKey(change.providerCode, change.roundId)
        const round = rounds.get(key) ?? { playerId: change.playerId, totalBet: 0n, totalWin: 0n, status: 'OPEN', updatedAt: now }
        round.totalBet += change.bet
        round.totalWin += change.win
        if (change.settle) round.status = 'SETTLED'
        round.updatedAt = now
        rounds.set(key, round)
        statuses.set(key, round.status)
      }
      return statuses
    },
    async addTurnover(_db, changes) {
      for (const change of changes) addTurnover(change.playerId, change.day, change.amount)
    },
    async addTurnoverOfRounds(_db, keys) {
      for (const k of keys) countRound(k.providerCode, k.roundId)
    },
    async record(_db, settlements, entries) {
      for (const r of settlements) {
        const found = claims.get(txKey(r.providerCode, r.txId))
        if (found) Object.assign(found, { status: r.status, response: r.response })
      }
      for (const e of entries) log.push({ txId: e.txId ?? null, op: e.op, response: e.response, httpStatus: e.httpStatus })
    },
    async savepoint() {},
    async rollbackToSavepoint() {},
    async releaseSavepoint() {},
  }
  return { repository, claims, rounds, turnover, log, revokedSessions, inactivePlayers, sessionPlayers }
}
