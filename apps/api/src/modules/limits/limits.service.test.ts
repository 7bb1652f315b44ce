// The limits service on fakes (ADR 018): what a change does, what each enforcement point is told, across Bangkok
// period boundaries, without a database.
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../lib/clock.ts'
import { fakeDb } from '../../../test/fakes/db.ts'
import { fakeLimitsRepository } from '../../../test/fakes/limits.ts'
import { createLimitsService } from './limits.service.ts'

const PLAYER = 7
const actor = { playerId: PLAYER, sessionId: 70 }
const HOUR = 3_600_000

function setup(start = '2026-11-26T03:00:00Z') {
  const clock = manualClock(new Date(start))
  const fake = fakeLimitsRepository()
  const sut = createLimitsService({ db: fakeDb(), clock, limitsRepository: fake.repository })
  return { clock, fake, sut, tx: fakeDb() }
}

describe('limits service', () => {
  it('a first deposit limit applies at once and the allowance counts the Bangkok week from Monday', async () => {
    // Thursday 26 November 2026, 10:00 Bangkok.
    const { sut, fake, tx, clock } = setup()
    await sut.set(actor, { kind: 'DEPOSIT_WEEK', value: 1000 })
    fake.deposit(PLAYER, 30_000n, new Date('2026-11-22T16:59:00Z')) // Sunday 23:59 Bangkok: the week before
    fake.deposit(PLAYER, 40_000n, new Date('2026-11-22T17:00:00Z')) // Monday 00:00 Bangkok: this week
    expect(await sut.depositAllowance(tx, PLAYER)).toEqual({ kind: 'DEPOSIT_WEEK', limit: 100_000n, remaining: 60_000n })
    // The next Monday 00:00 Bangkok, the week starts afresh.
    clock.set(new Date('2026-11-29T17:00:00Z'))
    expect(await sut.depositAllowance(tx, PLAYER)).toEqual({ kind: 'DEPOSIT_WEEK', limit: 100_000n, remaining: 100_000n })
  })

  it('the month limit counts from the 1st, 00:00 Bangkok', async () => {
    const { sut, fake, tx, clock } = setup('2026-11-30T16:30:00Z') // 30 November, 23:30 Bangkok
    await sut.set(actor, { kind: 'DEPOSIT_MONTH', value: 500 })
    fake.deposit(PLAYER, 45_000n, new Date('2026-11-30T16:00:00Z'))
    expect((await sut.depositAllowance(tx, PLAYER))?.remaining).toBe(5_000n)
    clock.set(new Date('2026-11-30T17:00:00Z')) // 1 December, 00:00 Bangkok
    expect((await sut.depositAllowance(tx, PLAYER))?.remaining).toBe(50_000n)
  })

  it('no deposit limit: no allowance; no loss limit: the player is absent from the bet allowances', async () => {
    const { sut, tx } = setup()
    expect(await sut.depositAllowance(tx, PLAYER)).toBeNull()
    expect(await sut.lossAllowances(tx, [PLAYER])).toEqual(new Map())
  })

  it('the loss allowance is the limit less the Bangkok day’s bets minus wins', async () => {
    const { sut, fake, tx, clock } = setup('2026-11-26T16:00:00Z') // 23:00 Bangkok
    await sut.set(actor, { kind: 'LOSS_DAY', value: 100 })
    fake.play(PLAYER, 'bet', 9_000n, new Date('2026-11-26T15:00:00Z'))
    fake.play(PLAYER, 'win', 2_000n, new Date('2026-11-26T15:30:00Z'))
    fake.play(PLAYER, 'bet', 5_000n, new Date('2026-11-25T16:00:00Z')) // yesterday, Bangkok
    expect(await sut.lossAllowances(tx, [PLAYER, 8])).toEqual(new Map([[PLAYER, 3_000n]]))
    clock.set(new Date('2026-11-26T17:00:00Z')) // 00:00 Bangkok
    expect(await sut.lossAllowances(tx, [PLAYER])).toEqual(new Map([[PLAYER, 10_000n]]))
  })

  it('a looser limit is pending for 24 hours, then confirmed by the player; a stricter one applies at once', async () => {
    const { sut, tx, clock } = setup()
    await sut.set(actor, { kind: 'DEPOSIT_DAY', value: 1000 })
    const raised = await sut.set(actor, { kind: 'DEPOSIT_DAY', value: 2000 })
    expect(raised.data.limits.find((l) => l.kind === 'DEPOSIT_DAY')).toMatchObject({ value: 1000, pending: { value: 2000, confirmable: false } })
    await expect(sut.confirm(actor, 'DEPOSIT_DAY')).rejects.toMatchObject({ code: 'RULE_REFUSED' })
    clock.advance(24 * HOUR)
    expect((await sut.depositAllowance(tx, PLAYER))?.limit).toBe(100_000n)
    await sut.confirm(actor, 'DEPOSIT_DAY')
    expect((await sut.depositAllowance(tx, PLAYER))?.limit).toBe(200_000n)
    await sut.set(actor, { kind: 'DEPOSIT_DAY', value: 300 })
    expect((await sut.depositAllowance(tx, PLAYER))?.limit).toBe(30_000n)
  })

  it('the session reminder: owed N minutes after the session began, then after each acknowledgement; it stops launches', async () => {
    const { sut, fake, clock } = setup()
    fake.startSession(actor.sessionId, clock.now())
    await sut.launchGuard(actor)
    await sut.set(actor, { kind: 'SESSION_REMINDER', value: 20 })
    fake.play(PLAYER, 'bet', 10_000n, clock.now())
    fake.play(PLAYER, 'win', 2_500n, clock.now())
    clock.advance(20 * 60_000)
    expect(await sut.session(actor)).toMatchObject({ due: true, minutes_played: 20, net_result: -75, every_minutes: 20 })
    await expect(sut.launchGuard(actor)).rejects.toMatchObject({ code: 'SESSION_REMINDER_DUE' })
    expect(await sut.acknowledge(actor)).toMatchObject({ due: false, due_in_seconds: 1200 })
    await sut.launchGuard(actor)
  })
})
