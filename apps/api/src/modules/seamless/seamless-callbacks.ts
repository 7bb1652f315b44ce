// Runs money callbacks inside the caller's transaction (ADR 017): reads the snapshot the decisions need, asks
// seamless-decisions.ts, and applies the writes through the ledger and the repository; the claims' settlement is
// answered to the caller, which writes it with the verbatim log (ADR 061). Bets run as a list (a batch of many, or one
// in its savepoint: the same statements either way); wins and rollbacks one at a time.
import type { SeamlessAnswer } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { bangkokDay } from '@sanam/contract/bangkok'
import type { Clock } from '../../lib/clock.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { LimitsService } from '../limits/limits.service.ts'
import {
  answer,
  answeredClaimOf,
  claimOf,
  decideBets,
  decideRollback,
  decideWin,
  isRoundOver,
  replayAnswer,
  tombstoneOf,
  txKey,
  winNamesBet,
  type BetCall,
  type RollbackCall,
  type Settlement,
  type WinCall,
} from './seamless-decisions.ts'
import type { SeamlessRepository } from './seamless.repository.ts'
import { SANAM_ROUND_POLICY } from './round-policy.ts'

export type SeamlessPromotions = Pick<PromotionService, 'onBets' | 'onSettled' | 'onRollbacks'>

/**
 * What a win or a rollback answered, and the claims to settle with it (its own; a rollback's refunded bet too). The
 * caller settles them with the call's verbatim log row, in one statement (ADR 061).
 */
export interface Decided {
  answer: SeamlessAnswer
  settlements: Settlement[]
  /** The answer is the first answer of this very request, sent again (a protocol may answer a repeat otherwise). */
  replayed?: true
}

