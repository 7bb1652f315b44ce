// npm run bench: every load scenario of issue 22 against the built server, with the baselines it is judged by measured
// in the same run on the same machine, printed as one table (bench/README.md says what each row is). Not a test: it
// records numbers, and exits 0 whether the goals are met or not. Run through tsx: it signs with the contract's signer.
//
// The SCENARIOS table drives the run: each scenario runs on the embedded database and, with BENCH_DATABASE_URL
// (postgres://..., a server where it creates and drops its databases), on PostgreSQL, one server per database, in the
// table's order; the goals of each are those of issue 22 for that database. The settings (environment variables):
//   BENCH_SECONDS 10                 each measurement           BENCH_PLAYERS 32            players set up per server
//   BENCH_BALANCE_CONNECTIONS 100    balance reads (and the bare route)   BENCH_BET_CONNECTIONS 64   seamless bets
//   BENCH_LOGIN_CONNECTIONS 4        logins beside the balance reads      BENCH_SESSIONS 32   mixed sessions at once
//   BENCH_STREAMS 2000               live balance streams held open       BENCH_SOAK_SECONDS 600 (0 skips the soak)
//   BENCH_REDIS_URL                  with BENCH_DATABASE_URL: what a second API process adds (ADR 052)
//   BENCH_DEPOSIT_CONNECTIONS 4      bank-feed transfers credited at once (the deposit path, with its notices: ADR 087)
//   PGBENCH                          pgbench for the PostgreSQL baselines (else found on PATH or /usr/lib/postgresql)
//   BENCH_SLIP_CALLS 300, BENCH_SLIP_CONCURRENCY 16   slip verification per adapter (bench/slip-verify.ts)
//   BENCH_PAYOUTS 400, BENCH_PAYOUT_WORKERS 8, BENCH_PAYOUT_BANK_MS 0   payouts through the fake bank (bench/payouts.ts)
//   BENCH_OUTBOX_ROUNDS 8            interleaved rounds of the outbox's cost, with and without it (bench/outbox-cost.ts)
//   BENCH_LOG_ROUNDS 8               interleaved rounds of the request log's cost, at info and at warn on one server
//   BENCH_PAIRED_FIRST both          which server of the outbox's paired comparison starts first: both (a run in each
//                                    order, half the rounds each), subject or reference
import { fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { REPORT_IDS } from '@sanam/contract/schemas/backoffice-reports'
import { addDays, bangkokDay } from '@sanam/contract/bangkok'
import Fastify from 'fastify'
import { call } from '../e2e/support/http.ts'
import { findPgbench, ledgerVerify, postgresBaselines, serverDescription, withScratchDatabase } from './database.ts'
import {
  cpuPer,
  hammer,
  loop,
  openStreams,
  sampleMemory,
  scrapeMetrics,
  type CpuPerOperation,
  type Figures,
  type MemorySample,
  type MetricsEndpoint,
  type Recorder,
} from './load.ts'
import { deposit, launch, LOAD_ENV, login, operatorToken, postSigned, preparePlayers, seamless, sessionOf, type Player } from './players.ts'
import { changedSettings, freePort, requireBuilt, root, startSanam } from './server.mjs'
import { START_FLAGS } from '../scripts/start-flags.mjs'
import { PAYOUT_BANK_LATENCIES, PAYOUT_WORKERS, PAYOUTS, payOut, payoutBankSettings, startPayoutBank } from './payouts.ts'
import { measureSlipVerifiers, SLIP_CALLS, SLIP_CONCURRENCY } from './slip-verify.ts'
import type { FakePayoutBankCore } from '../apps/api/test/fakes/payout-bank.ts'
import { riskOnWithdrawal } from './risk.ts'
import { benchLine, depositCpuNote, depositsWithCpu, linkPlayers, OUTBOX_PLAYERS, OUTBOX_ROUNDS, productCpu, type OutboxSide } from './outbox-cost.ts'
import {
  addedCost,
  comparisonNote,
  median as middle,
  inStartOrder,
  interleaved,
  pooled,
  roundsPerOrder,
  START_ORDERS,
  startOrderNote,
  summed,
  type OrderedRun,
  type PairedSide,
  type StartOrder,
} from './paired.ts'

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${process.env[name]}`)
  return value
}
const SECONDS = setting('BENCH_SECONDS', 10)
const BALANCE_CONNECTIONS = setting('BENCH_BALANCE_CONNECTIONS', 100)
const BET_CONNECTIONS = setting('BENCH_BET_CONNECTIONS', 64)
const LOGIN_CONNECTIONS = setting('BENCH_LOGIN_CONNECTIONS', 4)
const PLAYERS = setting('BENCH_PLAYERS', 32)
const SESSIONS = setting('BENCH_SESSIONS', 32)
const DEPOSIT_CONNECTIONS = setting('BENCH_DEPOSIT_CONNECTIONS', 4)
const LOG_ROUNDS = setting('BENCH_LOG_ROUNDS', 8)
const STREAMS = setting('BENCH_STREAMS', 2000)
const SOAK_SECONDS = setting('BENCH_SOAK_SECONDS', 600)
/** BENCH_ONLY=balance,bets-spread: only these scenarios (by id), e.g. to profile one path with BENCH_CPU_PROF. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((id) => id.trim())
const PG_URL = process.env.BENCH_DATABASE_URL
/** BENCH_PGLITE=0 leaves the embedded database out (a PostgreSQL-only run, e.g. to profile or compare one change). */
const PGLITE = process.env.BENCH_PGLITE !== '0'
const REDIS_URL = process.env.BENCH_REDIS_URL
/** The soak runs once, on PostgreSQL when the run has it (production's database), else on the embedded one. */
const SOAK_DATABASE: Database = PG_URL ? 'PostgreSQL' : 'PGlite'
const RSS_EVERY_SECONDS = 5
const RSS_MAX_MB = 300
/** RSS is flat when the soak's last sample is within this of the first sample of its second half. */
const RSS_FLAT = 1.1
/** Back-office operators reading their screens at once while the balance and bet load runs. */
const OPERATORS = 2

type Database = 'PGlite' | 'PostgreSQL'

/** A server under measurement and what the set-up made on it. */
interface Target {
  base: string
  pid: number
  players: Player[]
  /** The pay-in account the players' deposits go to. */
  toAccount: string
  /** The server's /metrics, for the soak's heap figures. */
  metrics: MetricsEndpoint
  /** The PostgreSQL database it serves (its backends' CPU, from /proc); absent on the embedded database. */
  database?: string
  /** The fake payout bank the server pays through (PAYOUT_BANK=http): what it moved, per reference. */
  payoutBank: FakePayoutBankCore
}

/** A scenario's figures, with its steps' figures, the facts its goals read and a sentence for the notes. */
interface Measured extends Figures {
  steps?: { step: string; figures: Figures }[]
  facts?: Record<string, number | undefined>
  note?: string
}

/** What a goal is judged against: the run's baselines, the other scenarios on the same database and ledger:verify. */
interface Context {
  baseline: (name: Baseline) => Figures | undefined
  result: (id: string) => Measured | undefined
  verified: { ok: boolean; said: string } | undefined
}

/** A goal: `pass` undefined when it could not be judged (its baseline or fact was not measured). */
interface Goal {
  text: string
  judge: (m: Measured, context: Context) => { pass: boolean | undefined; ratio?: string }
}

interface Scenario {
  id: string
  title: string
  /** Measures on the database's server, which every such scenario shares in the table's order. */
  run?: (t: Target) => Promise<Measured>
  /** Or starts servers of its own on fresh databases, after the shared server stopped (a comparison of two settings). */
  alone?: (db: Database) => Promise<Measured>
  goals: Partial<Record<Database, Goal[]>>
  /** Where it runs; everywhere when absent. */
  on?: (db: Database) => boolean
}

const BARE = 'bare route'
/** The same route served by a process of its own, as the product's server is: the p99 the balance read's is set beside. */
const BARE_SERVER = 'bare route, a server of its own'
const PGBENCH_N = 'pgbench -N -c 16'
const UPDATE_16 = 'guarded UPDATE, 16 clients'
// The guarded UPDATE at 1 client is measured and shown too; since issue 40 no goal reads it.
type Baseline = typeof BARE | typeof BARE_SERVER | typeof PGBENCH_N | typeof UPDATE_16

// Goals, as issue 22 states them.
const atLeast = (times: number, baseline: Baseline): Goal => ({
  text: `≥ ${times}× ${baseline}`,
  judge: (m, context) => {
    const base = context.baseline(baseline)
    if (!base) return { pass: undefined, ratio: `${baseline} not measured` }
    const ratio = m.rps / Math.max(base.rps, 1)
    return { pass: ratio >= times, ratio: `${ratio.toFixed(3)}× ${baseline}` }
  },
})
/** The p99 as a multiple of the mean latency: 3.1× the mean. */
const tail = (f: Figures) => (f.mean ? ` = ${(f.p99 / f.mean).toFixed(1)}× the mean ${ms(f.mean)} ms` : '')
/**
 * The p99 at most `ms`. With `beside`, a baseline measured at the same connections, its p99 is shown too, each as a
 * multiple of its mean: at a fixed number of connections the mean is the connections over the rate, so a p99 that is
 * the same multiple of its mean as the bare route's is a matter of the rate, not of a tail of the route's own
 * (bench/README.md, issue 40 §1).
 */
const p99AtMost = (ms: number, beside?: Baseline): Goal => ({
  text: `p99 ≤ ${ms} ms`,
  judge: (m, context) => {
    const base = beside === undefined ? undefined : context.baseline(beside)
    return { pass: m.p99 <= ms, ...(base ? { ratio: `p99 ${m.p99} ms${tail(m)} (${beside}: ${base.p99} ms${tail(base)})` } : {}) }
  },
})
/** The p95 a scenario reports among its facts (the risk rules on a withdrawal request). */
const p95AtMost = (ms: number): Goal => ({
  text: `p95 < ${ms} ms`,
  judge: (m) =>
    m.facts?.p95 === undefined ? { pass: undefined, ratio: 'p95 not measured' } : { pass: m.facts.p95 < ms, ratio: `p95 ${Math.round(m.facts.p95)} ms` },
})
/** The p99 below `times` the better of the balance read's p99s measured alone (the first is the coldest). */
const p99UnderBalanceAlone = (times: number): Goal => ({
  text: `p99 < ${times}× the balance read alone`,
  judge: (m, context) => {
    const alone = Math.min(...['balance', 'balance-after'].map((id) => context.result(id)?.p99 ?? Infinity))
    if (!Number.isFinite(alone)) return { pass: undefined, ratio: 'balance read alone not measured' }
    const ratio = m.p99 / Math.max(alone, 1)
    return { pass: ratio < times, ratio: `p99 ${ratio.toFixed(2)}× alone` }
  },
})
const answered: Goal = { text: 'requests answered', judge: (m) => ({ pass: m.requests > 0 }) }
const noErrors: Goal = { text: 'no errors', judge: (m) => ({ pass: m.errors === 0 }) }
const rssAtMost: Goal = {
  text: `RSS ≤ ${RSS_MAX_MB} MB`,
  judge: ({ facts }) => (facts?.maxRssMb === undefined ? { pass: undefined } : { pass: facts.maxRssMb <= RSS_MAX_MB, ratio: `max RSS ${facts.maxRssMb} MB` }),
}
const rssFlat: Goal = {
  text: `RSS flat (2nd half ≤ +${Math.round((RSS_FLAT - 1) * 100)} %)`,
  judge: ({ facts }) =>
    facts?.halfStartMb === undefined || facts.endMb === undefined
      ? { pass: undefined }
      : { pass: facts.endMb <= facts.halfStartMb * RSS_FLAT, ratio: `RSS ${facts.halfStartMb} → ${facts.endMb} MB` },
}
const verifies: Goal = { text: 'ledger:verify passes', judge: (_m, context) => ({ pass: context.verified?.ok }) }
const paidOnce: Goal = { text: 'no reference paid twice', judge: ({ facts }) => ({ pass: facts?.paidTwice === undefined ? undefined : facts.paidTwice === 0 }) }
/** An added cost in words: +4.2 %. */
const said = (cost: number) => `${cost >= 0 ? '+' : ''}${(cost * 100).toFixed(1)} %`

/** The outbox adds at most `percent` to a request's cost on the deposit and login paths (issue 38 §6). */
const outboxAddsAtMost = (percent: number): Goal => ({
  text: `the outbox adds ≤ ${percent} % to deposits and logins`,
  judge: ({ facts }) => {
    if (facts?.depositCost === undefined || facts.loginCost === undefined) return { pass: undefined, ratio: 'not measured' }
    return {
      pass: facts.depositCost <= percent / 100 && facts.loginCost <= percent / 100,
      // The product's CPU a deposit beside it (the server and its database, not the fake LINE in the bench's process).
      ratio: `deposits ${said(facts.depositCost)}, logins ${said(facts.loginCost)}${facts.depositCpuCost === undefined ? '' : `; CPU a deposit ${said(facts.depositCpuCost)}`}`,
    }
  },
})

/** The request log at the default level adds at most `percent` to the balance read's cost (issue 40 §1). */
const logAddsAtMost = (percent: number): Goal => ({
  text: `the request log at info adds ≤ ${percent} % to the balance read`,
  judge: ({ facts }) =>
    facts?.logCost === undefined
      ? { pass: undefined, ratio: 'not measured' }
      : {
          pass: facts.logCost <= percent / 100,
          // The product's CPU a read beside it (the server and its database), which the machine's load moves less.
          ratio: `${said(facts.logCost)}${facts.logCpuCost === undefined ? '' : `; CPU a read ${said(facts.logCpuCost)}`}`,
        },
})

const both = (goals: Goal[]) => ({ PGlite: goals, PostgreSQL: goals })

const SCENARIOS: Scenario[] = [
  {
    id: 'balance',
    title: 'balance read (real token)',
    run: (t) => readBalance(t),
    // Issue 40 §1: at the default log level, as npm start runs it.
    goals: { PostgreSQL: [atLeast(0.3, BARE), p99AtMost(30, BARE_SERVER)], PGlite: [atLeast(0.07, BARE)] },
  },
  { id: 'streams', title: `balance read, ${STREAMS} live balance streams open`, run: balanceBesideStreams, goals: both([p99UnderBalanceAlone(2)]) },
  { id: 'balance-after', title: 'balance read, again after the streams closed', run: balanceAfterPause, goals: {} },
  {
    id: 'bets-spread',
    title: `seamless bets, ${PLAYERS} players at once`,
    run: (t) => bets(t, t.players),
    // Issue 40 §2: at parity with pgbench's own group-committed writes, no bet refused or lost, p99 within 100 ms.
    goals: { PostgreSQL: [atLeast(1.0, PGBENCH_N), p99AtMost(100), noErrors], PGlite: [atLeast(0.07, BARE)] },
  },
  {
    id: 'bets-one',
    title: 'seamless bets, all on one wallet',
    run: (t) => bets(t, t.players.slice(0, 1)),
    // Issue 40 §2: one hot wallet against one hot row updated by 16 clients (the contention a hot wallet meets).
    goals: { PostgreSQL: [atLeast(1.0, UPDATE_16), p99AtMost(100), noErrors], PGlite: [atLeast(0.07, BARE)] },
  },
  { id: 'logins', title: `balance read beside ${LOGIN_CONNECTIONS} connections of logins`, run: balanceBesideLogins, goals: both([p99UnderBalanceAlone(2)]) },
  // The deposit path as the bank feed drives it: a signed transfer stored, matched and credited, with the player's notice
  // written in its transaction (ADR 087); the outbox's worker runs in the server as in production (issue 38 §6).
  { id: 'deposits', title: `bank-feed transfers credited, ${DEPOSIT_CONNECTIONS} at once`, run: creditedTransfers, goals: both([noErrors]) },
  // What the outbox costs those two paths (issue 38 §6): two servers alike but for BENCH_OUTBOX_OFF, LINE on and the
  // players linked, measured in interleaved rounds (bench/outbox-cost.ts).
  {
    id: 'outbox',
    title: `the outbox's cost: deposits (${DEPOSIT_CONNECTIONS} at once) and logins (${LOGIN_CONNECTIONS}) with and without it, ${OUTBOX_ROUNDS} interleaved rounds${START_ORDERS.length === 2 ? ' (half with each server started first)' : ''}`,
    alone: outboxCost,
    goals: both([noErrors, outboxAddsAtMost(5)]),
  },
  // What the request log costs the balance read at the default level (issue 40 §1): one server, its level set to info
  // and to warn by turns, measured in interleaved rounds (bench/paired.ts).
  {
    id: 'log',
    title: `the request log's cost: the balance read (${BALANCE_CONNECTIONS} connections) at info and at warn on one server, ${LOG_ROUNDS} interleaved rounds`,
    alone: logCost,
    goals: both([noErrors, logAddsAtMost(5)]),
  },
  { id: 'session', title: `mixed player sessions, ${SESSIONS} at once`, run: (t) => playerSessions(t, SECONDS), goals: both([noErrors]) },
  { id: 'backoffice', title: `back-office screens, ${OPERATORS} operators, beside balance and bet load`, run: backofficeUnderLoad, goals: both([noErrors]) },
  // Issue 39 §5 (ADR 089): the AML rules on the withdrawal request of a player with 10,000 events.
  { id: 'risk', title: 'withdrawal request with the risk rules, a player of 10,000 events', run: riskOnWithdrawal, goals: both([p95AtMost(50)]) },
  {
    id: 'slips',
    title: `slip verification per adapter against fake vendors, ${SLIP_CALLS} calls one at a time (${SLIP_CONCURRENCY} in flight for the rate)`,
    run: () => slipVerification(),
    goals: both([noErrors]),
  },
  {
    id: 'payouts',
    title: `payouts through the fake bank (${PAYOUT_BANK_LATENCIES[0] ?? 0} ms a call), ${PAYOUTS} approvals, ${PAYOUT_WORKERS} at once`,
    run: (t) => payouts(t),
    goals: both([noErrors, paidOnce]),
  },
  {
    id: 'soak',
    title: `soak: mixed player sessions for ${SOAK_SECONDS} s`,
    run: soak,
    goals: both([rssAtMost, rssFlat, noErrors, verifies]),
    on: (db) => SOAK_SECONDS > 0 && db === SOAK_DATABASE,
  },
]

