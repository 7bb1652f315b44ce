import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { expectLedgerOk, fund } from '../../../test/money.ts'
import { operatorForFile } from '../../../test/operators.ts'
import { accounts } from '../../db/schema.ts'

const t = useTestApp()
const operator = operatorForFile(t, 'finance')

describe('GET /api/backoffice/ledger/verify', () => {
  it('answers ok on a healthy ledger and names the account when a balance is tampered with', async () => {
    const player = await makePlayer(t.db)
    await fund(t, player, 10)
    const healthy = (await t.get('/api/backoffice/ledger/verify', operator.token)).json().data
    expect(healthy.ok).toBe(true)
    expect(healthy.checked).toBeGreaterThan(0)
    expect(healthy.failures).toEqual([])

    // Someone edits a balance behind the ledger's back.
    await t.db
      .update(accounts)
      .set({ balance: sql`balance + 100` })
      .where(eq(accounts.playerId, player.id))
    const broken = (await t.get('/api/backoffice/ledger/verify', operator.token)).json().data
    expect(broken.ok).toBe(false)
    expect(broken.failures).toContainEqual(expect.objectContaining({ check: 'balance_equals_transfers', account: `player:${player.id}:cash` }))
    await t.db
      .update(accounts)
      .set({ balance: sql`balance - 100` })
      .where(eq(accounts.playerId, player.id))
    await expectLedgerOk(t)
  })

  it('is for operators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/ledger/verify' })).statusCode).toBe(401)
  })
})
