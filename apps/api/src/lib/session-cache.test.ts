import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { manualClock } from './clock.ts'
import { sha256 } from './crypto.ts'
import { createSessionCache, listenForRevocations, parseRevocation, SESSION_REVOKED_CHANNEL, type ListenClient } from './session-cache.ts'

const HOUR = 3_600_000

function makeCache(options: { ttlSeconds?: number; idleSeconds?: number; maxEntries?: number; broadcast?: boolean } = {}) {
  const clock = manualClock()
  const sut = createSessionCache({ clock, ttlSeconds: options.ttlSeconds ?? 30, ...options })
  let nextSession = 1
  /** Caches a new session of `playerId` the way authenticate does, and answers its token hash. */
  const fill = (playerId: number, expiresInMs = HOUR) => {
    const hash = sha256(`token-${nextSession}`)
    const ok = sut.set(hash, { playerId, sessionId: nextSession++, expiresAt: new Date(clock.now().getTime() + expiresInMs), lastSeenAt: clock.now() }, sut.ticket())
    return { hash, ok }
  }
  return { sut, clock, fill }
}

describe('session cache', () => {
  it('answers a cached session until the TTL, then asks the database again', () => {
    const { sut, clock, fill } = makeCache({ ttlSeconds: 30 })
    const { hash } = fill(7)
    clock.advance(29_999)
    expect(sut.get(hash)).toMatchObject({ playerId: 7 })
    clock.advance(1)
    expect(sut.get(hash)).toBeUndefined()
    expect(sut.size).toBe(0)
  })

  it('does not serve a session idle longer than idleSeconds, unless it was seen meanwhile', () => {
    const { sut, clock, fill } = makeCache({ ttlSeconds: 300, idleSeconds: 120 })
    const idle = fill(7)
    const used = fill(8)
    clock.advance(100_000)
    sut.seen(used.hash, clock.now())
    clock.advance(20_000)
    expect(sut.get(idle.hash)).toBeUndefined()
    expect(sut.get(used.hash)).toMatchObject({ playerId: 8 })
    clock.advance(100_000)
    expect(sut.get(used.hash)).toBeUndefined()
  })

  it('never keeps an entry past the session’s own expiry', () => {
    const { sut, clock, fill } = makeCache({ ttlSeconds: 30 })
    const { hash } = fill(7, 10_000)
    clock.advance(9_999)
    expect(sut.get(hash)).toBeDefined()
    clock.advance(1)
    expect(sut.get(hash)).toBeUndefined()
    // An already expired session is not kept at all.
    expect(fill(7, 0).ok).toBe(false)
  })

  it('does not trust an entry when the clock went back', () => {
    const { sut, clock, fill } = makeCache()
    const { hash } = fill(7)
    clock.advance(-1)
    expect(sut.get(hash)).toBeUndefined()
  })

  it('is bounded: past maxEntries the least recently used entry goes', () => {
    const { sut, fill } = makeCache({ maxEntries: 3 })
    const a = fill(1)
    const b = fill(2)
    const c = fill(3)
    expect(sut.get(a.hash)).toBeDefined() // a is now the most recently used
    const d = fill(4)
    expect(sut.size).toBe(3)
    expect(sut.get(b.hash)).toBeUndefined()
    for (const kept of [a, c, d]) expect(sut.get(kept.hash)).toBeDefined()
    for (let i = 0; i < 100; i++) fill(10 + i)
    expect(sut.size).toBe(3)
  })

  it('evicts one session of a player, or all of them', () => {
    const { sut, fill } = makeCache()
    const a = fill(1)
    const b = fill(1)
    const other = fill(2)
    const bSession = sut.get(b.hash)!.sessionId
    sut.evict({ playerId: 1, sessionId: bSession })
    expect(sut.get(b.hash)).toBeUndefined()
    expect(sut.get(a.hash)).toBeDefined()
    sut.evict({ playerId: 1 })
    expect(sut.get(a.hash)).toBeUndefined()
    expect(sut.get(other.hash)).toBeDefined()
  })

  it('refuses a fill read before an eviction (it may carry the session just revoked)', () => {
    const { sut, clock } = makeCache()
    const hash = sha256('raced')
    const ticket = sut.ticket()
    sut.evict({ playerId: 99 })
    expect(sut.set(hash, { playerId: 1, sessionId: 1, expiresAt: new Date(clock.now().getTime() + HOUR), lastSeenAt: clock.now() }, ticket)).toBe(false)
    expect(sut.get(hash)).toBeUndefined()
  })

  it('with TTL 0 keeps nothing', () => {
    const { sut, fill } = makeCache({ ttlSeconds: 0 })
    expect(sut.enabled).toBe(false)
    const { hash, ok } = fill(1)
    expect(ok).toBe(false)
    expect(sut.get(hash)).toBeUndefined()
  })

  it('when it broadcasts, serves nothing until the listener is online, and forgets everything when it goes offline', () => {
    const { sut, fill } = makeCache({ broadcast: true })
    expect(fill(1).ok).toBe(false)
    sut.setOnline(true)
    const { hash } = fill(1)
    expect(sut.get(hash)).toBeDefined()
    sut.setOnline(false)
    expect(sut.size).toBe(0)
    expect(fill(1).ok).toBe(false)
    sut.setOnline(true)
    expect(sut.get(hash)).toBeUndefined()
  })

  it('reads only well-formed revocation payloads', () => {
    expect(parseRevocation('{"playerId":5,"sessionId":9}')).toEqual({ playerId: 5, sessionId: 9 })
    expect(parseRevocation('{"playerId":5}')).toEqual({ playerId: 5 })
    for (const bad of [undefined, '', 'nope', '{}', '{"playerId":"5"}', '{"playerId":5,"sessionId":1.5}', 'null']) expect(parseRevocation(bad)).toBeNull()
  })
})

