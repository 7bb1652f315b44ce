import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/database.ts'
import type { Database } from './client.ts'
import { migrationsFolder } from './client.ts'
import { rowsOf } from './rows.ts'

// Migrations that change rows, not only the schema: each one's SQL run again on the test database (migrated to the
// end: the tables it touches are as the migration found them) seeded with the rows it is about, as a site that ran
// the version before would have them. A migration of rows must also be harmless when run on rows it already fixed.
describe('migrations that fix data', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const migration = (tag: string) => readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8')

  it('0046 closes the SMS alerts left open on channel line, and nothing else', async () => {
    const { db } = database
    await db.execute(sql`
      insert into operator_alerts (kind, channel, details, resolved_at) values
        ('SMS_NO_CREDIT', 'line', 'left open by the version before', null),
        ('SMS_UNAUTHORIZED', 'line', 'left open by the version before', null),
        ('SMS_NO_CREDIT', 'sms', 'the SMS gateway has no credit', null),
        ('LINE_QUOTA', 'line', 'the month''s quota is spent', null),
        ('SMS_UNAUTHORIZED', 'line', 'closed long ago', '2026-01-02T03:04:05Z')`)
    const run = () => db.execute(sql.raw(migration('0046_close_sms_alerts_on_line')))
    await run()
    await run()
    const rows = rowsOf<{ kind: string; channel: string; resolved: string | null; now: string }>(
      await db.execute(sql`
        select kind, channel, to_char(resolved_at at time zone 'UTC', 'YYYY-MM-DD') as resolved,
               to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as now
        from operator_alerts order by id`),
    )
    expect(rows.map((r) => [r.kind, r.channel, r.resolved === null ? 'open' : r.resolved === r.now ? 'closed now' : r.resolved])).toEqual([
      ['SMS_NO_CREDIT', 'line', 'closed now'],
      ['SMS_UNAUTHORIZED', 'line', 'closed now'],
      ['SMS_NO_CREDIT', 'sms', 'open'],
      ['LINE_QUOTA', 'line', 'open'],
      ['SMS_UNAUTHORIZED', 'line', '2026-01-02'],
    ])
  })
})
