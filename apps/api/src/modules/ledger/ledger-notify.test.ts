import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { transfersWhere } from '../../../test/money.ts'
import { transfers } from '../../db/schema.ts'
import { postgresListenClient } from '../../lib/notification-listener.ts'
import { BALANCE_CHANGED_CHANNEL } from '../wallet/balance-stream.ts'
import { ledgerRepository } from './ledger.repository.ts'
import type { TransferRequest } from './ledger.service.ts'

// The ledger names the players whose money moved on the live balance's channel (ADR 049), in the statement that moves
// it (ADR 061): heard when the transaction commits, never for a replay or a refusal. Listened to here as the app's
// listener does, on PostgreSQL through a connection of its own, on the embedded database through its own LISTEN.
const t = useTestApp({ verifyLedger: 'end' })

const MARKER = 'marker'
let heard: string[] = []
let stopListening: () => Promise<void> = async () => undefined

beforeAll(async () => {
  const onPayload = (payload: string | undefined) => heard.push(payload ?? '')
  if (t.database.listen) {
    stopListening = await t.database.listen(BALANCE_CHANGED_CHANNEL, onPayload)
    return
  }
  const client = postgresListenClient(t.db)()
  await client.connect()
  client.on('notification', (message) => {
    if (message.channel === BALANCE_CHANGED_CHANNEL) onPayload(message.payload)
  })
  await client.query(`listen ${BALANCE_CHANGED_CHANNEL}`)
  stopListening = async () => void (await client.end())
})
afterAll(() => stopListening())

/**
 * What the channel carried since the last call: a marker is sent in a transaction of its own after the work, and
 * notifications arrive in commit order, so everything the work sent has arrived once the marker has.
 */
async function heardSinceLastTime(): Promise<string[]> {
  await t.db.execute(sql`select pg_notify(${BALANCE_CHANGED_CHANNEL}, ${MARKER})`)
  await expect.poll(() => heard.includes(MARKER), { interval: 5 }).toBe(true)
  const before = heard.slice(0, heard.indexOf(MARKER))
  heard = heard.slice(heard.indexOf(MARKER) + 1)
  return before
}

const credit = (player: number, amount: bigint, key = `notify:${crypto.randomUUID()}`): TransferRequest => ({
  key,
  from: { house: 'adjustment' },
  to: { player, kind: 'cash' },
  amount,
  kind: 'adjustment',
  reference: `test:${player}`,
})

describe('the ledger tells which players’ money moved', () => {
  it('each affected player once, in id order, however many transfers touch them', async () => {
    const [a, b] = [await makePlayer(t.db), await makePlayer(t.db)]
    await heardSinceLastTime()
    await t.db.transaction((tx) =>
      t.services.ledger.transferMany(tx, [
        credit(b.id, 300n),
        credit(a.id, 100n),
        {
          key: `notify:${crypto.randomUUID()}`,
          from: { player: b.id, kind: 'cash' },
          to: { player: a.id, kind: 'cash' },
          amount: 50n,
          kind: 'test',
          reference: 'x',
        },
      ]),
    )
    expect(await heardSinceLastTime()).toEqual([String(Math.min(a.id, b.id)), String(Math.max(a.id, b.id))])
  })

  it('nobody for a replay, which moves nothing', async () => {
    const player = await makePlayer(t.db)
    const request = credit(player.id, 100n)
    await heardSinceLastTime()
    await t.db.transaction((tx) => t.services.ledger.transferMany(tx, [request]))
    expect(await heardSinceLastTime()).toEqual([String(player.id)])
    await t.db.transaction((tx) => t.services.ledger.transferMany(tx, [request]))
    expect(await heardSinceLastTime()).toEqual([])
  })

  it('nobody when the movement is refused (insufficient funds)', async () => {
    const player = await makePlayer(t.db)
    await heardSinceLastTime()
    const overdraw = t.db.transaction((tx) =>
      t.services.ledger.transferMany(tx, [
        {
          key: `notify:${crypto.randomUUID()}`,
          from: { player: player.id, kind: 'cash' },
          to: { house: 'bank_out' },
          amount: 1n,
          kind: 'test',
          reference: 'x',
        },
      ]),
    )
    await expect(overdraw).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    expect(await heardSinceLastTime()).toEqual([])
  })

  it('a refused debit writes no transfer and names nobody, even in a transaction that then commits', async () => {
    // The statement itself, as a careless caller might use it (the ledger service throws INSUFFICIENT_FUNDS first):
    // the refusal must not leave a transfer without its balance change behind.
    const player = await makePlayer(t.db)
    await heardSinceLastTime()
    const ids = await ledgerRepository.accountIds(t.db, [
      { playerId: player.id, kind: 'cash' },
      { playerId: null, kind: 'bank_out' },
    ])
    const [cash, bankOut] = [ids.get(`player:${player.id}:cash`)!, ids.get('house:bank_out')!]
    const reference = `refused:${crypto.randomUUID()}`
    const moved = await t.db.transaction((tx) =>
      ledgerRepository.move(tx, {
        deltas: [{ accountId: cash, delta: -100n }],
        transfers: [
          { idempotencyKey: reference, debitAccountId: cash, creditAccountId: bankOut, amount: 100n, kind: 'test', reference, createdAt: t.clock.now() },
        ],
        notify: { channel: BALANCE_CHANGED_CHANNEL, playerIds: [player.id] },
      }),
    )
    expect(moved.balances.size).toBe(0)
    expect(moved.inserted.size).toBe(0)
    expect(await transfersWhere(t, eq(transfers.reference, reference))).toEqual([])
    expect(await heardSinceLastTime()).toEqual([])
    expect((await t.services.ledger.balances(t.db, player.id)).cash).toBe(0n)
  })
})
