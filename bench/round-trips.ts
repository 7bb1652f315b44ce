// npm run bench:round-trips (issue 40 §2, ADR 096): what a bet batch's round trips cost, measured on a model of the
// batch, before the app is changed. Three shapes of the same work, each run by two lanes (two connections, as the
// server's two batch lanes) in closed loops of batches of BATCH bets over PLAYERS players, for SECONDS each:
//   statements  today's shape (bench:statements): BEGIN, the lock, the claim, the limits, the move, the rounds, the
//               promotions, the record, COMMIT, each its own round trip, the decisions in Node between them;
//   pipelined   what a pipelining driver could do with the same decisions in Node: the reads in one write (BEGIN, the
//               lock, the claim and the reads) and the writes in a second (the move to COMMIT): two round trips;
//   function    the whole batch in one statement, a plpgsql function taking the batch as arrays and deciding it in
//               the database: one round trip, no BEGIN or COMMIT (a statement alone is its own transaction).
// The model keeps the statements' shapes and writes (row locks, the claims' unique key, a guarded balance, a ledger
// row a bet, a round upsert, a log row), not the app's every column. Reports bets a second, p99 of a batch, and CPU a
// bet of this process and of the PostgreSQL backends serving the scratch database. Writes
// bench/results/latest-round-trips.md (not tracked). Also checks that PGlite runs the function (the embedded default).
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { withScratchDatabase } from './database.ts'
import { cpuPer } from './load.ts'
import { root } from './server.mjs'

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const BATCH = Number(process.env.BENCH_BATCH ?? 17)
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 32)
const LANES = 2
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)

const SCHEMA = `
  create table accounts (id bigserial primary key, player_id bigint, kind text not null, balance bigint not null default 0,
    constraint no_overdraft check (player_id is null or balance >= 0));
  create unique index accounts_player on accounts (player_id, kind);
  create table claims (provider text not null, tx_id text not null, player_id bigint not null, round_id text not null,
    amount bigint not null, status text not null, response jsonb not null default '{}', primary key (provider, tx_id));
  create table transfers (id bigserial primary key, key text not null unique, debit bigint not null, credit bigint not null, amount bigint not null);
  create table rounds (provider text not null, round_id text not null, player_id bigint not null, total_bet bigint not null,
    primary key (provider, round_id));
  create table log (id bigserial primary key, tx_id text not null, response text not null);
  create table limits (player_id bigint not null, kind text not null, value bigint not null, primary key (player_id, kind));
  create table promotions (player_id bigint primary key, turnover bigint not null);
  insert into accounts (player_id, kind, balance) select null, 'game:pgsoft', 0;
  insert into accounts (player_id, kind, balance) select p, 'cash', 1000000000000 from generate_series(1, ${PLAYERS}) p;

  -- The batch's decisions in the database: lock, claim, read, decide bet by bet on running balances (bets come
  -- sorted by player, as the app sorts them).
  create function bet_batch(p_players bigint[], p_tx text[], p_amounts bigint[], p_rounds text[])
  returns table (tx_id text, status text, balance bigint) language plpgsql as $$
  #variable_conflict use_column
  declare
    ids bigint[]; bals bigint[]; claimed text[]; taken text[] := '{}'; i int; k int;
  begin
    select coalesce(array_agg(l.player_id order by l.player_id), '{}'), coalesce(array_agg(l.balance order by l.player_id), '{}') into ids, bals
      from (select a.player_id, a.balance from accounts a where a.player_id = any(p_players) and a.kind = 'cash' order by a.player_id for update) l;
    with c as (
      insert into claims (provider, tx_id, player_id, round_id, amount, status)
      select 'pgsoft', v.tx, v.player_id, v.round_id, v.amount, 'PENDING' from unnest(p_players, p_tx, p_amounts, p_rounds) as v(player_id, tx, amount, round_id)
      on conflict do nothing returning tx_id)
    select coalesce(array_agg(c.tx_id), '{}') into claimed from c;
    perform 1 from limits where player_id = any(p_players) and kind = 'LOSS_DAY';
    perform 1 from promotions where player_id = any(p_players);
    for i in 1 .. cardinality(p_tx) loop
      k := array_position(ids, p_players[i]);
      tx_id := p_tx[i];
      if not (p_tx[i] = any(claimed)) or p_tx[i] = any(taken) then
        status := 'DUPLICATE'; balance := bals[k];
      elsif bals[k] < p_amounts[i] then
        status := 'INSUFFICIENT_FUNDS'; balance := bals[k];
      else
        bals[k] := bals[k] - p_amounts[i];
        status := 'OK'; balance := bals[k];
      end if;
      taken := taken || p_tx[i];
      return next;
    end loop;
  end $$;
`

