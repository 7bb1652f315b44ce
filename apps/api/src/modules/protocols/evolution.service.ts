// Evolution's One Wallet, spoken beside Sanam's own seamless protocol (ADR 082). Each call is read from Evolution's
// wire format and mapped onto the one seamless service (bets, wins, rollbacks, their batches, log and ledger): this
// file moves no money and touches no table itself (eslint keeps protocols/ away from the ledger and the database).
// Sessions (Evolution's `sid`) are Sanam's game sessions, renewed through the portal.
import { msg, parseSatang, type SeamlessAnswer } from '@sanam/contract'
import { sha256 } from '../../lib/crypto.ts'
import type { PortalService } from '../portal/portal.service.ts'
import type { CallContext, ProtocolCall, SeamlessService } from '../seamless/seamless.service.ts'
import { satangOfDecimal } from './decimal-json.ts'

/** Evolution's statuses (its One Wallet documentation, as the issue and valkyrie's re-implementation list them). */
export const evolutionStatuses = [
  'OK',
  'TEMPORARY_ERROR',
  'INVALID_TOKEN_ID',
  'INVALID_SID',
  'ACCOUNT_LOCKED',
  'INSUFFICIENT_FUNDS',
  'INVALID_PARAMETER',
  'BET_DOES_NOT_EXIST',
  'BET_ALREADY_EXIST',
  'BET_ALREADY_SETTLED',
  'UNKNOWN_ERROR',
] as const
export type EvolutionStatus = (typeof evolutionStatuses)[number]

export const evolutionOps = ['check', 'sid', 'balance', 'debit', 'credit', 'cancel', 'promo_payout'] as const
export type EvolutionOp = (typeof evolutionOps)[number]

/** The only currency this wallet keeps. */
export const EVOLUTION_CURRENCY = 'THB'

/** Evolution's standard answer; balances in satang until the route writes them as JSON numbers. */
export interface EvolutionAnswer {
  status: EvolutionStatus
  balance?: bigint
  bonus?: bigint
  sid?: string
  uuid?: string
  retransmission?: true
}

/**
 * Where the seamless answers become Evolution's: DUPLICATE is a bet already taken under that id with other content
 * (BET_ALREADY_EXIST), or one a cancel came before (BET_ALREADY_SETTLED); a refused bet of a player past the daily
 * loss limit is INSUFFICIENT_FUNDS (Evolution lists nothing closer: confirm with the vendor, ADR 082).
 */
const statusOf: Record<SeamlessAnswer['status'], EvolutionStatus> = {
  OK: 'OK',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  LIMIT_EXCEEDED: 'INSUFFICIENT_FUNDS',
  INVALID_SESSION: 'INVALID_SID',
  PLAYER_BLOCKED: 'ACCOUNT_LOCKED',
  DUPLICATE: 'BET_ALREADY_EXIST',
  TX_NOT_FOUND: 'BET_DOES_NOT_EXIST',
  ALREADY_SETTLED: 'BET_ALREADY_SETTLED',
  BAD_REQUEST: 'INVALID_PARAMETER',
}
const TOMBSTONED = msg('SEAMLESS_BET_ROLLED_BACK')

/** An id Evolution sends (sid, userId, transaction ids, game ids): text of 1 to 128 characters. */
const isId = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= 128
const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/**
 * Seamless transaction ids of Evolution's calls, one namespace per kind so that no two kinds meet: a bet is keyed by
 * its refId (what a credit and a cancel name it by), a credit by its own transaction id, a cancel by the bet it
 * cancels (Evolution sends the debit's ids again), a promotional payout by its promo transaction id.
 */
export const evolutionTxIds = {
  bet: (refId: string) => `bet:${refId}`,
  credit: (transactionId: string) => `credit:${transactionId}`,
  cancel: (refId: string) => `cancel:${refId}`,
  promo: (promoId: string) => `promo:${promoId}`,
}

/**
 * The request text the seamless log keeps: verbatim except the sid, a bearer credential, replaced by its hash
 * ("sha256:<hex>", the game session's token_hash) wherever its JSON string appears.
 */
export function redactSid(raw: string, sid: unknown): string {
  if (typeof sid !== 'string' || sid === '') return raw
  return raw.split(JSON.stringify(sid)).join(JSON.stringify(`sha256:${sha256(sid).toString('hex')}`))
}

