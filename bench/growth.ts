// npm run bench:growth (issue 22 §5): do the hot paths stay fast when the database grows to a million players?
// Not a test: it prints and records numbers.
//
// On PostgreSQL only. For each database it creates (never an existing one: sanam_growth_<scale>_<pid>, dropped at the
// end unless GROWTH_KEEP=1):
//   1. the built server starts on it once in demo mode: the app's own migrator runs, the demo data is seeded, and the
//      measured players register through the API (so their password hashes are the app's own);
//   2. the fixtures are loaded in SQL, the same at every scale: a player with 10,000 level-1 downlines, and a player
//      with 2,000 credited deposits and 200 paid withdrawals (the wallet history and the member's ledger tab);
//   3. the growth is loaded set-based (generate_series, a transaction per 100,000 players): GROWTH_SCALE × 1,000,000
//      players (3 in 10 invited by an earlier one) with a cash account each, one credited deposit each and 19 game
//      bets and wins, so 20 transfers a player; each chunk inserts the deposits and transfers and then sets the
//      balances from them, so every invariant of ledger:verify holds after every commit (ADR 006);
//   4. VACUUM ANALYZE, the server again, and each path measured through HTTP with autocannon and real tokens (a
//      player's bearer token, an operator's signed in with password and TOTP);
//   5. EXPLAIN (ANALYZE, BUFFERS) of each path's statements, and ledger:verify timed;
//   6. a year's reports (issue 40 §4, ADR 097) on the grown database, one at a time through HTTP: today's play added
//      first (GROWTH_TODAY_TRANSFERS a day, default the grown history's daily rate, from Bangkok midnight to now), then
//      read from the transfers alone (the bench holds the rollup job's lock, so no day is rolled up), then
//      `npm run reports:roll-up` timed (the closed days and today's closed hours), then read from the sums
//      (BENCH_REPORT_ROUNDS rounds, default 5).
// The near-empty database is scale 0 (the fixtures alone); the grown one is GROWTH_SCALE (default 1). ledger:verify is
// also timed on a database at GROWTH_VERIFY_SCALE (default 0.1; `none` skips it) to show how it grows.
//   GROWTH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the server where the databases are made
//   BENCH_SECONDS (default 10) per path, BENCH_CONNECTIONS (default 16)
// Writes bench/results/latest-growth.md (not tracked); copy it to a dated file to record it.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_BANK_WEBHOOK_SECRET } from '@sanam/contract/demo-secrets'
import { signatureHeaders } from '@sanam/contract/signing'
import type autocannon from 'autocannon'
import pg from 'pg'
import { spawnSync } from 'node:child_process'
import { addDays, bangkokDay, bangkokDayRange, bangkokWallTime, DAY_MS } from '@sanam/contract/bangkok'
import { databaseUrl, ledgerVerify } from './database.ts'
import { hammer, type Figures } from './load.ts'
import { afterEarlierSignIns, LOAD_ENV, operatorToken, preparePlayers, seamless } from './players.ts'
import { requireBuilt, root, startSanam } from './server.mjs'

const ADMIN_URL = process.env.GROWTH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SCALE = Number(process.env.GROWTH_SCALE ?? 1)
const VERIFY_SCALE = process.env.GROWTH_VERIFY_SCALE === 'none' ? undefined : Number(process.env.GROWTH_VERIFY_SCALE ?? 0.1)
const KEEP = process.env.GROWTH_KEEP === '1'
/** The embedded database's run (issue 40 §4): GROWTH_EMBEDDED_SCALE players in millions, as GROWTH_SCALE; `none` (the default) skips it. */
const EMBEDDED_SCALE = (process.env.GROWTH_EMBEDDED_SCALE ?? 'none') === 'none' ? undefined : Number(process.env.GROWTH_EMBEDDED_SCALE)
/** A folder an embedded run kept (GROWTH_KEEP=1): its year's reports from the sums read again instead of a new embedded run. */
const KEPT_EMBEDDED = process.env.GROWTH_EMBEDDED_DIR
/**
 * Today's game transfers a day (GROWTH_TODAY_TRANSFERS), added before the year's reports at that rate from Bangkok
 * midnight up to now: by default the grown history's own daily rate (20 transfers a player a year).
 */
const todayRate = (players: number) => Number(process.env.GROWTH_TODAY_TRANSFERS ?? Math.round((players * TRANSFERS_PER_PLAYER) / 365))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const PLAYERS_AT_SCALE_1 = 1_000_000
const TRANSFERS_PER_PLAYER = 20
const CHUNK = 100_000
const DOWNLINES = 10_000
const HISTORY_DEPOSITS = 2_000
const HISTORY_WITHDRAWALS = 200
/** The wallet history's page size (the API's HISTORY_PAGE_SIZE): the deep page is the last full one. */
const HISTORY_PAGE = 20
const DEEP_PAGE = Math.floor((HISTORY_DEPOSITS + HISTORY_WITHDRAWALS) / HISTORY_PAGE) - 1
const GOAL = 1.5
/** Each path is measured this many times on each database, alternately (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
/** Each year's report is read this many times from the daily sums (BENCH_REPORT_ROUNDS); once from the transfers. */
const REPORT_ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 5)
/** The reports timed over a year: the by-day sums and two keyed ones (issue 40 §4). */
const YEAR_REPORTS = ['ggr-by-day', 'payments-by-day', 'referral-by-day', 'ggr-by-provider', 'ggr-by-game', 'deposits-by-account', 'bonus-by-promotion']
/** The rollup job's advisory lock (REPORT_ROLLUP_LOCK, ADR 097): held by the bench while it reads without sums. */
const REPORT_ROLLUP_LOCK = 7_262_011

const PASSWORD = 'growth1234'
/** The measured players, registered through the API at every scale. 12-digit accounts: the grown players have 10. */
const HISTORY_PLAYER = { mobile: '0820000002', firstname: 'ทดสอบ', surname: 'เติบโตมั่นคง', bank_code: '014', bank_account: '555000123456' }
const INVITER = { mobile: '0820000001', firstname: 'ผู้ชวน', surname: 'เติบโตสิบพัน', bank_code: '014', bank_account: '555000123457' }
/** How a bank statement shows the history player's account: the last digit and all but four more hidden. */
const MASKED_ACCOUNT = 'xxx-x-x2345-x'
const SEARCH_TEXT = 'เติบโตมั่น'

requireBuilt('apps/api/dist/server.js')

const say = (line: string) => console.info(`[bench:growth ${new Date().toISOString().slice(11, 19)}] ${line}`)
const seconds = (ms: number) => (ms / 1000).toFixed(1)

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** The bench's load settings (its owner, no sign-in limits) on the database at `url`. */
const serverEnv = (url: string) => ({ ...LOAD_ENV, DATABASE_URL: url })

async function call<T = unknown>(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const raw = body === undefined ? undefined : JSON.stringify(body)
  const res = await fetch(base + url, { method, headers: { ...(raw ? { 'content-type': 'application/json' } : {}), ...headers }, body: raw })
  const json = (await res.json()) as { data: T }
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
  return json.data
}

const register = (base: string, player: typeof HISTORY_PLAYER) =>
  call(base, 'POST', '/api/auth/register', { ...player, password: PASSWORD, invite_code: '', upid: '', adult: true, accept_terms: true })

/** Step 1: the app migrates and seeds the demo data; the measured players register. */
async function prepareThroughTheApp(url: string) {
  const sanam = await startSanam(serverEnv(url))
  try {
    await register(sanam.base, HISTORY_PLAYER)
    await register(sanam.base, INVITER)
  } finally {
    await sanam.stop()
  }
}