/** The function's second half, as a statement of its own so the three shapes write alike: the decided bets applied. */
const WRITES = `
  with v(player_id, tx, amount, round_id, status, balance) as (
         select * from unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::bigint[])),
       ok as (select * from v where status = 'OK'),
       moved as (
         update accounts a set balance = a.balance - s.total
         from (select player_id, sum(amount) as total from ok group by player_id) s
         where a.player_id = s.player_id and a.kind = 'cash' returning 1),
       house as (update accounts set balance = balance + (select coalesce(sum(amount), 0) from ok) where player_id is null returning 1),
       ledger as (
         insert into transfers (key, debit, credit, amount)
         select 'seamless:pgsoft:' || ok.tx, a.id, (select id from accounts where player_id is null), ok.amount
         from ok join accounts a on a.player_id = ok.player_id and a.kind = 'cash' returning 1),
       rounded as (
         insert into rounds (provider, round_id, player_id, total_bet)
         select 'pgsoft', round_id, min(player_id), sum(amount) from ok group by round_id
         on conflict (provider, round_id) do update set total_bet = rounds.total_bet + excluded.total_bet returning 1),
       settled as (
         update claims c set status = v.status, response = jsonb_build_object('status', v.status, 'balance', v.balance, 'tx_id', v.tx)
         from v where c.provider = 'pgsoft' and c.tx_id = v.tx returning 1)
  insert into log (tx_id, response) select tx, status || ' ' || balance from v`

/** The function with its writes: the decisions above, then WRITES (its parameters the decided arrays) on what they decided. */
const WHOLE_FUNCTION = `
  create function bet_batch_whole(p_players bigint[], p_tx text[], p_amounts bigint[], p_rounds text[])
  returns table (tx_id text, status text, balance bigint) language plpgsql as $$
  #variable_conflict use_column
  declare
    statuses text[]; balances bigint[];
  begin
    select array_agg(d.status order by d.n), array_agg(d.balance order by d.n) into statuses, balances
      from bet_batch(p_players, p_tx, p_amounts, p_rounds) with ordinality as d(tx_id, status, balance, n);
    ${WRITES.replace('$1::bigint[]', 'p_players').replace('$2::text[]', 'p_tx').replace('$3::bigint[]', 'p_amounts').replace('$4::text[]', 'p_rounds').replace('$5::text[]', 'statuses').replace('$6::bigint[]', 'balances')};
    return query select * from unnest(p_tx, statuses, balances);
  end $$;
`

interface Bet {
  player: number
  tx: string
  amount: bigint
  round: string
}

/** A lane's next batch: BATCH bets of 1 satang over its players (a lane serves the players of its parity). */
function nextBatch(lane: number): Bet[] {
  const mine = Array.from({ length: PLAYERS }, (_, n) => n + 1).filter((p) => p % LANES === lane)
  return Array.from({ length: BATCH }, (_, n) => ({ player: mine[n % mine.length]!, tx: randomUUID(), amount: 1n, round: randomUUID() })).sort(
    (a, b) => a.player - b.player,
  )
}

/** One statement on a connection: node-postgres' (a named statement is prepared once per connection) or PGlite's. */
type Query = (text: string, values?: unknown[], name?: string) => Promise<{ rows: Array<Record<string, string>> }>
type Shape = (client: pg.Client, bets: Bet[]) => Promise<void>
const onClient =
  (client: pg.Client): Query =>
  (text, values, name) =>
    client.query(name ? { name, text, values } : { text, values }) as unknown as Promise<{ rows: Array<Record<string, string>> }>

/** Node decides, as seamless-decisions.ts does: by running balance. */
function decide(bets: Bet[], balances: Map<number, bigint>, claimed: Set<string>) {
  return bets.map((b) => {
    const running = balances.get(b.player) ?? 0n
    if (!claimed.has(b.tx)) return { ...b, status: 'DUPLICATE', balance: running }
    if (running < b.amount) return { ...b, status: 'INSUFFICIENT_FUNDS', balance: running }
    balances.set(b.player, running - b.amount)
    return { ...b, status: 'OK', balance: running - b.amount }
  })
}

const arrays = (bets: Bet[]) => [bets.map((b) => b.player), bets.map((b) => b.tx), bets.map((b) => String(b.amount)), bets.map((b) => b.round)]
const writeValues = (decided: ReturnType<typeof decide>) => [...arrays(decided), decided.map((d) => d.status), decided.map((d) => String(d.balance))]
const CLAIM = `insert into claims (provider, tx_id, player_id, round_id, amount, status)
  select 'pgsoft', tx, player_id, round_id, amount, 'PENDING' from unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[]) as v(player_id, tx, amount, round_id)
  on conflict do nothing returning tx_id`
const LOCK = `select player_id, balance from accounts where player_id = any($1::bigint[]) and kind = 'cash' order by player_id for update`

