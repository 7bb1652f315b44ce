import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/app.ts'
import { makePlayer } from '../../test/factories.ts'
import { bearer, fund, loginPlayer } from '../../test/money.ts'
import { callSeamless, launch } from '../../test/seamless.ts'
import { draftBills, gameRounds } from '../db/schema.ts'
import { runJobsOnce, standardJobs } from './runner.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('scheduled jobs', () => {
  it('expire old draft bills and close rounds a provider left open', async () => {
    const player = await makePlayer(t.db)
    await fund(t, player, 100)
    const token = await loginPlayer(t, player)
    await t.app.inject({ method: 'POST', url: '/api/wallet/deposit/draft_bill', headers: bearer(token), payload: { amount: 100, promotion: null } })
    const session = await launch(t, token)
    await callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: 'job-round', tx_id: 'job-bet', amount: '5' })

    const jobs = standardJobs({
      clock: t.clock,
      deposits: t.services.deposits,
      seamless: t.services.seamless,
      referral: t.services.referral,
      roundStaleMinutes: 60,
    })
    expect(await runJobsOnce(t.db, jobs)).toMatchObject({ 'expire-draft-bills': 0, 'close-stale-rounds': 0 })
    t.clock.advance(61 * 60_000)
    expect(await runJobsOnce(t.db, jobs)).toMatchObject({ 'expire-draft-bills': 1, 'close-stale-rounds': 1 })
    expect((await t.db.select().from(draftBills).where(eq(draftBills.playerId, player.id)))[0]?.status).toBe('EXPIRED')
    expect((await t.db.select().from(gameRounds).where(eq(gameRounds.roundId, 'job-round')))[0]?.status).toBe('CLOSED')
  })
})
