import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, bearer, expectLedgerOk, postTransfer, signedInPlayer, transferBody } from '../../../test/money.ts'
import { deposits, withdrawals } from '../../db/schema.ts'
import { operatorForFile } from '../../../test/operators.ts'

// Money under concurrency, on PGlite and (in the api-postgres project) on a real PostgreSQL with a connection pool.
const t = useTestApp({ config: { WITHDRAW_ONE_PENDING: 'false' } })
// Only finance decides money (ADR 036).
const operator = operatorForFile(t, 'finance')

describe('money under concurrency', () => {
  it('50 parallel withdrawals of 100 on a balance of 1,000: exactly 10 accepted, never below zero', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 1000 })
    const results = await Promise.all(Array.from({ length: 50 }, () => t.post('/api/wallet/withdraw', { amount: 100 }, token)))
    const statuses = results.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 422)).toHaveLength(40)
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().code).toBe('INSUFFICIENT_FUNDS')
    expect(await balanceOf(t, token)).toBe(0)
    expect(await t.services.ledger.balances(t.db, player.id)).toMatchObject({ cash: 0n, withdraw_hold: 100_000n })
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id))).toHaveLength(10)
    await expectLedgerOk(t)
  })

  it('20 parallel replays of one bank transfer credit once', async () => {
    const { token, ...player } = await signedInPlayer(t)
    const body = transferBody(player, { amount: 777 })
    const results = await Promise.all(Array.from({ length: 20 }, () => postTransfer(t, body)))
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    const ids = new Set(results.map((r) => r.json().data.deposit_id))
    expect(ids.size).toBe(1)
    expect(results.every((r) => r.json().data.status === 'MATCHED')).toBe(true)
    expect(await balanceOf(t, token)).toBe(777)
    expect(await t.db.select().from(deposits).where(eq(deposits.externalId, body.external_id))).toHaveLength(1)
    await expectLedgerOk(t)
  })

  it('20 parallel requests with one Idempotency-Key make one withdrawal', async () => {
    const { token } = await signedInPlayer(t, {}, { cash: 1000 })
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/wallet/withdraw', headers: { ...bearer(token), 'idempotency-key': 'same-click' }, payload: { amount: 300 } }),
      ),
    )
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1)
    expect(await balanceOf(t, token)).toBe(700)
    await expectLedgerOk(t)
  })

  it('approve and reject racing on one withdrawal: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { token, ...player } = await signedInPlayer(t, {}, { cash: 500 })
      const { id } = (await t.post('/api/wallet/withdraw', { amount: 500 }, token)).json().data
      const [approve, reject] = await Promise.all([
        t.post(`/api/backoffice/withdrawals/${id}/approve`, { payout_ref: `R${round}` }, operator.token),
        t.post(`/api/backoffice/withdrawals/${id}/reject`, { reason: 'race' }, operator.token),
      ])
      const codes = [approve.statusCode, reject.statusCode].sort()
      expect(codes).toEqual([200, 409])
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id))
      const balances = await t.services.ledger.balances(t.db, player.id)
      if (approve.statusCode === 200) {
        expect(row?.status).toBe('SUCCESS')
        expect(balances).toMatchObject({ cash: 0n, withdraw_hold: 0n })
      } else {
        expect(row?.status).toBe('FAIL')
        expect(balances).toMatchObject({ cash: 50_000n, withdraw_hold: 0n })
      }
    }
    await expectLedgerOk(t)
  })

  it('deposits, withdrawals and decisions for one player at once: no deadlock, no 5xx, invariants hold', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 2000 })
    const earlier = []
    for (let i = 0; i < 6; i++) {
      earlier.push((await t.post('/api/wallet/withdraw', { amount: 100 }, token)).json().data.id as number)
    }
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => postTransfer(t, transferBody(player, { amount: 50 }))),
      ...Array.from({ length: 10 }, () => t.post('/api/wallet/withdraw', { amount: 100 }, token)),
      ...earlier.map((id, i) =>
        t.post(`/api/backoffice/withdrawals/${id}/${i % 2 ? 'approve' : 'reject'}`, i % 2 ? { payout_ref: `P${id}` } : { reason: 'mixed' }, operator.token),
      ),
    ])
    for (const r of results) expect(r.statusCode, r.body).toBeLessThan(500)
    const balances = await t.services.ledger.balances(t.db, player.id)
    // 2000 + 500 deposited − 300 paid out = what is left in cash and on hold.
    expect(balances.cash + balances.withdraw_hold).toBe(220_000n)
    await expectLedgerOk(t)
  })
})
