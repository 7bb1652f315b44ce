import { msg, seamlessBodies, type SeamlessOp } from '@sanam/contract'
import { entityKind } from 'drizzle-orm'
import type { z } from 'zod'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import type { Clock } from '../../lib/clock.ts'
import { sha256 } from '../../lib/crypto.ts'
import type { GamesRepository } from '../games/games.repository.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PortalRepository } from '../portal/portal.repository.ts'
import { createSeamlessCallbacks, type SeamlessPromotions } from './seamless-callbacks.ts'
import type { LimitsService } from '../limits/limits.service.ts'
import { answer } from './seamless-decisions.ts'
import { createGroupCommit, type BatchLog, type MoneyCallback, type SeamlessFaults, type SeamlessResult } from './seamless-group-commit.ts'
import type { SeamlessRepository } from './seamless.repository.ts'
import { SANAM_ROUND_POLICY, scopeRound, type RoundPolicy } from './round-policy.ts'

export type { SeamlessFaults, SeamlessResult } from './seamless-group-commit.ts'

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

/** The request a callback came in, for its log lines: Fastify's request id and the request's logger (which carries it). */
export interface CallContext {
  id: string
  log: { info(details: object, message: string): void }
}

/** Game sessions kept in memory at most (each a few dozen bytes). */
const GAME_SESSION_CACHE_ENTRIES = 50_000
/** How long a provider found in the catalogue is taken to exist without asking again. */
const PROVIDER_CACHE_MS = 30_000

/**
 * The seamless wallet's request handler: the only way game money moves. It checks what needs no transaction (the
 * provider, the body against its operation's schema, the game session) and hands a bet, win or rollback to the group
 * commit (seamless-group-commit.ts), whose transaction decides it (seamless-decisions.ts, applied by
 * seamless-callbacks.ts). Exactly once per (provider, tx_id): the first answer is kept and replayed; the same tx_id
 * with other content is DUPLICATE. Bets are gated (live session, active player); wins and rollbacks are always
 * accepted, even after the session ended. Rollback rule: a rollback refunds the referenced bet (its own player's only) whatever its round's
 * state (a win already paid in that round stands); a rollback of a bet not seen yet leaves a tombstone that refuses
 * the bet when it arrives; a second rollback changes nothing.
 */
