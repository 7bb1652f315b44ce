import { randomUUID } from 'node:crypto'
import { bahtToSatang, demoBetsBaht, satangToBaht, type ErrorCode } from '@sanam/contract'
import type { FastifyBaseLogger } from 'fastify'
import { DemoError } from './errors.ts'
import type { CatalogueGame, CatalogueProvider, DemoProviderHost, Scheduler } from './host.ts'
import { newSeed, PICK_OPTIONS, playRound, sfc32, styleOf, type GameStyle, type Outcome, type RoundInput } from './demo-engine.ts'
import { demoText, type DemoLang, type DemoMessageId } from './demo-texts.ts'
import { SeamlessRejectedError, SeamlessUnavailableError, type SeamlessClient, type SeamlessReply, type SeamlessTx } from './seamless-client.ts'

export interface DemoProviderDeps extends Pick<DemoProviderHost, 'clock' | 'findLaunch' | 'catalogue'> {
  seamless: SeamlessClient
  log: FastifyBaseLogger
  /** When unsettled wins are sent again (real timers unless a test moves time by hand). */
  scheduler?: Scheduler
}

/** Real timers, unref'd: a pending retry never keeps the process alive. */
const systemScheduler: Scheduler = {
  schedule(ms, task) {
    const timer = setTimeout(task, ms)
    timer.unref()
    return () => clearTimeout(timer)
  },
}

/** Bet sizes a player may choose, in baht (the contract's list, which the round body is checked against). */
export const BETS_BAHT = demoBetsBaht

/** What the page and the JSON endpoints know about one launched game. */
export interface PlayContext {
  token: string
  playerId: number
  provider: CatalogueProvider
  game: CatalogueGame
  style: GameStyle
}

/** A lobby launch (no game yet): the provider and the games the player may pick from. */
export interface LobbyContext {
  provider: CatalogueProvider
  games: CatalogueGame[]
}

export interface RoundRequest {
  bet: number
  target?: number | undefined
  pick?: 'dragon' | 'tiger' | number | undefined
}

/** Outcome as JSON: wins and multipliers as numbers (baht, ×), snake_case keys. */
export function outcomeJson(outcome: Outcome) {
  switch (outcome.kind) {
    case 'slot':
      return { kind: 'slot' as const, grid: outcome.grid, lines: outcome.lines.map((l) => ({ line: l.line, symbol: l.symbol, win: satangToBaht(l.win) })) }
    case 'crash':
      return { kind: 'crash' as const, target: outcome.target / 100, crash: outcome.crash / 100, cashed_out: outcome.cashedOut }
    case 'card':
      return { kind: 'card' as const, pick: outcome.pick, dragon: outcome.dragon, tiger: outcome.tiger, result: outcome.result }
    case 'pick':
      return { kind: 'pick' as const, variant: outcome.variant, pick: outcome.pick, drawn: outcome.drawn, ...(outcome.score ? { score: outcome.score } : {}) }
  }
}

/** Launch tokens are base64url (lib/crypto newToken); anything else cannot be one. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

/** When a win's outcome is unknown, it is sent again later with the same tx_id (the wallet accepts it once). */
const SETTLE_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000]

/**
 * The demo provider: finds the game behind a session token, asks the wallet for balances, and plays rounds as
 * bet → draw → win through the seamless API (never touching the ledger itself). Session tokens are never logged.
 */
