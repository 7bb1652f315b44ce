import type { SeamlessOp } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import type { GamesRepository } from '../games/games.repository.ts'
import type { PortalRepository } from '../portal/portal.repository.ts'
import { sha256 } from '../../lib/crypto.ts'
import { manualClock } from '../../lib/clock.ts'
import { fakeDb } from '../../../test/fakes/db.ts'
import { fakeLedger } from '../../../test/fakes/ledger.ts'
import { fakeSeamlessRepository } from '../../../test/fakes/seamless.ts'
import { createSeamlessService } from './seamless.service.ts'

// The seamless handler on fakes (ADR 018): what it answers before any money moves, and the money rules of a bet
// through the batching with the repository and ledger in memory. Batching, savepoints and commits on a real database
// are the route tier's (seamless.*.routes.test.ts).

const PLAYER = 7
const SESSION = 70

function setup() {
  const clock = manualClock()
  const money = fakeLedger()
  const store = fakeSeamlessRepository(money.ledger)
  const tokens = new Map<string, { id: number; playerId: number; providerCode: string; expiresAt: Date }>()
  const launch = (token: string, providerCode = 'pgsoft', minutes = 120) => {
    tokens.set(sha256(token).toString('base64'), { id: SESSION, playerId: PLAYER, providerCode, expiresAt: new Date(clock.now().getTime() + minutes * 60_000) })
    store.sessionPlayers.set(SESSION, PLAYER)
  }
  const gamesRepository = { provider: async (_db: unknown, code: string) => (code === 'pgsoft' ? { code } : undefined) } as unknown as Pick<
    GamesRepository,
    'provider'
  >
  const portalRepository = {
    findSession: async (_db: unknown, hash: Buffer) => {
      const session = tokens.get(hash.toString('base64'))
      return session ? { session, playerStatus: 'ACTIVE' } : undefined
    },
  } as unknown as Pick<PortalRepository, 'findSession'>
  const sut = createSeamlessService({
    db: fakeDb(),
    ledger: money.ledger,
    clock,
    gamesRepository,
    portalRepository,
    seamlessRepository: store.repository,
    lanes: 1,
  })
  const call = (op: SeamlessOp, body: Record<string, unknown>, provider = 'pgsoft') => sut.handle(provider, op, body, JSON.stringify(body))
  return { sut, clock, money, store, launch, call }
}

const bet = (txId: string, amount = '10.00', roundId = 'r-1') => ({ request_id: `q-${txId}`, session_token: 'tok', tx_id: txId, round_id: roundId, amount })

describe('the seamless handler before money moves', () => {
  it('answers an unknown provider 404, and logs the call with its answer', async () => {
    const { call, store } = setup()
    const result = await call('balance', { request_id: 'q', session_token: 'tok' }, 'nobody')
    expect(result.httpStatus).toBe(404)
    expect(store.log).toEqual([expect.objectContaining({ op: 'balance', httpStatus: 404 })])
  })

  it('refuses a body its operation does not accept with a 400 and the Thai reason', async () => {
    const { call, launch } = setup()
    launch('tok')
    const result = await call('bet', { ...bet('t-1'), amount: '0.00' })
    expect(result).toMatchObject({ httpStatus: 400, answer: { status: 'BAD_REQUEST', message: expect.stringMatching(/[\u0E00-\u0E7F]/) } })
  })

  it('answers INVALID_SESSION for a token of no launch or of another provider', async () => {
    const { call, launch } = setup()
    expect((await call('balance', { request_id: 'q', session_token: 'tok' })).answer.status).toBe('INVALID_SESSION')
    launch('tok', 'jili')
    expect((await call('balance', { request_id: 'q', session_token: 'tok' })).answer.status).toBe('INVALID_SESSION')
  })

  it("answers the player's cash for a balance call", async () => {
    const { call, launch, money } = setup()
    launch('tok')
    money.fund(PLAYER, 12_345n)
    expect((await call('balance', { request_id: 'q', session_token: 'tok' })).answer).toMatchObject({ status: 'OK', balance: '123.45' })
  })
})

describe('a bet on the fakes', () => {
  it('takes the stake from cash once: the same tx_id again moves nothing more', async () => {
    const { call, launch, money } = setup()
    launch('tok')
    money.fund(PLAYER, 10_000n)
    expect((await call('bet', bet('t-1'))).answer).toMatchObject({ status: 'OK', balance: '90.00' })
    const again = await call('bet', bet('t-1'))
    expect(again.answer.balance).toBe('90.00')
    expect(money.balance(PLAYER)).toBe(9_000n)
    expect(money.transfers).toHaveLength(1)
  })

  it('refuses a stake above the cash and moves nothing', async () => {
    const { call, launch, money } = setup()
    launch('tok')
    money.fund(PLAYER, 500n)
    expect((await call('bet', bet('t-1'))).answer).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '5.00' })
    expect(money.balance(PLAYER)).toBe(500n)
    expect(money.transfers).toHaveLength(0)
  })

  it('refuses a bet on a game session revoked since the launch (a logout, a lock)', async () => {
    const { call, launch, money, store } = setup()
    launch('tok')
    money.fund(PLAYER, 10_000n)
    store.revokedSessions.add(SESSION)
    expect((await call('bet', bet('t-1'))).answer.status).not.toBe('OK')
    expect(money.balance(PLAYER)).toBe(10_000n)
  })
})

describe('closing stale rounds', () => {
  it('closes the rounds left open longer than the stale minutes, and only those', async () => {
    const { sut, call, launch, money, clock, store } = setup()
    launch('tok')
    money.fund(PLAYER, 10_000n)
    await call('bet', bet('t-1', '1.00', 'old'))
    clock.advance(50 * 60_000)
    await call('bet', bet('t-2', '1.00', 'new'))
    clock.advance(20 * 60_000)
    expect(await sut.closeStaleRounds(60)).toBe(1)
    expect([...store.rounds.values()].map((r) => r.status)).toEqual(['CLOSED', 'OPEN'])
  })
})