export function createSeamlessCallbacks(deps: {
  ledger: Pick<Ledger, 'transferMany' | 'balances' | 'lockPlayers'>
  clock: Clock
  promotions?: SeamlessPromotions
  /** The players' daily loss limits (ADR 048): a bet past one is LIMIT_EXCEEDED; wins and rollbacks never ask. */
  limits?: Pick<LimitsService, 'lossAllowances'>
  seamlessRepository: Pick<
    SeamlessRepository,
    'find' | 'claim' | 'lockRounds' | 'addToRounds' | 'addTurnover' | 'addTurnoverOfRounds' | 'removeBetFromRound' | 'markSettled'
  >
}) {
  const { ledger, clock, seamlessRepository } = deps

  async function cash(tx: Db, playerId: number): Promise<bigint> {
    return (await ledger.balances(tx, playerId)).cash
  }

  /** The answer to a callback whose tx_id was taken before: its first answer (`replayed`), or DUPLICATE. */
  async function replay(tx: Db, provider: string, txId: string, print: string, playerId: number): Promise<Decided> {
    const first = (await seamlessRepository.find(tx, [{ providerCode: provider, txId }])).get(txKey(provider, txId))
    if (!first) throw new AppError('CONFLICT')
    const same = first.fingerprint === print
    const answered = replayAnswer(first, print, txId, same ? null : await cash(tx, playerId))
    return same ? { answer: answered, settlements: [], replayed: true } : { answer: answered, settlements: [] }
  }

  return {
    /**
     * Bets in processing order (player, then arrival), their players' cash rows locked by the caller (`balances`: the
     * balances the locks returned), in a constant number of statements whatever their number (ADR 011, "Set-based
     * bets"). Claims go in in processing order (of two claims of one tx_id the first wins, as one after the other
     * would); the bets not claimed are answered after the decisions (so a replay of a bet decided here replays its
     * final answer). Answers each bet's answer and the claims to settle, which the caller settles with the verbatim
     * log in one statement (ADR 061). Throws on anything unexpected: the caller rolls back to its savepoint.
     */
    async bets(tx: Db, bets: readonly BetCall[], balances: ReadonlyMap<number, bigint>): Promise<{ answers: SeamlessAnswer[]; settlements: Settlement[] }> {
      const now = clock.now()
      // One statement: the claims, and what deciding the claimed bets needs (the open sessions, the rounds' owners).
      const claims = await seamlessRepository.claim(
        tx,
        bets.map((b) => claimOf(b, 'bet', now)),
        {
          sessionIds: bets.filter((b) => b.live).map((b) => b.sessionId),
          rounds: [...new Map(bets.map((b) => [txKey(b.provider, b.roundId), { providerCode: b.provider, roundId: b.roundId }])).values()],
          now,
        },
      )
      const taken = new Set<string>()
      const claimed = bets.map((b) => {
        const key = txKey(b.provider, b.txId)
        if (!claims.keys.has(key) || taken.has(key)) return false
        taken.add(key)
        return true
      })
      const openSessions = claims.openSessions
      const roundOwners = new Map([...claims.rounds].map(([key, round]) => [key, round.playerId]))
      // Read under the players' locks, after the claims: today's bets and wins already answered, not this batch's.
      const lossAllowances = deps.limits
        ? await deps.limits.lossAllowances(
            tx,
            bets.filter((_, at) => claimed[at]).map((b) => b.playerId),
          )
        : undefined

      const decided = decideBets(bets, { claimed, balances, openSessions, roundOwners, ...(lossAllowances ? { lossAllowances } : {}) })

      // Every claim is new, so is every key derived from it: a key that exists means something else wrote it, and the
      // ledger refuses the call (CONFLICT) rather than answer it as a replay.
      await ledger.transferMany(tx, decided.transfers, { ensure: decided.ensure, fresh: true })
      const roundStatus = await seamlessRepository.addToRounds(tx, decided.rounds, now)
      // A bet in a round already over (a late bet after its win, or in a closed round) is valid turnover at once.
      const day = bangkokDay(now)
      await seamlessRepository.addTurnover(
        tx,
        bets.flatMap((b, at) =>
          decided.answers[at]?.status === 'OK' && isRoundOver(roundStatus.get(txKey(b.provider, b.roundId)))
            ? [{ playerId: b.playerId, day, amount: b.amount }]
            : [],
        ),
      )
      if (deps.promotions) await deps.promotions.onBets(tx, decided.turnover)

      // A bet whose tx_id was taken replays its first answer: one of this batch's, from what was just decided; one
      // taken before this batch (committed, or an earlier callback's in this transaction, settled already), read.
      const firstInBatch = new Map<string, number>()
      bets.forEach((b, at) => {
        if (claimed[at]) firstInBatch.set(txKey(b.provider, b.txId), at)
      })
      const earlier = await seamlessRepository.find(tx, [
        ...new Map(
          decided.replays
            .map(({ at }) => bets[at]!)
            .filter((b) => !firstInBatch.has(txKey(b.provider, b.txId)))
            .map((b) => [txKey(b.provider, b.txId), { providerCode: b.provider, txId: b.txId }]),
        ).values(),
      ])
      const answers = decided.answers
      for (const { at, balance } of decided.replays) {
        const b = bets[at]!
        const key = txKey(b.provider, b.txId)
        const sameBatch = firstInBatch.get(key)
        const first = sameBatch === undefined ? earlier.get(key) : answeredClaimOf(bets[sameBatch]!, answers[sameBatch]!, now)
        if (!first) throw new AppError('CONFLICT')
        answers[at] = replayAnswer(first, claimOf(b, 'bet', now).fingerprint, b.txId, balance)
      }
      return { answers: answers as SeamlessAnswer[], settlements: decided.settlements }
    },

    /**
     * One win: claimed; the bet it names locked and read when its policy settles bet by bet (a rollback of that bet
     * waits, or is waited for: whichever comes second sees the first), its round locked; decided by its policy, paid,
     * its bet marked settled, its round settled, the promotion told.
     */
    async win(tx: Db, win: WinCall): Promise<Decided> {
      const now = clock.now()
      const claim = claimOf(win, 'win', now)
      if ((await seamlessRepository.claim(tx, [claim])).keys.size === 0) return replay(tx, win.provider, win.txId, claim.fingerprint, win.playerId)
      const bet = winNamesBet(win)
        ? (await seamlessRepository.find(tx, [{ providerCode: win.provider, txId: win.betTxId }], { lock: true })).get(txKey(win.provider, win.betTxId))
        : undefined
      // The round the win settles: its bet's when it names a standing one, else the one it names.
      const roundId = bet && bet.op === 'bet' && bet.playerId === win.playerId ? bet.roundId : win.roundId
      const roundKey = { providerCode: win.provider, roundId }
      const round = (await seamlessRepository.lockRounds(tx, [roundKey])).get(txKey(win.provider, roundId))
      const decided = decideWin(win, round?.playerId, { roundStatus: round?.status, bet })
      let result: SeamlessAnswer
      if ('refused' in decided) result = answer(decided.refused.status, await cash(tx, win.playerId), win.txId, decided.refused.message)
      else {
        if (decided.settles && !(await seamlessRepository.markSettled(tx, win.provider, decided.settles, win.txId))) throw new AppError('CONFLICT')
        await ledger.transferMany(tx, decided.transfers, { fresh: true })
        await seamlessRepository.addToRounds(tx, [decided.round], now)
        // The round is over now: its bets become valid turnover, unless it was over already (a second win).
        if (round && !isRoundOver(round.status)) await seamlessRepository.addTurnoverOfRounds(tx, [roundKey])
        await deps.promotions?.onSettled(tx, win.playerId)
        result = answer('OK', await cash(tx, win.playerId), win.txId)
      }
      return { answer: result, settlements: [{ providerCode: win.provider, txId: win.txId, status: result.status, response: result }] }
    },

    /**
     * One rollback: claimed, then a tombstone on its ref (the bet may not have arrived yet) or the bet locked and, by
     * its policy, refunded or refused (a win settled it).
     */
    async rollback(tx: Db, rollback: RollbackCall): Promise<Decided> {
      const now = clock.now()
      const claim = claimOf(rollback, 'rollback', now)
      if ((await seamlessRepository.claim(tx, [claim])).keys.size === 0)
        return replay(tx, rollback.provider, rollback.txId, claim.fingerprint, rollback.playerId)
      const tombstoned = (await seamlessRepository.claim(tx, [tombstoneOf(rollback, now)])).keys.size > 0
      let target: Parameters<typeof decideRollback>[1] = 'tombstoned'
      if (!tombstoned) {
        const found = (await seamlessRepository.find(tx, [{ providerCode: rollback.provider, txId: rollback.refTxId }], { lock: true })).get(
          txKey(rollback.provider, rollback.refTxId),
        )
        if (!found) throw new AppError('CONFLICT')
        target = found
      }
      // Locked before deciding when the policy may refuse a rollback of a settled round: its status decides then.
      const refusesAfterWin = (rollback.policy ?? SANAM_ROUND_POLICY).rollbackAfterWin === 'refuse'
      const lockedRound =
        refusesAfterWin && target !== 'tombstoned' && target.op === 'bet'
          ? (await seamlessRepository.lockRounds(tx, [{ providerCode: rollback.provider, roundId: target.roundId }])).get(
              txKey(rollback.provider, target.roundId),
            )
          : undefined
      const decided = decideRollback(rollback, target, lockedRound?.status)
      let result: SeamlessAnswer
      const settlements = []
      if (decided.kind === 'ok') result = answer('OK', await cash(tx, decided.balanceOf), rollback.txId)
      else if (decided.kind === 'not_found') result = answer('TX_NOT_FOUND', await cash(tx, rollback.playerId), rollback.txId)
      else if (decided.kind === 'settled') result = answer('ALREADY_SETTLED', await cash(tx, decided.balanceOf), rollback.txId)
      else {
        const { target: bet, playerId } = decided
        await ledger.transferMany(tx, [decided.transfer])
        settlements.push(decided.settlement)
        // Locked: its status says whether the bet counted as valid turnover, which it stops being now.
        const round =
          lockedRound ??
          (await seamlessRepository.lockRounds(tx, [{ providerCode: rollback.provider, roundId: bet.roundId }])).get(txKey(rollback.provider, bet.roundId))
        if (isRoundOver(round?.status)) await seamlessRepository.addTurnover(tx, [{ playerId, day: bangkokDay(bet.createdAt), amount: -bet.amount }])
        await seamlessRepository.removeBetFromRound(tx, rollback.provider, bet.roundId, bet.amount, now)
        // The refunded bet is no longer turnover: the promotion's progress loses it here, and the referral and rebate
        // accrual counts only bets still OK (this one is ROLLED_BACK now).
        await deps.promotions?.onRollbacks(tx, [
          { playerId, providerCode: rollback.provider, gameCode: bet.gameCode, amount: bet.amount, placedAt: bet.createdAt },
        ])
        result = answer('OK', await cash(tx, playerId), rollback.txId)
      }
      settlements.push({ providerCode: rollback.provider, txId: rollback.txId, status: result.status, response: result })
      return { answer: result, settlements }
    },
  }
}
export type SeamlessCallbacks = ReturnType<typeof createSeamlessCallbacks>