export function createDemoProviderService(deps: DemoProviderDeps) {
  const { clock, seamless, log, findLaunch, catalogue } = deps
  const scheduler = deps.scheduler ?? systemScheduler
  /** Cancels the pending late settlements. */
  const pending = new Set<() => void>()

  /** A refusal in the provider's own words, in the launch's language. */
  const refuse = (code: ErrorCode, id: DemoMessageId, lang: DemoLang) => new DemoError(code, demoText(id, lang))

  /** The session behind a token: NOT_FOUND for an unknown token or a provider not played here, 401 once expired. */
  async function session(token: string, lang: DemoLang) {
    if (!TOKEN.test(token)) throw refuse('NOT_FOUND', 'notFound', lang)
    const launch = await findLaunch(token)
    if (!launch) throw refuse('NOT_FOUND', 'notFound', lang)
    const provider = await catalogue.provider(launch.providerCode)
    if (!provider || provider.adapter !== 'demo') throw refuse('NOT_FOUND', 'notFound', lang)
    if (launch.expiresAt.getTime() <= clock.now().getTime()) throw refuse('UNAUTHORIZED', 'expired', lang)
    return { launch, provider }
  }

  /** The game a session plays: its own, or for a lobby session the one chosen (`gameCode`) from the provider's list. */
  async function context(token: string, gameCode?: string, lang: DemoLang = 'th'): Promise<PlayContext | LobbyContext> {
    const { launch, provider } = await session(token, lang)
    const code = launch.gameCode ?? gameCode
    if (!code) return { provider, games: (await catalogue.gamesOf(provider.code)).filter((g) => !g.maintenance) }
    const game = await catalogue.game(provider.code, code)
    if (!game) throw refuse('NOT_FOUND', 'notFound', lang)
    return { token, playerId: launch.playerId, provider, game, style: styleOf(game.type) }
  }

  async function play(token: string, gameCode: string | undefined, lang: DemoLang): Promise<PlayContext> {
    const ctx = await context(token, gameCode, lang)
    if (!('game' in ctx)) throw refuse('VALIDATION_FAILED', 'chooseGame', lang)
    return ctx
  }

  /** A wallet status other than OK, as the error the player sees. */
  function refusal(reply: SeamlessReply, lang: DemoLang): DemoError {
    switch (reply.status) {
      case 'INSUFFICIENT_FUNDS':
        return refuse('INSUFFICIENT_FUNDS', 'insufficient', lang)
      case 'LIMIT_EXCEEDED':
        return refuse('LIMIT_EXCEEDED', 'lossLimit', lang)
      case 'INVALID_SESSION':
        return refuse('UNAUTHORIZED', 'expired', lang)
      case 'PLAYER_BLOCKED':
        return refuse('ACCOUNT_LOCKED', 'blocked', lang)
      default:
        return refuse('DEPENDENCY_DOWN', 'walletDown', lang)
    }
  }

  function walletError(error: unknown, what: Record<string, unknown>, lang: DemoLang): DemoError {
    if (error instanceof SeamlessUnavailableError) {
      log.warn({ ...what, op: error.op, attempts: error.attempts, rolledBack: error.rolledBack, err: error.cause }, 'demo provider: wallet did not answer')
      if (error.rolledBack === true) return refuse('DEPENDENCY_DOWN', 'walletDownRolledBack', lang)
      if (error.rolledBack === false) return refuse('DEPENDENCY_DOWN', 'walletDownChecking', lang)
      return refuse('DEPENDENCY_DOWN', 'walletDown', lang)
    }
    if (error instanceof SeamlessRejectedError) {
      log.error({ ...what, op: error.op, httpStatus: error.httpStatus }, 'demo provider: wallet refused the call (secret or URL misconfigured?)')
      return refuse('DEPENDENCY_DOWN', 'walletDown', lang)
    }
    return error instanceof DemoError ? error : (error as DemoError)
  }

  async function balanceOf(ctx: PlayContext, lang: DemoLang): Promise<bigint> {
    let reply: SeamlessReply
    try {
      reply = await seamless.balance(ctx.provider.code, ctx.token)
    } catch (error) {
      throw walletError(error, { provider: ctx.provider.code }, lang)
    }
    if (reply.status !== 'OK' || reply.balance === null) throw refusal(reply, lang)
    return reply.balance
  }

  /** Sends an unsettled win again later, with the same tx_id, until the wallet answers. */
  function settleLater(provider: string, tx: SeamlessTx, attempt = 0) {
    const delay = SETTLE_RETRY_DELAYS_MS[attempt]
    if (delay === undefined) {
      log.error(
        { provider, roundId: tx.roundId, txId: tx.txId, amount: tx.amount.toString() },
        'demo provider: win still unsettled after every retry; reconcile this round by hand',
      )
      return
    }
    const cancel = scheduler.schedule(delay, () => {
      pending.delete(cancel)
      return seamless.win(provider, tx).then(
        (reply) => {
          if (reply.status === 'OK') log.info({ provider, roundId: tx.roundId, txId: tx.txId }, 'demo provider: late win settled')
          else log.error({ provider, roundId: tx.roundId, txId: tx.txId, status: reply.status }, 'demo provider: late win refused')
        },
        () => settleLater(provider, tx, attempt + 1),
      )
    })
    pending.add(cancel)
  }

  function roundInput(ctx: PlayContext, request: RoundRequest, bet: bigint, lang: DemoLang): RoundInput {
    const { style } = ctx
    switch (style.kind) {
      case 'slot':
        return { kind: 'slot', bet }
      case 'crash': {
        const target = request.target === undefined ? NaN : Math.round(request.target * 100)
        if (!Number.isInteger(target) || target < 101 || target > 10_000) throw refuse('VALIDATION_FAILED', 'needTarget', lang)
        return { kind: 'crash', bet, target }
      }
      case 'card':
        if (request.pick !== 'dragon' && request.pick !== 'tiger') throw refuse('VALIDATION_FAILED', 'needSide', lang)
        return { kind: 'card', bet, pick: request.pick }
      case 'pick':
        if (typeof request.pick !== 'number' || request.pick >= PICK_OPTIONS[style.variant]) throw refuse('VALIDATION_FAILED', 'needPick', lang)
        return { kind: 'pick', bet, variant: style.variant, pick: request.pick }
    }
  }

  return {
    context,

    async state(token: string, gameCode?: string, lang: DemoLang = 'th') {
      const ctx = await play(token, gameCode, lang)
      return { ctx, balance: await balanceOf(ctx, lang) }
    },

    /** One round: bet through the wallet, draw, then settle the win (0 for a loss) through the wallet. */
    async round(token: string, request: RoundRequest, gameCode?: string, lang: DemoLang = 'th') {
      const ctx = await play(token, gameCode, lang)
      if (ctx.game.maintenance || ctx.provider.maintenance) throw refuse('RULE_REFUSED', 'maintenance', lang)
      // The contract allows only the listed bet sizes, each a whole number of baht.
      const bet = bahtToSatang(request.bet)
      const input = roundInput(ctx, request, bet, lang)
      const provider = ctx.provider.code
      const roundId = `demo-${randomUUID()}`
      const base = { sessionToken: token, roundId, gameCode: ctx.game.code }

      let betReply: SeamlessReply
      try {
        betReply = await seamless.bet(provider, { ...base, txId: `${roundId}-bet`, amount: bet })
      } catch (error) {
        throw walletError(error, { provider, roundId }, lang)
      }
      if (betReply.status !== 'OK') {
        if (!['INSUFFICIENT_FUNDS', 'LIMIT_EXCEEDED', 'INVALID_SESSION', 'PLAYER_BLOCKED'].includes(betReply.status)) {
          log.error({ provider, roundId, status: betReply.status }, 'demo provider: bet refused unexpectedly')
        }
        throw refusal(betReply, lang)
      }

      const { outcome, win } = playRound(sfc32(newSeed()), input)
      const winTx: SeamlessTx = { ...base, txId: `${roundId}-win`, amount: win, refTxId: `${roundId}-bet` }
      let balance: bigint | null = null
      let settled = false
      try {
        const winReply = await seamless.win(provider, winTx)
        if (winReply.status === 'OK') {
          balance = winReply.balance
          settled = true
        } else {
          log.error({ provider, roundId, status: winReply.status }, 'demo provider: win refused; round left open for reconciliation')
        }
      } catch (error) {
        if (error instanceof SeamlessUnavailableError) {
          log.warn({ provider, roundId, attempts: error.attempts }, 'demo provider: win outcome unknown; will send it again')
          settleLater(provider, winTx)
        } else if (error instanceof SeamlessRejectedError) {
          log.error({ provider, roundId, httpStatus: error.httpStatus }, 'demo provider: win refused by HTTP status; round left open for reconciliation')
        } else throw error
      }
      return { ctx, roundId, outcome, bet, win, balance, settled }
    },

    /** Cancels the late settlements still waiting (on server close). */
    close() {
      for (const cancel of pending) cancel()
      pending.clear()
    },
  }
}
export type DemoProviderService = ReturnType<typeof createDemoProviderService>
