import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mayOperator, type Game, type OperatorRole, type Provider } from '@sanam/contract'
import { useTestApp } from '../../../test/app.ts'
import { signedInPlayer } from '../../../test/money.ts'
import { signInOperator } from '../../../test/operators.ts'
import { buildApp, GAMES_CACHE_MS } from '../../app.ts'
import { auditLog } from '../../db/schema.ts'
import { manualClock } from '../../lib/clock.ts'

// Issue 20 §2 and §6: the catalogue editor. Providers and games created and edited in the back-office, every change
// audited with before and after, and the player lobby showing a maintenance switch within seconds, in this process at
// once and in every other one within its cache's time.

const t = useTestApp()
const ROLES: OperatorRole[] = ['owner', 'finance', 'support']
let counter = 0
const code = () => `h3_${Date.now().toString(36)}_${counter++}`

const providerBody = (overrides: Record<string, unknown> = {}) => ({
  code: code(),
  title: 'Siam Spins',
  image: '/media/uploads/abc123.png',
  types: ['SLOT'],
  maintenance: false,
  lobby: false,
  sort: 50,
  popularity: 10,
  adapter: 'demo',
  ...overrides,
})
const gameBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'golden_elephant',
  title: 'Golden Elephant',
  image: '/media/uploads/elephant.webp',
  type: 'SLOT',
  lobby: false,
  maintenance: false,
  popularity: 5,
  sort: 0,
  ...overrides,
})
const editor = () => signInOperator(t, 'support')
const lobbyProviders = async (app = t) => (await app.get('/api/games/providers')).json().data as Provider[]
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))

describe('creating a catalogue', () => {
  it('lets the roles of catalogue.manage create a provider and a game the lobby lists; others are refused and nothing is made', async () => {
    for (const role of ROLES) {
      const op = await signInOperator(t, role)
      const body = providerBody()
      const res = await t.post('/api/backoffice/catalogue/providers', body, op.token)
      expect(res.statusCode, `${role}: ${res.body}`).toBe(mayOperator(role, 'catalogue.manage') ? 200 : 403)
      expect(
        (await lobbyProviders()).some((p) => p.code === body.code),
        role,
      ).toBe(mayOperator(role, 'catalogue.manage'))
    }
    const op = await editor()
    const provider = providerBody()
    expect((await t.post('/api/backoffice/catalogue/providers', provider, op.token)).json()).toMatchObject({ data: { code: provider.code, games: 0 } })
    const game = await t.post(`/api/backoffice/catalogue/providers/${provider.code}/games`, gameBody(), op.token)
    expect(game.json(), game.body).toMatchObject({ success: true, message: expect.stringMatching(/ไม่กี่วินาที/), data: { code: 'golden_elephant' } })
    const games = (await t.get(`/api/games/${provider.code}`)).json().data as Game[]
    expect(games).toMatchObject([{ code: 'golden_elephant', title: 'Golden Elephant', type: 'SLOT', provider: provider.code }])

    const [created] = await auditOf('catalogue.games.create', provider.code)
    expect(created).toMatchObject({
      operatorId: op.id,
      before: null,
      after: { games: [{ id: game.json().data.id, code: 'golden_elephant', providerCode: provider.code, popularity: 5 }] },
    })
    const again = await t.post(`/api/backoffice/catalogue/providers/${provider.code}/games`, gameBody({ title: 'Another' }), op.token)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('รหัสเกมนี้มีอยู่แล้วในค่ายนี้')
    expect((await t.post('/api/backoffice/catalogue/providers', { ...providerBody(), code: provider.code }, op.token)).statusCode).toBe(409)
  })

  it('refuses bad input with a Thai message and changes nothing', async () => {
    const op = await editor()
    const existing = providerBody()
    await t.post('/api/backoffice/catalogue/providers', existing, op.token)
    const bad: Array<[string, Record<string, unknown>]> = [
      ['an image from elsewhere', { image: 'https://evil.example/x.png' }],
      ['a path outside /media', { image: '/etc/passwd' }],
      ['an upper-case code', { code: 'BAD CODE' }],
      ['no type', { types: [] }],
      ['an unknown type', { types: ['POKER'] }],
      ['a type twice', { types: ['SLOT', 'SLOT'] }],
      ['a huge popularity', { popularity: 10 ** 12 }],
      ['a fraction', { sort: 1.5 }],
      ['a text for a flag', { maintenance: 'yes' }],
      ['an empty title', { title: '   ' }],
      ['markup in the title', { title: '<script>' }],
      ['an unknown field', { owner: 'me' }],
    ]
    for (const [what, change] of bad) {
      const res = await t.post('/api/backoffice/catalogue/providers', providerBody(change), op.token)
      expect(res.statusCode, what).toBe(400)
      expect(res.json().message, what).toMatch(/[\u0E00-\u0E7F]/)
    }
    for (const [what, body] of [
      ['nothing to change', {}],
      ['an image from elsewhere', { image: 'http://x/y.png' }],
      ['a code (never changes)', { code: 'other' }],
    ] as const) {
      const res = await t.post(`/api/backoffice/catalogue/providers/${existing.code}`, body, op.token)
      expect(res.statusCode, what).toBe(400)
    }
    expect((await t.post('/api/backoffice/catalogue/providers/nosuch_provider', { lobby: true }, op.token)).statusCode).toBe(404)
    expect((await t.post('/api/backoffice/catalogue/games/999999999', { lobby: true }, op.token)).statusCode).toBe(404)
    expect((await t.post(`/api/backoffice/catalogue/providers/${existing.code}/games`, gameBody({ type: 'POKER' }), op.token)).statusCode).toBe(400)
    expect((await lobbyProviders()).find((p) => p.code === existing.code)).toMatchObject({ title: 'Siam Spins', image: '/media/uploads/abc123.png' })
  })
})

