// npm run bench:statements (issue 22 §1): every statement of the hot paths as the app sends it, counted and explained.
// It lives beside the API's tests, whose harness it runs on, so that it is type-checked and linted with them rather
// than pulling the whole API into the bench's own TypeScript program (bench/statements.vitest.config.ts runs it).
// The real app (the route tests' harness, on a PostgreSQL clone of the migrated, seeded template) serves a balance
// read, a batch of bets spread over players, a batch of bets on one wallet and a win that settles a round, all through
// their HTTP routes, signed as a provider signs; then the deposit path with the outbox on (issue 38 §6): a bank-feed
// transfer credited to a LINE-linked player, and the outbox worker's pass that pushes its notice to a fake LINE. node-postgres' Client.query is wrapped for the length of each path:
// it records each statement with its parameters and the time to its answer as the app saw it, and turns the
// transaction's COMMIT into a ROLLBACK, so the database is as it was before (a batch of bets is one statement in its
// own transaction, ADR 096: it commits; so do the outbox worker's statements, listed unreplayed). Then each recorded
// transaction is replayed on a connection of its own, every statement under EXPLAIN (ANALYZE, BUFFERS) with its own
// parameters, in order, and rolled back. It asserts that a batch of bets reaches PostgreSQL as ONE statement, and what
// the outbox adds to the deposit path (the statements a notice costs the credit's transaction, and a worker's pass for
// one message), so that cannot grow back. Writes bench/results/latest-statements.md (a table per path) and
// latest-statements-plans.md (the plans). Not part of npm test: it measures.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { expect, it } from 'vitest'
import { rollbackBody } from '@sanam/contract/seamless-calls'
import { useTestApp } from '../test/app.ts'
import type {} from '../test/global-setup.ts' // what the global set-up provides (the template's name)
import { databaseUrl } from '../test/postgres.ts'
import { uniqueAddress } from '../test/factories.ts'
import { lineUserId } from '../test/fakes/line-server.ts'
import { deliverToApp, lineConfig, linkLine, useFakeLine } from '../test/line.ts'
import { fund, postTransfer, signedInPlayer, transferBody } from '../test/money.ts'
import { callSeamless, launch, sendMoney } from '../test/seamless.ts'
import { uid } from '../test/seamless-batches.ts'

/** Bets in the measured batches (the bench's load forms batches of about 17 over 32 players: 64 connections over 2 lanes, ADR 059). */
const BATCH = Number(process.env.BENCH_BATCH ?? 16)

interface Statement {
  client: number
  text: string
  values: unknown[] | undefined
  name: string | undefined
  /** From the call to the answer, as the app saw it (queueing on the connection included). */
  ms: number
}

// ---- recording ---------------------------------------------------------------------------------------------------
const clientIds = new WeakMap<object, number>()
let nextClient = 0
let recording: Statement[] | null = null
/** Whether the recorded path's COMMIT stays one (the worker's: its next step reads what its claim committed). */
let keepCommits = false
const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown
pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text?: string; values?: unknown[]; name?: string; submit?: unknown }
  if (!recording || (typeof config === 'object' && typeof config?.submit === 'function')) return baseQuery.apply(this, args)
  const text = typeof config === 'string' ? config : (config.text ?? '')
  if (!clientIds.has(this)) clientIds.set(this, nextClient++)
  const entry: Statement = {
    client: clientIds.get(this)!,
    text,
    // Drizzle passes its parameters beside the config object, node-postgres also takes them inside it.
    values: (typeof config === 'object' ? config.values : undefined) ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined),
    name: typeof config === 'string' ? undefined : config.name,
    ms: 0,
  }
  recording.push(entry)
  // The path's own transaction must leave nothing behind: its COMMIT becomes a ROLLBACK.
  if (!keepCommits && /^\s*commit\s*;?\s*$/i.test(text)) args[0] = typeof config === 'string' ? 'rollback' : { ...config, text: 'rollback' }
  const started = performance.now()
  const result = baseQuery.apply(this, args)
  if (result instanceof Promise) void result.then(() => (entry.ms = performance.now() - started)).catch(() => (entry.ms = performance.now() - started))
  return result
} as typeof pg.Client.prototype.query

async function record(work: () => Promise<unknown>, options: { commit?: boolean } = {}): Promise<Statement[]> {
  const statements: Statement[] = []
  recording = statements
  keepCommits = options.commit ?? false
  try {
    await work()
  } finally {
    recording = null
    keepCommits = false
  }
  return statements
}

