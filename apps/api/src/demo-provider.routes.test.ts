import { Writable } from 'node:stream'
import { addSecurityHeaders } from './security-headers.ts'
import { and, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/app.ts'
import { makePlayer } from '../test/factories.ts'
import { balanceOf, expectLedgerOk, fund, loginPlayer } from '../test/money.ts'
import { launch } from '../test/seamless.ts'
import { gameRounds, players, seamlessTransactions } from './db/schema.ts'
import { testConfig } from './config.ts'
import { handleError } from './errors.ts'
import { manualScheduler } from './lib/clock.ts'
import type { TypedApp } from './lib/typed-app.ts'
import { gamesRepository } from './modules/games/games.repository.ts'
import { portalRepository } from './modules/portal/portal.repository.ts'
import { injectFetch, type InjectFetchOptions } from '../test/inject-fetch.ts'
import { demoProviderHost, loadDemoProvider } from './demo-provider.ts'

/** The demo provider's package, loaded as the app loads it (its source under vitest). */
const { demoProviderPlugin, hideToken, ROUND_LIMIT_PER_IP, ROUND_LIMIT_PER_SESSION } = await loadDemoProvider()

let t: TestApp
let play: TypedApp
/** What the fake network does to the next seamless calls (set per test). */
let fault: InjectFetchOptions['fault']
/** When the demo provider sends unsettled wins again: moved by hand, never waited for. */
const scheduler = manualScheduler()
const logLines: string[] = []

/**
 * The demo provider on a Fastify of its own, set up like app.ts (zod compilers, error handler, the same CSP), whose
 * seamless client reaches the real test app's seamless routes through inject: the same signed HTTP calls.
 */
async function buildPlayApp(core: TestApp): Promise<TypedApp> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'))
      done()
    },
  })
  const app = Fastify({ logger: { level: 'info', stream } }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)
  addSecurityHeaders(app)
  // The host app.ts gives it, with the seamless API reached through inject and late wins moved by hand.
  const host = demoProviderHost({
    db: core.db,
    clock: core.clock,
    limiter: core.limiter,
    config: testConfig(),
    gamesRepository,
    portalRepository,
    scheduler,
    fetch: injectFetch(core.app, { fault: (request) => fault?.(request) }),
  })
  await app.register(async (scope: TypedApp) => demoProviderPlugin(scope, host))
  await app.ready()
  return app
}

beforeAll(async () => {
  t = await buildTestApp()
  play = await buildPlayApp(t)
})
afterAll(async () => {
  await expectLedgerOk(t)
  await play.close()
  await t.close()
})

/** A funded, logged-in player with a launched game: the session token and the player's API token. */
async function playing(amount: number, provider = 'pgsoft', game = 'fortune_ox') {
  fault = undefined
  const player = await makePlayer(t.db)
  if (amount) await fund(t, player, amount)
  const token = await loginPlayer(t, player)
  return { player, token, session: await launch(t, token, provider, game) }
}

const round = (session: string, body: Record<string, unknown>, query = '') =>
  play.inject({ method: 'POST', url: `/play/${session}/round${query}`, payload: body })
const state = (session: string, query = '') => play.inject({ method: 'GET', url: `/play/${session}/state${query}` })

