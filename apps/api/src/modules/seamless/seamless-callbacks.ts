// Runs money callbacks (ADR 017). Bets run as a list (a batch of many, or one in its savepoint) through ONE statement,
// the database function that decides and writes them (ADR 096). Wins and rollbacks run one at a time inside the
// caller's transaction: the snapshot the decisions need read, seamless-decisions.ts asked, and the writes applied
// through the ledger and the repository; their claims' settlement is answered to the caller, which writes it with the
// verbatim log (ADR 061).
import { gameTypeNumbers, type SeamlessAnswer } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { sqlState } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import type { Clock } from '../../lib/clock.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { LimitsService } from '../limits/limits.service.ts'
import {
  answer,
  BET_MESSAGES,
  claimOf,
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

export type SeamlessPromotions = Pick<PromotionService, 'onSettled' | 'onRollbacks'>

/** A bet's verbatim log row, as the request handler has it (the function writes it with the answer). */
export interface BetLog {
  op: string
  requestId: string | null
  request: string
}

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
  ledger: Pick<Ledger, 'transferMany' | 'balances' | 'outside'>
  clock: Clock
  /** Given: bets count toward the players' active promotions (decided in the bet function), wins and rollbacks tell it. */
  promotions?: SeamlessPromotions
  /** Given: the players' daily loss limits apply (ADR 048; decided in the bet function): a bet past one is LIMIT_EXCEEDED. */
  limits?: Pick<LimitsService, 'lossAllowances'>
  seamlessRepository: Pick<
    SeamlessRepository,
    'find' | 'claim' | 'betBatch' | 'lockRounds' | 'addToRounds' | 'addTurnover' | 'addTurnoverOfRounds' | 'removeBetFromRound' | 'markSettled'
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
     * Bets in processing order (player, then arrival), each with its verbatim log row, in ONE statement whatever their
     * number (ADR 096): `seamless_bet_batch` locks the players' cash rows (ascending, before any claim row), claims,
     * decides bet by bet as one after the other would be decided, writes, settles the claims and logs. On `db` (the
     * call is its own transaction) or inside the caller's transaction (a batch of one in its savepoint, ADR 017; or a
     * batch under test hooks). Answers each bet's answer. Throws on anything unexpected (a transfer key taken: CONFLICT).
     */
    async bets(db: Db, bets: ReadonlyArray<BetCall & { log: BetLog }>): Promise<SeamlessAnswer[]> {
      const now = clock.now()
      const day = bangkokDay(now)
      let rows: Array<{ answer: string; moved: boolean }>
      try {
        rows = await seamlessRepository.betBatch(db, {
          bets: bets.map((b) => ({ ...b, sessionId: b.live ? b.sessionId : null })),
          now,
          day,
          dayStart: bangkokDayRange(day).start,
          limits: deps.limits !== undefined,
          promotions: deps.promotions !== undefined,
          messages: BET_MESSAGES,
          typeNumbers: gameTypeNumbers,
          channel: ledger.outside.channel,
        })
      } catch (error) {
        // The function's own refusal of a batch it cannot write as decided (a transfer key or a claim taken meanwhile).
        if (sqlState(error) === 'SB409') throw new AppError('CONFLICT')
        throw error
      }
      // The ledger's part after a movement (its test faults, its metric): the game_bet transfer of each bet that moved.
      ledger.outside.written(
        db,
        bets.flatMap((b, at) =>
          rows[at]?.moved
            ? [
                {
                  key: `seamless:${b.provider}:${b.txId}`,
                  from: { player: b.playerId, kind: 'cash' as const },
                  to: { house: `game:${b.provider}` as const },
                  amount: b.amount,
                  kind: 'game_bet',
                  reference: `round:${b.provider}:${b.roundId}`,
                },
              ]
            : [],
        ),
      )
      return rows.map((row) => JSON.parse(row.answer) as SeamlessAnswer)
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