/**
 * The statements of one client from BEGIN to its end: of the recording's transactions, the one with the most
 * parameters (a batch runs the same statements whatever its size; a larger batch binds more values).
 */
function largestTransaction(statements: Statement[]): Statement[] {
  const open = new Map<number, Statement[]>()
  let largest: Statement[] = []
  for (const s of statements) {
    if (/^\s*begin/i.test(s.text)) open.set(s.client, [s])
    else if (open.has(s.client)) {
      const tx = open.get(s.client)!
      tx.push(s)
      if (/^\s*(commit|rollback)\s*;?\s*$/i.test(s.text)) {
        open.delete(s.client)
        if (parameters(tx) > parameters(largest)) largest = tx
      }
    }
  }
  return largest
}

/** The bets a call of the bet function carried (its first parameter is the array of their providers). */
const betsOf = (s: Statement) => (Array.isArray(s.values?.[0]) ? (s.values[0] as unknown[]).length : 0)

/** A batch of bets is one statement in its own transaction (ADR 096): the recording's call that carried the most bets. */
function largestBetBatch(statements: Statement[]): Statement[] {
  const calls = statements.filter((s) => s.text.includes('seamless_bet_batch('))
  const largest = calls.reduce<Statement | undefined>((best, s) => (best && betsOf(best) >= betsOf(s) ? best : s), undefined)
  return largest ? [largest] : []
}

const parameters = (transaction: Statement[]) => transaction.reduce((n, s) => n + (s.values?.length ?? 0), 0)

// ---- replay under EXPLAIN -----------------------------------------------------------------------------------------
interface Explained {
  statement: Statement
  plan: string[]
  /** The plans of the statements a function ran inside the call (auto_explain's nested statements), when it could load. */
  nested: string[]
  planningMs: number | null
  executionMs: number | null
  rows: string
  buffers: string
}

/** node-postgres' own conversion of a parameter to the text it sends (exported at runtime, not in its types). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils

/** Savepoint statements: run as they are in the replay (EXPLAIN takes none of them). */
const SAVEPOINT = /^\s*(savepoint|release|rollback to)\b/i

async function explain(url: string, transaction: Statement[]): Promise<Explained[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  // The statements inside a function call (the bet function's, ADR 096) are not in EXPLAIN's plan of the call:
  // auto_explain writes each one's plan, with its rows, times and buffers, as a notice to this client. LOAD needs a
  // superuser; without one the nested plans are left out.
  const notices: string[] = []
  client.on('notice', (notice) => notices.push(notice.message ?? ''))
  const nested = await (
    baseQuery.call(
      client,
      "load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; " +
        "set auto_explain.log_analyze = on; set auto_explain.log_buffers = on; set auto_explain.log_level = 'notice'",
    ) as Promise<unknown>
  ).then(
    () => true,
    () => false,
  )
  try {
    await baseQuery.call(client, 'begin')
    const out: Explained[] = []
    for (const statement of transaction) {
      if (/^\s*(begin|commit|rollback)\s*;?\s*$/i.test(statement.text)) continue
      if (SAVEPOINT.test(statement.text)) {
        await baseQuery.call(client, statement.text)
        out.push({ statement, plan: [], nested: [], planningMs: null, executionMs: null, rows: '', buffers: '' })
        continue
      }
      // EXPLAIN takes no bound parameters: each $n becomes its value as a literal, converted as node-postgres sends it.
      const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
        const value = prepareValue(statement.values?.[Number(n) - 1]) as string | null
        return value === null ? 'NULL' : client.escapeLiteral(String(value))
      })
      notices.length = 0
      const result = (await baseQuery.call(client, `explain (analyze, buffers) ${text}`)) as {
        rows: Array<Record<string, string>>
      }
      // The call's own plan is EXPLAIN's; auto_explain's last notice repeats it.
      const inside = nested ? notices.filter((n) => !n.includes('explain (analyze, buffers)')) : []
      const plan = result.rows.map((r) => r['QUERY PLAN']!)
      const number = (label: string) => {
        const line = plan.find((l) => l.trim().startsWith(label))
        return line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : null
      }
      out.push({
        statement,
        plan,
        nested: inside,
        planningMs: number('Planning Time:'),
        executionMs: number('Execution Time:'),
        rows: /actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(plan[0] ?? '')?.[1] ?? '',
        buffers: (plan.find((l) => l.trim().startsWith('Buffers:')) ?? '').trim().replace(/^Buffers: /, ''),
      })
    }
    await baseQuery.call(client, 'rollback')
    return out
  } finally {
    await client.end()
  }
}

