// The player's valid turnover of the day (ADR 057), as the balance read shows it: kept in player_day_turnover as bets'
// rounds become over, never summed from the day's bets on a read. Every way a bet starts or stops counting, through
// the signed seamless API and the stale-round job, each checked against the balance the player sees, the counter of
// the day the bet was taken, and ledger:verify (which derives the same figure from the bets). Runs on PostgreSQL too.
import { and, eq } from 'drizzle-orm'
import { rollbackBody } from '@sanam/contract/seamless-calls'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { expectLedgerOk } from '../../../test/money.ts'
import { summaryOf } from '../../../test/referral.ts'
import { callSeamless, playing, sendMoney } from '../../../test/seamless.ts'
import { uid } from '../../../test/seamless-batches.ts'
import { playerDayTurnover } from '../../db/schema.ts'

const t = useTestApp({ verifyLedger: 'each' })

/** The counter of one Bangkok day, in baht (0 without a row). */
async function counted(playerId: number, day: string): Promise<number> {
  const [row] = await t.db
    .select({ amount: playerDayTurnover.amount })
    .from(playerDayTurnover)
    .where(and(eq(playerDayTurnover.playerId, playerId), eq(playerDayTurnover.day, day)))
  return Number(row?.amount ?? 0n) / 100
}

async function ok(response: Promise<{ json(): { status: string } }>) {
  expect((await response).json().status).toBe('OK')
}

describe("the balance's valid turnover of the day", () => {
  it('counts a bet once its round is over, on the Bangkok day the bet was taken', async () => {
    t.clock.set(new Date('2026-11-22T23:50:00+07:00'))
    const { player, token, session } = await playing(t, 1000)
    const round = uid()
    await ok(sendMoney(t, 'bet', { session, round, tx: uid(), amount: '30.00' }))
    expect((await summaryOf(t, { token })).turnover).toBe(0) // the round is still open

    t.clock.set(new Date('2026-11-23T00:10:00+07:00'))
    await ok(sendMoney(t, 'bet', { session, round, tx: uid(), amount: '20.00' }))
    await ok(sendMoney(t, 'win', { session, round, tx: uid(), amount: '0.00' }))
    // Over now: the 30 baht count on the 22nd, the 20 today.
    expect((await summaryOf(t, { token })).turnover).toBe(20)
    expect(await counted(player.id, '2026-11-22')).toBe(30)
    expect(await counted(player.id, '2026-11-23')).toBe(20)

    // A second win settles nothing again: nothing counted twice.
    await ok(sendMoney(t, 'win', { session, round, tx: uid(), amount: '5.00' }))
    expect((await summaryOf(t, { token })).turnover).toBe(20)
  })

  it('counts a late bet in a settled round at once, and takes back a bet rolled back after its round was over', async () => {
    t.clock.set(new Date('2026-11-24T12:00:00+07:00'))
    const { token, session } = await playing(t, 1000)
    const round = uid()
    const [first, late] = [uid(), uid()]
    await ok(sendMoney(t, 'bet', { session, round, tx: first, amount: '40.00' }))
    await ok(sendMoney(t, 'win', { session, round, tx: uid(), amount: '0.00' }))
    expect((await summaryOf(t, { token })).turnover).toBe(40)
    await ok(sendMoney(t, 'bet', { session, round, tx: late, amount: '7.50' }))
    expect((await summaryOf(t, { token })).turnover).toBe(47.5)

    const rollback = rollbackBody({ session, round, tx: uid(), ref: first })
    await ok(callSeamless(t, 'pgsoft', 'rollback', rollback))
    expect((await summaryOf(t, { token })).turnover).toBe(7.5)
    // The same rollback again, and a second rollback of the same bet, take nothing more.
    await ok(callSeamless(t, 'pgsoft', 'rollback', rollback))
    await ok(callSeamless(t, 'pgsoft', 'rollback', { ...rollback, tx_id: uid() }))
    expect((await summaryOf(t, { token })).turnover).toBe(7.5)

    // A bet rolled back while its round is open never counted, so nothing is taken back when its round settles.
    const open = uid()
    const stake = uid()
    await ok(sendMoney(t, 'bet', { session, round: open, tx: stake, amount: '12.00' }))
    await ok(callSeamless(t, 'pgsoft', 'rollback', rollbackBody({ session, round: open, tx: uid(), ref: stake })))
    await ok(sendMoney(t, 'win', { session, round: open, tx: uid(), amount: '0.00' }))
    expect((await summaryOf(t, { token })).turnover).toBe(7.5)
  })

  it('counts the bets of a round the stale-round job closes, and only those of rounds it closes', async () => {
    t.clock.set(new Date('2026-11-25T08:00:00+07:00'))
    const { token, session } = await playing(t, 1000)
    const [stale, fresh] = [uid(), uid()]
    await ok(sendMoney(t, 'bet', { session, round: stale, tx: uid(), amount: '25.00' }))
    t.clock.advance(61 * 60_000)
    await ok(sendMoney(t, 'bet', { session, round: fresh, tx: uid(), amount: '15.00' }))
    expect(await t.services.seamless.closeStaleRounds(60)).toBe(1)
    expect((await summaryOf(t, { token })).turnover).toBe(25)
    // A win arriving after the job closed its round settles it without counting its bets again.
    await ok(sendMoney(t, 'win', { session, round: stale, tx: uid(), amount: '0.00' }))
    expect((await summaryOf(t, { token })).turnover).toBe(25)
  })
})

describe('ledger:verify', () => {
  const broken = useTestApp({ verifyLedger: 'never' })

  it('names a day whose kept turnover disagrees with the bets of settled rounds', async () => {
    broken.clock.set(new Date('2026-11-26T10:00:00+07:00'))
    const { player, session } = await playing(broken, 1000)
    const round = uid()
    await ok(sendMoney(broken, 'bet', { session, round, tx: uid(), amount: '10.00' }))
    await ok(sendMoney(broken, 'win', { session, round, tx: uid(), amount: '0.00' }))
    await expectLedgerOk(broken)

    await broken.db.update(playerDayTurnover).set({ amount: 1_500n }).where(eq(playerDayTurnover.playerId, player.id))
    const result = await broken.services.ledger.verify(broken.db)
    expect(result.failures).toEqual([
      { check: 'turnover_counter', account: `player:${player.id}`, detail: 'valid turnover of 2026-11-26: 1500 kept, 1000 from the bets of settled rounds' },
    ])
  })
})