export function createSeamlessService(deps: {
  db: Db
  ledger: Pick<Ledger, 'transferMany' | 'balances' | 'lockPlayers' | 'outside'>
  clock: Clock
  promotions?: SeamlessPromotions
  /** Given: the players' daily loss limits apply to bets (ADR 048), decided in the bet function. */
  limits?: Pick<LimitsService, 'lossAllowances'>
  /** The catalogue (is a provider there) and the launches (whose game session a token is), read before a batch. */
  gamesRepository: Pick<GamesRepository, 'provider'>
  portalRepository: Pick<PortalRepository, 'findSession'>
  /** Its own statements: the transactions and rounds of callbacks, the verbatim log, savepoints. */
  seamlessRepository: SeamlessRepository
  /** Most callbacks in one transaction (default 64, PostgreSQL's per-transaction subtransaction cache). */
  maxBatch?: number
  /** Independent batch queues, chosen by player id (default: 1 on PGlite, 2 on PostgreSQL). */
  lanes?: number
  faults?: SeamlessFaults
  /**
   * Batches made only of bets run whole (default true): a constant number of statements per batch. False runs every
   * callback on its own in its savepoint, each bet a batch of one through the same decisions (tests use it).
   */
  setBasedBets?: boolean
  /** Told every batch's size and how long it took once it ended (ADR 051). */
  onBatch?: (batch: { size: number; seconds: number }) => void
  /** The process's logger, for what concerns a batch rather than one request. */
  log?: BatchLog
  /**
   * The round policy of each provider whose protocol has its own (ADR 082), by provider code; any other provider keeps
   * Sanam's own (SANAM_ROUND_POLICY). One Map look-up per callback.
   */
  roundPolicies?: ReadonlyMap<string, RoundPolicy>
}) {
  const { db, ledger, clock, gamesRepository, portalRepository, seamlessRepository } = deps
  const callbacks = createSeamlessCallbacks({
    ledger,
    clock,
    seamlessRepository,
    ...(deps.promotions ? { promotions: deps.promotions } : {}),
    ...(deps.limits ? { limits: deps.limits } : {}),
  })
  const groupCommit = createGroupCommit({
    db,
    seamlessRepository,
    ledger,
    clock,
    callbacks,
    maxBatch: deps.maxBatch ?? 64,
    lanes: deps.lanes ?? defaultLanes(db),
    wholeBatches: deps.setBasedBets ?? true,
    ...(deps.faults ? { faults: deps.faults } : {}),
    ...(deps.onBatch ? { onBatch: deps.onBatch } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  })

  // The two reads every callback makes before its batch, kept in memory (each was a database round trip per bet).
  // A game session's player, provider and expiry never change once a launch wrote it, so a found one is kept (bounded,
  // oldest out first); what can change, the player's status and the session's revocation, is read inside the batch's
  // transaction. Providers are kept a short while, so one taken out of the catalogue stops answering within
  // PROVIDER_CACHE_MS. Only found rows are kept: a session launched a moment ago in another process is read from the
  // database. Both are lru-cache on the injected clock.
  const sessions = new LRUCache<string, { id: number; playerId: number; providerCode: string; expiresAt: Date }>({ max: GAME_SESSION_CACHE_ENTRIES })
  const knownProviders = new LRUCache<string, true>({ max: 1_000, ttl: PROVIDER_CACHE_MS, ttlResolution: 0, perf: { now: () => clock.now().getTime() } })

  async function gameSession(token: string) {
    const tokenHash = sha256(token)
    const key = tokenHash.toString('base64')
    const kept = sessions.get(key)
    if (kept) return kept
    const found = await portalRepository.findSession(db, tokenHash)
    if (!found) return undefined
    const session = { id: found.session.id, playerId: found.session.playerId, providerCode: found.session.providerCode, expiresAt: found.session.expiresAt }
    sessions.set(key, session)
    return session
  }

  async function providerExists(code: string): Promise<boolean> {
    if (knownProviders.get(code)) return true
    if (!(await gamesRepository.provider(db, code))) return false
    knownProviders.set(code, true)
    return true
  }

  const policyOf = (code: string): RoundPolicy => deps.roundPolicies?.get(code) ?? SANAM_ROUND_POLICY

  type Decided = { result: SeamlessResult } | { callback: Omit<MoneyCallback, 'log'> }
  type Session = NonNullable<Awaited<ReturnType<typeof gameSession>>>

  const bad = (message: string, status: 400 | 404 = 400): Decided => ({ result: { httpStatus: status, answer: answer('BAD_REQUEST', null, null, message) } })

  /**
   * The body against its operation's schema, then its game session (of provider `code`); `then` turns both into the
   * answer or the callback to batch.
   */
  async function withBody<S extends z.ZodType<{ session_token: string; tx_id?: string | undefined }>>(
    code: string,
    schema: S,
    body: unknown,
    then: (input: z.output<S>, session: Session) => Decided | Promise<Decided>,
  ): Promise<Decided> {
    const parsed = schema.safeParse(body)
    if (!parsed.success) return bad(parsed.error.issues[0]?.message ?? msg('SEAMLESS_BAD_BODY'))
    const input = parsed.data
    const session = await gameSession(input.session_token)
    if (!session || session.providerCode !== code) {
      return { result: { httpStatus: 200, answer: answer('INVALID_SESSION', null, input.tx_id ?? null) } }
    }
    return then(input, session)
  }

  /** A bet, win or rollback of `session` as the callback its batch will run, its round scoped by the provider's policy. */
  function callbackOf(code: string, session: Session, call: ProtocolCall): Omit<MoneyCallback, 'log'> {
    const policy = policyOf(code)
    const base = { provider: code, playerId: session.playerId, txId: call.txId, gameCode: call.gameCode ?? null }
    const roundId = scopeRound(policy, call.roundId, session.playerId)
    switch (call.op) {
      case 'bet':
        return {
          op: 'bet',
          call: { ...base, roundId, amount: call.amount, sessionId: session.id, live: session.expiresAt.getTime() > clock.now().getTime() },
        }
      case 'win':
        return {
          op: 'win',
          call: { ...base, roundId, amount: call.amount, policy, betTxId: call.betTxId, ...(call.standalone ? { standalone: true } : {}) },
        }
      case 'rollback':
        return { op: 'rollback', call: { ...base, roundId, refTxId: call.refTxId, policy } }
    }
  }

  /** Checks what needs no transaction; a bet, win or rollback comes back as the work its batch will run. */
  async function decide(code: string, op: SeamlessOp, body: unknown): Promise<Decided> {
    if (!(await providerExists(code))) return bad(msg('PROVIDER_NOT_FOUND'), 404)
    switch (op) {
      case 'balance':
        return withBody(code, seamlessBodies.balance, body, async (_input, session) => ({
          result: { httpStatus: 200, answer: answer('OK', (await ledger.balances(db, session.playerId)).cash, null) },
        }))
      case 'bet':
        return withBody(code, seamlessBodies.bet, body, (input, session) => ({
          callback: callbackOf(code, session, {
            op,
            sessionToken: input.session_token,
            txId: input.tx_id,
            roundId: input.round_id,
            amount: input.amount,
            gameCode: input.game_code,
          }),
        }))
      case 'win':
        return withBody(code, seamlessBodies.win, body, (input, session) => ({
          callback: callbackOf(code, session, {
            op,
            sessionToken: input.session_token,
            txId: input.tx_id,
            roundId: input.round_id,
            amount: input.amount,
            betTxId: input.ref_tx_id,
            gameCode: input.game_code,
          }),
        }))
      case 'rollback':
        return withBody(code, seamlessBodies.rollback, body, (input, session) => ({
          callback: callbackOf(code, session, {
            op,
            sessionToken: input.session_token,
            txId: input.tx_id,
            roundId: input.round_id ?? '-',
            refTxId: input.ref_tx_id,
            gameCode: input.game_code,
          }),
        }))
    }
  }

  /** Submits a decided callback to its batch and says so in the request's log. */
  async function submit(code: string, op: string, callback: Omit<MoneyCallback, 'log'>, log: MoneyCallback['log'], context?: CallContext) {
    const result = await groupCommit.submit({ ...callback, log, reqId: context?.id } as MoneyCallback)
    context?.log.info(
      { provider: code, op, tx_id: result.answer.tx_id, round_id: callback.call.roundId, status: result.answer.status },
      'seamless callback answered',
    )
    return result
  }

  return {
    /**
     * Handles one signed callback. `raw` is logged verbatim with the answer (in the decision's own transaction for bet,
     * win and rollback), the game session token replaced by its hash. A bet, win or rollback, once answered, gets a line
     * in the request's log (`context`): its reqId beside the provider's tx_id, which is the verbatim log's key.
     */
    async handle(code: string, op: SeamlessOp, body: unknown, raw: string, context?: CallContext): Promise<SeamlessResult> {
      const request = redactSessionToken(raw, body)
      const requestId =
        typeof (body as { request_id?: unknown })?.request_id === 'string' ? String((body as { request_id: string }).request_id).slice(0, 128) : null
      const log = { providerCode: code, op, requestId, request }
      const decided = await decide(code, op, body)
      if ('callback' in decided) return submit(code, op, decided.callback, log, context)
      const result = decided.result
      await seamlessRepository.record(
        db,
        [],
        [{ ...log, txId: result.answer.tx_id, response: JSON.stringify(result.answer), httpStatus: result.httpStatus, createdAt: clock.now() }],
      )
      return result
    },

    /**
     * A money call from a vendor's protocol adapter (ADR 082), already read from its wire format: the same checks,
     * decisions, batches and log as a signed callback, under the provider's round policy. `request` is what the log
     * keeps (the adapter replaces its session id by its hash first). A session token of no session of `code` is
     * INVALID_SESSION; nothing else is checked here that a callback is not.
     */
    async protocolCall(code: string, call: ProtocolCall, request: { text: string; requestId: string | null }, context?: CallContext): Promise<SeamlessResult> {
      const log = { providerCode: code, op: call.op, requestId: request.requestId?.slice(0, 128) ?? null, request: request.text }
      let result: SeamlessResult
      if (!(await providerExists(code))) result = { httpStatus: 404, answer: answer('BAD_REQUEST', null, null, msg('PROVIDER_NOT_FOUND')) }
      else {
        const session = await gameSession(call.sessionToken)
        if (session && session.providerCode === code) return submit(code, call.op, callbackOf(code, session, call), log, context)
        result = { httpStatus: 200, answer: answer('INVALID_SESSION', null, call.txId) }
      }
      await seamlessRepository.record(
        db,
        [],
        [{ ...log, txId: result.answer.tx_id, response: JSON.stringify(result.answer), httpStatus: result.httpStatus, createdAt: clock.now() }],
      )
      return result
    },

    /** A player's cash balance in satang (a protocol adapter's balance call and the balance beside its refusals). */
    async cashOf(playerId: number): Promise<bigint> {
      return (await ledger.balances(db, playerId)).cash
    },

    /** The round policy the provider's callbacks are decided by (ADR 082). */
    policyOf,

    /** Closes rounds left OPEN longer than `staleMinutes` (a provider that never settled them). */
    async closeStaleRounds(staleMinutes: number, on: Db = db): Promise<number> {
      const now = clock.now()
      return seamlessRepository.closeStaleRounds(on, new Date(now.getTime() - staleMinutes * 60_000), now)
    },

    /** Group-commit counters, summed over the lanes (tests and diagnostics). */
    stats: groupCommit.stats,
  }
}
export type SeamlessService = ReturnType<typeof createSeamlessService>

/** A bet, win or rollback as a protocol adapter hands it over (ADR 082): amounts in satang, ids as the provider sent them. */
export type ProtocolCall = { sessionToken: string; txId: string; roundId: string; gameCode?: string | null | undefined } & (
  | { op: 'bet'; amount: bigint }
  | {
      op: 'win'
      amount: bigint
      /** The bet this win settles (a policy that settles bet by bet reads it). */
      betTxId?: string | undefined
      /** A payout that settles no bet: a vendor's promotional payout. */
      standalone?: boolean | undefined
    }
  | { op: 'rollback'; refTxId: string }
)

/**
 * Embedded PGlite has one connection (lanes would only take turns on it). On PostgreSQL two lanes: one commits while
 * the other's batch is built, and each batch stays large. More lanes made smaller batches, each paying a batch's fixed
 * statements for fewer bets: 8 lanes measured 976 bets/s over 32 players, 2 lanes 1,564 (ADR 059).
 */
function defaultLanes(db: Db): number {
  return (db.constructor as unknown as Record<symbol, unknown>)[entityKind] === 'PgliteDatabase' ? 1 : 2
}
