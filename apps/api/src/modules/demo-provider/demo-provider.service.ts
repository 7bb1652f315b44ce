import { randomUUID } from 'node:crypto'
import { demoBetsBaht, satangToBaht } from '@sanam/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { systemScheduler, type Clock, type Scheduler } from '../../lib/clock.ts'
import { sha256 } from '../../lib/crypto.ts'
import type { RateLimiter } from '../../plugins/rate-limiter.ts'
import { gamesRepository, type GameRow, type ProviderRow } from '../games/games.repository.ts'
import { portalRepository } from '../portal/portal.repository.ts'
import { newSeed, PICK_OPTIONS, playRound, sfc32, styleOf, type GameStyle, type Outcome, type RoundInput } from './demo-engine.ts'
import { SeamlessRejectedError, SeamlessUnavailableError, type SeamlessClient, type SeamlessReply, type SeamlessTx } from './seamless-client.ts'

export interface DemoProviderDeps {
  db: Db
  clock: Clock
  seamless: SeamlessClient
  log: FastifyBaseLogger
  /** The app's rate-limit counters (shared through Redis when there are several API processes). */
  limiter: RateLimiter
  /** When unsettled wins are sent again (real timers unless a test moves time by hand). */
  scheduler?: Scheduler
}

/** Bet sizes a player may choose, in baht (the contract's list, which the round body is checked against). */
export const BETS_BAHT = demoBetsBaht

export const messages = {
  notFound: 'ไม่พบเกมนี้ กรุณาเข้าเกมใหม่จากหน้าล็อบบี้',
  expired: 'เซสชันหมดอายุ กรุณาเข้าเกมใหม่',
  blocked: 'บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อเจ้าหน้าที่',
  // The copy deck's wallet.insufficient, exactly; the page adds what to do about it.
  insufficient: 'ยอดเงินไม่เพียงพอ',
  maintenance: 'เกมนี้ปิดปรับปรุงชั่วคราว',
  chooseGame: 'กรุณาเลือกเกม',
  walletDown: 'ระบบกระเป๋าเงินไม่ตอบสนอง กรุณาลองใหม่อีกครั้ง',
  walletDownRolledBack: 'ระบบกระเป๋าเงินไม่ตอบสนอง รอบนี้ถูกยกเลิกแล้วและไม่มีการตัดเงิน กรุณาลองใหม่',
  walletDownChecking: 'ระบบกระเป๋าเงินไม่ตอบสนอง กำลังตรวจสอบรายการนี้ให้ กรุณาลองใหม่ภายหลัง',
  winPending: 'กำลังบันทึกเงินรางวัลเข้ากระเป๋า ยอดเงินจะอัปเดตในไม่ช้า',
  needTarget: 'กรุณาเลือกจุดถอนอัตโนมัติ 1.01 - 100.00 เท่า',
  needSide: 'กรุณาเลือกฝั่ง มังกร หรือ เสือ',
  needPick: 'กรุณาเลือกผลที่ต้องการทาย',
} as const

/** What the page and the JSON endpoints know about one launched game. */
export interface PlayContext {
  token: string
  playerId: number
  provider: ProviderRow
  game: GameRow
  style: GameStyle
}

/** A lobby launch (no game yet): the provider and the games the player may pick from. */
export interface LobbyContext {
  provider: ProviderRow
  games: GameRow[]
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
  const { db, clock, seamless, log } = deps
  const scheduler = deps.scheduler ?? systemScheduler
  /** Cancels the pending late settlements. */
  const pending = new Set<() => void>()

