import { describe, expect, it } from 'vitest'
import { makeCache } from '../../test/session-cache.ts'
import { sha256 } from './crypto.ts'
import { parseRevocation } from './session-cache.ts'

const HOUR = 3_600_000

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
