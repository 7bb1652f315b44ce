import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { signedInPlayer } from '../../test/money.ts'
import { callSeamless, launch } from '../../test/seamless.ts'
import { draftBills, gameRounds } from '../db/schema.ts'
import { runJobsOnce } from './runner.ts'
import { testJobs } from '../../test/jobs.ts'

const t = useTestApp()

describe('scheduled jobs', () => {
  it('each hold a lock of their own (two jobs on one lock would skip each other across processes)', () => {
    // Every job a server can run, the optional ones included.
    const none = async () => 0
    const jobs = testJobs(t, {
      slips: { retryDue: none },
      payouts: { recheckDue: none },
      outbox: { prune: none },
      care: { evaluate: none },
      line: { prune: none },
      deskAlerts: { readLineQuota: async () => null, watch: none },
      smsCredit: { readSmsCredit: async () => null, recordSmsCredit: none },
      daySums: { rollUp: async () => ({ days: 0, hours: 0 }) },
    })
    expect(jobs.map((job) => job.name)).toEqual(
      expect.arrayContaining(['accrue-referral', 'prune-line', 'desk-alerts', 'sms-credit', 'care-markers', 'report-day-sums']),
    )
    const keys = jobs.map((job) => job.lockKey)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('expire old draft bills and close rounds a provider left open', async () => {
    const { token, ...player } = await signedInPlayer(t, {}, { cash: 100 })
    await t.post('/api/wallet/deposit/draft_bill', { amount: 100, promotion: null }, token)
    const session = await launch(t, token)
    await callSeamless(t, 'pgsoft', 'bet', { session_token: session, round_id: 'job-round', tx_id: 'job-bet', amount: '5' })

    const jobs = testJobs(t)
    const first = await runJobsOnce(t.db, jobs)
    expect(first).toMatchObject({ 'expire-draft-bills': 0, 'close-stale-rounds': 0 })
    // The embedded database's planner statistics (ADR 065): its tables had never been analyzed; PostgreSQL's
    // autovacuum does that there.
    if (t.database.kind === 'pglite') expect(first['planner-statistics']).toBeGreaterThan(0)
    else expect(first).not.toHaveProperty('planner-statistics')
    t.clock.advance(61 * 60_000)
    expect(await runJobsOnce(t.db, jobs)).toMatchObject({ 'expire-draft-bills': 1, 'close-stale-rounds': 1 })
    expect((await t.db.select().from(draftBills).where(eq(draftBills.playerId, player.id)))[0]?.status).toBe('EXPIRED')
    expect((await t.db.select().from(gameRounds).where(eq(gameRounds.roundId, 'job-round')))[0]?.status).toBe('CLOSED')
  })
})
