// The seamless wallet's win and rollback rules as pure decisions (ADR 017): given what the caller read under its locks
// (the round's owner and status, the bet a call names, the first answer of a tx_id), decide each callback's answer and
// the writes it needs. No I/O here: seamless-callbacks.ts reads the snapshot and applies the writes. Bets are decided
// in the database, by `seamless_bet_batch` (migration 0044, ADR 096), the same function for a batch and for one bet.
import { formatSatang, msg, type SeamlessAnswer, type SeamlessStatus } from '@sanam/contract'
import type { TransferRequest } from '../ledger/ledger.service.ts'
import { SANAM_ROUND_POLICY, type RoundPolicy } from './round-policy.ts'

const messages: Partial<Record<SeamlessStatus, string>> = {
  INSUFFICIENT_FUNDS: msg('SEAMLESS_INSUFFICIENT_FUNDS'),
  LIMIT_EXCEEDED: msg('SEAMLESS_LIMIT_EXCEEDED'),
  INVALID_SESSION: msg('SEAMLESS_INVALID_SESSION'),
  PLAYER_BLOCKED: msg('SEAMLESS_PLAYER_BLOCKED'),
  DUPLICATE: msg('SEAMLESS_DUPLICATE'),
  TX_NOT_FOUND: msg('SEAMLESS_TX_NOT_FOUND'),
  ALREADY_SETTLED: msg('SEAMLESS_ALREADY_SETTLED'),
}
/** The DUPLICATE message for a bet whose tx_id a rollback took first. */
const TOMBSTONED = msg('SEAMLESS_BET_ROLLED_BACK')
/** The DUPLICATE message for a bet or win in a round that belongs to another player. */
const ROUND_OF_ANOTHER_PLAYER = msg('SEAMLESS_ROUND_OF_ANOTHER_PLAYER')

/** A seamless answer; `balance` in satang (null when the player is unknown). */
export function answer(status: SeamlessStatus, balance: bigint | null, txId: string | null, message?: string): SeamlessAnswer {
  const text = message ?? messages[status]
  return { status, balance: balance === null ? null : formatSatang(balance), tx_id: txId, ...(text ? { message: text } : {}) }
}

/** provider and id (NUL-separated: text in PostgreSQL never holds NUL): the key of a claim or a round in maps. */
export function txKey(providerCode: string, id: string): string {
  return `${providerCode}\u0000${id}`
}

/** What makes two requests with one tx_id the same request. */
export function fingerprint(op: string, playerId: number | null, roundId: string, amount: bigint, refTxId: string | null): string {
  return [op, playerId ?? '-', roundId, amount.toString(), refTxId ?? '-'].join('|')
}

/** The claim row of a tx_id as decisions read it. */
export interface ClaimRow {
  op: string
  status: string
  playerId: number | null
  roundId: string
  gameCode: string | null
  amount: bigint
  fingerprint: string
  response: unknown
  createdAt: Date
  /** The win that settled this bet, under a round policy that settles bet by bet (absent: none, or not read). */
  settledBy?: string | null
}

/**
 * A tx_id that is already taken: the first answer verbatim when this request is the same request, otherwise
 * DUPLICATE with the player's balance now (`balance`), telling a bet that a rollback came first.
 */
export function replayAnswer(first: ClaimRow, print: string, txId: string, balance: bigint | null): SeamlessAnswer {
  if (first.fingerprint === print) return first.response as SeamlessAnswer
  return answer('DUPLICATE', balance, txId, first.op === 'tombstone' ? TOMBSTONED : undefined)
}

/** A round belongs to the player who opened it: a bet or win of another player in it is DUPLICATE. */
function roundOfAnotherPlayer(owner: number | undefined, playerId: number): boolean {
  return owner !== undefined && owner !== playerId
}

/** A bet, win or rollback: the fields every callback carries, as the request handler checked them. */
interface MoneyCall {
  provider: string
  playerId: number
  txId: string
  roundId: string
  gameCode: string | null
}
export interface BetCall extends MoneyCall {
  amount: bigint
  /** The game session the callback names: a bet is refused once it was revoked. */
  sessionId: number
  /** The game session had not expired when the callback arrived. */
  live: boolean
}
export interface WinCall extends MoneyCall {
  amount: bigint
  /** The provider's round policy (absent: Sanam's own, ADR 082). */
  policy?: RoundPolicy | undefined
  /** The bet this win settles, when the provider names it (read under a policy that settles bet by bet). */
  betTxId?: string | undefined
  /** A payout that settles no bet (a vendor's promotional payout): paid by its own tx_id once, whatever the policy. */
  standalone?: boolean | undefined
}
export interface RollbackCall extends MoneyCall {
  refTxId: string
  /** The provider's round policy (absent: Sanam's own, ADR 082). */
  policy?: RoundPolicy | undefined
}