describe('GET /play/<token>', () => {
  it('serves the game page as HTML, with the script as a file and no inline script', async () => {
    const { session } = await playing(0)
    const res = await play.inject({ method: 'GET', url: `/play/${session}?lang=th` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    const page = res.body
    expect(page).toContain('<html lang="th">')
    expect(page).toContain('Fortune Ox')
    expect(page).toContain('src="/media/games/pgsoft/fortune_ox.svg"')
    expect(page).toContain('name="viewport"')
    expect(page).toContain('ยอดเดิมพัน')
    // Every script is a file from this origin; no inline code and no event-handler attributes (the CSP blocks both).
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    expect(scripts[0]![1]).toContain('src="/play/assets/demo-game.js"')
    expect(scripts[0]![2]).toBe('')
    expect(page).not.toMatch(/\son[a-z]+\s*=/i)
    expect(page).not.toMatch(/javascript:/i)
    expect(page).not.toContain('http://')
    expect(page).not.toContain('https://')
    expect(page).not.toContain(session)
  })

  it('serves the script with a JavaScript content type and a validator', async () => {
    const res = await play.inject({ method: 'GET', url: '/play/assets/demo-game.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8')
    // The bundle of src/browser: one function run at once, that keeps its names to itself.
    expect(res.body).toMatch(/^"use strict";\(\(\)=>\{[\s\S]*\}\)\(\);\s*$/)
    expect(() => new Function(res.body)).not.toThrow() // it parses
    const again = await play.inject({ method: 'GET', url: '/play/assets/demo-game.js', headers: { 'if-none-match': String(res.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('serves Kanit from this origin: the page links its stylesheet, which names font files served beside it', async () => {
    const { session } = await playing(0)
    const page = (await play.inject({ method: 'GET', url: `/play/${session}?lang=th` })).body
    expect(page).toContain('<link rel="stylesheet" href="/play/assets/kanit.css">')
    expect(page).toMatch(/font-family:Kanit, /)
    const css = await play.inject({ method: 'GET', url: '/play/assets/kanit.css' })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.body).not.toMatch(/https?:/)
    // The Thai faces of the three weights the page uses, each a file of this server's.
    const thai = [...css.body.matchAll(/font-weight:(\d+);src:url\("(\/play\/assets\/kanit-thai-\d+-normal-\w+\.woff2)"\)/g)]
    expect(thai.map(([, weight]) => weight)).toEqual(['400', '500', '600'])
    for (const [, , url] of thai) {
      const font = await play.inject({ method: 'GET', url: url! })
      expect(font.statusCode, url).toBe(200)
      expect(font.headers['content-type']).toBe('font/woff2')
      expect(font.headers['cache-control']).toContain('immutable')
      expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2')
    }
    const again = await play.inject({ method: 'GET', url: '/play/assets/kanit.css', headers: { 'if-none-match': String(css.headers.etag) } })
    expect(again.statusCode).toBe(304)
    expect((await play.inject({ method: 'GET', url: '/play/assets/nothing.woff2' })).statusCode).toBe(404)
  })

  it('draws each kind of game: crash with a target picker, card with sides, sport and lottery picks', async () => {
    const pages = {
      crash: await playing(0, 'evo', 'cash_or_crash'),
      card: await playing(0, 'awcsexy', 'sexy_baccarat'),
      sport: await playing(0, 'sbo', 'sbo_football'),
      lottery: await playing(0, 'saba', 'saba_thai_lotto'),
      fishing: await playing(0, 'joker', 'fish_hunter_joker'),
    }
    const html = async (s: string) => (await play.inject({ method: 'GET', url: `/play/${s}` })).body
    expect(await html(pages.crash.session)).toMatch(/data-kind="crash"[\s\S]*id="target"/)
    expect(await html(pages.card.session)).toMatch(/data-kind="card"[\s\S]*มังกร[\s\S]*เสือ/)
    expect(await html(pages.sport.session)).toMatch(/data-variant="sport"[\s\S]*เจ้าบ้าน/)
    expect(await html(pages.lottery.session)).toMatch(/data-variant="lottery"/)
    expect(await html(pages.fishing.session)).toMatch(/theme-ocean[\s\S]*ยิงปลา/)
  })

  it('answers a friendly Thai page for an unknown token (404) and an expired session (401)', async () => {
    const unknown = await play.inject({ method: 'GET', url: `/play/${'A'.repeat(43)}` })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(unknown.body).toContain('ไม่พบเกมนี้')
    expect((await play.inject({ method: 'GET', url: '/play/bad%20token' })).statusCode).toBe(404)
    expect((await play.inject({ method: 'GET', url: '/play/x/y/z' })).statusCode).toBe(404)

    const { session } = await playing(0)
    t.clock.advance(3 * 60 * 60_000)
    try {
      const expired = await play.inject({ method: 'GET', url: `/play/${session}` })
      expect(expired.statusCode).toBe(401)
      expect(expired.body).toContain('เซสชันหมดอายุ กรุณาเข้าเกมใหม่')
    } finally {
      t.clock.advance(-3 * 60 * 60_000)
    }
  })

  it('lists the provider games for a lobby launch, and plays the one picked with ?game=', async () => {
    const player = await makePlayer(t.db)
    await fund(t, player, 100)
    const token = await loginPlayer(t, player)
    const launched = await t.post('/api/portal/lobby', { provider_id: 'kingmaker', lang: 'th' }, token)
    const session = launched.json().data.url.split('?')[0].split('/').pop() as string
    const lobby = await play.inject({ method: 'GET', url: `/play/${session}?lang=th` })
    expect(lobby.statusCode).toBe(200)
    expect(lobby.body).toContain('href="?game=thai_hi_lo_km&amp;lang=th"')
    expect((await state(session)).statusCode).toBe(400)
    const page = await play.inject({ method: 'GET', url: `/play/${session}?game=baccarat_km` })
    expect(page.body).toContain('data-game="baccarat_km"')
    const res = await round(session, { bet: 10, pick: 'tiger' }, '?game=baccarat_km')
    expect(res.statusCode).toBe(200)
    expect(res.json().data.outcome.kind).toBe('card')
    expect((await round(session, { bet: 10, pick: 'tiger' }, '?game=no_such_game')).statusCode).toBe(404)
  })
})

describe('GET /play/<token>/state', () => {
  it('answers the game, the balance from the wallet and the bet sizes', async () => {
    const { session } = await playing(250)
    const res = await state(session)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: {
        game: {
          code: 'fortune_ox',
          title: 'Fortune Ox',
          image: '/media/games/pgsoft/fortune_ox.svg',
          type: 'SLOT',
          provider: 'pgsoft',
          provider_title: 'PG Soft',
          kind: 'slot',
          theme: 'fruit',
        },
        balance: 250,
        bets: [1, 5, 10, 50, 100],
      },
    })
    const crash = await playing(0, 'evo', 'cash_or_crash')
    expect((await state(crash.session)).json().data).toMatchObject({ game: { kind: 'crash', type: 'CRASH' }, balance: 0, target: { min: 1.01, max: 100 } })
  })

  it('answers 404 for an unknown token and 401 with the Thai message once the session expired', async () => {
    expect((await state('Z'.repeat(43))).statusCode).toBe(404)
    const { session } = await playing(10)
    t.clock.advance(3 * 60 * 60_000)
    try {
      const res = await state(session)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: 'เซสชันหมดอายุ กรุณาเข้าเกมใหม่' })
    } finally {
      t.clock.advance(-3 * 60 * 60_000)
    }
  })
})

describe('POST /play/<token>/round', () => {
  it('moves money only through the seamless API: bet then win, balance changes by win − bet', async () => {
    const { token, session } = await playing(500)
    const res = await round(session, { bet: 10 })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ bet: 10, settled: true, outcome: { kind: 'slot' } })
    expect(data.round_id).toMatch(/^demo-[0-9a-f-]{36}$/)
    expect(data.balance).toBe(500 - 10 + data.win)
    expect(await balanceOf(t, token)).toBe(data.balance)

    const txs = await t.db.select().from(seamlessTransactions).where(eq(seamlessTransactions.roundId, data.round_id))
    expect(txs.map((x) => [x.txId, x.op, x.amount]).sort()).toEqual([
      [`${data.round_id}-bet`, 'bet', 1000n],
      [`${data.round_id}-win`, 'win', BigInt(Math.round(data.win * 100))],
    ])
    const [record] = await t.db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerCode, 'pgsoft'), eq(gameRounds.roundId, data.round_id)))
    expect(record).toMatchObject({ status: 'SETTLED', totalBet: 1000n, totalWin: BigInt(Math.round(data.win * 100)) })
    await expectLedgerOk(t)
  })

  it('keeps the books straight over many rounds of every kind', async () => {
    const games = [
      ['pgsoft', 'fortune_ox', {}],
      ['evo', 'cash_or_crash', { target: 1.5 }],
      ['awcsexy', 'sexy_baccarat', { pick: 'dragon' }],
      ['sbo', 'sbo_football', { pick: 1 }],
      ['saba', 'saba_thai_lotto', { pick: 7 }],
      ['joker', 'joker_fruit_blast', {}],
    ] as const
    for (const [provider, game, extra] of games) {
      const { token, session } = await playing(1000, provider, game)
      let expected = 1000
      for (let i = 0; i < 8; i++) {
        const res = await round(session, { bet: 5, ...extra })
        expect(res.statusCode, res.body).toBe(200)
        const data = res.json().data
        expected = Math.round((expected - 5 + data.win) * 100) / 100
        expect(data.balance).toBe(expected)
        const o = data.outcome
        if (o.kind === 'crash') expect(data.win).toBe(o.crash >= o.target ? 7.5 : 0)
        if (o.kind === 'card') expect(data.win).toBe(o.result === 'tie' ? 2.5 : o.result === 'dragon' ? 10 : 0)
        if (o.kind === 'pick') expect(data.win).toBe(o.drawn === o.pick ? (o.variant === 'sport' ? 14.4 : 48) : 0)
      }
      expect(await balanceOf(t, token)).toBe(expected)
    }
    await expectLedgerOk(t)
  })

  it('validates the input: bet from the list only, target 1.01..100 with 2 decimals, the right choice per game', async () => {
    const slot = await playing(100)
    const crash = await playing(100, 'evo', 'cash_or_crash')
    const card = await playing(100, 'awcsexy', 'sexy_baccarat')
    const lottery = await playing(100, 'saba', 'saba_thai_lotto')
    const refused = async (session: string, body: unknown) => {
      const res = await play.inject({ method: 'POST', url: `/play/${session}/round`, payload: body as Record<string, unknown> })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
      return res.json().message as string
    }
    expect(await refused(slot.session, { bet: 7 })).toBe('กรุณาเลือกยอดเดิมพันจากรายการ')
    await refused(slot.session, { bet: '10' })
    await refused(slot.session, { bet: -10 })
    await refused(slot.session, {})
    await refused(slot.session, { bet: 10, extra: true })
    expect(await refused(crash.session, { bet: 10 })).toBe('กรุณาเลือกจุดถอนอัตโนมัติ 1.01 - 100.00 เท่า')
    await refused(crash.session, { bet: 10, target: 1 })
    await refused(crash.session, { bet: 10, target: 100.01 })
    await refused(crash.session, { bet: 10, target: 2.555 })
    await refused(card.session, { bet: 10 })
    await refused(card.session, { bet: 10, pick: 3 })
    await refused(lottery.session, { bet: 10, pick: 'dragon' })
    await refused(lottery.session, { bet: 10, pick: 10 })
    for (const p of [slot, crash, card, lottery]) expect(await balanceOf(t, p.token)).toBe(100)
    // Edge values are accepted.
    expect((await round(crash.session, { bet: 1, target: 1.01 })).statusCode).toBe(200)
    expect((await round(crash.session, { bet: 1, target: 100 })).statusCode).toBe(200)
  })

  it('answers in English, by message id, when the page of an English launch asks with lang=en', async () => {
    const crash = await playing(100, 'evo', 'cash_or_crash')
    const english = await round(crash.session, { bet: 10 }, '?lang=en')
    expect(english.statusCode).toBe(400)
    expect(english.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please choose an auto cash-out between 1.01 and 100.00×.' })
    const poor = await playing(3)
    expect((await round(poor.session, { bet: 5 }, '?lang=en')).json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' })
    // Thai without it, as before.
    expect((await round(poor.session, { bet: 5 })).json()).toMatchObject({ message: 'ยอดเงินไม่เพียงพอ' })
  })

  it('refuses politely when the balance is too low, and takes nothing', async () => {
    const { token, session } = await playing(3)
    const res = await round(session, { bet: 5 })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS', message: 'ยอดเงินไม่เพียงพอ' })
    expect(await balanceOf(t, token)).toBe(3)
    expect((await round(session, { bet: 1 })).statusCode).toBe(200)
  })

  it('refuses with "session expired" once the game session has ended', async () => {
    const { token, session } = await playing(100)
    t.clock.advance(3 * 60 * 60_000)
    try {
      const res = await round(session, { bet: 5 })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ success: false, message: 'เซสชันหมดอายุ กรุณาเข้าเกมใหม่' })
      expect(await balanceOf(t, token)).toBe(100)
    } finally {
      t.clock.advance(-3 * 60 * 60_000)
    }
  })

  it('refuses a blocked player with the Thai message', async () => {
    const { player, token, session } = await playing(100)
    await t.db.update(players).set({ status: 'LOCKED' }).where(eq(players.id, player.id))
    const res = await round(session, { bet: 5 })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: 'บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อเจ้าหน้าที่' })
    await t.db.update(players).set({ status: 'ACTIVE' }).where(eq(players.id, player.id))
    expect(await balanceOf(t, token)).toBe(100)
  })

  it('survives a lost answer: the retry with the same tx_id counts once', async () => {
    const { token, session } = await playing(100)
    const lost = new Set<string>()
    fault = ({ path }) => {
      const op = path.split('/').pop()!
      if ((op === 'bet' || op === 'win') && !lost.has(op)) {
        lost.add(op)
        return 'lose-answer'
      }
      return undefined
    }
    const res = await round(session, { bet: 10 })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(lost).toEqual(new Set(['bet', 'win']))
    expect(data.balance).toBe(90 + data.win)
    expect(await balanceOf(t, token)).toBe(90 + data.win)
    await expectLedgerOk(t)
  })

  it('rolls the bet back when the wallet never answers it: the player keeps the money and is told so', async () => {
    const { player, token, session } = await playing(100)
    // Every bet call reaches the wallet (which debits) but no answer ever comes back.
    fault = ({ path }) => (path.endsWith('/bet') ? 'lose-answer' : undefined)
    const res = await round(session, { bet: 50 })
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe('ระบบกระเป๋าเงินไม่ตอบสนอง รอบนี้ถูกยกเลิกแล้วและไม่มีการตัดเงิน กรุณาลองใหม่')
    fault = undefined
    expect(await balanceOf(t, token)).toBe(100)
    const txs = await t.db.select().from(seamlessTransactions).where(eq(seamlessTransactions.playerId, player.id))
    expect(txs.map((x) => [x.op, x.status]).sort()).toEqual([
      ['bet', 'ROLLED_BACK'],
      ['rollback', 'OK'],
    ])
    expect(txs.find((x) => x.op === 'rollback')!.refTxId).toBe(txs.find((x) => x.op === 'bet')!.txId)
    await expectLedgerOk(t)
  })

  it('sends an unsettled win again later, so the round is settled once the wallet is back', async () => {
    const { token, session } = await playing(100)
    fault = ({ path }) => (path.endsWith('/win') ? 'refuse' : undefined)
    const res = await round(session, { bet: 1 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ data: { settled: false, balance: null }, message: 'กำลังบันทึกเงินรางวัลเข้ากระเป๋า ยอดเงินจะอัปเดตในไม่ช้า' })
    const { round_id: roundId, win } = res.json().data as { round_id: string; win: number }
    const record = async () =>
      (
        await t.db
          .select()
          .from(gameRounds)
          .where(and(eq(gameRounds.providerCode, 'pgsoft'), eq(gameRounds.roundId, roundId)))
      )[0]
    expect((await record())?.status).toBe('OPEN')
    expect(await balanceOf(t, token)).toBe(99)
    fault = undefined
    // The first late attempt goes 2 s after the failure, with the same tx_id.
    await scheduler.advance(1_999)
    expect((await record())?.status).toBe('OPEN')
    await scheduler.advance(1)
    expect((await record())?.status).toBe('SETTLED')
    expect(await balanceOf(t, token)).toBe(99 + win)
    expect(scheduler.pending).toBe(0)
    await expectLedgerOk(t)
  })
})