const say = (line: string) => console.info(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const bearer = (player: Player) => ({ authorization: `Bearer ${player.token}` })

/**
 * The balance read, with the server's CPU time a read (from /proc: its process alone, the primary's with several)
 * in the note: unlike the reads a second, it hardly moves with what else the machine runs (issue 40 §1).
 */
async function readBalance(t: Target): Promise<Measured> {
  const { figures, cpu } = await cpuPer(
    { server: t.pid },
    undefined,
    () => hammer({ url: `${t.base}/api/wallet/v2/balance`, headers: bearer(t.players[0]!), connections: BALANCE_CONNECTIONS, duration: SECONDS }),
    (f) => f.requests,
  )
  if (cpu.us.server === undefined || figures.requests === 0) return figures
  return { ...figures, note: `the server's CPU ${cpu.us.server} µs a read.` }
}

/** The balance read with STREAMS live balance streams of the same player open (ADR 049), and one deposit reaching them. */
async function balanceBesideStreams(t: Target): Promise<Measured> {
  const player = t.players[0]!
  const opening = Date.now()
  const streams = await openStreams(t.base, player.token, STREAMS)
  const openedMs = Date.now() - opening
  try {
    const { note: _cpu, ...figures } = await readBalance(t)
    const before = (await call<{ balance: number }>(t.base, 'GET', '/api/wallet/v2/balance', { token: player.token })).body.data.balance
    const sent = Date.now()
    await deposit(t.base, player, t.toAccount, 1)
    await streams.waitFor(Math.round((before + 1) * 100) / 100)
    return { ...figures, note: `${STREAMS} live balance streams opened in ${openedMs} ms; a deposit reached all of them in ${Date.now() - sent} ms.` }
  } finally {
    streams.close()
  }
}

/** The balance read once more, a second after the streams closed, so a first, colder measurement does not flatter. */
async function balanceAfterPause(t: Target): Promise<Figures> {
  await pause(1_000)
  return readBalance(t)
}

/** Signed seamless bets of 0.01, each its own round, spread over `players` in turn; a bet not answered OK is an error. */
async function bets(t: Target, players: Player[]): Promise<Measured> {
  let next = 0
  let refused = 0
  const before = await batchTotals(t.metrics)
  const { figures, cpu } = await cpuPer(
    // The load generator is this process (autocannon and each call's signature), as pgbench is the baselines' client.
    { server: t.pid, load: process.pid },
    t.database,
    () =>
      hammer({
        url: t.base,
        connections: BET_CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const signed = seamless('bet', players[next++ % players.length]!.session, '0.01')
              return { ...request, path: signed.path, headers: signed.headers, body: signed.raw }
            },
            onResponse: (status, body) => {
              if (status === 200 && (JSON.parse(body) as { status?: string }).status !== 'OK') refused++
            },
          },
        ],
      }),
    (f) => f.requests,
  )
  const after = await batchTotals(t.metrics)
  const batches = after.batches - before.batches
  const notes = [
    batches > 0
      ? `${batches} batches, ${((after.callbacks - before.callbacks) / batches).toFixed(1)} bets and ${((1000 * (after.seconds - before.seconds)) / batches).toFixed(1)} ms each on average (the server's sanam_seamless_batch_* metrics).`
      : undefined,
    figures.requests > 0 ? cpuPerBet(cpu, t.database !== undefined) : undefined,
  ].filter(Boolean)
  return { ...figures, errors: figures.errors + refused, ...(notes.length > 0 ? { note: notes.join(' ') } : {}) }
}

