import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, useTestApp, type TestApp } from '../../../test/app.ts'
import { openStream, type OpenStream } from '../../../test/event-stream.ts'
import { fund, signedInPlayer } from '../../../test/money.ts'

// The live balance (issue 21 §4, ADR 049): GET /api/wallet/stream over a real socket, on PGlite and (api-postgres)
// PostgreSQL, where a money movement is heard through LISTEN/NOTIFY by every process.

const HEARTBEAT_MS = 100
const t = useTestApp({ deps: { streamHeartbeatMs: HEARTBEAT_MS }, verifyLedger: 'end' })
const open: OpenStream[] = []
afterEach(() => {
  for (const stream of open.splice(0)) stream.close()
})
async function stream(app: TestApp, token: string | undefined) {
  const s = await openStream(app, token)
  open.push(s)
  return s
}

describe('GET /api/wallet/stream', () => {
  it('refuses a missing or unknown token with 401 in Thai, before any stream opens', async () => {
    for (const token of [undefined, 'not-a-session-token']) {
      const res = await stream(t, token)
      expect(res.status).toBe(401)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: expect.stringMatching(/[\u0E00-\u0E7F]/) })
    }
  })

  it('sends the balance on connect, in the balance read’s shape, and again when a deposit is credited', async () => {
    const player = await signedInPlayer(t, {}, { cash: 250 })
    const s = await stream(t, player.token)
    expect(s.status).toBe(200)
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(s.headers.get('cache-control')).toBe('no-store')
    const first = await s.nextBalance()
    const read = (await t.get('/api/wallet/v2/balance', player.token)).json().data
    expect(first).toEqual(read)
    expect(first.balance).toBe(250)

    await fund(t, player, 100.25)
    expect((await s.nextBalance()).balance).toBe(350.25)
  })

  it('tells each player of their own money only', async () => {
    const [a, b] = [await signedInPlayer(t, {}, { cash: 10 }), await signedInPlayer(t, {}, { cash: 20 })]
    const [sa, sb] = [await stream(t, a.token), await stream(t, b.token)]
    expect((await sa.nextBalance()).balance).toBe(10)
    expect((await sb.nextBalance()).balance).toBe(20)
    await fund(t, a, 5)
    expect((await sa.nextBalance()).balance).toBe(15)
    // B's next event is its heartbeat, never A's balance.
    await sb.next((i) => i.kind === 'comment' && i.text === '')
    expect(sb.items.filter((i) => i.kind === 'event')).toHaveLength(1)
  })

  it('pushes a withdrawal too (money leaving), to every stream (tab) the player has open', async () => {
    const player = await signedInPlayer(t, {}, { cash: 500 })
    const [one, two] = [await stream(t, player.token), await stream(t, player.token)]
    for (const s of [one, two]) expect((await s.nextBalance()).balance).toBe(500)
    expect((await t.post('/api/wallet/withdraw', { amount: 200 }, player.token)).statusCode).toBe(200)
    for (const s of [one, two]) expect((await s.nextBalance()).balance).toBe(300)
  })

  it('holds at most STREAMS_PER_PLAYER (8) of one player’s streams: one more is 429 in Thai until one closes', async () => {
    const player = await signedInPlayer(t, {}, { cash: 40 })
    const held = []
    for (let i = 0; i < 8; i++) held.push(await stream(t, player.token))
    for (const s of held) expect((await s.nextBalance()).balance).toBe(40)
    const refused = await stream(t, player.token)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/[\u0E00-\u0E7F]/) })
    // A tab closed makes room for the next (once the server has seen it go).
    held[0]!.close()
    await expect.poll(async () => (await stream(t, player.token)).status).toBe(200)
    // Those held still get the player's money.
    await fund(t, player, 2)
    expect((await held[7]!.nextBalance()).balance).toBe(42)
  })

  it('sends nothing for a refused movement: a withdrawal over the balance changes no money', async () => {
    const player = await signedInPlayer(t, {}, { cash: 50 })
    const s = await stream(t, player.token)
    expect((await s.nextBalance()).balance).toBe(50)
    expect((await t.post('/api/wallet/withdraw', { amount: 80 }, player.token)).statusCode).toBe(422)
    await s.next((i) => i.kind === 'comment' && i.text === '')
    await s.next((i) => i.kind === 'comment' && i.text === '')
    expect(s.items.filter((i) => i.kind === 'event')).toHaveLength(1)
  })

  it('sends heartbeats (comment lines) while nothing changes', async () => {
    const player = await signedInPlayer(t)
    const s = await stream(t, player.token)
    await s.nextBalance()
    for (let i = 0; i < 3; i++) await s.next((item) => item.kind === 'comment' && item.text === '')
    expect(s.items.some((i) => i.kind === 'end')).toBe(false)
  })

  it('ends on sign-out, and the token then gets 401', async () => {
    const player = await signedInPlayer(t)
    const s = await stream(t, player.token)
    await s.nextBalance()
    expect((await t.post('/api/auth/logout', undefined, player.token)).statusCode).toBe(200)
    await s.ended()
    // Said before the close, so the app does not reconnect.
    expect(s.items.at(-2)).toMatchObject({ kind: 'event', event: { event: 'end', data: '{"reason":"session"}' } })
    expect((await stream(t, player.token)).status).toBe(401)
  })

  it('ends when a password change elsewhere ends every session of the player', async () => {
    const player = await signedInPlayer(t)
    const other = await signedInPlayer(t)
    const [mine, theirs] = [await stream(t, player.token), await stream(t, other.token)]
    await mine.nextBalance()
    await theirs.nextBalance()
    expect((await t.post('/api/user/@me/password', { old: player.password, new: 'brand-new-1' }, player.token)).statusCode).toBe(200)
    await mine.ended()
    await theirs.next((i) => i.kind === 'comment' && i.text === '')
    expect(theirs.items.some((i) => i.kind === 'end')).toBe(false)
  })

  it('ends when the session expires, at the first heartbeat after', async () => {
    const player = await signedInPlayer(t)
    const s = await stream(t, player.token)
    await s.nextBalance()
    // SESSION_TTL_HOURS is 168 (a week), however active the session.
    t.clock.advance(169 * 3_600_000)
    await s.ended()
    expect((await stream(t, player.token)).status).toBe(401)
  })
})