describe('round limits', () => {
  /** Seamless calls the wallet has recorded for the player: the proof that money moved or did not. */
  const walletCalls = async (playerId: number) => (await t.db.select().from(seamlessTransactions).where(eq(seamlessTransactions.playerId, playerId))).length

  it('refuses rounds faster than a person can play with 429 and the Thai message, moves no money, and plays again after the window', async () => {
    const { player, token, session } = await playing(100)
    for (let i = 0; i < ROUND_LIMIT_PER_SESSION.limit; i++) expect((await round(session, { bet: 1 })).statusCode).toBe(200)
    const balance = await balanceOf(t, token)
    const calls = await walletCalls(player.id)

    const refused = await round(session, { bet: 1 })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: 'ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await balanceOf(t, token)).toBe(balance)
    expect(await walletCalls(player.id)).toBe(calls)

    // Another player's session plays on meanwhile.
    expect((await round((await playing(10)).session, { bet: 1 })).statusCode).toBe(200)

    t.clock.advance(ROUND_LIMIT_PER_SESSION.windowMs)
    const again = await round(session, { bet: 1 })
    expect(again.statusCode).toBe(200)
    expect(await balanceOf(t, token)).toBe(again.json().data.balance)
  })

  it('cuts off one address spraying rounds across sessions, without taking money, while other addresses play on', async () => {
    const flooder = { remoteAddress: '198.51.100.7' }
    // Made-up tokens: each is its own "session", so only the per-address count can stop them.
    for (let i = 0; i < ROUND_LIMIT_PER_IP.limit; i++) {
      const res = await play.inject({ method: 'POST', url: `/play/made-up-${i}/round`, payload: { bet: 1 }, ...flooder })
      expect(res.statusCode).toBe(404)
    }
    const { player, token, session } = await playing(100)
    const refused = await play.inject({ method: 'POST', url: `/play/${session}/round`, payload: { bet: 1 }, ...flooder })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    expect(await balanceOf(t, token)).toBe(100)
    expect(await walletCalls(player.id)).toBe(0)

    expect((await play.inject({ method: 'POST', url: `/play/${session}/round`, payload: { bet: 1 }, remoteAddress: '198.51.100.8' })).statusCode).toBe(200)
    t.clock.advance(ROUND_LIMIT_PER_IP.windowMs)
    expect((await play.inject({ method: 'POST', url: `/play/${session}/round`, payload: { bet: 1 }, ...flooder })).statusCode).toBe(200)
  })
})