/** One id or throws. */
/** What the seeding asks of a database connection: node-postgres's client and PGlite (the embedded run) both answer it. */
interface Sql {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

async function one(client: Sql, text: string, values: unknown[] = []): Promise<number> {
  const { rows } = await client.query(text, values)
  if (rows.length !== 1) throw new Error(`expected one row: ${text}`)
  return Number(Object.values(rows[0] as object)[0])
}

const HOUSE = `insert into accounts (kind) values ('bank_in'), ('bank_out'), ('game:pgsoft') on conflict (kind) where player_id is null do nothing`
const houseId = (client: Sql, kind: string) => one(client, `select id from accounts where player_id is null and kind = $1`, [kind])
const playerId = (client: pg.Client, mobile: string) => one(client, `select id from players where mobile = $1`, [mobile])
/** Sets the balances of the given player accounts to the sums of their transfers (the invariant ledger:verify checks). */
const SET_BALANCES = `
  update accounts a set balance = coalesce((select sum(amount) from transfers where credit_account_id = a.id), 0)
                                - coalesce((select sum(amount) from transfers where debit_account_id = a.id), 0)
  where a.player_id = any($1::bigint[])`

/** Step 2: the fixtures, the same at every scale. */
async function loadFixtures(client: pg.Client) {
  await client.query(HOUSE)
  const [bankIn, bankOut] = [await houseId(client, 'bank_in'), await houseId(client, 'bank_out')]
  const hash = (await client.query(`select password_hash from players where mobile = $1`, [HISTORY_PLAYER.mobile])).rows[0].password_hash as string
  const inviter = await playerId(client, INVITER.mobile)
  const history = await playerId(client, HISTORY_PLAYER.mobile)
  await client.query('begin')
  // The inviter's level-1 downlines, one a minute up to now, with GSB accounts no other player has.
  await client.query(
    `insert into players (mobile, password_hash, firstname, surname, bank_code, bank_account, invite_code, upline_id, created_at, updated_at)
     select '083' || lpad(j::text, 7, '0'), $1, 'ลูกทีม', 'หมายเลข' || j, '030', '6660' || lpad(j::text, 8, '0'), 'D' || lpad(j::text, 8, '0'), $2,
            now() - ($3 - j) * interval '1 minute', now() - ($3 - j) * interval '1 minute'
     from generate_series(1, $3::int) j`,
    [hash, inviter, DOWNLINES],
  )
  // The history player's deposits (one every two hours) and paid withdrawals, with the transfers each implies.
  await client.query(
    `insert into accounts (player_id, kind, balance) values ($1, 'cash', 0), ($1, 'withdraw_hold', 0)
     on conflict (player_id, kind) where player_id is not null do nothing`,
    [history],
  )
  const cash = await one(client, `select id from accounts where player_id = $1 and kind = 'cash'`, [history])
  const hold = await one(client, `select id from accounts where player_id = $1 and kind = 'withdraw_hold'`, [history])
  await client.query(
    `with d as (
       insert into deposits (source, external_id, request_hash, to_account, from_bank_code, from_account, from_name, amount,
                             occurred_at, received_at, status, player_id, credited_at, feed_at)
       select 'BANK_FEED', 'growth-history:' || lpad(j::text, 5, '0'), 'growth-history:' || j, '4071234567', $2, $3, $4, 10000,
              t, t, 'MATCHED', $1, t, t
       from generate_series(1, $5::int) j, lateral (select now() - ($5 - j) * interval '2 hours' - interval '1 hour' as t) tt
       returning id, external_id, amount, credited_at)
     insert into transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
     select 'deposit:' || external_id, $6, $7, amount, 'deposit', 'deposit:' || id, credited_at from d order by id`,
    [history, HISTORY_PLAYER.bank_code, HISTORY_PLAYER.bank_account, `${HISTORY_PLAYER.firstname} ${HISTORY_PLAYER.surname}`, HISTORY_DEPOSITS, bankIn, cash],
  )
  await client.query(
    `with w as (
       insert into withdrawals (player_id, amount, bank_code, bank_account, status, payout_ref, decided_at, created_at)
       select $1, 5000, $2, $3, 'SUCCESS', 'growth-' || j, t + interval '5 minutes', t
       from generate_series(1, $4::int) j, lateral (select now() - ($4 - j) * interval '20 hours' as t) tt
       returning id, amount, created_at, decided_at)
     insert into transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
     select key, debit, credit, amount, kind, 'withdrawal:' || id, ts from (
       select id, 'withdraw:' || id || ':hold' as key, $5::bigint as debit, $6::bigint as credit, amount, 'withdraw_hold' as kind, created_at as ts, 0 as step from w
       union all
       select id, 'withdraw:' || id || ':approve', $6, $7, amount, 'withdraw_payout', decided_at, 1 from w) x
     order by id, step`,
    [history, HISTORY_PLAYER.bank_code, HISTORY_PLAYER.bank_account, HISTORY_WITHDRAWALS, cash, hold, bankOut],
  )
  await client.query(SET_BALANCES, [[history]])
  await client.query('commit')
}

const FIRST_NAMES = [
  'สมชาย',
  'สมศักดิ์',
  'สมหญิง',
  'วิชัย',
  'ประเสริฐ',
  'สุนีย์',
  'มาลี',
  'อนุชา',
  'กมล',
  'ธนา',
  'นภา',
  'ปิยะ',
  'รัตนา',
  'วันเพ็ญ',
  'ศิริ',
  'อรุณ',
  'John',
  'Anan',
  'Somsak',
  'Kanya',
]
const SURNAMES = [
  'ใจดี',
  'สุขสันต์',
  'รักไทย',
  'ทองดี',
  'แสงทอง',
  'ศรีสุข',
  'บุญมา',
  'มีสุข',
  'วงศ์ไทย',
  'ชัยมงคล',
  'พรหมมา',
  'สายทอง',
  'แก้วใส',
  'ดวงดี',
  'Srisuk',
  'Wong',
  'จันทร์เพ็ญ',
  'นาคสวัสดิ์',
  'ปัญญาดี',
  'เพชรรัตน์',
  'อินทร์แก้ว',
  'คำมา',
  'บุญเรือง',
  'สิงห์โต',
  'ทองคำ',
]
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(', ')}]`

/** Step 3: `players` grown players in transactions of CHUNK players, every invariant true after each commit. */
async function grow(client: Sql, players: number) {
  if (players === 0) return
  await client.query('set synchronous_commit = off')
  await client.query(HOUSE)
  const [bankIn, game] = [await houseId(client, 'bank_in'), await houseId(client, 'game:pgsoft')]
  const hash = (await client.query(`select password_hash from players where mobile = $1`, [HISTORY_PLAYER.mobile])).rows[0]!.password_hash as string
  const base = (table: string) => one(client, `select coalesce(max(id), 0) from ${table}`)
  const [p, a, d, t] = [await base('players'), await base('accounts'), await base('deposits'), await base('transfers')]
  // The grown players registered one after another over the year before the fixtures.
  const stepMs = Math.floor((365 * 86_400_000) / players)
  const t0 = new Date(Date.now() - 366 * 86_400_000).toISOString()
  for (let lo = 1; lo <= players; lo += CHUNK) {
    const hi = Math.min(players, lo + CHUNK - 1)
    const started = Date.now()
    await client.query('begin')
    await client.query(
      `insert into players (id, mobile, password_hash, firstname, surname, bank_code, bank_account, invite_code, upline_id, created_at, updated_at, terms_accepted_at)
       select $1::bigint + i, '09' || lpad(i::text, 8, '0'), $2,
              (${sqlArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}], (${sqlArray(SURNAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${SURNAMES.length}],
              (array['014', '002', '006', '025', '011'])[1 + i % 5],
              lpad(((i::bigint * 2654435761) % 9999999967)::text, 10, '0'),
              'GR' || upper(lpad(to_hex(i), 7, '0')),
              case when i % 10 < 3 and i > 1 then $1::bigint + 1 + (i::bigint * 7919) % (i - 1) end,
              ts, ts, ts
       from generate_series($3::int, $4::int) i, lateral (select $5::timestamptz + i * $6::bigint * interval '1 millisecond' as ts) x`,
      [p, hash, lo, hi, t0, stepMs],
    )
    await client.query(
      `insert into accounts (id, player_id, kind, balance, created_at)
       select $1::bigint + i, $2::bigint + i, 'cash', 0, $5::timestamptz + i * $6::bigint * interval '1 millisecond'
       from generate_series($3::int, $4::int) i`,
      [a, p, lo, hi, t0, stepMs],
    )
    await client.query(
      `insert into deposits (id, source, external_id, request_hash, to_account, from_bank_code, from_account, from_name, amount,
                             occurred_at, received_at, status, player_id, credited_at, feed_at)
       select $1::bigint + (id - $2::bigint), 'BANK_FEED', 'growth:' || lpad((id - $2::bigint)::text, 7, '0'), 'growth:' || (id - $2::bigint),
              '4071234567', bank_code, bank_account, firstname || ' ' || surname, 100000 + ((id - $2::bigint) % 50) * 1000,
              created_at + interval '1 hour', created_at + interval '1 hour', 'MATCHED', id, created_at + interval '1 hour', created_at + interval '1 hour'
       from players where id between $2::bigint + $3 and $2::bigint + $4 order by id`,
      [d, p, lo, hi],
    )
    // Per player: the deposit, then 10 bets and 9 wins (each bet at most 49 baht: the balance never goes below zero).
    await client.query(
      `insert into transfers (id, idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
       select $1::bigint + (i - 1) * ${TRANSFERS_PER_PLAYER} + k + 1,
              case when k = 0 then 'deposit:growth:' || lpad(i::text, 7, '0') else 'seamless:pgsoft:growth-' || lpad(i::text, 7, '0') || '-' || lpad(k::text, 2, '0') end,
              case when k = 0 then $2::bigint when k % 2 = 1 then $4::bigint + i else $3::bigint end,
              case when k = 0 then $4::bigint + i when k % 2 = 1 then $3::bigint else $4::bigint + i end,
              case when k = 0 then 100000 + (i % 50) * 1000 else 1000 + ((i * 31 + k * 17) % 40) * 100 end,
              case when k = 0 then 'deposit' when k % 2 = 1 then 'game_bet' else 'game_win' end,
              case when k = 0 then 'deposit:' || ($5::bigint + i) else 'round:pgsoft:growth-' || lpad(i::text, 7, '0') || '-' || lpad(((k + 1) / 2)::text, 2, '0') end,
              $8::timestamptz + i * $9::bigint * interval '1 millisecond' + interval '1 hour' + k * interval '1 minute'
       from generate_series($6::int, $7::int) i cross join generate_series(0, ${TRANSFERS_PER_PLAYER - 1}) k
       order by i, k`,
      [t, bankIn, game, a, d, lo, hi, t0, stepMs],
    )
    // The balances from the transfers just inserted (the accounts are new: their balance was 0).
    await client.query(
      `update accounts acc set balance = acc.balance + s.delta
       from (select id, sum(delta) as delta from (
               select credit_account_id as id, amount as delta from transfers where id > $1::bigint + ($2::int - 1) * ${TRANSFERS_PER_PLAYER} and id <= $1::bigint + $3::int * ${TRANSFERS_PER_PLAYER}
               union all
               select debit_account_id, -amount from transfers where id > $1::bigint + ($2::int - 1) * ${TRANSFERS_PER_PLAYER} and id <= $1::bigint + $3::int * ${TRANSFERS_PER_PLAYER}) x
             group by id) s
       where acc.id = s.id and acc.player_id is not null`,
      [t, lo, hi],
    )
    await client.query('commit')
    say(`  players ${lo}-${hi}: ${seconds(Date.now() - started)} s`)
  }
  for (const table of ['players', 'accounts', 'deposits', 'transfers']) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`)
  }
}