describe('editing what the lobby shows', () => {
  it('puts a provider in maintenance: the lobby shows it at once, a launch is refused, and the audit row has before and after', async () => {
    const op = await editor()
    const res = await t.post('/api/backoffice/catalogue/providers/pgsoft', { maintenance: true }, op.token)
    expect(res.statusCode, res.body).toBe(200)
    expect((await lobbyProviders()).find((p) => p.code === 'pgsoft')?.maintenance).toBe(true)
    const player = await signedInPlayer(t)
    const launch = await t.post('/api/portal/launch', { provider_id: 'pgsoft', game_code: 'fortune_ox', lang: 'th' }, player.token)
    expect(launch.json().message).toBe('ค่ายเกมนี้ปิดปรับปรุงชั่วคราว')
    const [row] = await auditOf('catalogue.provider.update', 'pgsoft')
    expect(row).toMatchObject({ operatorId: op.id, before: { maintenance: false, title: 'PG Soft' }, after: { maintenance: true, title: 'PG Soft' } })

    await t.post('/api/backoffice/catalogue/providers/pgsoft', { maintenance: false }, op.token)
    expect((await lobbyProviders()).find((p) => p.code === 'pgsoft')?.maintenance).toBe(false)
  })

  it('changes a game: maintenance, the lobby flag, its type, image and popularity order the popular list', async () => {
    const op = await editor()
    const games = (await t.get('/api/backoffice/catalogue/providers/jili/games', op.token)).json().data as Array<{ id: number; code: string }>
    const target = games.find((g) => g.code === 'crazy_777')!
    const res = await t.post(
      `/api/backoffice/catalogue/games/${target.id}`,
      { popularity: 1_000_000, maintenance: true, lobby: true, type: 'CRASH', image: '/media/uploads/crazy.png' },
      op.token,
    )
    expect(res.json(), res.body).toMatchObject({ data: { popularity: 1_000_000, maintenance: true, lobby: true, type: 'CRASH' } })
    const popular = (await t.get('/api/games/recommends')).json().data as Game[]
    expect(popular[0]).toMatchObject({ code: 'crazy_777', maintenance: true, type: 'CRASH', image: '/media/uploads/crazy.png' })
    const [row] = await auditOf('catalogue.game.update', String(target.id))
    expect(row?.before).toMatchObject({ type: 'SLOT', maintenance: false })
    expect(row?.after).toMatchObject({ type: 'CRASH', maintenance: true, popularity: 1_000_000 })
  })

  it('a second process sees the change within its cache time, without a restart', async () => {
    // Another server on the same database, with a clock of its own: its lobby answers from memory until the cache ends.
    const clock = manualClock(t.clock.now())
    const other = await buildApp({ config: t.config, database: t.database, clock, logger: false })
    try {
      const joker = async () =>
        ((await other.app.inject({ method: 'GET', url: '/api/games/providers' })).json().data as Provider[]).find((p) => p.code === 'joker')
      expect((await joker())?.maintenance).toBe(false)
      const op = await editor()
      expect((await t.post('/api/backoffice/catalogue/providers/joker', { maintenance: true }, op.token)).statusCode).toBe(200)
      expect((await lobbyProviders()).find((p) => p.code === 'joker')?.maintenance).toBe(true)
      // Still its copy from before the change for a few seconds: the bound the lobby promises.
      expect((await joker())?.maintenance).toBe(false)
      clock.advance(GAMES_CACHE_MS + 1)
      expect((await joker())?.maintenance).toBe(true)
      expect(GAMES_CACHE_MS).toBeLessThanOrEqual(10_000)
    } finally {
      await other.app.close()
    }
  })
})