/** The claim row a callback inserts first (status PENDING until its answer is settled). */
export function claimOf(call: BetCall | WinCall | RollbackCall, op: 'bet' | 'win' | 'rollback', now: Date) {
  const amount = 'amount' in call ? call.amount : 0n
  const refTxId = 'refTxId' in call ? call.refTxId : null
  return {
    providerCode: call.provider,
    txId: call.txId,
    op,
    playerId: call.playerId,
    roundId: call.roundId,
    gameCode: call.gameCode,
    amount,
    refTxId,
    status: 'PENDING',
    fingerprint: fingerprint(op, call.playerId, call.roundId, amount, refTxId),
    response: {},
    createdAt: now,
  }
}

/** The tombstone a rollback leaves on its ref's tx_id, so that a bet arriving later is refused. */
export function tombstoneOf(rollback: RollbackCall, now: Date) {
  return {
    providerCode: rollback.provider,
    txId: rollback.refTxId,
    op: 'tombstone' as const,
    playerId: rollback.playerId,
    roundId: rollback.roundId,
    gameCode: rollback.gameCode,
    amount: 0n,
    refTxId: rollback.txId,
    status: 'TOMBSTONE',
    fingerprint: `tombstone|${rollback.refTxId}`,
    response: {},
    createdAt: now,
  }
}

export type RoundStatus = 'OPEN' | 'SETTLED' | 'ROLLED_BACK' | 'CLOSED'

/**
 * Valid turnover (DESIGN §4, ADR 057): a bet answered OK (not rolled back) counts once its round is over, SETTLED by a
 * win or CLOSED by the stale-round job; an open round, or one whose bets were all rolled back, counts nothing yet.
 * The same rule in SQL is db/valid-turnover.ts.
 */
export function isRoundOver(status: RoundStatus | undefined): boolean {
  return status === 'SETTLED' || status === 'CLOSED'
}

/** A change to one player's valid turnover of a Bangkok day (YYYY-MM-DD), in satang. */
export interface TurnoverChange {
  playerId: number
  day: string
  amount: bigint
}

/** A change to one round: created by its first bet or win, totals added, SETTLED by a win. */
export interface RoundChange {
  providerCode: string
  roundId: string
  playerId: number
  gameCode: string | null
  bet: bigint
  win: bigint
  settle: boolean
}

/** A claim's final status and answer. */
export interface Settlement {
  providerCode: string
  txId: string
  status: string
  response: unknown
}

/**
 * The refusals' messages as `seamless_bet_batch` (migration 0044, ADR 096) reads them, by position: the bet rules are
 * decided there, in the database, and the catalogue's Thai comes in as a parameter (none in SQL).
 */
export const BET_MESSAGES: readonly string[] = [
  messages.INSUFFICIENT_FUNDS!,
  messages.LIMIT_EXCEEDED!,
  messages.INVALID_SESSION!,
  messages.PLAYER_BLOCKED!,
  messages.DUPLICATE!,
  TOMBSTONED,
  ROUND_OF_ANOTHER_PLAYER,
]

/** What a win is decided on besides its round's owner: the round's status and, when the win names it, its bet. */
export interface WinContext {
  roundStatus?: RoundStatus | undefined
  /** The bet the win names, read under its row lock; undefined when there is no row with that tx_id. */
  bet?: ClaimRow | undefined
}

/** Does the win need its bet read (the policy settles bet by bet and the win names one)? */
export function winNamesBet(win: WinCall): win is WinCall & { betTxId: string } {
  return !win.standalone && win.betTxId !== undefined && (win.policy ?? SANAM_ROUND_POLICY).settlement === 'bet'
}

const refuse = (status: SeamlessStatus) => ({ refused: { status, message: messages[status]! } })

/**
 * A claimed win: DUPLICATE in another player's round; then its round policy (ADR 082): under a policy that settles
 * bet by bet, the bet it names must be the player's and standing (else TX_NOT_FOUND), not rolled back (else, should
 * the policy refuse a win after a rollback, ALREADY_SETTLED) and, one credit per bet, not settled already; under
 * a policy that settles rounds, a win that needs a bet needs a round of the player with a bet standing, and one credit
 * per bet refuses a second win of a settled round. A standalone payout (a promotion) settles nothing and needs nothing.
 * Otherwise paid `game:<provider> → cash` (nothing moves for a win of 0, which settles a lost round) and its round
 * SETTLED; `settles` names the bet to mark settled. Wins are always accepted, even after the session ended.
 */
