import { describe, expect, it } from 'vitest'
import { msg } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { manualClock } from '../../lib/clock.ts'
import { fakeDb } from '../../../test/fakes/db.ts'
import { fakeExclusionsRepository } from '../../../test/fakes/exclusions.ts'
import { fakeLedger } from '../../../test/fakes/ledger.ts'
import { createExclusionService } from './exclusions.service.ts'
import { refuseWhileExcluded } from './restriction.ts'

const PLAYER = 7
const actor = { playerId: PLAYER, sessionId: 1 }
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** An exclusion service on fakes: the auth service's endAllSessions runs its work and records whose sessions ended. */
function setup() {
  const clock = manualClock(new Date('2026-11-27T05:00:00Z'))
  const exclusions = fakeExclusionsRepository()
  const money = fakeLedger()
  const ended: Array<{ playerId: number; inTransaction: boolean }> = []
  const forfeited: number[] = []
  const sut = createExclusionService({
    db: fakeDb(),
    clock,
    ledger: money.ledger,
    auth: {
      async endAllSessions(playerId: number, alsoInTx?: (tx: Db) => Promise<void>) {
        // The sessions end only if the work in the same transaction succeeds.
        await alsoInTx?.(fakeDb())
        ended.push({ playerId, inTransaction: alsoInTx !== undefined })
      },
    },
    promotions: { onExcluded: async (_tx, playerId) => void forfeited.push(playerId) },
    exclusionsRepository: exclusions.repository,
  })
  const launch = () => sut.launchGuard({ playerId: PLAYER, sessionId: 1 })
  return { sut, clock, exclusions, ended, forfeited, launch }
}

describe('choosing', () => {
  it.each([
    ['24H', 'TIME_OUT', '2026-11-28T05:00:00.000Z'],
    ['7D', 'TIME_OUT', '2026-12-04T05:00:00.000Z'],
    ['30D', 'TIME_OUT', '2026-12-27T05:00:00.000Z'],
    ['6M', 'SELF_EXCLUSION', '2027-05-27T05:00:00.000Z'],
    ['1Y', 'SELF_EXCLUSION', '2027-11-27T05:00:00.000Z'],
    ['5Y', 'SELF_EXCLUSION', '2031-11-27T05:00:00.000Z'],
    ['PERMANENT', 'SELF_EXCLUSION', null],
  ] as const)('%s is a %s ending %s, starting now, ending every session and forfeiting the promotion with it', async (period, kind, end) => {
    const { sut, ended, forfeited, exclusions } = setup()
    const restriction = await sut.choose(actor, period)
    expect(restriction).toEqual({ kind, period, starts_at: '2026-11-27T05:00:00.000Z', ends_at: end })
    expect(ended).toEqual([{ playerId: PLAYER, inTransaction: true }])
    expect(forfeited).toEqual([PLAYER])
    expect(exclusions.rows).toHaveLength(1)
  })

  it('months count on the Bangkok calendar: the 31st becomes the last day of a shorter month', async () => {
    const { sut, clock } = setup()
    // 31 August, 10:00 in Bangkok.
    clock.set(new Date('2026-08-31T03:00:00Z'))
    expect((await sut.choose(actor, '6M')).ends_at).toBe('2027-02-28T03:00:00.000Z')
  })

  it('cannot be shortened or repeated while in force, and a refused choice ends nothing', async () => {
    const { sut, ended, exclusions, forfeited } = setup()
    await sut.choose(actor, '30D')
    for (const period of ['24H', '7D', '30D'] as const) {
      await expect(sut.choose(actor, period)).rejects.toMatchObject({ code: 'EXCLUSION_ALREADY_LONGER' })
    }
    expect(exclusions.rows).toHaveLength(1)
    expect(ended).toHaveLength(1)
    expect(forfeited).toHaveLength(1)
    // A longer one is taken; then a permanent one; then nothing is longer than permanent.
    await sut.choose(actor, '6M')
    await sut.choose(actor, 'PERMANENT')
    await expect(sut.choose(actor, '5Y')).rejects.toMatchObject({ code: 'EXCLUSION_ALREADY_LONGER' })
    await expect(sut.choose(actor, 'PERMANENT')).rejects.toMatchObject({ code: 'EXCLUSION_ALREADY_LONGER' })
    expect(exclusions.rows.map((r) => r.period)).toEqual(['30D', '6M', 'PERMANENT'])
  })
})

describe('in force until its end (the injected clock)', () => {
  it('refuses launches with the end in Thai until the very end, then lets them through', async () => {
    const { sut, clock, launch } = setup()
    await launch()
    const { ends_at } = await sut.choose(actor, '24H')
    await expect(launch()).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED', message: msg('EXCLUDED_UNTIL', { until: new Date(ends_at!) }) })
    clock.advance(DAY - 1)
    await expect(launch()).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED' })
    clock.advance(1)
    await launch()
  })

  it('a permanent one never ends', async () => {
    const { sut, clock, launch, exclusions } = setup()
    await sut.choose(actor, 'PERMANENT')
    clock.advance(100 * 365 * DAY)
    await expect(launch()).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED', message: msg('EXCLUDED_FOR_GOOD') })
    await expect(refuseWhileExcluded(exclusions.repository, fakeDb(), PLAYER, clock.now())).rejects.toMatchObject({ code: 'PLAYER_EXCLUDED' })
    await refuseWhileExcluded(exclusions.repository, fakeDb(), PLAYER + 1, clock.now())
  })
})