/**
 * The CPU a bet cost (issue 40 §2), from /proc: the server's process and, on PostgreSQL, the backends serving its
 * database (on the embedded database the database runs in the server's process, so its CPU is in the server's).
 */
function cpuPerBet(cpu: CpuPerOperation, postgres: boolean): string | undefined {
  if (cpu.us.server === undefined) return undefined
  const server = `CPU a bet: the server ${cpu.us.server} µs`
  const load = cpu.us.load === undefined ? '' : ` The load generator (this process) ${cpu.us.load} µs.`
  if (!postgres) return `${server} (the embedded database included).${load}`
  if (cpu.database === undefined) return `${server}, PostgreSQL not read.${load}`
  const ended = cpu.database.ended > 0 ? `; ${cpu.database.ended} of its backends ended during it, counted to their last reading` : ''
  return `${server}, PostgreSQL ${cpu.database.us} µs (the backends for the bench's database${ended}).${load}`
}

/** The server's seamless batches so far: how many, their callbacks and their seconds (the histograms' _count and _sum). */
async function batchTotals(metrics: MetricsEndpoint) {
  const sample = await scrapeMetrics(metrics)
  return {
    batches: sample('sanam_seamless_batch_size_count') ?? 0,
    callbacks: sample('sanam_seamless_batch_size_sum') ?? 0,
    seconds: sample('sanam_seamless_batch_duration_seconds_sum') ?? 0,
  }
}

