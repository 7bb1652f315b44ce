import { createHash } from 'node:crypto'
import etag from '@fastify/etag'
import { demoPlayContract, DemoPlayQuery, satangToBaht } from '@sanam/contract'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { renderErrorPage, renderGamePage, renderLobbyPage } from './demo-page.ts'
import { BETS_BAHT, outcomeJson, type DemoProviderService, type PlayContext } from './demo-provider.service.ts'
import { demoLang, demoText } from './demo-texts.ts'
import { DemoError, handleDemoError } from './errors.ts'
import { GAME_SCRIPT_PATH, type GameScript } from './game-script.ts'
import type { DemoProviderHost } from './host.ts'
import type { PageFonts } from './page-fonts.ts'

/** The Fastify instance the routes are added to (the host's, with the zod compilers), typed by the contract's schemas. */
export type PlayApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>

/** /play/<token>/... with the token hidden: it is a bearer credential and must never reach a log line. */
export function hideToken(url: string): string {
  return url.replace(/^\/play\/(?!assets\/)[^/?#]+/, '/play/[hidden]')
}

/** The request as logged: Fastify's usual fields, with the token out of the URL. */
const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: hideToken(req.url), host: req.host, remoteAddress: req.ip }),
}

/**
 * Rounds one game session may play. Each round is a bet and a win through the wallet, so a script replaying
 * POST /round would load the wallet and the ledger for nothing. A person cannot get near this: the page keeps the
 * button disabled until the answer and the animation are over (over a second a round; about 0.2 s with reduced
 * motion), so 5 rounds a second is never met by hand. Counted over 2 s so a quick double tap at a window's edge
 * still goes through.
 */
export const ROUND_LIMIT_PER_SESSION = { limit: 10, windowMs: 2_000 } as const

/**
 * Rounds from one address, whatever the session: looser, because mobile carriers put many players behind one NAT
 * address (and TRUST_PROXY must be set behind a proxy, or every player shares the proxy's). 20 a second is dozens of
 * people playing at the page's pace, yet stops one client spraying rounds across many sessions or guessed tokens.
 */
export const ROUND_LIMIT_PER_IP = { limit: 1_200, windowMs: 60_000 } as const

function gameInfo(ctx: PlayContext) {
  const { game, provider, style } = ctx
  return {
    code: game.code,
    title: game.title,
    image: game.image,
    type: game.type,
    provider: provider.code,
    provider_title: provider.title,
    kind: style.kind,
    ...(style.kind === 'slot' ? { theme: style.theme } : {}),
    ...(style.kind === 'pick' ? { variant: style.variant } : {}),
  }
}

function html(reply: FastifyReply, status: number, page: string) {
  // The URL holds a bearer token: no caching anywhere, and no Referer carrying it away (helmet also sets this).
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(page)
}

/** The success envelope. */
function ok<T>(data: T, message?: string): { success: true; data: T; message?: string } {
  return message === undefined ? { success: true, data } : { success: true, data, message }
}

/** A preHandler that counts each request under `name` + key (the client IP by default) and refuses past `limit`. */
function limitRequests(hit: DemoProviderHost['hit'], options: { name: string; limit: number; windowMs: number; key?: (request: FastifyRequest) => string }) {
  return async function rateLimitHook(request: FastifyRequest) {
    const decision = await hit(`${options.name}:${options.key ? options.key(request) : request.ip}`, options.limit, options.windowMs)
    if (!decision.allowed) throw new DemoError('RATE_LIMITED', undefined, Math.ceil(decision.retryAfterMs / 1000))
  }
}

/**
 * The built-in demo game provider: GET /play/<token> (the page), its script, and the page's JSON calls. Register
 * at the root (not under /api): the launch URL is /play/<token>. Money moves only through the seamless client.
 */