async function tableSizes(client: pg.Client) {
  const { rows } = await client.query(`
    select c.relname as table, c.reltuples::bigint as rows, pg_size_pretty(pg_table_size(c.oid)) as data, pg_size_pretty(pg_indexes_size(c.oid)) as indexes
    from pg_class c where c.relname in ('players', 'accounts', 'transfers', 'deposits', 'withdrawals') order by c.relname`)
  return rows as Array<{ table: string; rows: string; data: string; indexes: string }>
}

/** Today's play: how many game transfers, up to what Bangkok time. */
interface TodaysPlay {
  perDay: number
  transfers: number
  until: string
}

/**
 * Today's play at `perDay` game transfers a day, from today's Bangkok midnight up to a minute ago (so how many depends
 * on the hour the bench runs), each a bet of a grown player and its win of the same amount: no balance changes and
 * every invariant of ledger:verify holds. What a report of a range holding today reads beside the sums (ADR 097).
 */
async function playToday(client: Sql, perDay: number): Promise<TodaysPlay> {
  const until = Date.now() - 60_000
  const midnight = bangkokDayRange(bangkokDay(new Date(until))).start.getTime()
  const pairs = Math.floor((((until - midnight) / DAY_MS) * perDay) / 2)
  const bangkokTime = bangkokWallTime(new Date(until)).slice(11)
  if (pairs <= 0) return { perDay, transfers: 0, until: bangkokTime }
  await client.query(HOUSE)
  const game = await houseId(client, 'game:pgsoft')
  const base = await one(client, 'select coalesce(max(id), 0) from transfers')
  await client.query(
    `with players as (select array_agg(id) as cash from (select id from accounts where kind = 'cash' and player_id is not null order by id limit 10000) x)
     insert into transfers (id, idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, created_at)
     select $1::bigint + 2 * j + k + 1, 'seamless:pgsoft:today-' || j || '-' || k,
            case when k = 0 then p.cash[1 + j % cardinality(p.cash)] else $2::bigint end,
            case when k = 0 then $2::bigint else p.cash[1 + j % cardinality(p.cash)] end,
            1000 + (j % 40) * 100, case when k = 0 then 'game_bet' else 'game_win' end, 'round:pgsoft:today-' || j,
            $3::timestamptz + (j * $4::double precision + k * 1000) * interval '1 millisecond'
     from players p, generate_series(0, $5::int - 1) j cross join generate_series(0, 1) k
     order by j, k`,
    [base, game, new Date(midnight).toISOString(), (until - midnight - 1000) / pairs, pairs],
  )
  await client.query(`select setval(pg_get_serial_sequence('transfers', 'id'), (select max(id) from transfers))`)
  return { perDay, transfers: 2 * pairs, until: bangkokTime }
}

type Measured = Figures