/** The players signing in over LOGIN_CONNECTIONS connections, in turn, for SECONDS (the login path). */
function logins(t: Pick<Target, 'base' | 'players'>): Promise<Figures> {
  let next = 0
  return hammer({
    url: `${t.base}/api/auth/login`,
    connections: LOGIN_CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { mobile, password } = t.players[next++ % t.players.length]!
          return { ...request, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, password }) }
        },
      },
    ],
  })
}

/** The balance read while the players sign in over LOGIN_CONNECTIONS more connections (argon2 must not block reads). */
async function balanceBesideLogins(t: Target): Promise<Measured> {
  const [balance, signIns] = await Promise.all([readBalance(t), logins(t)])
  return { ...balance, note: `logins beside the balance read: ${signIns.rps}/s, p50 ${signIns.p50} ms, p99 ${signIns.p99} ms, ${signIns.errors} errors.` }
}

/** Bank-feed transfers of 1 baht from the players' own accounts, each matched and credited (the deposit path). */
async function creditedTransfers(t: Pick<Target, 'base' | 'players' | 'toAccount'>): Promise<Measured> {
  const recorder = await loop(DEPOSIT_CONNECTIONS, SECONDS, async (worker, _round, send) => {
    const player = t.players[worker % t.players.length]!
    const credited = async () => ({ status: 200, body: await deposit(t.base, player, t.toAccount, 1) })
    await send('transfer credited', credited, (body) => body.status === 'MATCHED')
  })
  return { ...recorder.overall(), ...(recorder.firstError ? { note: `the first failure: ${recorder.firstError}.` } : {}) }
}

/**
 * One round of a player's session as the app plays it: sign in, the home lobby, a few balance polls, a game launched,
 * five bets each followed by its win, and the balance once more.
 */
async function sessionRound(base: string, player: Player, send: Recorder['send']): Promise<void> {
  const { token } = (await send('login', () => login(base, player))).data
  for (const lobby of ['/api/site/metadata', '/api/games/providers', '/api/games/recommends']) await send('lobby', () => call(base, 'GET', lobby))
  const balance = () => send('balance poll', () => call(base, 'GET', '/api/wallet/v2/balance', { token }))
  for (let i = 0; i < 3; i++) await balance()
  const session = sessionOf((await send('launch', () => launch(base, token))).data.url)
  for (let i = 0; i < 5; i++) {
    const round = `bench-${randomUUID()}`
    for (const [op, amount] of [
      ['bet', '1.00'],
      ['win', '0.50'],
    ] as const) {
      await send(
        op,
        () => postSigned(base, seamless(op, session, amount, round)),
        (body) => body.status === 'OK',
      )
    }
  }
  await balance()
}

async function playerSessions(t: Target, seconds: number): Promise<Measured> {
  const recorder = await loop(SESSIONS, seconds, (worker, _round, send) => sessionRound(t.base, t.players[worker % t.players.length]!, send))
  return { ...recorder.overall(), steps: recorder.byStep(), ...(recorder.firstError ? { note: `the first failure: ${recorder.firstError}.` } : {}) }
}

/** The bench's day in Bangkok (the reports' days), `daysBack` days ago. */
const benchDay = (daysBack: number) => addDays(bangkokDay(new Date()), -daysBack)

/** The back-office's busiest screens, read by OPERATORS operators while balance reads and spread bets run beside them. */
async function backofficeUnderLoad(t: Target): Promise<Measured> {
  const token = await operatorToken(t.base)
  const get = (url: string) => () => call(t.base, 'GET', url, { token })
  const [screens, balance, load] = await Promise.all([
    loop(OPERATORS, SECONDS, async (worker, round, send) => {
      await send('dashboard', get('/api/backoffice/dashboard'))
      await send('members search', get(`/api/backoffice/members?q=${encodeURIComponent('ทดสอบ')}`))
      await send('withdrawals queue', get('/api/backoffice/withdrawals'))
      await send('approvals queue', get('/api/backoffice/approvals'))
      const report = REPORT_IDS[(round * OPERATORS + worker) % REPORT_IDS.length]
      await send('reports (30 days)', get(`/api/backoffice/reports/${report}?from=${benchDay(29)}&to=${benchDay(0)}`))
    }),
    readBalance(t),
    bets(t, t.players),
  ])
  const failure = screens.firstError ? ` The first failure: ${screens.firstError}.` : ''
  return {
    ...screens.overall(),
    steps: screens.byStep(),
    // Both loads open their connections at once beside the operators' work: a busy server takes one off the listening
    // socket a turn of its event loop (libuv), so their p99 includes that wait (bench/README.md, results of 2026-12-02).
    note: `the load beside them: balance reads ${balance.rps}/s (p99 ${balance.p99} ms), bets ${load.rps}/s (p99 ${load.p99} ms), ${balance.errors + load.errors} errors; their ${BALANCE_CONNECTIONS + BET_CONNECTIONS} connections opened at once, so their p99 includes the wait to be accepted.${failure}`,
  }
}

