import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/database.ts'
import { openPostgres, type Database } from './client.ts'
import { ANALYZE_SCALE_FACTOR, ANALYZE_THRESHOLD, analyzeStaleTables, autovacuumProblem, autovacuumSettings } from './planner-statistics.ts'
import { rowsOf } from './rows.ts'

// The embedded database (this file runs on PGlite only: vitest.config.ts) has no autovacuum (ADR 065).
let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

/**
 * The database counts changed rows per table and publishes the counts when it is next idle, at most once a second;
 * the job's minute does not notice that second, a test would: the next idle moment publishes them at once.
 */
async function publishCounts() {
  await database.db.execute(sql`select pg_stat_force_next_flush()`)
  await database.db.execute(sql`select 1`)
}

const reltuples = async (table: string) =>
  Number(rowsOf<{ n: number }>(await database.db.execute(sql`select reltuples as n from pg_class where relname = ${table}`))[0]!.n)

/** The rows the plan's joins read and threw away, summed over its nodes, as EXPLAIN ANALYZE counts them. */
async function rowsThrownAway(query: SQL): Promise<number> {
  const plan = rowsOf<{ 'QUERY PLAN': string }>(await database.db.execute(sql`explain (analyze, costs off) ${query}`))
    .map((r) => r['QUERY PLAN'])
    .join('\n')
  return [...plan.matchAll(/Rows Removed by Join Filter: (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0)
}

describe('the planner statistics of the embedded database', () => {
  it('plans a join of bets to their rounds by what the tables hold once they are gathered, not as if they were empty', async () => {
    // 600 bets on one provider, each in a round of its own, as the seamless wallet writes them: the transfer names
    // its round (`round:<provider>:<round id>`), which names the game.
    const bets = 600
    const [house] = rowsOf<{ id: number }>(await database.db.execute(sql`insert into accounts (kind) values ('game:statsprov') returning id`))
    const [payer] = rowsOf<{ id: number }>(await database.db.execute(sql`insert into accounts (kind) values ('stats-test-payer') returning id`))
    await database.db.execute(sql`
      insert into game_rounds (provider_code, round_id, player_id, game_code, total_bet, status, opened_at, updated_at)
      select 'statsprov', 'r' || n, 0, 'g' || (n % 7), 100, 'SETTLED', now(), now() from generate_series(1, ${bets}::int) n`)
    await database.db.execute(sql`
      insert into transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
      select 'stats-bet-' || n, ${payer!.id}, ${house!.id}, 100, 'game_bet', 'round:statsprov:r' || n, now() from generate_series(1, ${bets}::int) n`)
    // Each bet joined to its round by the key its reference names, per game: the shape the reports' per-game totals had
    // before they looked rounds up by key (ADR 097), and any join of the ledger to the rounds has.
    const report = sql`
      select coalesce(r.game_code, '') as game, sum(t.amount) from transfers t
      left join accounts a on a.id = case when t.kind = 'game_bet' then t.credit_account_id else t.debit_account_id end
      left join game_rounds r on r.provider_code = substr(a.kind, 6) and r.round_id = substr(t.reference, length(a.kind) + 3)
      where t.kind in ('game_bet', 'game_win', 'game_rollback')
      group by 1`

    // Never analyzed, the tables are planned as nearly empty: for each transfer the plan reads the provider's rounds
    // until it meets the one it names (a nested loop, about bets² / 2 rows: minutes of the server's thread at 5,000
    // bets).
    expect(await rowsThrownAway(report)).toBeGreaterThan(bets * 100)
    const analyzed = await analyzeStaleTables(database.db)
    expect(analyzed).toEqual(expect.arrayContaining(['accounts', 'game_rounds', 'transfers']))
    // Planned by what they hold: each transfer finds its round by its whole key.
    expect(await rowsThrownAway(report)).toBeLessThanOrEqual(bets)
  })

  it('analyzes a table again once its rows changed beyond autovacuum’s rule (50 rows and a tenth), and no sooner', async () => {
    // Counts published after an analysis count as changes since it: publish what is pending first.
    await publishCounts()
    await analyzeStaleTables(database.db)
    expect(await analyzeStaleTables(database.db)).toEqual([])
    const before = await reltuples('game_rounds')
    const limit = ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * before
    const insertRounds = (from: number, count: number) =>
      database.db.execute(sql`
        insert into game_rounds (provider_code, round_id, player_id, status, opened_at, updated_at)
        select 'statsprov', 'more-' || n, 0, 'OPEN', now(), now() from generate_series(${from}::int, ${from + count - 1}::int) n`)
    await insertRounds(1, Math.floor(limit))
    await publishCounts()
    expect(await analyzeStaleTables(database.db)).toEqual([])
    await insertRounds(Math.floor(limit) + 1, 1)
    await publishCounts()
    expect(await analyzeStaleTables(database.db)).toEqual(['game_rounds'])
    expect(await reltuples('game_rounds')).toBe(before + Math.floor(limit) + 1)
    expect(await analyzeStaleTables(database.db)).toEqual([])
  })
})

describe('PostgreSQL without autovacuum', () => {
  it('is named at start-up with what to turn on', () => {
    expect(autovacuumProblem({ autovacuum: true, trackCounts: true })).toBeUndefined()
    expect(autovacuumProblem({ autovacuum: false, trackCounts: true })).toMatch(
      /^PostgreSQL's autovacuum is off: no table is analyzed or vacuumed.* Turn autovacuum on /,
    )
    expect(autovacuumProblem({ autovacuum: false, trackCounts: false })).toMatch(
      /^PostgreSQL's autovacuum and track_counts are off: .* Turn autovacuum and track_counts on /,
    )
  })

  it.runIf(process.env.TEST_DATABASE_URL)('reads the server’s settings', async () => {
    const postgres = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
    try {
      const [shown] = rowsOf<{ autovacuum: string }>(await postgres.db.execute(sql`show autovacuum`))
      expect(await autovacuumSettings(postgres.db)).toMatchObject({ autovacuum: shown!.autovacuum === 'on' })
    } finally {
      await postgres.close()
    }
  })
})