/** Step 4: the paths to measure on a running server, each checked once first (the data is what the run expects). */
async function pathsOf(base: string, url: string): Promise<Array<[string, autocannon.Options]>> {
  const login = (mobile: string) => call<{ token: string }>(base, 'POST', '/api/auth/login', { mobile, password: PASSWORD })
  const player = (await login(HISTORY_PLAYER.mobile)).token
  const inviter = (await login(INVITER.mobile)).token
  const operator = await operatorToken(base)
  const memberId = await withClient(url, (c) => playerId(c, HISTORY_PLAYER.mobile))
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const { to_account } = await call<{ to_account: string }>(base, 'GET', `/api/dev/bank-account?mobile=${HISTORY_PLAYER.mobile}`)
  const deep = await call<{ list: unknown[] }>(base, 'GET', `/api/wallet/histories?page=${DEEP_PAGE}`, undefined, bearer(player))
  if (deep.list.length !== HISTORY_PAGE) throw new Error(`the deep page ${DEEP_PAGE} has ${deep.list.length} items, not ${HISTORY_PAGE}`)
  const invites = await call<{ total: number }>(base, 'GET', '/api/invites', undefined, bearer(inviter))
  if (invites.total !== DOWNLINES) throw new Error(`the inviter has ${invites.total} downlines, not ${DOWNLINES}`)
  const found = await call<{ total: number }>(base, 'GET', `/api/backoffice/members?q=${encodeURIComponent(SEARCH_TEXT)}`, undefined, bearer(operator))
  if (found.total !== 1) throw new Error(`the member search found ${found.total}, not 1`)
  const ledger = await call<{ total: number }>(base, 'GET', `/api/backoffice/members/${memberId}/ledger?page=0`, undefined, bearer(operator))
  if (ledger.total !== HISTORY_DEPOSITS + 2 * HISTORY_WITHDRAWALS) throw new Error(`the member's ledger has ${ledger.total} transfers`)

  const get = (path: string, token: string) => ({ url: `${base}${path}`, headers: bearer(token) })
  const transfer = () => {
    const raw = JSON.stringify({
      external_id: `growth-${randomUUID()}`,
      to_account,
      from_bank_code: HISTORY_PLAYER.bank_code,
      from_account: MASKED_ACCOUNT,
      from_name: `${HISTORY_PLAYER.firstname} ${HISTORY_PLAYER.surname.slice(0, 3)}`,
      amount: 1,
      occurred_at: new Date().toISOString(),
    })
    const headers = signatureHeaders(DEMO_BANK_WEBHOOK_SECRET, { method: 'POST', path: '/api/bank/transfers', body: raw, now: new Date() })
    return { raw, headers: { 'content-type': 'application/json', ...headers } }
  }
  const maskedTransfers = (): autocannon.Options => ({
    url: `${base}/api/bank/transfers`,
    requests: [
      {
        method: 'POST',
        setupRequest(req) {
          const { raw, headers } = transfer()
          return { ...req, headers, body: raw }
        },
      },
    ],
  })
  const probe = transfer()
  const matched = await call<{ status: string }>(base, 'POST', '/api/bank/transfers', JSON.parse(probe.raw), probe.headers)
  if (matched.status !== 'MATCHED') throw new Error(`the masked transfer was ${matched.status}, not MATCHED`)

  return [
    ['balance read', get('/api/wallet/v2/balance', player)],
    ['wallet history, page 0', get('/api/wallet/histories?page=0', player)],
    [`wallet history, page ${DEEP_PAGE}`, get(`/api/wallet/histories?page=${DEEP_PAGE}`, player)],
    [`invites, ${DOWNLINES} downlines`, get('/api/invites', inviter)],
    ['back-office member search', get(`/api/backoffice/members?q=${encodeURIComponent(SEARCH_TEXT)}`, operator)],
    ["member's ledger tab, page 0", get(`/api/backoffice/members/${memberId}/ledger?page=0`, operator)],
    // Last: every matched transfer adds a deposit to the history player. At BENCH_CONNECTIONS they queue for that
    // player's cash row (ADR 018), so the same transfers one at a time as well: the matcher's own latency.
    ['masked-account deposit (bank feed), one at a time', { ...maskedTransfers(), connections: 1 }],
    ['masked-account deposit (bank feed)', maskedTransfers()],
  ]
}

/**
 * Both databases served at once, each path measured on one and then the other, ROUNDS times (a second of warm-up before
 * each): the machine is shared, so what others run weighs on both sides alike. Each side keeps its best round.
 */