/**
 * One slip verification through each vendor adapter against its fake vendor (ADR 084): a step per adapter (its
 * latency one at a time, its rate with several in flight, answers not VERIFIED as errors); the scenario's row is the
 * slowest adapter's. The adapters touch no database: the figures differ between databases only by the machine's load.
 */
async function slipVerification(): Promise<Measured> {
  const rows = await measureSlipVerifiers()
  const steps = rows.map((r) => ({
    step: r.name,
    figures: { requests: SLIP_CALLS, rps: Math.round(r.perSecond), p50: r.p50, p99: r.p99, errors: r.notVerified },
  }))
  const slowest = steps.reduce((worst, s) => (s.figures.p99 > worst.figures.p99 ? s : worst), steps[0]!)
  const errors = steps.reduce((sum, s) => sum + s.figures.errors, 0)
  return {
    ...slowest.figures,
    requests: SLIP_CALLS * steps.length,
    errors,
    steps,
    note: `the row is the slowest adapter's (${slowest.step}); p95 and max per adapter: ${rows.map((r) => `${r.name} ${r.p95.toFixed(1)}/${r.max.toFixed(1)} ms`).join(', ')}.`,
  }
}

/**
 * Withdrawals of 100 baht asked by the players and approved by the demo desk, each paid through the fake bank's
 * inquiry, initiate and confirm before the approval answers (ADR 081): payouts a second and the approval's latency.
 */
async function payouts(t: Target): Promise<Measured> {
  const r = await payOut(t.base, t.players, t.payoutBank, PAYOUTS, PAYOUT_WORKERS)
  return {
    requests: r.requests,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    errors: r.errors,
    facts: { paidTwice: r.paidTwice ? 1 : 0 },
    note: `${r.paid} paid (approval p95 ${r.p95} ms), the bank moved ${r.bankMoved}${r.paidTwice ? ', SOME TWICE' : ', none twice'}; answers ${JSON.stringify(r.statuses)}.`,
  }
}

/** A memory sample as the notes say it: RSS, and V8's heap used of its total and external memory where read. */
const memoryText = (s: MemorySample) =>
  `${Math.round(s.at)} s ${s.rss} MB` + (s.heapTotal === undefined ? '' : ` (heap ${s.heapUsed} of ${s.heapTotal}, external ${s.external})`)

/**
 * Mixed player sessions for SOAK_SECONDS with the server's RSS read every RSS_EVERY_SECONDS, and V8's heap beside it
 * (from its /metrics), so that a peak says whether the JavaScript heap or memory outside it held it.
 */
async function soak(t: Target): Promise<Measured> {
  const memory = sampleMemory(t.pid, RSS_EVERY_SECONDS, t.metrics)
  const sessions = await playerSessions(t, SOAK_SECONDS)
  const samples = await memory.stop()
  const secondHalf = samples.filter((s) => s.at >= SOAK_SECONDS / 2)
  const peak = samples.reduce<MemorySample | undefined>((top, s) => (top && top.rss >= s.rss ? top : s), undefined)
  const facts = { maxRssMb: peak?.rss, halfStartMb: secondHalf[0]?.rss, endMb: secondHalf.at(-1)?.rss }
  const everyMinute = samples.filter((s, at) => at % Math.max(1, Math.round(60 / RSS_EVERY_SECONDS)) === 0 || s === samples.at(-1))
  const rssNote = peak
    ? `RSS every ${RSS_EVERY_SECONDS} s (${samples.length} samples), MB: the peak at ${memoryText(peak)}; each minute: ${everyMinute.map(memoryText).join('; ')}.`
    : `RSS not read (no /proc/${t.pid}/status).`
  return { ...sessions, facts, note: [rssNote, sessions.note].filter(Boolean).join(' ') }
}

/**
 * The outbox's cost (issue 38 §6): two servers on fresh databases, alike but for BENCH_OUTBOX_OFF, each with LINE on
 * against a fake LINE and OUTBOX_PLAYERS players linked, so that with the outbox every credited transfer writes its LINE
 * notice in its transaction and the worker pushes it; the deposit and login paths measured on both in interleaved
 * rounds. The row is the deposits with the outbox; the steps every path on both; the goal reads each path's median cost.
 */
async function outboxCost(db: Database): Promise<Measured> {
  const runs: Array<OrderedRun & { sides: [OutboxSide, OutboxSide]; pushes: number[] }> = []
  for (const first of START_ORDERS) runs.push(await outboxInOrder(db, first, roundsPerOrder(OUTBOX_ROUNDS)))
  const comparisons = pooled(runs)
  // Each side's rounds of both runs, for the CPU a deposit.
  const [subject, reference] = ([0, 1] as const).map((i) => ({ ...runs[0]!.sides[i], cpu: runs.flatMap((run) => run.sides[i].cpu) }))
  const pushes = [0, 1].map((i) => runs.reduce((n, run) => n + run.pushes[i]!, 0))
  const steps = comparisons.flatMap((c) => [
    { step: `${c.path} with the outbox`, figures: summed(c.subject) },
    { step: `${c.path} without (BENCH_OUTBOX_OFF)`, figures: summed(c.reference) },
  ])
  const deposits = comparisons.find((c) => c.path === 'deposits')!
  const signIns = comparisons.find((c) => c.path === 'logins')!
  return {
    ...summed(deposits.subject),
    errors: steps.reduce((n, s) => n + s.figures.errors, 0),
    steps,
    facts: {
      depositCost: addedCost(deposits),
      loginCost: addedCost(signIns),
      depositCpuCost: productCpu(subject!) / Math.max(productCpu(reference!), 1) - 1,
    },
    note:
      `${comparisons.map((c) => comparisonNote(c, 'the outbox')).join('. ')}. ${depositCpuNote(subject!, reference!)}. LINE pushes during the rounds: ${pushes[0]} with the outbox (one per credited transfer, ` +
      `${summed(deposits.subject).requests} credited), ${pushes[1]} without. Both servers ran with the shared servers' load settings, LINE on ` +
      `against a fake LINE on 127.0.0.1 (LINE_CHANNEL_SECRET, LINE_CHANNEL_ACCESS_TOKEN, LINE_API_URL, LINE_ACCOUNT_LINK_URL, LINE_LINK_PAGE_URL), ` +
      `no payout bank and no metrics port; one of them with BENCH_OUTBOX_OFF=true; ${startOrderNote(OUTBOX_ROUNDS, 'with the outbox', 'without')}.`,
  }
}

