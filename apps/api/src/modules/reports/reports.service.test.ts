import { describe, expect, it } from 'vitest'
import { fakeDb } from '../../../test/fakes/db.ts'
import type { ReportsRepository } from './reports.repository.ts'
import { createReportsService } from './reports.service.ts'

// Issue 20 §5: a year of CSV never sits in memory. The service reads a few weeks (or a page of keys) at a time and
// the stream sends what it has before it asks for more: shown here with a repository that holds its second answer.

type Repo = Parameters<typeof createReportsService>[0]['reportsRepository']
const unused = () => {
  throw new Error('not this report')
}

/** A repository whose by-day sums answer at once the first time, and only when `release` is called after that. */
function gatedRepository() {
  const asked: Array<{ from: Date; to: Date }> = []
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const repo: Repo = {
    kindsByDay: async (_db, _kinds, from, to) => {
      asked.push({ from, to })
      if (asked.length > 1) await gate
      return [{ day: '2025-11-03', kind: 'deposit', total: 12_345n, count: 1 }]
    },
    ggrByProvider: unused,
    ggrByGame: unused,
    depositsByAccount: unused,
    bonusByPromotion: unused,
    newPlayersByDay: unused,
    playersWith: unused,
  }
  return { repo, asked, release }
}

/** The next chunk the stream gives, as text. */
const nextChunk = async (iterator: AsyncIterator<Buffer | string>) => String((await iterator.next()).value)

describe('reports service', () => {
  it('sends the first weeks of a year before it reads the rest, one batch of days at a time', async () => {
    const { repo, asked, release } = gatedRepository()
    const reports = createReportsService({ db: fakeDb(), reportsRepository: repo, batches: { days: 31, rows: 500 } })
    const stream = reports.csv('payments-by-day', { from: '2025-11-03', to: '2026-11-03' })
    const chunks = stream[Symbol.asyncIterator]()

    let text = ''
    while (!text.includes('2025-12-03,')) text += await nextChunk(chunks)
    // The first 31 days are written while the second read is still waiting.
    expect(text.startsWith('\uFEFFวันที่,ยอดฝาก,')).toBe(true)
    expect(text).toContain('2025-11-03,123.45,1,0.00,0,123.45')
    expect(asked).toHaveLength(2)
    expect(text).not.toContain('2025-12-04')

    release()
    for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) text += String(chunk.value)
    const lines = text.trimEnd().split('\n')
    expect(lines).toHaveLength(1 + 366 + 1)
    // Twelve reads of at most 31 days cover the 366.
    expect(asked).toHaveLength(12)
    for (const { from, to } of asked) expect(to.getTime() - from.getTime()).toBeLessThanOrEqual(31 * 86_400_000)
  })

  it('pages a keyed report after the last key it read', async () => {
    const afters: Array<string | null> = []
    const providers = Array.from({ length: 1_201 }, (_, i) => `p${String(i).padStart(4, '0')}`)
    const repo: Pick<ReportsRepository, 'ggrByProvider'> = {
      ggrByProvider: async (_db, _from, _to, after, limit) => {
        afters.push(after)
        return providers
          .filter((p) => after === null || p > after)
          .slice(0, limit)
          .map((provider) => ({ provider, title: null, bets: 100n, rollbacks: 0n, wins: 1n }))
      },
    }
    const reports = createReportsService({
      db: fakeDb(),
      reportsRepository: { ...gatedRepository().repo, ...repo },
      batches: { days: 31, rows: 500 },
    })
    const table = await reports.table('ggr-by-provider', { from: '2026-11-01', to: '2026-11-30' })
    expect(afters).toEqual([null, 'p0499', 'p0999'])
    expect(table.rows).toHaveLength(1_201)
    expect(table.totals).toEqual({ provider: null, provider_title: null, bets: 1_201, rollbacks: 0, wins: 12.01, ggr: 1_188.99 })
  })
})