async function measureBoth(empty: Run, grown: Run) {
  const servers = [await startSanam(serverEnv(empty.url)), await startSanam(serverEnv(grown.url))]
  try {
    const [emptyPaths, grownPaths] = [await pathsOf(servers[0]!.base, empty.url), await pathsOf(servers[1]!.base, grown.url)]
    empty.paths = {}
    grown.paths = {}
    for (let i = 0; i < emptyPaths.length; i++) {
      const [name] = emptyPaths[i]!
      for (let round = 0; round < ROUNDS; round++) {
        for (const [run, paths] of [
          [empty, emptyPaths],
          [grown, grownPaths],
        ] as const) {
          const options = paths[i]![1]
          await hammer({ connections: CONNECTIONS, ...options, duration: 1 })
          const now = await hammer({ connections: CONNECTIONS, duration: SECONDS, ...options })
          const best = run.paths![name]
          run.paths![name] = best
            ? {
                requests: best.requests + now.requests,
                rps: Math.max(best.rps, now.rps),
                p50: Math.min(best.p50, now.p50),
                p99: Math.min(best.p99, now.p99),
                errors: best.errors + now.errors,
              }
            : now
          say(`  scale ${run.scale}, ${name}: ${JSON.stringify(now)}`)
        }
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

/** The statements behind each path, as the repositories write them, for EXPLAIN (ANALYZE, BUFFERS). */
function statements(ids: { player: number; inviter: number }) {
  const history = (page: number) => `
    select * from (
      select 'D' || id as id, 'DEPOSIT' as txtype, amount::text as amount, 'SUCCESS' as status, credited_at as created_at
      from deposits where player_id = ${ids.player} and credited_at is not null
      union all
      select 'W' || id, 'WITHDRAW', amount::text, status, created_at from withdrawals where player_id = ${ids.player}
    ) h order by created_at desc, id desc limit ${HISTORY_PAGE} offset ${page * HISTORY_PAGE}`
  const search = `players.mobile like '${SEARCH_TEXT}%' or players.bank_account like '%${SEARCH_TEXT}%'
    or (players.firstname || ' ' || players.surname) ilike '%${SEARCH_TEXT}%' or players.invite_code = '${SEARCH_TEXT.toUpperCase()}'`
  return {
    'balance read: cash': `select balance from accounts where player_id = ${ids.player} and kind = 'cash'`,
    'wallet history, page 0': history(0),
    [`wallet history, page ${DEEP_PAGE}`]: history(DEEP_PAGE),
    'wallet history: total': `select (select count(*) from deposits where player_id = ${ids.player} and credited_at is not null) + (select count(*) from withdrawals where player_id = ${ids.player}) as n`,
    'invites: downlines page 0': `select mobile, created_at from players where upline_id = ${ids.inviter} order by created_at desc, id desc limit 10 offset 0`,
    'invites: total': `select count(*) from players where upline_id = ${ids.inviter}`,
    // As depositsRepository.candidates writes it for MASKED_ACCOUNT: the pattern and its window key (ADR 063).
    'deposit matcher: candidates': `select id, bank_account, firstname, surname from players where bank_code = '${HISTORY_PLAYER.bank_code}' and bank_account like '%_____2345_'
      and bank_account_windows(bank_code, bank_account) @> array['${HISTORY_PLAYER.bank_code}:1:2345']::text[] limit 201`,
    'member search: page': `select id, mobile, firstname, surname, status, created_at, bank_code, bank_account from players where ${search} order by id desc limit 20 offset 0`,
    'member search: total': `select count(*) from players where ${search}`,
    "member's ledger tab: page 0": `
      with mine as (select id from accounts where player_id = ${ids.player}),
      newest as (
        select id from (
          select x.id from mine cross join lateral (select id from transfers where debit_account_id = mine.id order by id desc limit 20) x
          union
          select x.id from mine cross join lateral (select id from transfers where credit_account_id = mine.id order by id desc limit 20) x
        ) u order by id desc limit 20 offset 0)
      select t.id, t.kind, t.reference, t.amount, t.created_at, da.kind, ca.kind from newest n
      join transfers t on t.id = n.id join accounts da on da.id = t.debit_account_id join accounts ca on ca.id = t.credit_account_id
      order by t.id desc`,
    "member's ledger tab: total": `
      select count(*) as n from (
        select t.id from accounts a join transfers t on t.debit_account_id = a.id where a.player_id = ${ids.player}
        union
        select t.id from accounts a join transfers t on t.credit_account_id = a.id where a.player_id = ${ids.player}) u`,
    // Every money movement (the deposit matcher's credit, a bet) finds its accounts with this (ledger.accountIds).
    'ledger: account ids': `
      with want(player_id, kind) as (values (null::bigint, 'bank_in'::text), (${ids.player}::bigint, 'cash'::text))
      select a.id, a.player_id, a.kind from accounts a join want w on a.player_id = w.player_id and a.kind = w.kind where a.player_id is not null
      union all
      select a.id, a.player_id, a.kind from accounts a join want w on a.kind = w.kind where a.player_id is null and w.player_id is null`,
  }
}

async function explainAll(url: string) {
  return withClient(url, async (client) => {
    const ids = { player: await playerId(client, HISTORY_PLAYER.mobile), inviter: await playerId(client, INVITER.mobile) }
    const out: Record<string, string[]> = {}
    for (const [name, text] of Object.entries(statements(ids))) {
      const { rows } = await client.query(`explain (analyze, buffers) ${text}`)
      out[name] = rows.map((r: Record<string, string>) => r['QUERY PLAN']!)
    }
    return out
  })
}

/** Step 5: ledger:verify as an operator runs it (`npm run ledger:verify`, the server stopped), timed. */
function timeVerify(url: string) {
  const started = Date.now()
  const { ok, said } = ledgerVerify({ DATABASE_URL: url })
  const ms = Date.now() - started
  const checked = /^ok, (\d+) checked/.exec(said)
  if (!ok || !checked) throw new Error(`ledger:verify did not say ok: ${said}`)
  return { ms, checked: Number(checked[1]) }
}

/** A year's reports timed: from the transfers alone (once each), the rollup, then from the daily sums. */
interface YearReports {
  from: string
  to: string
  today: TodaysPlay
  /** Milliseconds, and the refusal when the server refused. */
  direct: Record<string, number | string>
  rollUp: { ms: number; said: string }
  summed: Record<string, { median: number; max: number }>
}

/** `npm run reports:roll-up` on the database, timed (as an operator runs it: beside the server on PostgreSQL, the server stopped on PGlite). */
function timeRollUp(database: { DATABASE_URL: string } | { DATA_DIR: string }) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env
  const started = Date.now()
  const run = spawnSync('npm', ['run', '--silent', 'reports:roll-up'], {
    cwd: root,
    env: { ...inherited, SANAM_MODE: 'demo', ...database },
    encoding: 'utf8',
  })
  const ms = Date.now() - started
  const said = `${run.stdout}${run.stderr}`.trim().split('\n').at(-1) ?? ''
  if (run.status !== 0) throw new Error(`reports:roll-up failed: ${said}`)
  return { ms, said }
}

/**
 * Runs `work` holding the rollup job's lock on `url` (given the lock's connection): a server on that database finds it
 * taken and rolls no day up.
 */
async function withoutRollups<T>(url: string, work: (lock: pg.Client) => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url })
  await lock.connect()
  try {
    await lock.query('select pg_advisory_lock($1)', [REPORT_ROLLUP_LOCK])
    return await work(lock)
  } finally {
    await lock.end()
  }
}

/** Step 6: a year's reports (the most a report takes, 366 days up to today) before and after the daily sums. */
async function measureYearReports(run: Run): Promise<YearReports> {
  const to = bangkokDay(new Date())
  const from = addDays(to, -365)
  const today = await withClient(run.url, (client) => playToday(client, todayRate(run.players)))
  say(`  today's play: ${today.transfers} game transfers up to ${today.until} Bangkok time`)
  // A report refused (the statement timeout's 503 on a year of transfers) counts as its time with the refusal named.
  const timer = async (base: string) => {
    const operator = await operatorToken(base)
    return async (report: string) => {
      const started = performance.now()
      const refused = await call(base, 'GET', `/api/backoffice/reports/${report}?from=${from}&to=${to}`, undefined, {
        authorization: `Bearer ${operator}`,
      }).then(
        () => '',
        (error: unknown) => ` (refused: ${String(error).slice(0, 60)})`,
      )
      return `${Math.round(performance.now() - started)}${refused}`
    }
  }
  // The lock is taken before the server starts (its rollup job may run as soon as it serves) and held across the reads
  // from the transfers: the job finds it taken and rolls nothing up meanwhile.
  const direct = await withoutRollups(run.url, async (lock) => {
    const server = await startSanam(serverEnv(run.url))
    try {
      const time = await timer(server.base)
      const rolledBefore = await one(lock, 'select count(*) from report_rollups')
      if (rolledBefore !== 0) throw new Error(`${rolledBefore} days were rolled up before the bench read without sums`)
      const read: Record<string, string> = {}
      for (const report of YEAR_REPORTS) {
        read[report] = await time(report)
        say(`  year's ${report} from the transfers: ${read[report]} ms`)
      }
      return read
    } finally {
      await server.stop()
    }
  })
  // The server stopped meanwhile: its own job would take the lock between the command's days and stop it.
  const rollUp = timeRollUp({ DATABASE_URL: run.url })
  say(`  reports:roll-up: ${seconds(rollUp.ms)} s, ${rollUp.said}`)
  const sanam = await startSanam(serverEnv(run.url))
  try {
    const time = await timer(sanam.base)
    const times: Record<string, number[]> = {}
    for (const report of YEAR_REPORTS) {
      times[report] = []
      for (let i = 0; i < REPORT_ROUNDS; i++) {
        const took = await time(report)
        if (took.includes('refused')) say(`  year's ${report} from the sums: ${took}`)
        times[report].push(Number.parseInt(took, 10))
      }
      say(`  year's ${report} from the sums: ${JSON.stringify(times[report])} ms`)
    }
    return { from, to, today, direct, rollUp, summed: medianAndMax(times) }
  } finally {
    await sanam.stop()
  }
}

/** The embedded database's run: a year's reports and the bets beside them, before and after the daily sums. */
interface EmbeddedRun {
  scale: number
  transfers: number
  seedMs: number
  reports: YearReports
  /** Bets alone, bets while one operator reads year-long GGR-by-day reports in a loop (from the transfers, from the sums). */
  bets: { alone: Figures; aloneSummed: Figures; besideDirect: Figures; besideSummed: Figures; reportsDirect: number; reportsSummed: number }
}

/** Bets of 0.01 over `players`' sessions for SECONDS at BENCH_CONNECTIONS, beside `reports` running meanwhile when given. */
async function betsBeside(base: string, sessions: string[], report?: () => Promise<unknown>) {
  let next = 0
  let stop = false
  let reportsRead = 0
  const reader = report
    ? (async () => {
        while (!stop) {
          await report()
          reportsRead++
        }
      })()
    : Promise.resolve()
  const figures = await hammer({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const signed = seamless('bet', sessions[next++ % sessions.length]!, '0.01')
          return { ...request, path: signed.path, headers: signed.headers, body: signed.raw }
        },
      },
    ],
  })
  stop = true
  await reader
  return { figures, reportsRead }
}