/** One run of the outbox's comparison on fresh servers and databases, the server `first` says started first. */
async function outboxInOrder(db: Database, first: StartOrder, rounds: number) {
  return withFreshDatabase(db, '_outbox_on', (onDatabase) =>
    withFreshDatabase(db, '_outbox_off', async (offDatabase) => {
      const servers: Array<{ side: OutboxSide; target: Pick<Target, 'base' | 'players' | 'toAccount'>; stop: () => Promise<unknown> }> = []
      try {
        for (const [outbox, database] of inStartOrder(
          [
            [true, onDatabase],
            [false, offDatabase],
          ] as const,
          first,
        )) {
          const { line, env } = await benchLine()
          const sanam = await startSanam({ ...LOAD_ENV, ...env, ...database, ...(outbox ? {} : { BENCH_OUTBOX_OFF: 'true' }) }).catch(
            async (error: unknown) => {
              await line.close()
              throw error
            },
          )
          const side: OutboxSide = {
            subject: outbox,
            line,
            pid: sanam.pid!,
            cpu: [],
            ...('DATABASE_URL' in database ? { database: new URL(database.DATABASE_URL).pathname.slice(1) } : {}),
          }
          servers.push({
            side,
            target: { base: sanam.base, players: [], toAccount: '' },
            stop: async () => {
              await sanam.stop()
              await line.close()
            },
          })
          say(`outbox cost: ${outbox ? 'with' : 'without'} the outbox, setting up ${OUTBOX_PLAYERS} players linked to LINE`)
          const { players, toAccount } = await preparePlayers(sanam.base, OUTBOX_PLAYERS, 100)
          await linkPlayers(sanam.base, line, players)
          servers.at(-1)!.target = { base: sanam.base, players, toAccount }
        }
        // The subject first again, whichever started first: what follows reads servers[0] as the subject.
        servers.sort((a, b) => Number(b.side.subject) - Number(a.side.subject))
        const target = (side: OutboxSide) => servers.find((s) => s.side === side)!.target
        const pushesBefore = await Promise.all(servers.map((s) => s.side.line.pushes()))
        const comparisons = await interleaved(
          [servers[0]!.side, servers[1]!.side],
          {
            deposits: (side) =>
              depositsWithCpu(side, async () => {
                const { note: _failure, ...figures } = await creditedTransfers(target(side))
                return figures
              }),
            logins: (side) => logins(target(side)),
          },
          rounds,
          (line) => say(`outbox cost (${first} started first): ${line}`),
          (side) => (side.subject ? 'with the outbox' : 'without the outbox'),
        )
        return {
          first,
          comparisons,
          sides: [servers[0]!.side, servers[1]!.side] as [OutboxSide, OutboxSide],
          pushes: await Promise.all(servers.map(async (s, i) => (await s.side.line.pushes()) - pushesBefore[i]!)),
        }
      } finally {
        for (const server of servers) await server.stop()
      }
    }),
  )
}

/** Resolves once the server answers its health check: after the requests the last scenario left queued. */
async function drained(base: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if ((await call(base, 'GET', '/api/health')).status === 200) return
    } catch (error) {
      if (attempt >= 8) throw error
    }
  }
}

/** What each shared server's log held when it stopped, for the notes (issue 40 §1). */
const serverLogs: string[] = []

/** Starts the server on `env`, sets up its players, runs `scenarios` on it in order and stops it. */
async function onServer(env: Record<string, string>, scenarios: Scenario[]): Promise<Map<string, Measured>> {
  const results = new Map<string, Measured>()
  // The streams scenario holds STREAMS streams of one player: the server's cap per player (8 by default) is lifted.
  // The metrics on a loopback listener of their own behind a token of this run's own (ADR 051; with several
  // processes the primary's, summed): the soak reads V8's heap there.
  const metricsToken = randomBytes(32).toString('hex')
  const metricsPort = (await freePort()) as number
  // Approved withdrawals are paid through a fake bank on 127.0.0.1 (the payouts scenario; ADR 081).
  const payoutBank = await startPayoutBank(PAYOUT_BANK_LATENCIES[0] ?? 0)
  const sanam = await startSanam({
    ...LOAD_ENV,
    STREAMS_PER_PLAYER: String(Math.max(STREAMS, 1)),
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN: metricsToken,
    ...payoutBank.env,
    ...env,
  })
  try {
    say(`setting up ${PLAYERS} players`)
    const { players, toAccount } = await preparePlayers(sanam.base, PLAYERS, 100_000)
    const metrics = { url: `http://127.0.0.1:${metricsPort}/metrics`, token: metricsToken }
    const database = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined
    const target: Target = { base: sanam.base, pid: sanam.pid!, players, toAccount, metrics, payoutBank: payoutBank.core, ...(database ? { database } : {}) }
    for (const scenario of scenarios) {
      await drained(sanam.base)
      say(scenario.title)
      results.set(scenario.id, await scenario.run!(target))
    }
  } finally {
    const { bytes, lines } = (await sanam.stop()) as { bytes: number; lines: number }
    await payoutBank.close()
    serverLogs.push(
      `${(env.DATABASE_URL ? 'PostgreSQL' : 'PGlite') + (env.API_PROCESSES ? `, ${env.API_PROCESSES} processes` : '')}: ${lines} lines, ${(bytes / 2 ** 20).toFixed(1)} MB`,
    )
  }
  return results
}

interface DatabaseRun {
  db: Database
  results: Map<string, Measured>
  /** ledger:verify on what the shared server's scenarios left; undefined when none ran. */
  verified: { ok: boolean; said: string } | undefined
}

/**
 * What the request log costs the balance read at the default level (issue 40 §1): one server started as `npm start`
 * runs it (the default level, info, where every request writes its line), its level set by turns to info and to warn
 * (where none does) through the demo mode's `PUT /api/dev/log-level` (ADR 102), the balance read measured at each in
 * LOG_ROUNDS interleaved rounds after a round at info not counted. Two servers alike but for LOG_LEVEL differed by more
 * than the log costs: the one started first, and each process's own pace of garbage collection. The row is the read at
 * info; the goal reads the median cost.
 */
async function logCost(db: Database): Promise<Measured> {
  return withFreshDatabase(db, '_log', async (database) => {
    const sanam = await startSanam({ ...LOAD_ENV, ...database })
    try {
      const player = (await preparePlayers(sanam.base, 1, 100)).players[0]!
      const serverDatabase = 'DATABASE_URL' in database ? { database: new URL(database.DATABASE_URL).pathname.slice(1) } : {}
      const sides: [LogSide, LogSide] = [
        { subject: true, level: 'info', pid: sanam.pid!, cpu: [], ...serverDatabase },
        { subject: false, level: 'warn', pid: sanam.pid!, cpu: [], ...serverDatabase },
      ]
      const reads = () => hammer({ url: `${sanam.base}/api/wallet/v2/balance`, headers: bearer(player), connections: BALANCE_CONNECTIONS, duration: SECONDS })
      say('log cost: a round at info to warm the server, not counted')
      await reads()
      const [balance] = await interleaved(
        sides,
        {
          'balance read': async (side) => {
            const { status, body } = await call(sanam.base, 'PUT', '/api/dev/log-level', { body: { level: side.level } })
            if (status !== 200) throw new Error(`PUT /api/dev/log-level: ${status} ${JSON.stringify(body)}`)
            return readsWithCpu(side, reads)
          },
        },
        LOG_ROUNDS,
        (line) => say(`log cost: ${line}`),
        (side) => (side.subject ? 'at info (the default)' : 'at warn'),
      )
      const readCpu = readCpuNote({ subject: sides[0].cpu, reference: sides[1].cpu })
      return {
        ...summed(balance!.subject),
        errors: summed(balance!.subject).errors + summed(balance!.reference).errors,
        steps: [
          { step: 'balance read at info (the default)', figures: summed(balance!.subject) },
          { step: 'balance read at warn (set while it runs)', figures: summed(balance!.reference) },
        ],
        facts: { logCost: addedCost(balance!), logCpuCost: readCpu.cost },
        note: `${comparisonNote(balance!, 'the request log at info')}. ${readCpu.note}. One server with the shared servers' load settings, no payout bank and no metrics port, started at the default level; its level set to info or to warn before each measurement by PUT /api/dev/log-level (demo mode), the level measured first swapped every round, after a round at info not counted.`,
      }
    } finally {
      await sanam.stop()
    }
  })
}