describe('languages', () => {
  /** Thai letters; the baht sign ฿ (U+0E3F) shows in every language and is left out. */
  const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/
  /** The page without its style sheet: what a player reads and a screen reader says. */
  const shown = (page: string) => page.replace(/<style>[\s\S]*?<\/style>/, '')

  /** Launches like the lobby does, in the given language, and opens the launch URL as answered. */
  async function open(lang: 'th' | 'en', provider: string, game?: string) {
    const token = await loginPlayer(t, await makePlayer(t.db))
    const launched = game
      ? await t.post('/api/portal/launch', { provider_id: provider, game_code: game, lang }, token)
      : await t.post('/api/portal/lobby', { provider_id: provider, lang }, token)
    const url = launched.json().data.url as string
    expect(url).toMatch(new RegExp(`\\?lang=${lang}$`))
    return { url, page: await play.inject({ method: 'GET', url }) }
  }

  it('shows a game launched with lang=en in English, with no Thai left, and the same game in Thai by default', async () => {
    const en = (await open('en', 'awcsexy', 'sexy_baccarat')).page
    expect(en.statusCode).toBe(200)
    expect(en.body).toContain('<html lang="en">')
    expect(shown(en.body)).toMatch(/Balance[\s\S]*Dragon[\s\S]*Tiger[\s\S]*Pick a side[\s\S]*>Deal</)
    expect(shown(en.body)).not.toMatch(THAI)

    const th = (await open('th', 'awcsexy', 'sexy_baccarat')).page
    expect(th.body).toContain('<html lang="th">')
    expect(th.body).toMatch(/เครดิตคงเหลือ[\s\S]*มังกร[\s\S]*เสือ[\s\S]*เลือกฝั่ง[\s\S]*>แจกไพ่</)
    expect(th.body).toContain('เลือกยอดเดิมพัน แล้วกด “แจกไพ่”')
    expect(shown(th.body)).not.toContain('Dragon')
  })

  it('has English for every kind of game page', async () => {
    const games = [
      ['pgsoft', 'fortune_ox', 'Spin'],
      ['joker', 'fish_hunter_joker', 'Shoot'],
      ['evo', 'cash_or_crash', 'Start round'],
      ['sbo', 'sbo_football', 'Confirm pick'],
      ['saba', 'saba_thai_lotto', 'Draw'],
    ] as const
    for (const [provider, game, label] of games) {
      const { page } = await open('en', provider, game)
      expect(page.body, game).toContain(`>${label}</button>`)
      expect(shown(page.body), game).not.toMatch(THAI)
    }
  })

  it('speaks English in a lobby launch, its game links and the expired and not-found pages', async () => {
    const lobby = await open('en', 'kingmaker')
    expect(lobby.page.body).toContain('Choose a game to play')
    expect(lobby.page.body).toContain('href="?game=thai_hi_lo_km&amp;lang=en"')
    expect(shown(lobby.page.body)).not.toMatch(THAI)

    const unknown = await play.inject({ method: 'GET', url: `/play/${'A'.repeat(43)}?lang=en` })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('Game not found')
    expect(shown(unknown.body)).not.toMatch(THAI)

    const { url } = await open('en', 'pgsoft', 'fortune_ox')
    t.clock.advance(3 * 60 * 60_000)
    try {
      const expired = await play.inject({ method: 'GET', url })
      expect(expired.statusCode).toBe(401)
      expect(expired.body).toContain('Your session has expired. Please open the game again.')
      expect(shown(expired.body)).not.toMatch(THAI)
    } finally {
      t.clock.advance(-3 * 60 * 60_000)
    }
  })
})

describe('logging', () => {
  it('never writes a session token to the log', async () => {
    const { session } = await playing(20)
    await play.inject({ method: 'GET', url: `/play/${session}` })
    await state(session)
    await round(session, { bet: 1 })
    await round(session, { bet: 3 })
    const log = logLines.join('')
    expect(log).toContain('/play/[hidden]')
    expect(log).not.toContain(session)
  })

  it('hides the token in every /play URL form', () => {
    expect(hideToken('/play/abc_DEF-123?lang=th')).toBe('/play/[hidden]?lang=th')
    expect(hideToken('/play/abc/state')).toBe('/play/[hidden]/state')
    expect(hideToken('/play/assets/demo-game.js')).toBe('/play/assets/demo-game.js')
  })
})