/** The tables `grow` fills. */
const GROWN_TABLES = ['players', 'accounts', 'deposits', 'transfers']

/**
 * Runs `load` with the indexes of `tables` that are not unique dropped, then builds them again from their own
 * definitions (a sorted build instead of an insert into every index for every row, the trigram ones included). Unique
 * ones stay: the load's own statements find rows by id, and the house accounts' upsert needs its key. Only the embedded run uses it (its seed was about
 * 3,300 transfers a second); PostgreSQL's grown database keeps the indexes a real history builds row by row.
 */
async function withoutIndexes<T>(client: Sql, tables: string[], load: () => Promise<T>): Promise<T> {
  const { rows } = await client.query(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
     join pg_index x on x.indexrelid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass
     where i.schemaname = 'public' and i.tablename = any($1::text[]) and not x.indisunique
     order by i.tablename, i.indexname`,
    [tables],
  )
  const indexes = rows as Array<{ name: string; definition: string }>
  const started = Date.now()
  for (const index of indexes) await client.query(`drop index "${index.name}"`)
  const loaded = await load()
  const built = Date.now()
  for (const index of indexes) await client.query(index.definition)
  say(`  ${indexes.length} indexes dropped for the load and built again in ${seconds(Date.now() - built)} s (load ${seconds(built - started)} s)`)
  return loaded
}

/** PGlite on the embedded folder the app made (the server stopped: one process at a time), closed after `run`. */
async function withEmbedded<T>(dataDir: string, run: (lite: Sql) => Promise<T>): Promise<T> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const lite = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } })
  try {
    return await run(lite)
  } finally {
    await lite.close()
  }
}

/** The last 366 Bangkok days, today's included: a year's report as an operator asks for it. */
function lastYear() {
  const to = bangkokDay(new Date())
  return { from: addDays(to, -365), to }
}

/** Each of YEAR_REPORTS over the last year, `rounds` times one at a time through HTTP on the embedded server: milliseconds. */
async function readYearReports(base: string, operator: string, rounds: number): Promise<Record<string, number[]>> {
  const { from, to } = lastYear()
  const times: Record<string, number[]> = {}
  for (const report of YEAR_REPORTS) {
    times[report] = []
    for (let i = 0; i < rounds; i++) {
      const began = performance.now()
      await call(base, 'GET', `/api/backoffice/reports/${report}?from=${from}&to=${to}`, undefined, { authorization: `Bearer ${operator}` })
      times[report].push(Math.round(performance.now() - began))
    }
    say(`  embedded, year's ${report}: ${JSON.stringify(times[report])} ms`)
  }
  return times
}

const medianAndMax = (times: Record<string, number[]>) =>
  Object.fromEntries(
    Object.entries(times).map(([report, all]) => {
      const sorted = [...all].sort((a, b) => a - b)
      return [report, { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! }]
    }),
  )

/**
 * GROWTH_EMBEDDED_DIR: the year's reports from the daily sums again, on a folder an embedded run kept (GROWTH_KEEP=1,
 * already rolled up and analyzed), with this build's server: no seed, no roll-up, no bets. Compares builds on the same
 * data without seeding it again (20 million transfers take about half an hour).
 */
async function measureKeptEmbedded(dataDir: string): Promise<string> {
  const sanam = await startSanam({ ...LOAD_ENV, DATA_DIR: dataDir })
  try {
    afterEarlierSignIns()
    const times = await readYearReports(sanam.base, await operatorToken(sanam.base), REPORT_ROUNDS)
    const summed = medianAndMax(times)
    const { from, to } = lastYear()
    return [
      `## The embedded database (PGlite): the kept folder ${dataDir}, from the daily sums`,
      '',
      `A year's reports (${from} to ${to}) one at a time through HTTP on a server started on the folder, ${REPORT_ROUNDS} reads each (every read: ${YEAR_REPORTS.map((report) => `${report} ${times[report]!.join(', ')}`).join('; ')} ms).`,
      '',
      '| report | from the sums, median (ms) | max (ms) | goal < 100 ms |',
      '|---|---:|---:|---|',
      ...YEAR_REPORTS.map((report) => `| ${report} | ${summed[report]!.median} | ${summed[report]!.max} | ${summed[report]!.max < 100 ? 'met' : 'MISSED'} |`),
      '',
    ].join('\n')
  } finally {
    await sanam.stop()
  }
}

/**
 * The embedded run: the app makes the folder, the growth is loaded through PGlite itself (the server stopped: one
 * process at a time), then on the server a year's reports and the bets beside them from the transfers, the folder's
 * days rolled up by `npm run reports:roll-up` (the server stopped again), and the same from the daily sums. The
 * server's own rollup job first runs a minute after it starts, so the reads from the transfers come first.
 */
async function measureEmbedded(scale: number): Promise<EmbeddedRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-growth-embedded-'))
  const env = { ...LOAD_ENV, DATA_DIR: dataDir }
  try {
    let sanam = await startSanam(env)
    await register(sanam.base, HISTORY_PLAYER)
    await sanam.stop()
    const players = Math.round(PLAYERS_AT_SCALE_1 * scale)
    say(`embedded, scale ${scale}: ${players} grown players in ${dataDir}`)
    const started = Date.now()
    const { transfers, today } = await withEmbedded(dataDir, async (lite) => {
      await withoutIndexes(lite, GROWN_TABLES, () => grow(lite, players))
      const today = await playToday(lite, todayRate(players))
      await lite.query('vacuum analyze players, accounts, deposits, transfers')
      return { transfers: await one(lite, 'select count(*) from transfers'), today }
    })
    say(`  today's play: ${today.transfers} game transfers up to ${today.until} Bangkok time`)
    const seedMs = Date.now() - started
    say(`embedded: seeded ${transfers} transfers in ${seconds(seedMs)} s`)

    const { from, to } = lastYear()
    const yearGgr = (base: string, operator: string) => () =>
      call(base, 'GET', `/api/backoffice/reports/ggr-by-day?from=${from}&to=${to}`, undefined, { authorization: `Bearer ${operator}` })

    sanam = await startSanam(env)
    let direct: Record<string, number[]>
    let sessions: string[]
    let alone: Figures
    let besideDirect: Awaited<ReturnType<typeof betsBeside>>
    try {
      const operator = await operatorToken(sanam.base)
      direct = await readYearReports(sanam.base, operator, 1)
      sessions = (await preparePlayers(sanam.base, 8, 1_000)).players.map((player) => player.session)
      alone = (await betsBeside(sanam.base, sessions)).figures
      besideDirect = await betsBeside(sanam.base, sessions, yearGgr(sanam.base, operator))
      say(`  embedded bets alone ${JSON.stringify(alone)}, beside reports from the transfers ${JSON.stringify(besideDirect)}`)
    } finally {
      await sanam.stop()
    }

    const rollUp = timeRollUp({ DATA_DIR: dataDir })
    say(`  embedded reports:roll-up: ${seconds(rollUp.ms)} s, ${rollUp.said}`)
    // What the server's planner-statistics job (ADR 065) does on its first run, a minute after it starts, for the
    // tables never analyzed (report_day_sums, report_rollups, game_rounds; here every table, a superset): without it
    // the reads from the sums in the server's first minute are planned as if those tables held a row or two (measured:
    // a nested loop over every round of the provider for each of today's game transfers).
    await withEmbedded(dataDir, (lite) => lite.query('analyze'))
    sanam = await startSanam(env)
    try {
      const operator = await operatorToken(sanam.base)
      const summedTimes = await readYearReports(sanam.base, operator, REPORT_ROUNDS)
      // Bets alone again on this server first: its bet path's first statements (planned and cached afresh in a new
      // process) and its first jobs are then not counted against the reports beside them (measured: 2 bets in 5 s
      // without this, whatever the report).
      const aloneSummed = (await betsBeside(sanam.base, sessions)).figures
      const besideSummed = await betsBeside(sanam.base, sessions, yearGgr(sanam.base, operator))
      say(`  embedded bets alone ${JSON.stringify(aloneSummed)}, beside reports from the sums ${JSON.stringify(besideSummed)}`)
      const summed = medianAndMax(summedTimes)
      return {
        scale,
        transfers,
        seedMs,
        reports: { from, to, today, direct: Object.fromEntries(Object.entries(direct).map(([report, [ms]]) => [report, ms!])), rollUp, summed },
        bets: {
          alone,
          aloneSummed,
          besideDirect: besideDirect.figures,
          besideSummed: besideSummed.figures,
          reportsDirect: besideDirect.reportsRead,
          reportsSummed: besideSummed.reportsRead,
        },
      }
    } finally {
      await sanam.stop()
    }
  } finally {
    if (KEEP) say(`kept the embedded folder ${dataDir}`)
    else rmSync(dataDir, { recursive: true, force: true })
  }
}