export function createEvolutionAdapter(deps: {
  seamless: Pick<SeamlessService, 'protocolCall' | 'cashOf'>
  portal: Pick<PortalService, 'gameSessionOf' | 'renewGameSession'>
  /** The provider code Evolution's calls are for (its catalogue entry; EVOLUTION_PROVIDER_CODE). */
  providerCode: string
}) {
  const { seamless, portal, providerCode } = deps

  /** The game session a call's sid names, when it is this provider's and the call's userId is its player's. */
  async function sessionOf(body: Record<string, unknown>) {
    if (!isId(body.sid) || !isId(body.userId)) return undefined
    const session = await portal.gameSessionOf(body.sid)
    if (!session || session.providerCode !== providerCode || String(session.playerId) !== body.userId) return undefined
    return session
  }

  const uuidOf = (body: Record<string, unknown>) => (typeof body.uuid === 'string' ? { uuid: body.uuid.slice(0, 128) } : {})

  /** A seamless answer as Evolution's, its balance the answer's (or the player's now, when the answer has none). */
  async function fromSeamless(answer: SeamlessAnswer, playerId: number, body: Record<string, unknown>): Promise<EvolutionAnswer> {
    let status = statusOf[answer.status]
    if (answer.status === 'DUPLICATE' && answer.message === TOMBSTONED) status = 'BET_ALREADY_SETTLED'
    const balance = (answer.balance === null ? null : parseSatang(answer.balance)) ?? (await seamless.cashOf(playerId))
    return { status, balance, bonus: 0n, ...uuidOf(body) }
  }

  /**
   * A money call: its session (any state: a win and a cancel still settle after the session ended; a bet on one that
   * ended is refused by the seamless gate), its currency, then the seamless call.
   */
  async function money(
    body: Record<string, unknown>,
    raw: string,
    context: CallContext | undefined,
    read: (body: Record<string, unknown>) => ProtocolCall | 'invalid',
    then?: (result: Awaited<ReturnType<SeamlessService['protocolCall']>>) => EvolutionStatus | undefined,
  ): Promise<EvolutionAnswer> {
    const session = await sessionOf(body)
    if (!session) return { status: 'INVALID_SID', balance: 0n, bonus: 0n, ...uuidOf(body) }
    if (body.currency !== EVOLUTION_CURRENCY) return invalid(body, await seamless.cashOf(session.playerId))
    const call = read(body)
    if (call === 'invalid') return invalid(body, await seamless.cashOf(session.playerId))
    const result = await seamless.protocolCall(
      providerCode,
      call,
      { text: redactSid(raw, body.sid), requestId: typeof body.uuid === 'string' ? body.uuid : null },
      context,
    )
    const answer = await fromSeamless(result.answer, session.playerId, body)
    const instead = then?.(result)
    return instead ? { ...answer, status: instead, balance: await seamless.cashOf(session.playerId) } : answer
  }

  const invalid = (body: Record<string, unknown>, balance: bigint): EvolutionAnswer => ({ status: 'INVALID_PARAMETER', balance, bonus: 0n, ...uuidOf(body) })

  /** Evolution's transaction object: its id, refId and amount (satang; null when not a valid amount). */
  function transactionOf(body: Record<string, unknown>) {
    const transaction = objectOf(body.transaction)
    const game = objectOf(body.game)
    if (!transaction || !game || !isId(transaction.id) || !isId(transaction.refId) || !isId(game.id)) return undefined
    const table = objectOf(objectOf(game.details)?.table)
    return {
      id: transaction.id,
      refId: transaction.refId,
      amount: satangOfDecimal(transaction.amount),
      roundId: game.id,
      gameCode: isId(table?.id) ? table.id.slice(0, 80) : null,
    }
  }

  return {
    /**
     * check: the sid and userId must name an open session of this provider; it is renewed: a new sid is answered and
     * the old one is refused from then on for balance and debit (Evolution's first licensee test).
     */
    async check(body: Record<string, unknown>): Promise<EvolutionAnswer> {
      const session = await sessionOf(body)
      const renewed = session?.open && isId(body.sid) ? await portal.renewGameSession(body.sid, { keepOld: false }) : null
      return renewed ? { status: 'OK', sid: renewed.token, ...uuidOf(body) } : { status: 'INVALID_SID', ...uuidOf(body) }
    },

    /**
     * sid: another sid for the same player (another channel), the one sent staying valid. Only a caller holding an
     * open sid of that player gets one: the static token alone never mints a session (ADR 082).
     */
    async sid(body: Record<string, unknown>): Promise<EvolutionAnswer> {
      const session = await sessionOf(body)
      const renewed = session?.open && isId(body.sid) ? await portal.renewGameSession(body.sid, { keepOld: true }) : null
      return renewed ? { status: 'OK', sid: renewed.token, ...uuidOf(body) } : { status: 'INVALID_SID', ...uuidOf(body) }
    },

    /** balance: on an open session only (a renewed-away sid is INVALID_SID). */
    async balance(body: Record<string, unknown>): Promise<EvolutionAnswer> {
      const session = await sessionOf(body)
      if (!session?.open) return { status: 'INVALID_SID', balance: 0n, bonus: 0n, ...uuidOf(body) }
      const balance = await seamless.cashOf(session.playerId)
      if (body.currency !== EVOLUTION_CURRENCY) return invalid(body, balance)
      return { status: 'OK', balance, bonus: 0n, ...uuidOf(body) }
    },

    /** debit: a bet of the transaction's amount, keyed by its refId, in the table round game.id. */
    debit: (body: Record<string, unknown>, raw: string, context?: CallContext) =>
      money(body, raw, context, (b) => {
        const t = transactionOf(b)
        if (!t || t.amount === null || t.amount <= 0n) return 'invalid'
        return { op: 'bet', sessionToken: String(b.sid), txId: evolutionTxIds.bet(t.refId), roundId: t.roundId, amount: t.amount, gameCode: t.gameCode }
      }),

    /** credit: a win of the transaction's amount (0 settles a lost bet) settling the bet its refId names. */
    credit: (body: Record<string, unknown>, raw: string, context?: CallContext) =>
      money(body, raw, context, (b) => {
        const t = transactionOf(b)
        if (!t || t.amount === null) return 'invalid'
        return {
          op: 'win',
          sessionToken: String(b.sid),
          txId: evolutionTxIds.credit(t.id),
          roundId: t.roundId,
          amount: t.amount,
          betTxId: evolutionTxIds.bet(t.refId),
          gameCode: t.gameCode,
        }
      }),

    /**
     * cancel: the rollback of the bet its refId names (its amount is the bet's, whatever the cancel says). A cancel
     * sent again after it was done answers BET_ALREADY_SETTLED, as Evolution's tests expect, and moves nothing.
     */
    cancel: (body: Record<string, unknown>, raw: string, context?: CallContext) =>
      money(
        body,
        raw,
        context,
        (b) => {
          const t = transactionOf(b)
          // The amount is not used (the bet's is refunded), but one that is there must still be a valid amount.
          if (!t || (objectOf(b.transaction)?.amount !== undefined && t.amount === null)) return 'invalid'
          return { op: 'rollback', sessionToken: String(b.sid), txId: evolutionTxIds.cancel(t.refId), roundId: t.roundId, refTxId: evolutionTxIds.bet(t.refId) }
        },
        (result) => (result.replayed && result.answer.status === 'OK' ? 'BET_ALREADY_SETTLED' : undefined),
      ),

    /**
     * promo_payout: a promotional payout (any of Evolution's promo types) paid once by its promo transaction id, a
     * round of its own; it settles no bet. A repeat answers OK with the balance after the first.
     */
    promoPayout: (body: Record<string, unknown>, raw: string, context?: CallContext) =>
      money(body, raw, context, (b) => {
        const promo = objectOf(b.promoTransaction)
        if (!promo || !isId(promo.id) || typeof promo.type !== 'string' || !/^[A-Z][A-Z0-9_]{0,63}$/.test(promo.type)) return 'invalid'
        const amount = satangOfDecimal(promo.amount)
        if (amount === null) return 'invalid'
        return {
          op: 'win',
          sessionToken: String(b.sid),
          txId: evolutionTxIds.promo(promo.id),
          roundId: evolutionTxIds.promo(promo.id),
          amount,
          standalone: true,
        }
      }),
  }
}
export type EvolutionAdapter = ReturnType<typeof createEvolutionAdapter>