/** Today's shape on any connection: each statement its own call. */
async function inStatements(query: Query, bets: Bet[]): Promise<void> {
  const players = [...new Set(bets.map((b) => b.player))]
  await query('begin')
  try {
    const locked = await query(LOCK, [players], 'lock')
    const claimed = await query(CLAIM, arrays(bets), 'claim')
    await query(`select * from limits where player_id = any($1::bigint[]) and kind = 'LOSS_DAY'`, [players], 'limits')
    const decided = decide(bets, new Map(locked.rows.map((r) => [Number(r.player_id), BigInt(r.balance!)])), new Set(claimed.rows.map((r) => r.tx_id!)))
    // Today's move, rounds and record are three statements: the model's one WRITES and two reads stand for them.
    await query(WRITES, writeValues(decided), 'writes')
    await query(`select 1 from rounds where round_id = any($1::text[])`, [bets.map((b) => b.round)], 'rounds_read')
    await query(`select * from promotions where player_id = any($1::bigint[])`, [players], 'promotions')
    await query(`select count(*) from claims where provider = 'pgsoft' and tx_id = any($1::text[])`, [bets.map((b) => b.tx)], 'record_read')
    await query('commit')
  } catch (error) {
    await query('rollback')
    throw error
  }
}
const statements: Shape = (client, bets) => inStatements(onClient(client), bets)

/** Literals for the simple-query protocol (several statements in one message: one write, one round trip). */
const literal = (client: pg.Client, values: unknown[]) =>
  `array[${values.map((v) => (typeof v === 'number' ? String(v) : client.escapeLiteral(String(v)))).join(',')}]`

const pipelined: Shape = async (client, bets) => {
  const players = [...new Set(bets.map((b) => b.player))]
  const [p, tx, amount, round] = arrays(bets).map((column) => literal(client, column))
  // One write: BEGIN, the lock, the claim and the reads; the answers of each come back together.
  const read = (await client.query(
    `begin;
     ${LOCK.replace('$1::bigint[]', `${literal(client, players)}::bigint[]`)};
     ${CLAIM.replace('$1::bigint[]', `${p}::bigint[]`).replace('$2::text[]', `${tx}::text[]`).replace('$3::bigint[]', `${amount}::bigint[]`).replace('$4::text[]', `${round}::text[]`)};
     select * from limits where player_id = any(${literal(client, players)}::bigint[]) and kind = 'LOSS_DAY';
     select * from promotions where player_id = any(${literal(client, players)}::bigint[]);`,
  )) as unknown as Array<{ rows: Array<Record<string, string>> }>
  const decided = decide(bets, new Map(read[1]!.rows.map((r) => [Number(r.player_id), BigInt(r.balance!)])), new Set(read[2]!.rows.map((r) => r.tx_id!)))
  let text = WRITES
  writeValues(decided).forEach((column, n) => {
    text = text.replace(`$${n + 1}::`, `${literal(client, column)}::`)
  })
  // The second write: the writes and COMMIT.
  await client.query(`${text}; commit;`)
}

const WHOLE = 'select * from bet_batch_whole($1::bigint[], $2::text[], $3::bigint[], $4::text[])'
const oneFunction: Shape = async (client, bets) => {
  await onClient(client)(WHOLE, arrays(bets), 'whole')
}

const SHAPES: Array<[string, Shape, string]> = [
  ['statements', statements, '9 round trips (BEGIN, 7 statements, COMMIT), decisions in Node'],
  ['pipelined', pipelined, '2 round trips (reads with BEGIN, writes with COMMIT), decisions in Node'],
  ['function', oneFunction, '1 round trip (one plpgsql function), decisions in the database'],
]

async function measure(url: string, database: string, shape: Shape) {
  const clients = await Promise.all(
    Array.from({ length: LANES }, async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      return client
    }),
  )
  try {
    const durations: number[] = []
    const { figures: bets, cpu } = await cpuPer(
      { own: process.pid },
      database,
      async () => {
        let done = 0
        const end = performance.now() + SECONDS * 1000
        await Promise.all(
          clients.map(async (client, lane) => {
            while (performance.now() < end) {
              const batch = nextBatch(lane)
              const started = performance.now()
              await shape(client, batch)
              durations.push(performance.now() - started)
              done += batch.length
            }
          }),
        )
        return done
      },
      (done) => done,
    )
    durations.sort((a, b) => a - b)
    return {
      betsPerSecond: Math.round(bets / SECONDS),
      batchP50: durations[Math.floor(durations.length * 0.5)]!,
      batchP99: durations[Math.floor(durations.length * 0.99)]!,
      clientUs: cpu.us.own!,
      databaseUs: cpu.database!.us,
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()))
  }
}

/**
 * On PGlite (the embedded default): the function runs and decides a short batch as Node would; then today's shape and
 * the function, one batch at a time (one connection, as the embedded database serves), bets a second and this
 * process's CPU a bet (the database runs in it).
 */
