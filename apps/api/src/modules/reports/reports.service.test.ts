import { describe, expect, it } from 'vitest'
import { fakeDb } from '../../../test/fakes/db.ts'
import type { ReportsRepository, RolledUp } from './reports.repository.ts'
import { createReportsService } from './reports.service.ts'

// Issue 20 §5: a year of CSV never sits in memory. The service reads a few weeks of transfers (or a page of keys) at a
// time and the stream sends what it has before it asks for more: shown here with a repository that holds its second
// answer. The by-day reports from the daily sums (ADR 097) read the whole range in one statement instead: a year of
// sums is a few thousand small rows, and one read instead of twelve is what a year's report under 100 ms asks.

type Repo = Parameters<typeof createReportsService>[0]['reportsRepository']
const unused = () => {
  throw new Error('not this report')
}

/**
 * A repository whose by-day reads (the sums' and players-by-day's new players) answer at once the first time, and only
 * when `release` is called after that; it counts the look-ups of how far the sums reach.
 */
function gatedRepository() {
  const asked: Array<{ from: Date; to: Date }> = []
  const rolledUpAsked: string[] = []
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const held = async (from: Date, to: Date) => {
    asked.push({ from, to })
    if (asked.length > 1) await gate
  }
  const repo: Repo = {
    rolledUp: async () => {
      rolledUpAsked.push('2025-12-31')
      return { day: '2025-12-31', hour: null }
    },
    kindsByDay: async (_db, _kinds, from, to) => {
      await held(from, to)
      return [{ day: '2025-11-03', kind: 'deposit', total: 12_345n, count: 1 }]
    },
    ggrByProvider: unused,
    ggrByGame: unused,
    depositsByAccount: unused,
    bonusByPromotion: unused,
    newPlayersByDay: async (_db, from, to) => {
      await held(from, to)
      return new Map([['2025-11-03', 2]])
    },
    playersWith: async () => new Map(),
  }
  return { repo, asked, rolledUpAsked, release }
}

/** The next chunk the stream gives, as text. */
const nextChunk = async (iterator: AsyncIterator<Buffer | string>) => String((await iterator.next()).value)

describe('reports service', () => {
  it('sends the first weeks of a year of transfers before it reads the rest, one batch of days at a time', async () => {
    const { repo, asked, rolledUpAsked, release } = gatedRepository()
    const reports = createReportsService({ db: fakeDb(), reportsRepository: repo, batches: { days: 31, rows: 500 } })
    const stream = reports.csv('players-by-day', { from: '2025-11-03', to: '2026-11-03' })
    const chunks = stream[Symbol.asyncIterator]()

    let text = ''
    while (!text.includes('2025-12-03,')) text += await nextChunk(chunks)
    // The first 31 days are written while the second read is still waiting.
    expect(text.startsWith('\uFEFFวันที่,สมัครใหม่,')).toBe(true)
    expect(text).toContain('2025-11-03,2,0,0')
    expect(asked).toHaveLength(2)
    expect(text).not.toContain('2025-12-04')

    release()
    for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) text += String(chunk.value)
    const lines = text.trimEnd().split('\n')
    expect(lines).toHaveLength(1 + 366 + 1)
    // Twelve reads of at most 31 days cover the 366.
    expect(asked).toHaveLength(12)
    for (const { from, to } of asked) expect(to.getTime() - from.getTime()).toBeLessThanOrEqual(31 * 86_400_000)
    // players-by-day reads only the transfers: no daily sums, no look-up of the last day rolled up.
    expect(rolledUpAsked).toHaveLength(0)
  })

  it('reads a year of daily sums in one statement, after one look-up of the last day rolled up', async () => {
    const { repo, asked, rolledUpAsked, release } = gatedRepository()
    release()
    const reports = createReportsService({ db: fakeDb(), reportsRepository: repo, batches: { days: 31, rows: 500 } })
    let text = ''
    for await (const chunk of reports.csv('payments-by-day', { from: '2025-11-03', to: '2026-11-03' })) text += String(chunk)

    expect(text.startsWith('\uFEFFวันที่,ยอดฝาก,')).toBe(true)
    expect(text).toContain('2025-11-03,123.45,1,0.00,0,123.45')
    expect(text.trimEnd().split('\n')).toHaveLength(1 + 366 + 1)
    expect(asked).toEqual([{ from: new Date('2025-11-02T17:00:00Z'), to: new Date('2026-11-03T17:00:00Z') }])
    expect(rolledUpAsked).toHaveLength(1)
  })

  it('pages a keyed report after the last key it read', async () => {
    const afters: Array<string | null> = []
    const throughs: RolledUp[] = []
    const providers = Array.from({ length: 1_201 }, (_, i) => `p${String(i).padStart(4, '0')}`)
    const repo: Pick<ReportsRepository, 'ggrByProvider'> = {
      ggrByProvider: async (_db, _from, _to, after, limit, through) => {
        afters.push(after)
        throughs.push(through)
        return providers
          .filter((p) => after === null || p > after)
          .slice(0, limit)
          .map((provider) => ({ provider, title: null, bets: 100n, rollbacks: 0n, wins: 1n }))
      },
    }
    const gated = gatedRepository()
    const reports = createReportsService({
      db: fakeDb(),
      reportsRepository: { ...gated.repo, ...repo },
      batches: { days: 31, rows: 500 },
    })
    const table = await reports.table('ggr-by-provider', { from: '2026-11-01', to: '2026-11-30' })
    expect(afters).toEqual([null, 'p0499', 'p0999'])
    // Every page splits the range at the same day, looked up once for the report.
    expect(throughs).toEqual(Array(3).fill({ day: '2025-12-31', hour: null }))
    expect(gated.rolledUpAsked).toHaveLength(1)
    expect(table.rows).toHaveLength(1_201)
    expect(table.totals).toEqual({ provider: null, provider_title: null, bets: 1_201, rollbacks: 0, wins: 12.01, ggr: 1_188.99 })
  })
})
