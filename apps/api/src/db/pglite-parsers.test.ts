// ADR 099: PGlite's result parser is patched so that a query's own parsers (Drizzle passes some with every query) no
// longer copy PGlite's 318. The values a query returns are what they were: Drizzle's parsers first (dates, timestamps
// and intervals as text), PGlite's for every other type (arrays, JSON, numbers, booleans).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPglite } from './client.ts'
import { rowsOf } from './rows.ts'

let database: Awaited<ReturnType<typeof openPglite>>
beforeAll(async () => {
  database = await openPglite()
})
afterAll(() => database.close())

it('parses each type of a row as before: Drizzle’s text dates, PGlite’s arrays, JSON, numbers and booleans', async () => {
  const [row] = rowsOf<Record<string, unknown>>(
    await database.db.execute(sql`
      select '2026-11-30 10:00:00+07'::timestamptz as at, '2026-11-30'::date as day, '1 day'::interval as span,
             array['2026-11-30 10:00:00+07'::timestamptz] as ats, '{1,2,3}'::int[] as ints, '{"a":[1]}'::jsonb as doc,
             true as yes, 42::int as n, 12.50::numeric as amount, array['ก','ข'] as texts, null::int as nothing`),
  )
  expect(row).toEqual({
    at: '2026-11-30 03:00:00+00',
    day: '2026-11-30',
    span: '1 day',
    ats: '{"2026-11-30 03:00:00+00"}',
    ints: [1, 2, 3],
    doc: { a: [1] },
    yes: true,
    n: 42,
    amount: '12.50',
    texts: ['ก', 'ข'],
    nothing: null,
  })
})

it('leaves PGlite’s own parsers as they were for a query without Drizzle: timestamps as dates', async () => {
  const client = (database.db as unknown as { $client: { query: (q: string) => Promise<{ rows: Array<{ at: unknown }> }> } }).$client
  const { rows } = await client.query(`select '2026-11-30 10:00:00+07'::timestamptz as at`)
  expect(rows[0]!.at).toEqual(new Date('2026-11-30T03:00:00Z'))
})