/** A side of the log's comparison, both on one server: the subject logs at info, the reference at warn. */
interface LogSide extends PairedSide {
  level: 'info' | 'warn'
  pid: number
  /** The PostgreSQL database it serves (its backends' CPU); absent on the embedded database, which runs in the server. */
  database?: string
  /** Each round's CPU a balance read, µs: the server's process and, on PostgreSQL, the backends serving its database. */
  cpu: Array<{ server: number; database: number }>
}

/**
 * Measures one round of balance reads on `side` and records its CPU a read from /proc: a figure that moves far less with
 * the machine's other load than the reads a second, and the request log's own cost is the server's part of it.
 */
async function readsWithCpu(side: LogSide, measure: () => Promise<Figures>): Promise<Figures> {
  const { figures, cpu } = await cpuPer({ server: side.pid }, side.database, measure, (f) => f.requests)
  side.cpu.push({ server: cpu.us.server ?? 0, database: cpu.database?.us ?? 0 })
  return figures
}

/** What the log's rounds' CPU says: the medians a read at info and at warn, and the log's share of the product's CPU. */
function readCpuNote(cpu: { subject: LogSide['cpu']; reference: LogSide['cpu'] }): { note: string; cost: number } {
  const median = (values: number[]) => Math.round(middle(values))
  const product = (rounds: LogSide['cpu']) => median(rounds.map((c) => c.server + c.database))
  const of = (rounds: LogSide['cpu']) =>
    `the server ${median(rounds.map((c) => c.server))} µs${rounds.some((c) => c.database > 0) ? `, PostgreSQL ${median(rounds.map((c) => c.database))} µs` : ''}`
  const cost = product(cpu.subject) / Math.max(product(cpu.reference), 1) - 1
  return {
    cost,
    note:
      `CPU a balance read from /proc, the rounds' medians: at info ${of(cpu.subject)}; at warn ${of(cpu.reference)}; ` +
      `the request log adds ${cost >= 0 ? '+' : ''}${(cost * 100).toFixed(1)} % to the product's CPU a read (the server and its database); ` +
      `per round, product µs at info / at warn: ${cpu.subject.map((c, i) => `${c.server + c.database} / ${(cpu.reference[i]?.server ?? 0) + (cpu.reference[i]?.database ?? 0)}`).join('; ')}`,
  }
}

