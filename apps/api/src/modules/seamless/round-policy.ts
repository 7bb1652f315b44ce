// The round policy (ADR 082): where providers' wallet protocols differ on rules that matter for money, the choice is
// made per provider here, and the one seamless service applies it. Sanam's own protocol keeps the answers it always
// gave (its contract and conformance kit say so); a vendor's protocol adapter registers the stricter answers its
// vendor documents. Looked up once per callback from a Map: nothing on the bets' hot path reads the database for it.

/**
 * What a provider's protocol says about the life of a bet.
 * - `settlement`: `bet` when a win names the bet it settles (Evolution's refId, Hub88's reference_transaction_uuid)
 *   and each bet is settled on its own; `round` when a win settles the round (Sanam's protocol).
 * - `winNeedsBet`: a win naming no open bet of the player (an unknown bet, or a round with no bet standing) is refused
 *   TX_NOT_FOUND instead of paid: a provider's mistake must not become money from nowhere.
 * - `rollbackAfterWin`: a rollback of a bet already settled by a win: `refund` it (the win stands) or `refuse` it
 *   (ALREADY_SETTLED, nothing moved).
 * - `winAfterRollback`: a win naming a bet already rolled back: `pay` it or `refuse` it (ALREADY_SETTLED).
 * - `unknownRollback`: a rollback of a bet never seen answers `ok` or `not_found` (TX_NOT_FOUND); a tombstone is kept
 *   either way, so the bet is refused should it arrive later.
 * - `creditsPerBet`: `one` refuses a second win for a bet already settled (ALREADY_SETTLED, under another tx_id);
 *   `many` pays every win (a win's own tx_id still pays once).
 * - `rounds`: `player` when a round belongs to the player who opened it (another player's bet in it is refused);
 *   `shared` when the provider's round id is a table's, shared by everyone at it: each player's part of it is a round
 *   of its own (`scopeRound`).
 */
export interface RoundPolicy {
  settlement: 'round' | 'bet'
  winNeedsBet: boolean
  rollbackAfterWin: 'refund' | 'refuse'
  winAfterRollback: 'pay' | 'refuse'
  unknownRollback: 'ok' | 'not_found'
  creditsPerBet: 'one' | 'many'
  rounds: 'player' | 'shared'
}

/**
 * Sanam's own seamless protocol and the demo provider (ADR 007, kept by ADR 082): the answers its contract documents and
 * its integrators built against. A rollback refunds whatever the round's state, a win settles the round and is paid.
 */
export const SANAM_ROUND_POLICY: Readonly<RoundPolicy> = Object.freeze({
  settlement: 'round',
  winNeedsBet: false,
  rollbackAfterWin: 'refund',
  winAfterRollback: 'pay',
  unknownRollback: 'ok',
  creditsPerBet: 'many',
  rounds: 'player',
})

/**
 * The published rules of Evolution's One Wallet (its licensee integration tests, ADR 082): every win names its bet;
 * an unknown bet is BET_DOES_NOT_EXIST; a cancel after a credit and a credit after a cancel are BET_ALREADY_SETTLED; a
 * bet is credited once; a live table's round id (game.id) is shared by every player at the table.
 */
export const EVOLUTION_ROUND_POLICY: Readonly<RoundPolicy> = Object.freeze({
  settlement: 'bet',
  winNeedsBet: true,
  rollbackAfterWin: 'refuse',
  winAfterRollback: 'refuse',
  unknownRollback: 'not_found',
  creditsPerBet: 'one',
  rounds: 'shared',
})

/**
 * The round a callback is kept under. A shared round id (a live table's) is kept per player as `<round>#<player id>`:
 * each player's bets and wins in it are a round of their own, with one owner as every round has. The suffix is always
 * added under a shared policy, so two (round, player) pairs never meet in one key.
 */
export function scopeRound(policy: RoundPolicy, roundId: string, playerId: number): string {
  return policy.rounds === 'shared' ? `${roundId}#${playerId}` : roundId
}
