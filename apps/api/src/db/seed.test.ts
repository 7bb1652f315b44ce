import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLedger } from '../modules/ledger/ledger.service.ts'
import { ledgerRepository } from '../modules/ledger/ledger.repository.ts'
import { DEMO_AUDIT_HMAC_KEY } from '../config.ts'
import { openPglite, type Database } from './client.ts'
import { accounts, deposits, players } from './schema.ts'
import { DEMO_OPENING_DEPOSIT_BAHT, DEMO_PLAYER, depositDemoMoney, seedDemo } from './seed.ts'

// A plain hasher: the seed's password hashing is not what this file tests, and argon2 is slow.
const hasher = {
  hash: (password: string) => Promise.resolve(`plain:${password}`),
  verify: (hash: string, password: string) => Promise.resolve(hash === `plain:${password}`),
}

let database: Database
beforeAll(async () => {
  // An empty database: the shared test template is already seeded with the site, which stops seedDemo.
  database = await openPglite()
  await database.migrate()
}, 60_000)
afterAll(async () => {
  await database?.close()
})

describe('demo seed: the demo player starts with play money', () => {
  it('credits the opening deposit through the ledger once, however often it runs, and the ledger verifies', async () => {
    const { db } = database
    expect(await seedDemo(db, hasher, { auditKey: DEMO_AUDIT_HMAC_KEY })).toEqual({ seeded: true })
    const [player] = await db.select().from(players).where(eq(players.mobile, DEMO_PLAYER.mobile))
    await depositDemoMoney(db, player!)
    expect(await seedDemo(db, hasher, { auditKey: DEMO_AUDIT_HMAC_KEY })).toEqual({ seeded: false })

    const [cash] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.playerId, player!.id), eq(accounts.kind, 'cash')))
    expect(cash?.balance).toBe(BigInt(DEMO_OPENING_DEPOSIT_BAHT * 100))
    const rows = await db.select().from(deposits).where(eq(deposits.playerId, player!.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      status: 'MATCHED',
      fromBankCode: player!.bankCode,
      fromAccount: player!.bankAccount,
      amount: BigInt(DEMO_OPENING_DEPOSIT_BAHT * 100),
    })
    const verified = await createLedger({ clock: { now: () => new Date() }, ledgerRepository }).verify(db)
    expect(verified.failures).toEqual([])
    expect(verified.ok).toBe(true)
  })
})