/** Runs `use` on a fresh database of `db` (a scratch PostgreSQL database, or an embedded one in a temporary folder), removed after. */
async function withFreshDatabase<T>(db: Database, suffix: string, use: (database: { DATABASE_URL: string } | { DATA_DIR: string }) => Promise<T>): Promise<T> {
  if (db === 'PostgreSQL') return withScratchDatabase(PG_URL!, `sanam_bench_${process.pid}${suffix}`, (url) => use({ DATABASE_URL: url }))
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sanam-bench-'))
  try {
    return await use({ DATA_DIR: dataDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * Every scenario meant for `db`: those that share a server on one server on a fresh database, then ledger:verify on
 * what they left; then those that start servers of their own.
 */
async function runOn(db: Database): Promise<DatabaseRun> {
  const scenarios = SCENARIOS.filter((s) => (ONLY?.includes(s.id) ?? true) && (s.on?.(db) ?? true))
  const shared = scenarios.filter((s) => s.run)
  let results = new Map<string, Measured>()
  let verified: DatabaseRun['verified']
  if (shared.length > 0) {
    say(`${db}: starting the server`)
    await withFreshDatabase(db, '', async (database) => {
      results = await onServer(database, shared)
      verified = ledgerVerify(database)
    })
  }
  for (const scenario of scenarios) {
    if (!scenario.alone) continue
    say(`${db}: ${scenario.title}`)
    results.set(scenario.id, await scenario.alone(db))
  }
  return { db, results, verified }
}

/**
 * What a second API process adds (issue 22 §4, ADR 052): the balance read and the spread bets against one process and
 * then two (API_PROCESSES=2), each on a fresh database, both on Redis so that the process count is the one difference.
 */
async function runProcesses(): Promise<Map<number, Map<string, Measured>>> {
  const byCount = new Map<number, Map<string, Measured>>()
  const scenarios = SCENARIOS.filter((s) => s.id === 'balance' || s.id === 'bets-spread')
  for (const processes of [1, 2]) {
    say(`PostgreSQL, ${processes} API processes on Redis`)
    await withScratchDatabase(PG_URL!, `sanam_bench_${process.pid}_p${processes}`, async (url) => {
      byCount.set(processes, await onServer({ DATABASE_URL: url, REDIS_URL: REDIS_URL!, API_PROCESSES: String(processes) }, scenarios))
    })
  }
  return byCount
}

async function bareRoute(): Promise<Figures> {
  const bare = Fastify({ logger: false })
  bare.get('/bare', async () => ({ success: true, data: { ok: true } }))
  const url = await bare.listen({ port: 0, host: '127.0.0.1' })
  try {
    return await hammer({ url: `${url}/bare`, connections: BALANCE_CONNECTIONS, duration: SECONDS })
  } finally {
    await bare.close()
  }
}

/**
 * The bare route served by a process of its own started with `npm start`'s Node flags (bench/bare-route.mjs): the load
 * generator and the server in two processes, as for the product's server. Answers its figures and its CPU a request.
 */
async function bareRouteServer(): Promise<{ figures: Figures; us: number | undefined }> {
  const child = fork(path.join(root, 'bench', 'bare-route.mjs'), [], { execArgv: [...START_FLAGS], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: { port: number }) => resolve(message.port))
      child.once('error', reject)
      void exited.then((code) => reject(new Error(`the bare route's server exited (${code}) before it listened`)))
    })
    const { figures, cpu } = await cpuPer(
      { server: child.pid! },
      undefined,
      () => hammer({ url: `http://127.0.0.1:${port}/bare`, connections: BALANCE_CONNECTIONS, duration: SECONDS }),
      (f) => f.requests,
    )
    return { figures, us: cpu.us.server }
  } finally {
    // Gone before the next measurement starts (a process that never started has nothing to wait for).
    child.kill('SIGTERM')
    if (child.pid !== undefined) await exited
  }
}

const ms = (n: number) => (Number.isFinite(n) ? String(Math.round(n * 10) / 10) : '-')
const cells = (what: string, f: Figures, ratio = '', goal = '', verdict = '') =>
  `| ${what} | ${f.rps} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} | ${ratio} | ${goal} | ${verdict} |`

/** A scenario's rows: its own, judged, and one per step. Answers the rows and whether its goals passed. */
function scenarioRows(label: string, scenario: Scenario, m: Measured, goals: Goal[], context: Context) {
  // A measurement in which nothing was answered meets no goal, whatever its (empty) percentiles say.
  const judged = (goals.length > 0 && m.requests === 0 ? [...goals, answered] : goals).map((goal) => ({ goal, ...goal.judge(m, context) }))
  const passed = judged.length === 0 ? undefined : judged.some((j) => j.pass === false) ? false : judged.every((j) => j.pass) ? true : undefined
  const verdict = judged.length === 0 ? '' : passed === true ? 'PASS' : passed === false ? 'FAIL' : 'not judged'
  const rows = [
    cells(
      `${label}: ${scenario.title}`,
      m,
      judged
        .map((j) => j.ratio)
        .filter(Boolean)
        .join('; '),
      judged.map((j) => `${j.goal.text}${j.pass === false ? ' ✗' : ''}`).join('; '),
      verdict,
    ),
    ...(m.steps ?? []).map((s) => cells(`${label}: ↳ ${s.step}`, s.figures)),
  ]
  return { rows, passed }
}

async function main() {
  requireBuilt('apps/api/dist/server.js')
  const unknown = ONLY?.filter((id) => !SCENARIOS.some((s) => s.id === id)) ?? []
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: no scenario ${unknown.join(', ')}; the ids are ${SCENARIOS.map((s) => s.id).join(', ')}`)
  const loadAtStart = os.loadavg()[0]!.toFixed(1)
  if (!PGLITE && !PG_URL) throw new Error('BENCH_PGLITE=0 needs BENCH_DATABASE_URL: there would be no database to measure')
  say(`bare Fastify route`)
  const baselines = new Map<Baseline, Figures>([[BARE, await bareRoute()]])
  say(`bare Fastify route, a server of its own`)
  const bareServer = await bareRouteServer()
  baselines.set(BARE_SERVER, bareServer.figures)
  const notes: string[] = []
  if (bareServer.us !== undefined) notes.push(`The ${BARE_SERVER}: its CPU ${bareServer.us} µs a request (the balance read's: in its note).`)
  const runs = PGLITE ? [await runOn('PGlite')] : []
  let processes: Map<number, Map<string, Measured>> | undefined
  if (PG_URL) {
    notes.push(await serverDescription(PG_URL))
    runs.push(await runOn('PostgreSQL'))
    if (REDIS_URL) processes = await runProcesses()
    else notes.push('BENCH_REDIS_URL unset: what a second API process adds (ADR 052) was not measured.')
    const bin = findPgbench()
    if (bin) {
      say('PostgreSQL baselines (pgbench)')
      const measured = await withScratchDatabase(PG_URL, `sanam_bench_${process.pid}_pgbench`, async (url) => postgresBaselines(bin, url, SECONDS))
      for (const [name, { figures }] of Object.entries(measured)) baselines.set(name as Baseline, figures)
      // Issue 40 §2: what the bets' CPU a bet (their notes) is compared with.
      notes.push(
        `CPU a transaction of the baselines: ${Object.entries(measured)
          .map(([name, { cpu }]) => `${name} PostgreSQL ${cpu.database} µs and pgbench ${cpu.client} µs`)
          .join('; ')} (the backends for its database, and pgbench's own process).`,
      )
    } else notes.push('pgbench not found: the PostgreSQL baselines of DESIGN §7 were not measured (set PGBENCH).')
  }

  const rows = [...baselines].map(([name, figures]) => cells(`baseline: ${name}`, figures))
  let met = 0
  let judged = 0
  for (const run of runs) {
    const context: Context = { baseline: (name) => baselines.get(name), result: (id) => run.results.get(id), verified: run.verified }
    for (const scenario of SCENARIOS) {
      const m = run.results.get(scenario.id)
      if (!m) continue
      const { rows: own, passed } = scenarioRows(run.db, scenario, m, scenario.goals[run.db] ?? [], context)
      rows.push(...own)
      if (passed !== undefined) judged++
      if (passed) met++
      if (m.note) notes.push(`${run.db}, ${scenario.title}: ${m.note}`)
    }
    if (run.verified) notes.push(`${run.db}: ledger:verify after the run ${run.verified.ok ? 'passed' : 'FAILED'}: ${run.verified.said}`)
  }
  if (processes) {
    for (const [count, results] of processes) {
      for (const scenario of SCENARIOS) {
        const m = results.get(scenario.id)
        const one = processes.get(1)?.get(scenario.id)
        if (!m || !one) continue
        const gain = count === 1 ? '' : `${(m.rps / Math.max(one.rps, 1)).toFixed(2)}× one process`
        rows.push(cells(`PostgreSQL, ${count} API process${count === 1 ? '' : 'es'} (Redis): ${scenario.title}`, m, gain))
      }
    }
    notes.push(`The second API process shares ${os.availableParallelism()} cores with the load generator.`)
  }

  // What the servers ran with that `npm start` would not (issue 40 §1): the values of the run's own secrets left out.
  const settings = changedSettings({
    ...LOAD_ENV,
    STREAMS_PER_PLAYER: String(Math.max(STREAMS, 1)),
    METRICS_PORT: '(a free port)',
    METRICS_TOKEN: '(the run’s own)',
    ...payoutBankSettings('(a fake bank on 127.0.0.1)'),
  })
  notes.push(
    `Every server ran as \`npm start\` runs it (its Node flags, LOG_LEVEL ${settings.LOG_LEVEL ?? 'at its default, info'}, its standard output to a file) ` +
      `with these settings changed: ${Object.entries(settings)
        .map(([name, value]) => `${name}=${/SECRET|PASSWORD/.test(name) ? '(the bench’s own)' : value}`)
        .join(', ')}.${serverLogs.length > 0 ? ` The shared servers' logs: ${serverLogs.join('; ')}.` : ''}`,
  )
  const report = [
    `# Benchmark ${new Date().toISOString()}`,
    '',
    `${os.availableParallelism()} cores, Node ${process.version}, load average ${loadAtStart} at the start and ${os.loadavg()[0]!.toFixed(1)} at the end. ` +
      `${SECONDS} s a measurement; ${BALANCE_CONNECTIONS} connections for balance reads and the bare route, ${BET_CONNECTIONS} for bets, ` +
      `${LOGIN_CONNECTIONS} for logins; ${PLAYERS} players; ${SESSIONS} mixed sessions at once; ${STREAMS} live balance streams; ` +
      (SOAK_SECONDS > 0 ? `a ${SOAK_SECONDS} s soak on ${SOAK_DATABASE}.` : 'no soak.'),
    '',
    '| scenario | req/s | p50 ms | p99 ms | errors | ratio | goal | verdict |',
    '|---|---:|---:|---:|---:|---|---|---|',
    ...rows,
    '',
    `${met} of ${judged} judged scenarios meet their goals.`,
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n')
  console.info(`\n${report}`)
  writeFileSync(path.join(root, 'bench', 'results', 'latest.md'), report)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