export function demoProviderRoutes(
  app: PlayApp,
  deps: {
    demo: DemoProviderService
    /** The host's rate-limit counters (shared through Redis when there are several API processes). */
    hit: DemoProviderHost['hit']
    /** The browser script, built from src/browser (game-script.ts). */
    script: GameScript
    /** Kanit's stylesheet and font files (page-fonts.ts). */
    fonts: PageFonts
  },
): void {
  const { demo, hit, script, fonts } = deps
  app.setErrorHandler(handleDemoError)
  app.addHook('onClose', async () => {
    demo.close()
  })
  // Per address first, so a flood of made-up tokens is stopped before each gets a counter of its own.
  const limitRounds = [
    limitRequests(hit, { name: 'demo-round-ip', ...ROUND_LIMIT_PER_IP }),
    // Counted under the token's hash: the token is a bearer credential and stays out of the counter store.
    limitRequests(hit, {
      name: 'demo-round-session',
      ...ROUND_LIMIT_PER_SESSION,
      key: (req) =>
        createHash('sha256')
          .update((req.params as { token: string }).token, 'utf8')
          .digest('base64url'),
    }),
  ]

  // The script and the fonts in a scope of their own with @fastify/etag (each tag is its content's hash), so the pages
  // stay untagged.
  void app.register(async (assets) => {
    await assets.register(etag)
    assets.get(GAME_SCRIPT_PATH, async (_req, reply) => {
      const { body, etag: tag } = await script()
      return reply.header('etag', tag).header('cache-control', 'public, max-age=300').header('content-type', 'application/javascript; charset=utf-8').send(body)
    })
    // Kanit's stylesheet (FONTS_PATH) and the font files it names, by file name.
    assets.get('/play/assets/:file', async (req, reply) => {
      const file = (await fonts()).get((req.params as { file: string }).file)
      if (!file) throw new DemoError('NOT_FOUND', demoText('notFound', demoLang(req.query)))
      return reply.header('etag', file.etag).header('cache-control', file.cacheControl).header('content-type', file.type).send(file.body)
    })
  })

  app.get('/play/:token', { logSerializers }, async (req, reply) => {
    const { token } = req.params as { token: string }
    const query = DemoPlayQuery.safeParse(req.query)
    const gameCode = query.success ? query.data.game : undefined
    const lang = demoLang(req.query)
    try {
      const ctx = await demo.context(token, gameCode, lang)
      if (!('game' in ctx)) return html(reply, 200, renderLobbyPage({ provider: ctx.provider, games: ctx.games, lang }))
      return html(
        reply,
        200,
        renderGamePage({
          provider: ctx.provider,
          game: ctx.game,
          style: ctx.style,
          bets: BETS_BAHT,
          lobby: gameCode !== undefined && gameCode === ctx.game.code,
          lang,
        }),
      )
    } catch (error) {
      if (error instanceof DemoError && error.code === 'UNAUTHORIZED') return html(reply, 401, renderErrorPage('expired', error.message, lang))
      if (error instanceof DemoError && error.code === 'NOT_FOUND') return html(reply, 404, renderErrorPage('not-found', error.message, lang))
      throw error
    }
  })

  app.get('/play/:token/state', { schema: demoPlayContract.state, logSerializers }, async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    const { ctx, balance } = await demo.state(req.params.token, req.query.game, demoLang(req.query))
    return ok({
      game: gameInfo(ctx),
      balance: satangToBaht(balance),
      bets: [...BETS_BAHT],
      ...(ctx.style.kind === 'crash' ? { target: { min: 1.01, max: 100 } } : {}),
    })
  })

  app.post('/play/:token/round', { schema: demoPlayContract.round, preHandler: limitRounds, logSerializers }, async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    const lang = demoLang(req.query)
    const result = await demo.round(req.params.token, req.body, req.query.game, lang)
    const data = {
      round_id: result.roundId,
      outcome: outcomeJson(result.outcome),
      bet: satangToBaht(result.bet),
      win: satangToBaht(result.win),
      balance: result.balance === null ? null : satangToBaht(result.balance),
      settled: result.settled,
    }
    return result.settled ? ok(data) : ok(data, demoText('winPending', lang))
  })

  // Anything else under /play/ (a mistyped or truncated link): the friendly page, with the token kept out of the log.
  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/play/*',
    logSerializers,
    handler: async (req, reply) => {
      const lang = demoLang(req.query)
      if (req.method === 'POST') throw new DemoError('NOT_FOUND', demoText('notFound', lang))
      return html(reply, 404, renderErrorPage('not-found', demoText('notFound', lang), lang))
    },
  })
}
