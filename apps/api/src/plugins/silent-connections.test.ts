import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../test/app.ts'
import { connectionsOf, silentConnection } from '../../test/connections.ts'
import { listening, openStream } from '../../test/event-stream.ts'
import { signedInPlayer } from '../../test/money.ts'

describe('closing the app while clients hold connections', () => {
  it('closes a connection that never began a request, and lets a live stream end as it should', async () => {
    const t = await buildTestApp()
    const base = await listening(t)
    const player = await signedInPlayer(t, {}, { cash: 30 })
    const stream = await openStream(t, player.token)
    expect((await stream.nextBalance()).balance).toBe(30)
    const port = Number(new URL(base).port)
    const silent = [await silentConnection(port), await silentConnection(port)]
    const dropped = silent.map((socket) => once(socket, 'close'))
    // The server has taken both in (a connection still in the accept queue would not count).
    await expect.poll(() => connectionsOf(t.app.server)).toBe(3)

    // Without the close of silent connections Node 20 waits for these clients to hang up, which they never do: the
    // close would not finish (the test times out).
    await t.close()
    await Promise.all(dropped)
    // The stream was ended by the app, not cut: its client saw it end.
    await stream.ended()
    for (const socket of silent) expect(socket.destroyed).toBe(true)
  })
})