/** One line of SQL, shortened, for the table. */
function head(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return (line.length > 96 ? `${line.slice(0, 93)}...` : line).replace(/\|/g, '\\|')
}

// LINE on, against a fake LINE on 127.0.0.1: a linked player's credited transfer writes its notice (ADR 087, 088).
const line = useFakeLine()
const t = useTestApp(() => ({ config: lineConfig(line()) }))

/**
 * The statements of a worker's pass, however many messages it sends (issue 38 §6): one claim for every channel, one
 * settling of all its outcomes, and the alerts of the channel that sent closed. It was 4 for one message and one more
 * per message (a claim per channel, nothing due or not; a settling per message).
 */
const PASS_STATEMENTS = 3
/** Notices in the second measured pass: its statements must not grow with them. */
const PASS_NOTICES = 4

/** Statements of a recording whose text matches `pattern`. */
const matching = (statements: Statement[], pattern: RegExp) => statements.filter((s) => pattern.test(s.text)).length

it('records and explains every statement of the hot paths', { timeout: 600_000 }, async () => {
  expect(t.database.kind, 'bench:statements runs on PostgreSQL (BENCH_DATABASE_URL)').toBe('postgres')
  /** One row of a read on the app's own database (node-postgres answers rows). */
  const readOne = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows[0]!
  const { name } = await readOne<{ name: string }>(sql`select current_database() as name`)
  const url = databaseUrl(process.env.TEST_DATABASE_URL!, name)

  // Players in one seamless lane, so that concurrent bets of all of them form one batch, as under load.
  // Each signs in from an address of its own (sign-ins are rate limited per address).
  // The app's lanes (seamless.service.ts): a player's callbacks go to lane `id % lanes`.
  const lanes = t.services.seamless.stats().lanes
  const spread: Array<{ id: number; token: string; session: string }> = []
  let lane: number | undefined
  while (spread.length < BATCH) {
    const player = await signedInPlayer(t, {}, { cash: 1000, address: uniqueAddress() })
    lane ??= player.id % lanes
    if (player.id % lanes === lane) spread.push({ id: player.id, token: player.token, session: await launch(t, player.token) })
  }
  const one = spread[0]!
  // Warm: a round each (accounts exist, plans cached on the connections), as in a running server.
  for (const p of spread) {
    const round = uid()
    await sendMoney(t, 'bet', { session: p.session, round, tx: uid(), amount: '1.00' })
    await sendMoney(t, 'win', { session: p.session, round, tx: uid(), amount: '0.00' })
  }
  const bets = async (players: typeof spread) => {
    const answers = await Promise.all(players.map((p) => sendMoney(t, 'bet', { session: p.session, round: uid(), tx: uid(), amount: '1.00' })))
    expect(answers.map((a) => a.json().status)).toEqual(players.map(() => 'OK'))
  }

  /** `replay: false`: a path whose commits stayed (the worker's): its writes cannot be replayed, it is listed unexplained. */
  const paths: Array<{ title: string; bets: number; statements: Statement[]; replay?: boolean }> = []
  await t.get('/api/wallet/v2/balance', one.token) // warm, as every read after a player's first
  const balance = await record(() => t.get('/api/wallet/v2/balance', one.token))
  paths.push({ title: 'balance read (GET /api/wallet/v2/balance)', bets: 0, statements: balance })
  // The first bet of a burst may run alone (the batcher starts at once); the rest queue behind it and form one batch,
  // which reaches PostgreSQL as ONE statement: no BEGIN, no COMMIT, nothing else (ADR 096).
  for (const [title, players] of [
    [`a batch of bets, ${BATCH} players`, spread],
    [`a batch of bets, one wallet`, Array.from({ length: BATCH }, () => one)],
  ] as const) {
    const recorded = await record(() => bets(players))
    const batch = largestBetBatch(recorded)
    expect(batch, title).toHaveLength(1)
    expect(
      recorded.map((s) => s.text),
      `${title}: every statement a call of the bet function`,
    ).toEqual(recorded.map(() => expect.stringContaining('seamless_bet_batch(')))
    // Every bet in one of the calls, the largest with all of them or all but the first.
    expect(
      recorded.reduce((n, s) => n + betsOf(s), 0),
      title,
    ).toBe(BATCH)
    expect(betsOf(batch[0]!), title).toBeGreaterThanOrEqual(BATCH - 1)
    paths.push({ title, bets: betsOf(batch[0]!), statements: batch })
  }
  // A win settling an open round (committed bet first), then a rollback of a bet in a settled round.
  const round = uid()
  const stake = uid()
  await sendMoney(t, 'bet', { session: one.session, round, tx: stake, amount: '2.00' })
  const win = largestTransaction(await record(() => sendMoney(t, 'win', { session: one.session, round, tx: uid(), amount: '3.00' })))
  paths.push({ title: 'a win that settles its round', bets: 0, statements: win })
  await sendMoney(t, 'win', { session: one.session, round, tx: uid(), amount: '0.00' })
  const rollback = largestTransaction(
    await record(() => callSeamless(t, 'pgsoft', 'rollback', rollbackBody({ session: one.session, round, tx: uid(), ref: stake }))),
  )
  paths.push({ title: 'a rollback of a bet in a settled round', bets: 0, statements: rollback })

  // The deposit path with the outbox (issue 38 §6): a LINE-linked player's transfer through the bank feed, matched and
  // credited, its notice written in the credit's transaction; then the worker's pass that pushes it. Warm first (a
  // credit, a pass), and nothing else left for the worker (the players' SMS of their sign-up).
  const linked = await signedInPlayer(t, {}, { address: uniqueAddress() })
  deliverToApp(t, line())
  await linkLine(t, line(), linked.token, lineUserId()) // the real link flow: the default notices, a deposit's among them
  await fund(t, linked, 1)
  while ((await t.services.outbox.runOnce()) > 0);
  const depositRequest = await record(() => postTransfer(t, transferBody(linked, { amount: 1 })))
  const credit = largestTransaction(depositRequest)
  paths.push({ title: 'a bank-feed transfer credited to a LINE-linked player (the request)', bets: 0, statements: depositRequest })
  // The notice's work in the credit's transaction: the LINE link, the exclusions, the site's name, the outbox; the
  // outbox's insert carried by the statement that marks the deposit credited (db/writes.ts, ADR 100).
  const notice = {
    lineOrOutbox: matching(credit, /line_links|outbox_messages/),
    carriedByTheCredit: matching(credit, /update "deposits"[^]*insert into "outbox_messages"/),
    exclusions: matching(credit, /^\s*select\b[^]*"?player_exclusions"?/i),
    site: matching(credit, /site_settings/),
  }
  await fund(t, linked, 1) // committed: a notice for the worker
  const pushesBefore = line().requestsTo('/v2/bot/message/push').length
  let sent = 0
  // Its transactions commit (its settling must find what its claim took); the replay below still rolls back.
  const pass = await record(async () => (sent = await t.services.outbox.runOnce()), { commit: true })
  expect([sent, line().requestsTo('/v2/bot/message/push').length - pushesBefore], 'the pass pushed the one notice').toEqual([1, 1])
  paths.push({ title: "the outbox worker's pass that pushes one notice to LINE (not replayed)", bets: 0, statements: pass, replay: false })
  for (let n = 0; n < PASS_NOTICES; n++) await fund(t, linked, 1)
  let sentMany = 0
  const passOfMany = await record(async () => (sentMany = await t.services.outbox.runOnce()), { commit: true })
  expect(sentMany, `the pass sent the ${PASS_NOTICES} notices`).toBe(PASS_NOTICES)
  paths.push({ title: `the outbox worker's pass that pushes ${PASS_NOTICES} notices to LINE (not replayed)`, bets: 0, statements: passOfMany, replay: false })

  // What one round trip costs on this machine: the floor under every statement.
  const probe = new pg.Client({ connectionString: url })
  await probe.connect()
  const trips: number[] = []
  for (let n = 0; n < 500; n++) {
    const started = performance.now()
    await baseQuery.call(probe, 'select 1')
    trips.push(performance.now() - started)
  }
  await probe.end()
  trips.sort((a, b) => a - b)
  const trip = trips[Math.floor(trips.length / 2)]!

  const lines = [
    `# Statements of the hot paths ${new Date().toISOString()}`,
    '',
    `PostgreSQL ${(await readOne<{ v: string }>(sql`select current_setting('server_version') as v`)).v}, batches of ${BATCH} bets ` +
      `(the first of a burst runs alone; the table is the batch of the other ${BATCH - 1}). A round trip of \`select 1\` on ` +
      `one connection: median ${trip.toFixed(3)} ms. "app ms": from the call to the answer as the app saw it (in the ` +
      'recorded run, one path at a time, so no queueing for a connection); "plan" and "exec": PostgreSQL\'s planning and ' +
      'execution time under EXPLAIN (ANALYZE, BUFFERS), replayed in order in a transaction of its own and rolled back. ' +
      'A statement shown with its [name] is a named prepared statement: PostgreSQL parses and plans it once per ' +
      'connection (then from its plan cache), so its "plan" figure, measured here on a copy with the values written in, ' +
      'is not paid on every call; the others are planned on every call.',
    '',
  ]
  const plans = [`# Plans of the hot paths' statements ${new Date().toISOString()}`, '']
  for (const p of paths) {
    expect(p.statements.length, p.title).toBeGreaterThan(0)
    const explained = p.replay === false ? [] : await explain(url, p.statements)
    const sum = (pick: (e: Explained) => number | null) => explained.reduce((total, e) => total + (pick(e) ?? 0), 0)
    const appMs = p.statements.reduce((total, s) => total + s.ms, 0)
    lines.push(
      `## ${p.title}`,
      '',
      `${p.statements.length} statements${p.bets ? ` for ${p.bets} bets (${(p.statements.length / p.bets).toFixed(2)} a bet)` : ''}; ` +
        `app ${appMs.toFixed(2)} ms in all, PostgreSQL planning ${sum((e) => e.planningMs).toFixed(2)} ms and execution ` +
        `${sum((e) => e.executionMs).toFixed(2)} ms; ${p.statements.length} round trips at the median \`select 1\` are ${(p.statements.length * trip).toFixed(2)} ms.`,
      '',
      '| # | statement | app ms | plan ms | exec ms | rows | buffers |',
      '|---:|---|---:|---:|---:|---:|---|',
    )
    const byText = new Map(explained.map((e) => [e.statement, e]))
    p.statements.forEach((s, n) => {
      const e = byText.get(s)
      lines.push(
        `| ${n + 1} | \`${head(s.name ? `[${s.name}] ${s.text}` : s.text)}\` | ${s.ms.toFixed(3)} | ${e?.planningMs?.toFixed(3) ?? ''} | ${e?.executionMs?.toFixed(3) ?? ''} | ${e?.rows ?? ''} | ${e?.buffers ?? ''} |`,
      )
      if (e && e.plan.length > 0) plans.push(`## ${p.title}, statement ${n + 1}`, '', '```sql', s.text.trim(), '```', '', '```', ...e.plan, '```', '')
      if (e && e.nested.length > 0) plans.push(`### The statements inside it (auto_explain)`, '', ...e.nested.flatMap((plan) => ['```', plan, '```', '']))
    })
    lines.push('')
  }
  lines.push(
    '## What the outbox adds to the deposit path (issue 38 §6)',
    '',
    `In the credit's transaction (${credit.length} statements): ${notice.lineOrOutbox} on the LINE link or the outbox ` +
      `(${notice.carriedByTheCredit} of them the statement that marks the deposit credited), ` +
      `${notice.exclusions} on the exclusions, ${notice.site} on the site's settings; the request ${depositRequest.length} ` +
      `statements. The worker's pass for the one notice: ${pass.length} statements; for ${PASS_NOTICES}: ${passOfMany.length}.`,
    '',
  )
  const results = path.join(import.meta.dirname, '..', '..', '..', 'bench', 'results')
  writeFileSync(path.join(results, 'latest-statements.md'), lines.join('\n'))
  writeFileSync(path.join(results, 'latest-statements-plans.md'), plans.join('\n'))
  console.info(lines.join('\n'))
  // Issue 38 §6: a notice costs the credit's transaction no statement of its own (the outbox's insert, the LINE link
  // read inside it, goes in the statement that marks the deposit credited), the exclusions are read once (the credit's
  // own read, for its note) and the site's name comes from the cache;
  // the worker takes, sends and settles its messages in this many statements, one message or many.
  expect(notice).toEqual({ lineOrOutbox: 1, carriedByTheCredit: 1, exclusions: 1, site: 0 })
  expect([pass.length, passOfMany.length]).toEqual([PASS_STATEMENTS, PASS_STATEMENTS])
})