interface Run {
  reports?: YearReports
  scale: number
  name: string
  url: string
  players: number
  seedMs: number
  vacuumMs: number
  sizes: Awaited<ReturnType<typeof tableSizes>>
  verify: { ms: number; checked: number }
  paths?: Record<string, Measured>
  plans?: Record<string, string[]>
}

/** Steps 1 to 3 on a new database, then VACUUM ANALYZE and a checkpoint, so the measurement starts from a settled one. */
async function prepare(admin: pg.Client, scale: number): Promise<Run> {
  const name = `sanam_growth_${String(scale).replace('.', '_')}_${process.pid}`
  const url = databaseUrl(ADMIN_URL, name)
  const players = Math.round(PLAYERS_AT_SCALE_1 * scale)
  say(`scale ${scale}: database ${name}, ${players} grown players`)
  await admin.query(`create database "${name}"`)
  created.push(name)
  await prepareThroughTheApp(url)
  const started = Date.now()
  await withClient(url, async (client) => {
    await loadFixtures(client)
    await grow(client, players)
  })
  const seedMs = Date.now() - started
  say(`scale ${scale}: seeded in ${seconds(seedMs)} s`)
  const vacuumStarted = Date.now()
  await withClient(url, (client) => client.query('vacuum analyze players, accounts, deposits, withdrawals, transfers'))
  const vacuumMs = Date.now() - vacuumStarted
  await admin.query('checkpoint')
  return { scale, name, url, players, seedMs, vacuumMs, sizes: await withClient(url, tableSizes), verify: { ms: 0, checked: 0 } }
}

function verify(run: Run) {
  run.verify = timeVerify(run.url)
  say(`scale ${run.scale}: ledger:verify ok in ${seconds(run.verify.ms)} s (${run.verify.checked} rows)`)
}

/** Every database this run created, dropped at the end unless GROWTH_KEEP=1. */
const created: string[] = []

/** The lines of a plan that say how it reads: scans, sorts, the execution time. */
const keyLines = (plan: string[]) =>
  plan.filter((line) => /Scan|Sort Method|Execution Time|Limit|Aggregate/.test(line) && !/^\s+Buffers/.test(line)).map((line) => line.trim())

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')

/** A year's reports, each from the transfers and from the daily sums, as a table. */
const yearReportTable = (r: YearReports) => [
  '| report | from the transfers (ms) | from the sums, median (ms) | max (ms) | goal < 100 ms |',
  '|---|---:|---:|---:|---|',
  ...YEAR_REPORTS.map((report) => {
    const summed = r.summed[report]!
    return `| ${report} | ${r.direct[report]} | ${summed.median} | ${summed.max} | ${summed.max < 100 ? 'met' : 'MISSED'} |`
  }),
]

/** What today held when the year's reports were read. */
const todayLine = (today: TodaysPlay) =>
  `Today held ${today.transfers.toLocaleString('en')} game transfers added by the bench (from Bangkok midnight to ${today.until}, at ${today.perDay.toLocaleString('en')} a day${process.env.GROWTH_TODAY_TRANSFERS === undefined ? ", the grown history's rate" : ' (GROWTH_TODAY_TRANSFERS)'}) besides the bench's own bets.`

/** A year's reports on PostgreSQL: the section of the report. */
function yearReportLines(r: YearReports, scale: number) {
  return [
    `## A year's reports (${r.from} to ${r.to}, scale ${scale})`,
    '',
    `One at a time through HTTP, as an operator asks. ${todayLine(r.today)} From the transfers: before any day is rolled up (the bench held the rollup job's lock). Then, the server stopped, \`npm run reports:roll-up\` in ${seconds(r.rollUp.ms)} s (${r.rollUp.said}). From the sums, the server started again: ${REPORT_ROUNDS} reads each.`,
    '',
    ...yearReportTable(r),
    '',
  ]
}