describe.runIf(process.env.SANAM_TEST_DB === 'postgres')('the notification listener lost (PostgreSQL)', () => {
  const lost = useTestApp({ deps: { streamHeartbeatMs: HEARTBEAT_MS } })

  it('ends every stream and answers 503 until it is back, then streams again', async () => {
    const t = lost
    const listener = t.sessions.listener!
    const player = await signedInPlayer(t, {}, { cash: 30 })
    const s = await stream(t, player.token)
    expect((await s.nextBalance()).balance).toBe(30)
    const offline = listener.next('offline')
    const online = listener.next('online')
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sanam-listener' and datname = current_database()`)
    await offline
    // Another process's deposit now would go unheard: the stream ends (the app polls meanwhile) and none opens.
    await s.ended()
    const refused = await stream(t, player.token)
    expect(refused.status).toBe(503)
    expect(refused.body).toMatchObject({ success: false, code: 'DEPENDENCY_DOWN' })
    await online
    const again = await stream(t, player.token)
    expect((await again.nextBalance()).balance).toBe(30)
    await fund(t, player, 1)
    expect((await again.nextBalance()).balance).toBe(31)
  })
})

describe('a session left idle', () => {
  const idle = useTestApp({ config: { SESSION_IDLE_MINUTES: '60' }, deps: { streamHeartbeatMs: HEARTBEAT_MS } })

  it('ends the stream: an open stream alone does not keep the session alive', async () => {
    const player = await signedInPlayer(idle)
    const s = await stream(idle, player.token)
    await s.nextBalance()
    // 59 minutes of heartbeats: still live, and none of them counted as use.
    idle.clock.advance(59 * 60_000)
    for (let i = 0; i < 3; i++) await s.next((item) => item.kind === 'comment' && item.text === '')
    expect(s.items.some((i) => i.kind === 'end')).toBe(false)
    idle.clock.advance(2 * 60_000)
    await s.ended()
    expect((await stream(idle, player.token)).status).toBe(401)
  })
})

describe('two processes on one database', () => {
  let other: TestApp
  beforeAll(async () => {
    other = await buildTestApp({ sharing: t.database, deps: { streamHeartbeatMs: HEARTBEAT_MS } })
    other.clock.set(t.clock.now())
  })
  afterAll(async () => {
    for (const s of open.splice(0)) s.close()
    await other.close()
  })

  it('a deposit credited through one reaches a stream held on the other', async () => {
    const player = await signedInPlayer(t, {}, { cash: 40 })
    const s = await stream(other, player.token)
    expect((await s.nextBalance()).balance).toBe(40)
    await fund(t, player, 60)
    expect((await s.nextBalance()).balance).toBe(100)
  })

  // The embedded database is one process: there, revocations are not broadcast (ADR 010).
  it.runIf(process.env.SANAM_TEST_DB === 'postgres')('a sign-out through one ends the stream held on the other at once', async () => {
    const player = await signedInPlayer(t)
    const s = await stream(other, player.token)
    await s.nextBalance()
    expect((await t.post('/api/auth/logout', undefined, player.token)).statusCode).toBe(200)
    // Sooner than the other process's session cache would forget the token by itself (30 s).
    await s.ended(2_000)
  })
})