/** A node-postgres client stand-in: tests make it fail to connect, deliver notifications and drop the connection. */
class FakeClient extends EventEmitter implements ListenClient {
  queries: string[] = []
  ended = false
  constructor(private readonly failConnect: boolean) {
    super()
  }
  async connect() {
    if (this.failConnect) throw new Error('connection refused')
  }
  async query(text: string) {
    this.queries.push(text)
  }
  async end() {
    this.ended = true
  }
  notify(payload: string, channel = SESSION_REVOKED_CHANNEL) {
    this.emit('notification', { channel, payload })
  }
  drop() {
    this.emit('error', new Error('terminating connection due to administrator command'))
    this.emit('end')
  }
}

/** `plan[i]` false: the i-th connection fails; `waitForever`: the first backoff wait never ends (until close). */
function makeListener(plan: boolean[], options: { waitForever?: boolean } = {}) {
  const { sut: cache, fill } = makeCache({ broadcast: true })
  const clients: FakeClient[] = []
  const waits: number[] = []
  const warnings: string[] = []
  const listener = listenForRevocations({
    cache,
    // Each new connection fails or succeeds as planned; past the plan, they succeed.
    createClient: () => {
      const client = new FakeClient(plan[clients.length] === false)
      clients.push(client)
      return client
    },
    log: { info: () => undefined, warn: (_details, message) => void warnings.push(message) },
    retryMs: { first: 100, max: 1_000 },
    sleep: (ms) => {
      waits.push(ms)
      return options.waitForever ? new Promise<void>(() => undefined) : Promise.resolve()
    },
  })
  return { listener, cache, fill, clients, waits, warnings }
}

describe('revocation listener', () => {
  it('listens, and evicts what another process revoked', async () => {
    const { listener, cache, fill, clients } = makeListener([true])
    try {
      await listener.started
      expect(listener.online).toBe(true)
      expect(clients[0]!.queries).toEqual([`LISTEN ${SESSION_REVOKED_CHANNEL}`])
      const mine = fill(1)
      const other = fill(2)
      const applied = listener.next('revoked')
      clients[0]!.notify(JSON.stringify({ playerId: 1 }))
      expect((await applied).revocation).toEqual({ playerId: 1 })
      expect(cache.get(mine.hash)).toBeUndefined()
      expect(cache.get(other.hash)).toBeDefined()
      // Other channels and malformed payloads change nothing.
      clients[0]!.notify(JSON.stringify({ playerId: 2 }), 'something_else')
      clients[0]!.notify('garbage')
      expect(cache.get(other.hash)).toBeDefined()
    } finally {
      await listener.close()
    }
  })

  it('on a lost connection clears and bypasses the cache, then reconnects with growing waits and starts empty', async () => {
    const { listener, cache, fill, clients, waits, warnings } = makeListener([true, false, false, true])
    try {
      await listener.started
      const before = fill(1)
      expect(cache.get(before.hash)).toBeDefined()

      const offline = listener.next('offline')
      const online = listener.next('online')
      clients[0]!.drop()
      await offline
      expect(cache.size).toBe(0)
      expect(warnings[0]).toMatch(/bypassed/)

      await online
      expect(clients).toHaveLength(4)
      expect(waits).toEqual([100, 200, 400])
      expect(clients.slice(0, 3).every((c) => c.ended)).toBe(true)
      expect(cache.get(before.hash)).toBeUndefined()
      expect(fill(1).ok).toBe(true)
    } finally {
      await listener.close()
    }
  })

  it('serves nothing while it cannot connect at all', async () => {
    const { listener, cache, fill, waits } = makeListener([false], { waitForever: true })
    try {
      await listener.started
      expect(listener.online).toBe(false)
      expect(cache.online).toBe(false)
      expect(fill(1).ok).toBe(false)
      expect(waits).toEqual([100])
    } finally {
      await listener.close()
    }
  })

  it('stops on close: the connection is ended and nothing reconnects', async () => {
    const { listener, clients, cache } = makeListener([true])
    await listener.started
    await listener.close()
    expect(clients).toHaveLength(1)
    expect(clients[0]!.ended).toBe(true)
    expect(cache.online).toBe(false)
  })
})