export function decideWin(
  win: WinCall,
  roundOwner: number | undefined,
  context: WinContext = {},
): { refused: { status: SeamlessStatus; message: string } } | { transfers: TransferRequest[]; round: RoundChange; settles?: string } {
  if (roundOfAnotherPlayer(roundOwner, win.playerId)) return { refused: { status: 'DUPLICATE', message: ROUND_OF_ANOTHER_PLAYER } }
  const policy = win.policy ?? SANAM_ROUND_POLICY
  let roundId = win.roundId
  let settles: string | undefined
  if (winNamesBet(win)) {
    const bet = context.bet
    const rolledBack = bet !== undefined && bet.playerId === win.playerId && (bet.op === 'tombstone' || bet.status === 'ROLLED_BACK')
    if (rolledBack) {
      if (policy.winAfterRollback === 'refuse') return refuse('ALREADY_SETTLED')
    } else if (bet === undefined || bet.op !== 'bet' || bet.playerId !== win.playerId || bet.status !== 'OK') {
      if (policy.winNeedsBet) return refuse('TX_NOT_FOUND')
    } else {
      if (bet.settledBy && policy.creditsPerBet === 'one') return refuse('ALREADY_SETTLED')
      // The win settles its bet's round (where the bet's stake was counted), whatever round the call named.
      roundId = bet.roundId
      if (!bet.settledBy) settles = win.betTxId
    }
  } else if (!win.standalone) {
    const status = context.roundStatus
    if (status === 'ROLLED_BACK' && policy.winAfterRollback === 'refuse') return refuse('ALREADY_SETTLED')
    if (policy.winNeedsBet && (status === undefined || status === 'ROLLED_BACK')) return refuse('TX_NOT_FOUND')
    if (status === 'SETTLED' && policy.creditsPerBet === 'one') return refuse('ALREADY_SETTLED')
  }
  return {
    transfers:
      win.amount > 0n
        ? [
            {
              key: `seamless:${win.provider}:${win.txId}`,
              from: { house: `game:${win.provider}` },
              to: { player: win.playerId, kind: 'cash' },
              amount: win.amount,
              kind: 'game_win',
              reference: `round:${win.provider}:${roundId}`,
            },
          ]
        : [],
    round: { providerCode: win.provider, roundId, playerId: win.playerId, gameCode: win.gameCode, bet: 0n, win: win.amount, settle: true },
    ...(settles ? { settles } : {}),
  }
}

/**
 * A claimed rollback. When it took its ref's tx_id as a tombstone (the bet has not arrived), the bet will be refused
 * when it comes; the rollback answers OK, or TX_NOT_FOUND under a policy that says an unknown bet is not found (the
 * tombstone is kept either way). Otherwise by the referenced row: nothing to refund when it was already rolled back, is
 * a tombstone, or a bet that took no money (answered OK with that bet's player's balance); TX_NOT_FOUND when it is no
 * bet; ALREADY_SETTLED when a win settled it and the policy refuses a rollback after a win (the bet itself named by a
 * win, or its round settled, as the policy settles bets or rounds); else the bet is refunded once
 * (`game:<provider> → cash`, key `seamless-rollback:<provider>:<ref>`), marked ROLLED_BACK, taken out of its round and
 * out of the promotion's turnover, whatever its round's state (a win already paid stands). `roundStatus` is the bet's
 * round's, read under its lock (absent: not read, as Sanam's own policy never asks).
 */
export function decideRollback(
  rollback: RollbackCall,
  target: ClaimRow | 'tombstoned',
  roundStatus?: RoundStatus,
):
  | { kind: 'ok'; balanceOf: number }
  | { kind: 'not_found' }
  | { kind: 'settled'; balanceOf: number }
  | { kind: 'refund'; playerId: number; transfer: TransferRequest; target: ClaimRow; settlement: Settlement } {
  const policy = rollback.policy ?? SANAM_ROUND_POLICY
  if (target === 'tombstoned') return policy.unknownRollback === 'ok' ? { kind: 'ok', balanceOf: rollback.playerId } : { kind: 'not_found' }
  // A rollback cancels its own player's bet only. Another player's bet (or tombstone) is not found to this session:
  // neither refunded nor its balance told, whatever a provider's mix-up or a forged call names.
  if (target.playerId !== null && target.playerId !== rollback.playerId) return { kind: 'not_found' }
  if (target.op === 'tombstone' || target.status === 'ROLLED_BACK' || (target.op === 'bet' && target.status !== 'OK')) {
    return { kind: 'ok', balanceOf: target.playerId ?? rollback.playerId }
  }
  if (target.op !== 'bet' || target.playerId === null) return { kind: 'not_found' }
  if (policy.rollbackAfterWin === 'refuse') {
    const settled = policy.settlement === 'bet' ? Boolean(target.settledBy) : roundStatus === 'SETTLED'
    if (settled) return { kind: 'settled', balanceOf: target.playerId }
  }
  return {
    kind: 'refund',
    playerId: target.playerId,
    transfer: {
      // Not under `seamless:<provider>:`, where every bet's and win's key is its tx_id, any text: a bet named
      // `rollback:<ref>` would otherwise hold this refund's key (and the refund the bet's).
      key: `seamless-rollback:${rollback.provider}:${rollback.refTxId}`,
      from: { house: `game:${rollback.provider}` },
      to: { player: target.playerId, kind: 'cash' },
      amount: target.amount,
      kind: 'game_rollback',
      reference: `round:${rollback.provider}:${target.roundId}`,
    },
    target,
    settlement: { providerCode: rollback.provider, txId: rollback.refTxId, status: 'ROLLED_BACK', response: target.response },
  }
}
