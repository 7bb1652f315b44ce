import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { makePlayer } from '../../../test/factories.ts'
import { fund, loginPlayer, signedInPlayer } from '../../../test/money.ts'
import { callSeamless, launch } from '../../../test/seamless.ts'
import { addDays, bangkokDay } from '@sanam/contract/bangkok'
import { operatorForFile } from '../../../test/operators.ts'

// Issue 12 §2: today's figures in Bangkok time and the last 14 days, from the ledger's transfers.

const t = useTestApp()
// Only finance decides money (ADR 036).
const finance = operatorForFile(t, 'finance')

const summary = async () => {
  const res = await t.get('/api/backoffice/dashboard', finance.token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

describe('GET /api/backoffice/dashboard', () => {
  it('sums deposits, payouts, bets, wins and GGR by Bangkok day, with the queues and today’s players', async () => {
    // Yesterday (Bangkok): a player joins and deposits.
    t.clock.set(new Date('2026-11-21T16:30:00Z')) // 23:30 on 21 November in Bangkok
    const early = await makePlayer(t.db, { createdAt: t.clock.now() })
    await fund(t, early, 300)

    // Today, 30 minutes later (00:00 on the 22nd in Bangkok): another joins, deposits, plays and withdraws.
    t.clock.set(new Date('2026-11-21T17:10:00Z'))
    const before = await summary()
    const player = await makePlayer(t.db, { createdAt: t.clock.now() })
    await fund(t, player, 1_000)
    await fund(t, player, 500)
    const token = await loginPlayer(t, player)
    const game = await launch(t, token)
    const round = (n: number) => `dash-${n}-${randomUUID()}`
    const [r1, r2] = [round(1), round(2)]
    const send = (op: string, body: Record<string, unknown>) =>
      callSeamless(t, 'pgsoft', op as 'bet', { session_token: game, game_code: 'fortune_ox', ...body })
    expect((await send('bet', { round_id: r1, tx_id: `${r1}-b`, amount: '200.00' })).json().status).toBe('OK')
    expect((await send('win', { round_id: r1, tx_id: `${r1}-w`, amount: '50.00' })).json().status).toBe('OK')
    expect((await send('bet', { round_id: r2, tx_id: `${r2}-b`, amount: '100.00' })).json().status).toBe('OK')
    expect((await send('rollback', { round_id: r2, tx_id: `${r2}-r`, ref_tx_id: `${r2}-b` })).json().status).toBe('OK')
    const withdrawal = await t.post('/api/wallet/withdraw', { amount: 400 }, token)
    expect(withdrawal.statusCode, withdrawal.body).toBe(200)
    await t.post(`/api/backoffice/withdrawals/${withdrawal.json().data.id}/approve`, { payout_ref: 'DASH-1' }, finance.token)

    const data = await summary()
    const today = bangkokDay(t.clock.now())
    expect(today).toBe('2026-11-22')
    expect(data.days).toHaveLength(14)
    expect(data.days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(today, i - 13)))
    const delta = (key: string) => data.today[key] - before.today[key]
    expect(data.today.date).toBe(today)
    expect([delta('deposits'), delta('deposit_count')]).toEqual([1_500, 2])
    expect([delta('withdrawals'), delta('withdrawal_count')]).toEqual([400, 1])
    // The rolled-back bet is not a bet: 200 bet, 50 won, 150 to the house.
    expect([delta('bets'), delta('wins'), delta('ggr')]).toEqual([200, 50, 150])
    expect(delta('new_players')).toBe(1)
    expect(data.today.active_players).toBeGreaterThanOrEqual(1)
    const yesterday = data.days.at(-2)
    expect(yesterday.date).toBe('2026-11-21')
    expect(yesterday.deposits).toBeGreaterThanOrEqual(300)
    expect(yesterday.new_players).toBeGreaterThanOrEqual(1)
  })

  it('counts the pending withdrawal and unmatched deposit queues', async () => {
    const before = (await summary()).today
    const { token } = await signedInPlayer(t, {}, { cash: 500 })
    await t.post('/api/wallet/withdraw', { amount: 200 }, token)
    const after = (await summary()).today
    expect(after.pending_withdrawals - before.pending_withdrawals).toBe(1)
  })

  it('is for operators only', async () => {
    expect((await t.get('/api/backoffice/dashboard')).statusCode).toBe(401)
  })
})
