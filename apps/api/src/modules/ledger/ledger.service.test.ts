import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { transfersWhere } from '../../../test/money.ts'
import { transfers, withdrawals } from '../../db/schema.ts'

let failWithdrawHold = false
const t = useTestApp({
  deps: {
    ledgerFaults: {
      afterDebit: (request) => {
        if (request.key.startsWith('fault:') || failWithdrawHold) throw new Error('injected fault between ledger steps')
      },
    },
  },
  verifyLedger: 'end',
})

async function credit(playerId: number, amount: bigint, key = `test:${crypto.randomUUID()}`) {
  const [result] = await t.db.transaction((tx) =>
    t.services.ledger.transferMany(tx, [
      { key, from: { house: 'adjustment' }, to: { player: playerId, kind: 'cash' }, amount, kind: 'adjustment', reference: `test:${playerId}` },
    ]),
  )
  return result!
}

describe('ledger', () => {
  it('moves money between a house and a player account and keeps the running balance', async () => {
    const player = await makePlayer(t.db)
    await credit(player.id, 12_345n)
    expect((await t.services.ledger.balances(t.db, player.id)).cash).toBe(12_345n)
  })

  it('moves nothing for a replayed key', async () => {
    const player = await makePlayer(t.db)
    const first = await credit(player.id, 500n, 'replay-key-1')
    const second = await credit(player.id, 500n, 'replay-key-1')
    expect(second).toEqual({ id: first.id, replayed: true })
    expect((await t.services.ledger.balances(t.db, player.id)).cash).toBe(500n)
    await expect(credit(player.id, 900n, 'replay-key-1')).rejects.toThrow(/different transfer/)
  })

  it('refuses a key said to be fresh that exists after all, moving nothing, rather than answer it as a replay', async () => {
    const player = await makePlayer(t.db)
    await credit(player.id, 500n, `fresh-key-${player.id}`)
    const again = t.db.transaction((tx) =>
      t.services.ledger.transferMany(
        tx,
        [
          {
            key: `fresh-key-${player.id}`,
            from: { house: 'adjustment' },
            to: { player: player.id, kind: 'cash' },
            amount: 500n,
            kind: 'adjustment',
            reference: `test:${player.id}`,
          },
        ],
        { fresh: true },
      ),
    )
    await expect(again).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await t.services.ledger.balances(t.db, player.id)).cash).toBe(500n)
  })

  it('refuses to take a player account below zero, leaving nothing behind', async () => {
    const player = await makePlayer(t.db)
    await credit(player.id, 100n)
    const overdraw = t.db.transaction((tx) =>
      t.services.ledger.transferMany(tx, [
        { key: `over:${player.id}`, from: { player: player.id, kind: 'cash' }, to: { house: 'bank_out' }, amount: 101n, kind: 'test', reference: 'x' },
      ]),
    )
    await expect(overdraw).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    expect((await t.services.ledger.balances(t.db, player.id)).cash).toBe(100n)
    expect(await transfersWhere(t, eq(transfers.idempotencyKey, `over:${player.id}`))).toHaveLength(0)
  })

  it('leaves nothing half-done when a step fails between debit and credit', async () => {
    const player = await makePlayer(t.db)
    await credit(player.id, 1000n)
    const move = t.db.transaction((tx) =>
      t.services.ledger.transferMany(tx, [
        {
          key: `fault:${player.id}`,
          from: { player: player.id, kind: 'cash' },
          to: { player: player.id, kind: 'withdraw_hold' },
          amount: 400n,
          kind: 'test',
          reference: 'x',
        },
      ]),
    )
    await expect(move).rejects.toThrow(/injected fault/)
    expect(await t.services.ledger.balances(t.db, player.id)).toMatchObject({ cash: 1000n, withdraw_hold: 0n })
  })

  it('forgets an account created in a transaction that rolled back: the next movement creates it again and lands there', async () => {
    const player = await makePlayer(t.db)
    const toRebate = (key: string) => ({
      key,
      from: { house: 'adjustment' as const },
      to: { player: player.id, kind: 'rebate' as const },
      amount: 700n,
      kind: 'adjustment',
      reference: `test:${player.id}`,
    })
    // The first movement creates the player's rebate account, then its transaction rolls back: the row is gone.
    const undone = t.db.transaction(async (tx) => {
      await t.services.ledger.transferMany(tx, [toRebate(`undone:${player.id}`)])
      throw new Error('the caller rolls back')
    })
    await expect(undone).rejects.toThrow(/rolls back/)
    expect(await t.db.execute(sql`select 1 from accounts where player_id = ${player.id} and kind = 'rebate'`)).toMatchObject({ rows: [] })

    await t.db.transaction((tx) => t.services.ledger.transferMany(tx, [toRebate(`done:${player.id}`)]))
    expect((await t.services.ledger.balances(t.db, player.id)).rebate).toBe(700n)
    // And a movement after it, to the account now committed, lands on the same row.
    await t.db.transaction((tx) => t.services.ledger.transferMany(tx, [toRebate(`again:${player.id}`)]))
    expect((await t.services.ledger.balances(t.db, player.id)).rebate).toBe(1_400n)
  })

  it('a withdrawal whose hold fails mid-way leaves neither the withdrawal nor any money moved', async () => {
    const player = await makePlayer(t.db)
    await credit(player.id, 100_000n)
    failWithdrawHold = true
    try {
      await expect(t.services.withdrawals.request({ playerId: player.id, sessionId: 0 }, 300)).rejects.toThrow(/injected fault/)
    } finally {
      failWithdrawHold = false
    }
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id))).toHaveLength(0)
    expect(await t.services.ledger.balances(t.db, player.id)).toMatchObject({ cash: 100_000n, withdraw_hold: 0n })
  })

  it('keeps transfers immutable: UPDATE and DELETE are refused by the database', async () => {
    const player = await makePlayer(t.db)
    const { id } = await credit(player.id, 10n)
    await expect(t.db.update(transfers).set({ amount: 1n }).where(eq(transfers.id, id))).rejects.toThrow()
    await expect(t.db.delete(transfers).where(eq(transfers.id, id))).rejects.toThrow()
    await expect(t.db.execute(sql`truncate transfers cascade`)).rejects.toThrow()
    expect((await transfersWhere(t, eq(transfers.id, id)))[0]?.amount).toBe(10n)
  })

  it('refuses a negative balance even from raw SQL (CHECK constraint)', async () => {
    const player = await makePlayer(t.db)
    await credit(player.id, 10n)
    await expect(t.db.execute(sql`update accounts set balance = -1 where player_id = ${player.id} and kind = 'cash'`)).rejects.toThrow()
  })
})
