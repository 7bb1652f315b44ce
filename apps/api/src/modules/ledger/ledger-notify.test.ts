import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { ledgerRepository } from './ledger.repository.ts'
import { createLedger, type TransferRequest } from './ledger.service.ts'

// The ledger's hook for the live balance (ADR 049): told, in the transaction, which players' money moved.
const t = useTestApp({ verifyLedger: 'end' })

function ledgerTelling(told: number[][]) {
  return createLedger({
    clock: t.clock,
    ledgerRepository,
    onBalancesChanged: async (_tx, playerIds) => {
      told.push([...playerIds])
    },
  })
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
    const told: number[][] = []
    const ledger = ledgerTelling(told)
    await t.db.transaction((tx) =>
      ledger.transferMany(tx, [
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
    expect(told).toEqual([[Math.min(a.id, b.id), Math.max(a.id, b.id)]])
  })

  it('nobody for a replay, which moves nothing', async () => {
    const player = await makePlayer(t.db)
    const told: number[][] = []
    const ledger = ledgerTelling(told)
    const request = credit(player.id, 100n)
    await t.db.transaction((tx) => ledger.transferMany(tx, [request]))
    await t.db.transaction((tx) => ledger.transferMany(tx, [request]))
    expect(told).toEqual([[player.id]])
  })

  it('nobody when the movement is refused (insufficient funds)', async () => {
    const player = await makePlayer(t.db)
    const told: number[][] = []
    const ledger = ledgerTelling(told)
    const overdraw = t.db.transaction((tx) =>
      ledger.transferMany(tx, [
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
    expect(told).toEqual([])
  })
})
