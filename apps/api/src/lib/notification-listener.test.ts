import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { revocationChannel, SESSION_REVOKED_CHANNEL } from './session-cache.ts'
import { makeCache } from '../../test/session-cache.ts'
import { listenForNotifications, type ListenClient } from './notification-listener.ts'

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
  const listener = listenForNotifications({
    channels: [revocationChannel(cache)],
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

describe('notification listener (the session revocation channel)', () => {
  it('listens, and evicts what another process revoked', async () => {
    const { listener, cache, fill, clients } = makeListener([true])
    try {
      await listener.started
      expect(listener.online).toBe(true)
      expect(clients[0]!.queries).toEqual([`LISTEN ${SESSION_REVOKED_CHANNEL}`])
      const mine = fill(1)
      const other = fill(2)
      const applied = listener.next('notified')
      clients[0]!.notify(JSON.stringify({ playerId: 1 }))
      expect(await applied).toEqual({ type: 'notified', channel: SESSION_REVOKED_CHANNEL, detail: { playerId: 1 } })
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