  /** The session behind a token: NOT_FOUND for an unknown token or a provider not played here, 401 once expired. */
  async function session(token: string) {
    if (!TOKEN.test(token)) throw new AppError('NOT_FOUND', messages.notFound)
    const found = await portalRepository.findSession(db, sha256(token))
    if (!found) throw new AppError('NOT_FOUND', messages.notFound)
    const provider = await gamesRepository.provider(db, found.session.providerCode)
    if (!provider || provider.adapter !== 'demo') throw new AppError('NOT_FOUND', messages.notFound)
    if (found.session.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('UNAUTHORIZED', messages.expired)
    return { found, provider }
  }

  /** The game a session plays: its own, or for a lobby session the one chosen (`gameCode`) from the provider's list. */
  async function context(token: string, gameCode?: string): Promise<PlayContext | LobbyContext> {
    const { found, provider } = await session(token)
    const code = found.session.gameCode ?? gameCode
    if (!code) return { provider, games: (await gamesRepository.gamesOf(db, provider.code)).filter((g) => !g.maintenance) }
    const game = await gamesRepository.game(db, provider.code, code)
    if (!game) throw new AppError('NOT_FOUND', messages.notFound)
    return { token, playerId: found.session.playerId, provider, game, style: styleOf(game.type) }
  }

  async function play(token: string, gameCode?: string): Promise<PlayContext> {
    const ctx = await context(token, gameCode)
    if (!('game' in ctx)) throw new AppError('VALIDATION_FAILED', messages.chooseGame)
    return ctx
  }

  /** A wallet status other than OK, as the error the player sees. */
  function refusal(reply: SeamlessReply): AppError {
    switch (reply.status) {
      case 'INSUFFICIENT_FUNDS':
        return new AppError('INSUFFICIENT_FUNDS', messages.insufficient)
      case 'INVALID_SESSION':
        return new AppError('UNAUTHORIZED', messages.expired)
      case 'PLAYER_BLOCKED':
        return new AppError('ACCOUNT_LOCKED', messages.blocked)
      default:
        return new AppError('DEPENDENCY_DOWN', messages.walletDown)
    }
  }

  function walletError(error: unknown, what: Record<string, unknown>): AppError {
    if (error instanceof SeamlessUnavailableError) {
      log.warn({ ...what, op: error.op, attempts: error.attempts, rolledBack: error.rolledBack, err: error.cause }, 'demo provider: wallet did not answer')
      if (error.rolledBack === true) return new AppError('DEPENDENCY_DOWN', messages.walletDownRolledBack)
      if (error.rolledBack === false) return new AppError('DEPENDENCY_DOWN', messages.walletDownChecking)
      return new AppError('DEPENDENCY_DOWN', messages.walletDown)
    }
    if (error instanceof SeamlessRejectedError) {
      log.error({ ...what, op: error.op, httpStatus: error.httpStatus }, 'demo provider: wallet refused the call (secret or URL misconfigured?)')
      return new AppError('DEPENDENCY_DOWN', messages.walletDown)
    }
    return error instanceof AppError ? error : (error as AppError)
  }

  async function balanceOf(ctx: PlayContext): Promise<bigint> {
    let reply: SeamlessReply
    try {
      reply = await seamless.balance(ctx.provider.code, ctx.token)
    } catch (error) {
      throw walletError(error, { provider: ctx.provider.code })
    }
    if (reply.status !== 'OK' || reply.balance === null) throw refusal(reply)
    return reply.balance
  }

  /** Sends an unsettled win again later, with the same tx_id, until the wallet answers. */
  function settleLater(provider: string, tx: SeamlessTx, attempt = 0) {
    const delay = SETTLE_RETRY_DELAYS_MS[attempt]
    if (delay === undefined) {
      log.error({ provider, roundId: tx.roundId, txId: tx.txId, amount: tx.amount.toString() }, 'demo provider: win still unsettled after every retry; reconcile this round by hand')
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

  function roundInput(ctx: PlayContext, request: RoundRequest, bet: bigint): RoundInput {
    const { style } = ctx
    switch (style.kind) {
      case 'slot':
        return { kind: 'slot', bet }
      case 'crash': {
        const target = request.target === undefined ? NaN : Math.round(request.target * 100)
        if (!Number.isInteger(target) || target < 101 || target > 10_000) throw new AppError('VALIDATION_FAILED', messages.needTarget)
        return { kind: 'crash', bet, target }
      }
      case 'card':
        if (request.pick !== 'dragon' && request.pick !== 'tiger') throw new AppError('VALIDATION_FAILED', messages.needSide)
        return { kind: 'card', bet, pick: request.pick }
      case 'pick':
        if (typeof request.pick !== 'number' || request.pick >= PICK_OPTIONS[style.variant]) throw new AppError('VALIDATION_FAILED', messages.needPick)
        return { kind: 'pick', bet, variant: style.variant, pick: request.pick }
    }
  }

  return {
    context,

    async state(token: string, gameCode?: string) {
      const ctx = await play(token, gameCode)
      return { ctx, balance: await balanceOf(ctx) }
    },

    /** One round: bet through the wallet, draw, then settle the win (0 for a loss) through the wallet. */
    async round(token: string, request: RoundRequest, gameCode?: string) {
      const ctx = await play(token, gameCode)
      if (ctx.game.maintenance || ctx.provider.maintenance) throw new AppError('RULE_REFUSED', messages.maintenance)
      const bet = BigInt(Math.round(request.bet * 100))
      const input = roundInput(ctx, request, bet)
      const provider = ctx.provider.code
      const roundId = `demo-${randomUUID()}`
      const base = { sessionToken: token, roundId, gameCode: ctx.game.code }

      let betReply: SeamlessReply
      try {
        betReply = await seamless.bet(provider, { ...base, txId: `${roundId}-bet`, amount: bet })
      } catch (error) {
        throw walletError(error, { provider, roundId })
      }
      if (betReply.status !== 'OK') {
        if (!['INSUFFICIENT_FUNDS', 'INVALID_SESSION', 'PLAYER_BLOCKED'].includes(betReply.status)) {
          log.error({ provider, roundId, status: betReply.status }, 'demo provider: bet refused unexpectedly')
        }
        throw refusal(betReply)
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
