import { describe, expect, it } from 'vitest'
import { Game, Provider } from '@sanam/contract'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { loginPlayer } from '../../../test/money.ts'
import { CATALOGUE } from './catalogue-seed.ts'

const t = useTestApp()

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

describe('game catalogue', () => {
  it("lists the spec's providers with fitting types, a few in maintenance", async () => {
    const res = await get('/api/games/providers')
    expect(res.statusCode).toBe(200)
    const list = res.json().data.map((p: unknown) => Provider.parse(p))
    const codes = list.map((p: Provider) => p.code)
    for (const code of [
      'awcsexy',
      'sagaming',
      'wm',
      'evo',
      'joker',
      'pgsoft_th_v1',
      'pgsoft',
      'pragmaticplay',
      'amb_pgsoft',
      'cq9',
      'evo_redtiger',
      'spadegaming',
      'jili',
      'rich88',
      'jdb',
      'kingmaker',
      'sbo',
      'saba',
    ]) {
      expect(codes).toContain(code)
    }
    expect(list.find((p: Provider) => p.code === 'sbo')?.type).toContain('SPORT')
    expect(list.some((p: Provider) => p.maintenance)).toBe(true)
  })

  it('has 8-30 games per provider, Joker FUNKY games, fishing games, and Cash Or Crash under evo', async () => {
    for (const p of CATALOGUE) {
      const games = (await get(`/api/games/${p.code}`)).json().data.map((g: unknown) => Game.parse(g))
      expect(games.length, p.code).toBeGreaterThanOrEqual(8)
      expect(games.length, p.code).toBeLessThanOrEqual(30)
      for (const g of games) expect((await get(g.image)).statusCode, g.image).toBe(200)
    }
    const joker = (await get('/api/games/joker')).json().data as Game[]
    expect(joker.filter((g) => g.type === 'FUNKY').length).toBeGreaterThanOrEqual(3)
    const evo = (await get('/api/games/evo')).json().data as Game[]
    expect(evo.find((g) => g.title === 'Cash Or Crash')).toBeTruthy()
    const fishing = (await get('/api/games/fishing')).json().data as Game[]
    expect(fishing.length).toBeGreaterThanOrEqual(5)
    expect(fishing.every((g) => g.type === 'FISHING')).toBe(true)
  })

  it('answers popular games and providers, most popular first', async () => {
    const games = (await get('/api/games/recommends')).json().data as Game[]
    expect(games.length).toBeGreaterThan(5)
    for (let i = 1; i < games.length; i++) expect(games[i - 1]!.popularity).toBeGreaterThanOrEqual(games[i]!.popularity)
    const providers = (await get('/api/games/providers/recommends')).json().data as Provider[]
    expect(providers.length).toBeGreaterThan(3)
  })

  it('is revalidated, never reused blind: an ETag and a 304 for a client that has it', async () => {
    const first = await get('/api/games/providers')
    // A browser asks every time (a maintenance switch shows at once); unchanged, the answer is an empty 304.
    expect(first.headers['cache-control']).toContain('no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    const again = await get('/api/games/providers', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('answers 404 for an unknown provider and 400 for a malformed code', async () => {
    expect((await get('/api/games/nosuch')).statusCode).toBe(404)
    expect((await get('/api/games/BAD-CODE!')).statusCode).toBe(400)
  })
})

describe('POST /api/portal/launch and /lobby', () => {
  async function player() {
    const p = await makePlayer(t.db)
    return loginPlayer(t, p)
  }
  const launch = (token: string, payload: unknown) => t.post('/api/portal/launch', payload as object, token)

  it('answers a demo play URL bound to a new session', async () => {
    const token = await player()
    const res = await launch(token, { provider_id: 'evo', lang: 'th', game_code: 'cash_or_crash' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.url).toMatch(/^\/play\/[\w-]{40,}\?lang=th$/)
    const other = await launch(token, { provider_id: 'evo', lang: 'th', game_code: 'cash_or_crash' })
    expect(other.json().data.url).not.toBe(res.json().data.url)
  })

  it.each([
    ['an unknown provider', { provider_id: 'nosuch', lang: 'th', game_code: 'x' }, 404],
    ['an unknown game', { provider_id: 'pgsoft', lang: 'th', game_code: 'nosuch' }, 404],
    ['a provider in maintenance', { provider_id: 'jdb', lang: 'th', game_code: 'kong' }, 422],
    ['a game in maintenance', { provider_id: 'evo', lang: 'th', game_code: 'monopoly_board_live' }, 422],
    ['a bad language', { provider_id: 'pgsoft', lang: 'fr', game_code: 'fortune_ox' }, 400],
    ['no game code', { provider_id: 'pgsoft', lang: 'th' }, 400],
    ['an extra field', { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox', player: 2 }, 400],
  ])('refuses %s with a Thai message', async (_name, payload, status) => {
    const res = await launch(await player(), payload)
    expect(res.statusCode).toBe(status)
    expect(res.json().message).toMatch(/[\u0E00-\u0E7F]/)
  })

  it('opens a provider lobby only where the provider has one', async () => {
    const token = await player()
    const ok = await t.post('/api/portal/lobby', { provider_id: 'sbo', lang: 'th' }, token)
    expect(ok.statusCode).toBe(200)
    const none = await t.post('/api/portal/lobby', { provider_id: 'pgsoft', lang: 'th' }, token)
    expect(none.statusCode).toBe(422)
  })

  it('needs a session', async () => {
    const res = await t.post('/api/portal/launch', { provider_id: 'pgsoft', lang: 'th', game_code: 'fortune_ox' })
    expect(res.statusCode).toBe(401)
  })
})