function report(empty: Run, grown: Run, verifyRuns: Run[]) {
  const lines = [`# Growth (${new Date().toISOString().slice(0, 10)})`, '']
  lines.push(
    `Machine: ${os.cpus().length} cores, load average ${loadAverage()}, Node ${process.version}; PostgreSQL at ${new URL(ADMIN_URL).host}; ${CONNECTIONS} connections, ${SECONDS} s a path.`,
    '',
    '## Data',
    '',
    '| scale | grown players | seed | vacuum analyze | players | accounts | deposits | withdrawals | transfers |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  )
  for (const run of [empty, ...verifyRuns.filter((r) => r !== empty && r !== grown), grown]) {
    const size = (table: string) => {
      const s = run.sizes.find((row) => row.table === table)
      return s ? `${Number(s.rows).toLocaleString('en')} (${s.data} + ${s.indexes} idx)` : '-'
    }
    lines.push(
      `| ${run.scale} | ${run.players.toLocaleString('en')} | ${seconds(run.seedMs)} s | ${seconds(run.vacuumMs)} s | ${size('players')} | ${size('accounts')} | ${size('deposits')} | ${size('withdrawals')} | ${size('transfers')} |`,
    )
  }
  lines.push('', '## Paths: near-empty (scale 0) against grown (scale ' + grown.scale + ')', '')
  lines.push('| path | req/s empty | p50 empty | p99 empty | req/s grown | p50 grown | p99 grown | p50 ratio | p99 ratio | errors | verdict |')
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|')
  for (const [name, e] of Object.entries(empty.paths ?? {})) {
    const g = grown.paths?.[name]
    if (!g) continue
    const r50 = g.p50 / Math.max(e.p50, 1)
    const r99 = g.p99 / Math.max(e.p99, 1)
    // A side that answered nothing in the time (every request still waiting) misses, whatever its latency reads.
    const pass = r50 <= GOAL && r99 <= GOAL && e.errors + g.errors === 0 && e.rps > 0 && g.rps > 0
    lines.push(
      `| ${name} | ${e.rps} | ${e.p50} | ${e.p99} | ${g.rps} | ${g.p50} | ${g.p99} | ${r50.toFixed(2)} | ${r99.toFixed(2)} | ${e.errors + g.errors} | ${pass ? 'within 1.5×' : 'MISSED'} |`,
    )
  }
  lines.push(
    '',
    `Latencies in ms (autocannon rounds to whole ms; a ratio against a value under 1 ms uses 1). Both databases were served at once and each path measured on one and then the other, ${ROUNDS} rounds; each side's best round is shown (the machine is shared).`,
    '',
  )
  if (grown.reports) lines.push(...yearReportLines(grown.reports, grown.scale))
  lines.push('## ledger:verify', '')
  lines.push('| scale | rows checked | time |', '|---:|---:|---:|')
  for (const run of [...new Set([empty, ...verifyRuns, grown])].sort((a, b) => a.scale - b.scale))
    lines.push(`| ${run.scale} | ${run.verify.checked.toLocaleString('en')} | ${seconds(run.verify.ms)} s |`)
  lines.push('', '## Plans on the grown data (EXPLAIN (ANALYZE, BUFFERS), key lines)', '')
  for (const [name, plan] of Object.entries(grown.plans ?? {})) lines.push(`- **${name}**`, '', '```', ...keyLines(plan), '```', '')
  return lines.join('\n')
}

/** A row of the bets' table: a side that answered no bet in the time misses, whatever its latency reads (0). */
const betsRow = (name: string, f: Figures, reports: number | string) =>
  `| ${name} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} | ${reports} | ${f.p99 < 500 && f.rps > 0 && f.errors === 0 ? 'met' : 'MISSED'} |`

/** The embedded run's section of the report. */
function embeddedReport(run: EmbeddedRun): string {
  const r = run.reports
  const b = run.bets
  const lines = [
    `## The embedded database (PGlite): scale ${run.scale}, ${run.transfers.toLocaleString('en')} transfers, seeded in ${seconds(run.seedMs)} s`,
    '',
    `A year's reports (${r.from} to ${r.to}) one at a time through HTTP: ${todayLine(r.today)} From the transfers in the server's first minute (before its rollup job first runs), then \`npm run reports:roll-up\` with the server stopped in ${seconds(r.rollUp.ms)} s (${r.rollUp.said}), then from the sums, ${REPORT_ROUNDS} reads each.`,
    '',
    ...yearReportTable(r),
    '',
    `Bets of 0.01 over 8 players' sessions, ${CONNECTIONS} connections, ${SECONDS} s; beside them one operator reads a year's GGR by day again and again.`,
    '',
    '| bets | req/s | p50 (ms) | p99 (ms) | errors | year reports read meanwhile | goal p99 < 500 ms |',
    '|---|---:|---:|---:|---:|---:|---|',
    betsRow('alone', b.alone, '-'),
    betsRow('beside reports from the transfers', b.besideDirect, b.reportsDirect),
    betsRow('alone, the server restarted after the roll-up', b.aloneSummed, '-'),
    betsRow('beside reports from the daily sums', b.besideSummed, b.reportsSummed),
    '',
  ]
  return lines.join('\n')
}

/** GROWTH_POSTGRES=0: the embedded run alone (with GROWTH_EMBEDDED_SCALE). */
const POSTGRES = process.env.GROWTH_POSTGRES !== '0'
/**
 * GROWTH_ONLY=reports: on PostgreSQL only the grown database and its year's reports (issue 40 §4), without the near-empty
 * database, the paths, the plans and ledger:verify (the hot paths are measured by the full run); the default, all.
 */
const ONLY = process.env.GROWTH_ONLY ?? 'all'
if (ONLY !== 'all' && ONLY !== 'reports') throw new Error(`GROWTH_ONLY is 'reports' or unset, not '${ONLY}'`)

/** The PostgreSQL part with GROWTH_ONLY=reports: a grown database and a year's reports on it. */
async function reportsOnly(admin: pg.Client, embedded: string) {
  const grown = await prepare(admin, SCALE)
  const r = (grown.reports = await measureYearReports(grown))
  const text = [
    `# Growth, a year's reports (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Machine: ${os.cpus().length} cores, load average ${loadAverage()}, Node ${process.version}; PostgreSQL at ${new URL(ADMIN_URL).host}; GROWTH_ONLY=reports.`,
    '',
    `Scale ${grown.scale}: ${grown.players.toLocaleString('en')} grown players, seeded in ${seconds(grown.seedMs)} s, VACUUM ANALYZE ${seconds(grown.vacuumMs)} s; transfers ${grown.sizes.find((s) => s.table === 'transfers')?.rows ?? '-'}.`,
    '',
    ...yearReportLines(r, grown.scale),
    embedded,
  ].join('\n')
  writeFileSync(path.join(root, 'bench', 'results', 'latest-growth.md'), text)
  console.info(text)
}

async function main() {
  const embedded = KEPT_EMBEDDED
    ? await measureKeptEmbedded(KEPT_EMBEDDED)
    : EMBEDDED_SCALE === undefined
      ? ''
      : embeddedReport(await measureEmbedded(EMBEDDED_SCALE))
  if (!POSTGRES) {
    const text = `# Growth, the embedded database (${new Date().toISOString().slice(0, 10)})\n\nMachine: ${os.cpus().length} cores, load average ${loadAverage()}, Node ${process.version}.\n\n${embedded}`
    writeFileSync(path.join(root, 'bench', 'results', 'latest-growth.md'), text)
    console.info(text)
    return
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  try {
    if (ONLY === 'reports') return await reportsOnly(admin, embedded)
    const empty = await prepare(admin, 0)
    const verifyRuns: Run[] = []
    if (VERIFY_SCALE !== undefined && VERIFY_SCALE !== SCALE && VERIFY_SCALE !== 0) {
      const run = await prepare(admin, VERIFY_SCALE)
      verify(run)
      if (!KEEP) await admin.query(`drop database if exists "${run.name}" with (force)`)
      verifyRuns.push(run)
    }
    const grown = await prepare(admin, SCALE)
    // The grown database's days stay unrolled while its server serves the paths, so that its year's reports are read
    // from the transfers first (step 6).
    await withoutRollups(grown.url, () => measureBoth(empty, grown))
    grown.reports = await measureYearReports(grown)
    empty.plans = await explainAll(empty.url)
    grown.plans = await explainAll(grown.url)
    verify(empty)
    verify(grown)
    const text = `${report(empty, grown, verifyRuns)}${embedded ? `\n${embedded}` : ''}`
    const plans = [empty, grown]
      .flatMap((run) => Object.entries(run.plans ?? {}).map(([name, plan]) => `## Scale ${run.scale}: ${name}\n\n\`\`\`\n${plan.join('\n')}\n\`\`\`\n`))
      .join('\n')
    writeFileSync(path.join(root, 'bench', 'results', 'latest-growth.md'), text)
    writeFileSync(path.join(root, 'bench', 'results', 'latest-growth-plans.md'), `# Full plans\n\n${plans}`)
    console.info(text)
  } finally {
    for (const name of created) {
      if (KEEP) say(`kept database ${name}`)
      else await admin.query(`drop database if exists "${name}" with (force)`)
    }
    await admin.end()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