async function onPglite(): Promise<string[]> {
  const fresh = async () => {
    const db = new PGlite()
    await db.exec(SCHEMA)
    await db.exec(WHOLE_FUNCTION)
    return db
  }
  const check = await fresh()
  await check.query(`update accounts set balance = 3 where player_id = 1`)
  const tx = [randomUUID(), randomUUID(), randomUUID()]
  const result = await check.query<{ tx_id: string; status: string; balance: string }>(WHOLE, [
    [1, 1, 1, 1],
    [tx[0], tx[1], tx[0], tx[2]],
    [2, 2, 1, 1],
    ['r', 'r', 'r', 's'],
  ])
  await check.close()
  const said = result.rows.map((r) => `${r.status} ${r.balance}`).join(', ')
  const expected = 'OK 1, INSUFFICIENT_FUNDS 1, DUPLICATE 1, OK 0'
  if (said !== expected) throw new Error(`PGlite decided ${said}, not ${expected}`)
  const rows: string[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    for (const id of ['statements', 'function'] as const) {
      // A database of its own for each measurement, as on PostgreSQL.
      const db = await fresh()
      const query: Query = (text, values) => db.query(text, values) as unknown as Promise<{ rows: Array<Record<string, string>> }>
      const run = id === 'statements' ? (bets: Bet[]) => inStatements(query, bets) : (bets: Bet[]) => query(WHOLE, arrays(bets))
      const { figures: bets, cpu } = await cpuPer(
        { own: process.pid },
        undefined,
        async () => {
          let done = 0
          const end = performance.now() + SECONDS * 1000
          for (let lane = 0; performance.now() < end; lane = (lane + 1) % LANES) {
            const batch = nextBatch(lane)
            await run(batch)
            done += batch.length
          }
          return done
        },
        (done) => done,
      )
      rows.push(`| ${round} | PGlite: ${id} | ${Math.round(bets / SECONDS)} | ${cpu.us.own} |`)
      await db.close()
    }
  }
  return [
    `PGlite ran the function and decided a batch of four as Node would: ${said}.`,
    '',
    '| round | shape | bets/s | CPU µs a bet (the process, database included) |',
    '|---|---|---:|---:|',
    ...rows,
  ]
}

/** The model's tables and functions, new, in the scratch database's public schema. */
async function freshTables(url: string): Promise<void> {
  const setup = new pg.Client({ connectionString: url })
  await setup.connect()
  try {
    await setup.query('drop schema public cascade; create schema public')
    await setup.query(SCHEMA)
    await setup.query(WHOLE_FUNCTION)
    // BENCH_FUNCTION_PLANS=custom: the function's statements planned on every call, never from a generic plan.
    if (process.env.BENCH_FUNCTION_PLANS === 'custom')
      for (const fn of ['bet_batch', 'bet_batch_whole'])
        await setup.query(`alter function ${fn}(bigint[], text[], bigint[], text[]) set plan_cache_mode = force_custom_plan`)
    await setup.query('analyze')
  } finally {
    await setup.end()
  }
}

const lines: string[] = []
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')
lines.push(`# Round trips of a bet batch, on a model ${new Date().toISOString()}`, '')
lines.push(
  `${os.cpus().length} cores, Node ${process.version}; ${LANES} lanes, batches of ${BATCH} bets over ${PLAYERS} players, ${SECONDS} s a measurement, ${ROUNDS} rounds (each shape once a round, in turn); load average at the start ${load()}.`,
  '',
)
lines.push(
  `| round | shape | what | bets/s | batch p50 ms | batch p99 ms | client CPU µs a bet | PostgreSQL CPU µs a bet |`,
  `|---|---|---|---:|---:|---:|---:|---:|`,
)
const name = `sanam_round_trips_${process.pid}`
await withScratchDatabase(ADMIN_URL, name, async (url) => {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [id, shape, what] of SHAPES) {
      // Every measurement on tables of its own, new and analyzed: the tables grow during a measurement (and this
      // machine's PostgreSQL runs without autovacuum), so a shape measured after another would pay for its rows.
      await freshTables(url)
      const m = await measure(url, name, shape)
      const row = `| ${round} | ${id} | ${what} | ${m.betsPerSecond} | ${m.batchP50.toFixed(1)} | ${m.batchP99.toFixed(1)} | ${m.clientUs} | ${m.databaseUs} |`
      console.info(row)
      lines.push(row)
    }
  }
})
lines.push('', `Load average after PostgreSQL ${load()}.`, '', ...(await onPglite()), '', `Load average at the end ${load()}.`)
writeFileSync(path.join(root, 'bench/results/latest-round-trips.md'), `${lines.join('\n')}\n`)
console.info(lines.slice(-12).join('\n'))
