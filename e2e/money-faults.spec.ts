// DESIGN §6 fault test: the server is killed with SIGKILL in the middle of a money load (bank-feed deposits, replays,
// withdrawals with Idempotency-Key, operator decisions). After a restart on the same data every acknowledged operation
// is there exactly once, replays move nothing, balances agree with the history, and the ledger verifies.
// On the embedded database always, and on PostgreSQL too when TEST_DATABASE_URL is set.
//
// The run is seeded: the plan of operations and the kill moment ("after K acknowledgements") come from the seed,
// printed at the start; FAULT_SEED=<n> replays the same plan (the interleaving of requests still varies).
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { call, postBankTransfer, type Answer } from './support/http.ts'
import {
  balanceSatang,
  expectLedgerVerifies,
  faultEnv,
  fullHistory,
  operatorToken,
  payInAccount,
  registerPlayers,
  toSatang,
  transferBody,
  type Player,
} from './support/money.ts'
import { operatorEnv, seasonedOperators } from './support/operator.ts'
import { createTestDatabase, type TestDatabase } from './support/postgres.ts'
import { chooseSeed, seededRandom, type SeededRandom } from './support/random.ts'
import { repoRoot, startServer, type RunningServer } from './support/server.ts'

const PLAYERS = 5
const OPERATIONS = 150
const IN_FLIGHT = 6
const SEED = chooseSeed(process.env.FAULT_SEED)

/** One bank transfer: the body is serialised once, so every send (and the replay after restart) is the same bytes. */
interface Deposit {
  externalId: string
  player: number
  satang: number
  raw: string
  sends: number
  /** deposit_id of every 2xx answer (all must be the same). */
  acked: number[]
  /** Statuses of the 2xx answers (all must be MATCHED: every transfer comes from a registered account). */
  statuses: string[]
}

interface Withdrawal {
  key: string
  player: number
  baht: number
  sends: number
  /** id of every 2xx answer (all must be the same). */
  acked: number[]
}

interface Decision {
  withdrawal: Withdrawal
  approve: boolean
  acked: boolean
}

type Op =
  | { kind: 'deposit'; deposit: Deposit }
  | { kind: 'deposit-replay'; deposit: Deposit }
  | { kind: 'withdraw'; withdrawal: Withdrawal }
  | { kind: 'withdraw-replay'; withdrawal: Withdrawal }
  | { kind: 'decision'; pick: number; approve: boolean }

interface Plan {
  ops: Op[]
  deposits: Deposit[]
  withdrawals: Withdrawal[]
  killAfterAcks: number
}

/** The operations, decided up front from the seed. Deposits lead, so withdrawals soon have money to take. */
function makePlan(random: SeededRandom, players: Player[], toAccount: string, runId: string): Plan {
  const deposits: Deposit[] = []
  const withdrawals: Withdrawal[] = []
  const ops: Op[] = []
  for (let n = 0; n < OPERATIONS; n++) {
    const roll = n < 8 ? 0 : random.next()
    const player = random.int(0, players.length - 1)
    if (roll < 0.45 || (roll < 0.55 && deposits.length === 0)) {
      // Whole baht mostly, some with satang: the edge carries 2 decimals, the ledger integer satang.
      const satang = random.int(100, 3000) * 100 + (random.next() < 0.3 ? random.int(1, 99) : 0)
      const externalId = `fault-${runId}-${n}`
      const raw = transferBody(externalId, toAccount, players[player]!, satang)
      const deposit: Deposit = { externalId, player, satang, raw, sends: 0, acked: [], statuses: [] }
      deposits.push(deposit)
      ops.push({ kind: 'deposit', deposit })
    } else if (roll < 0.55) {
      ops.push({ kind: 'deposit-replay', deposit: random.pick(deposits) })
    } else if (roll < 0.85 || (roll < 0.92 && withdrawals.length === 0)) {
      const withdrawal: Withdrawal = { key: `wd-${runId}-${n}`, player, baht: random.int(100, 900), sends: 0, acked: [] }
      withdrawals.push(withdrawal)
      ops.push({ kind: 'withdraw', withdrawal })
    } else if (roll < 0.92) {
      ops.push({ kind: 'withdraw-replay', withdrawal: random.pick(withdrawals) })
    } else {
      ops.push({ kind: 'decision', pick: random.next(), approve: random.next() < 0.5 })
    }
  }
  // Deposits from registered accounts are always acknowledged, so the kill comes while load is still being sent.
  const sureAcks = ops.filter((op) => op.kind === 'deposit' || op.kind === 'deposit-replay').length
  const killAfterAcks = random.int(25, Math.max(26, Math.min(70, sureAcks - IN_FLIGHT - 10)))
  return { ops, deposits, withdrawals, killAfterAcks }
}

const sumSatang = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** Runs the ledger:verify script as a person would, with the given environment on top of ours (no DATABASE_URL). */
function runLedgerVerifyScript(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _database, ...inherited } = process.env
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'apps/api/scripts/ledger-verify.ts'],
      { cwd: repoRoot, env: { ...inherited, ...env }, timeout: 60_000, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, output: `${stdout}${stderr}` })
      },
    )
  })
}

/** The distinct error messages in the server's JSON log lines (level ≥ 50), with how often each appeared. */
function serverErrors(output: string): string {
  const counts = new Map<string, number>()
  for (const line of output.split('\n')) {
    let entry: { level?: number; msg?: string; err?: { message?: string } }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      continue
    }
    if ((entry.level ?? 0) < 50) continue
    const message = (entry.err?.message ?? entry.msg ?? '')
      .replace(/\nparams: [^:]*/, '')
      .replace(/\s+/g, ' ')
      .slice(0, 240)
    counts.set(message, (counts.get(message) ?? 0) + 1)
  }
  return [...counts].map(([message, n]) => `  ${n} × ${message}`).join('\n') || '  (none in the last lines)'
}

interface LoadResult {
  acks: number
  inFlightAtKill: number
  sentBeforeKill: number
  decisions: Decision[]
  refusals: Record<string, number>
  noAnswer: number
}

/** Sends the plan with IN_FLIGHT requests at a time and SIGKILLs the server at the K-th acknowledgement. */
async function runLoad(server: RunningServer, plan: Plan, players: Player[], operator: string): Promise<LoadResult> {
  const decisions: Decision[] = []
  const refusals: Record<string, number> = {}
  let next = 0
  let acks = 0
  let inFlight = 0
  let noAnswer = 0
  let killed: Promise<number | null> | undefined
  let inFlightAtKill = -1
  let sentBeforeKill = -1

  const acknowledged = () => {
    acks++
    if (acks === plan.killAfterAcks && !killed) {
      // This request's answer is in; the others in flight are not. stop() sends the signal before its first await.
      inFlightAtKill = inFlight - 1
      sentBeforeKill = next
      killed = server.stop('SIGKILL')
    }
  }
  const refused = (what: string, answer: Answer<unknown>) => {
    const key = `${what} ${answer.status} ${answer.body.code ?? ''}`.trim()
    refusals[key] = (refusals[key] ?? 0) + 1
  }

  async function execute(op: Op) {
    switch (op.kind) {
      case 'deposit':
      case 'deposit-replay': {
        const { deposit } = op
        deposit.sends++
        const answer = await postBankTransfer(server.baseUrl, deposit.raw)
        if (answer.status === 200) {
          deposit.acked.push(answer.body.data.deposit_id ?? -1)
          deposit.statuses.push(answer.body.data.status)
          acknowledged()
        } else refused(op.kind, answer)
        return
      }
      case 'withdraw':
      case 'withdraw-replay': {
        const { withdrawal } = op
        withdrawal.sends++
        const answer = await call<{ id: number; status: string }>(server.baseUrl, 'POST', '/api/wallet/withdraw', {
          token: players[withdrawal.player]!.token,
          body: { amount: withdrawal.baht },
          headers: { 'idempotency-key': withdrawal.key },
        })
        if (answer.status === 200) {
          withdrawal.acked.push(answer.body.data.id)
          acknowledged()
        } else refused(op.kind, answer)
        return
      }
      case 'decision': {
        // A withdrawal the server acknowledged and no operator decision has been acknowledged for yet.
        const open = plan.withdrawals.filter((w) => w.acked.length > 0 && !decisions.some((d) => d.withdrawal === w && d.acked))
        if (open.length === 0) return
        const withdrawal = open[Math.floor(op.pick * open.length)]!
        const decision: Decision = { withdrawal, approve: op.approve, acked: false }
        decisions.push(decision)
        const id = withdrawal.acked[0]!
        const answer = op.approve
          ? await call(server.baseUrl, 'POST', `/api/backoffice/withdrawals/${id}/approve`, { token: operator, body: { payout_ref: `PAY-${id}` } })
          : await call(server.baseUrl, 'POST', `/api/backoffice/withdrawals/${id}/reject`, { token: operator, body: { reason: 'ทดสอบระบบล่ม' } })
        if (answer.status === 200) {
          decision.acked = true
          acknowledged()
        } else refused(op.approve ? 'approve' : 'reject', answer)
        return
      }
    }
  }

  async function worker() {
    while (!killed && next < plan.ops.length) {
      const op = plan.ops[next++]!
      inFlight++
      try {
        await execute(op)
      } catch {
        // No answer (the server died under it): the outcome is unknown, and either outcome is allowed.
        noAnswer++
      } finally {
        inFlight--
      }
    }
  }

  await Promise.all(Array.from({ length: IN_FLIGHT }, () => worker()))
  // The plan ran out before the K-th acknowledgement (not expected): kill anyway, and the check below says so.
  await (killed ?? server.stop('SIGKILL'))
  return { acks, inFlightAtKill, sentBeforeKill, decisions, refusals, noAnswer }
}

async function faultRun(label: string, dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const started = Date.now()
  const random = seededRandom(SEED ^ (databaseUrl ? 0x5bd1e995 : 0))
  const runId = `${SEED.toString(36)}${databaseUrl ? 'p' : 'e'}`
  // Several withdrawals per player may be pending at once (faultEnv), so holds, payouts and releases overlap.
  const env = faultEnv(databaseUrl)
  // Withdrawals are decided by a finance operator (ADR 036), onboarded on this data a day before the run.
  const [finance] = await seasonedOperators({ dataDir, env }, 1)
  let server: RunningServer | undefined = await startServer({ dataDir, env })
  try {
    const base = server.baseUrl
    const players = await registerPlayers(base, PLAYERS, '55')
    const toAccount = await payInAccount(base, players[0]!)
    const operator = await operatorToken(base, finance)

    const plan = makePlan(random, players, toAccount, runId)
    const loadStarted = Date.now()
    const load = await runLoad(server, plan, players, operator)
    const loadMs = Date.now() - loadStarted
    const context = `seed ${SEED} (FAULT_SEED=${SEED} to replay), ${label}`
    expect(load.inFlightAtKill, `killed with nothing in flight: ${context}`).toBeGreaterThan(0)
    expect(load.sentBeforeKill, `the load ran out before the kill: ${context}`).toBeLessThan(plan.ops.length)

    // Server errors are not money errors (nothing was acknowledged), but they are worth seeing.
    if (Object.keys(load.refusals).some((key) => / 5\d\d /.test(key))) {
      console.warn(
        `[money-faults] ${label}: server errors during the load ${JSON.stringify(load.refusals)}; logged by the killed server:\n${serverErrors(server.output())}`,
      )
    }
    server = await startServer({ dataDir, env })
    const after = server.baseUrl

    // During the load: every 2xx for one external id / Idempotency-Key named the same row.
    for (const d of plan.deposits) {
      expect(new Set(d.acked).size, `deposit ${d.externalId} acknowledged as ${d.acked.join(', ')}: ${context}`).toBeLessThanOrEqual(1)
      for (const status of d.statuses) expect(status, `deposit ${d.externalId}: ${context}`).toBe('MATCHED')
    }
    for (const w of plan.withdrawals)
      expect(new Set(w.acked).size, `withdrawal ${w.key} acknowledged as ${w.acked.join(', ')}: ${context}`).toBeLessThanOrEqual(1)

    const balancesBefore = await Promise.all(players.map((p) => balanceSatang(after, p.token)))
    const histories = await Promise.all(players.map((p) => fullHistory(after, p.token)))

    // Every acknowledged deposit: a replay of the same signed body answers the same deposit, and the history has it once.
    const ackedDeposits = plan.deposits.filter((d) => d.acked.length > 0)
    for (const d of ackedDeposits) {
      const id = d.acked[0]!
      const replay = await postBankTransfer(after, d.raw)
      expect(replay.status, `replay of ${d.externalId}: ${JSON.stringify(replay.body)} (${context})`).toBe(200)
      expect(replay.body.data, `replay of ${d.externalId} (${context})`).toEqual({ status: 'MATCHED', deposit_id: id })
      const rows = histories[d.player]!.filter((h) => h.id === `D${id}`)
      expect(rows.length, `deposit ${id} (${d.externalId}) in the history of player ${d.player}: ${context}`).toBe(1)
      expect(toSatang(rows[0]!.txamount)).toBe(d.satang)
    }

    // Every acknowledged withdrawal: replaying its Idempotency-Key answers the same id; the history has it once, and
    // with the acknowledged operator decision when there was one.
    const ackedWithdrawals = plan.withdrawals.filter((w) => w.acked.length > 0)
    for (const w of ackedWithdrawals) {
      const id = w.acked[0]!
      const replay = await call<{ id: number }>(after, 'POST', '/api/wallet/withdraw', {
        token: players[w.player]!.token,
        body: { amount: w.baht },
        headers: { 'idempotency-key': w.key },
      })
      expect(replay.status, `replay of withdrawal ${w.key}: ${JSON.stringify(replay.body)} (${context})`).toBe(200)
      expect(replay.body.data.id, `replay of withdrawal ${w.key} (${context})`).toBe(id)
      const rows = histories[w.player]!.filter((h) => h.id === `W${id}`)
      expect(rows.length, `withdrawal ${id} in the history of player ${w.player}: ${context}`).toBe(1)
      const row = rows[0]!
      expect(toSatang(row.txamount)).toBe(w.baht * 100)
      const tried = load.decisions.filter((d) => d.withdrawal === w)
      const decided = tried.filter((d) => d.acked)
      expect(new Set(decided.map((d) => d.approve)).size, `withdrawal ${id} both approved and rejected: ${context}`).toBeLessThanOrEqual(1)
      if (decided.length > 0) expect(row.txstatus, `withdrawal ${id}: ${context}`).toBe(decided[0]!.approve ? 'SUCCESS' : 'FAIL')
      else if (row.txstatus === 'SUCCESS')
        expect(
          tried.some((d) => d.approve),
          `withdrawal ${id} paid with no approval sent: ${context}`,
        ).toBe(true)
      else if (row.txstatus === 'FAIL')
        expect(
          tried.some((d) => !d.approve),
          `withdrawal ${id} refused with no rejection sent: ${context}`,
        ).toBe(true)
      else expect(row.txstatus).toBe('PENDING')
    }

    const checked = await expectLedgerVerifies(after, await operatorToken(after), context)

    for (let i = 0; i < players.length; i++) {
      const history = histories[i]!
      // Replays moved nothing.
      expect(await balanceSatang(after, players[i]!.token), `player ${i} balance changed by replays: ${context}`).toBe(balancesBefore[i])
      // The balance is what the history says: credited deposits less withdrawals not refused.
      const credited = sumSatang(history.filter((h) => h.txtype === 'DEPOSIT').map((h) => toSatang(h.txamount)))
      const withdrawn = sumSatang(
        history.filter((h) => h.txtype === 'WITHDRAW' && (h.txstatus === 'PENDING' || h.txstatus === 'SUCCESS')).map((h) => toSatang(h.txamount)),
      )
      expect(balancesBefore[i], `player ${i} balance against history: ${context}`).toBe(credited - withdrawn)
      // Nothing invented: rows beyond the acknowledged ones are at most the unacknowledged requests for this player.
      const depositRows = history.filter((h) => h.txtype === 'DEPOSIT').length
      const withdrawalRows = history.filter((h) => h.txtype === 'WITHDRAW').length
      const mine = <T extends { player: number; acked: number[]; sends: number }>(list: T[]) => list.filter((x) => x.player === i && x.sends > 0)
      const [depositsSent, withdrawalsSent] = [mine(plan.deposits), mine(plan.withdrawals)]
      expect(depositRows, `player ${i} deposits: ${context}`).toBeGreaterThanOrEqual(depositsSent.filter((d) => d.acked.length > 0).length)
      expect(depositRows, `player ${i} deposits: ${context}`).toBeLessThanOrEqual(depositsSent.length)
      expect(withdrawalRows, `player ${i} withdrawals: ${context}`).toBeGreaterThanOrEqual(withdrawalsSent.filter((w) => w.acked.length > 0).length)
      expect(withdrawalRows, `player ${i} withdrawals: ${context}`).toBeLessThanOrEqual(withdrawalsSent.length)
    }

    const stopped = server.stop('SIGTERM')
    server = undefined
    expect(await stopped).toBe(0)

    console.info(
      `[money-faults] ${label}: ${context}; ${load.sentBeforeKill}/${plan.ops.length} ops sent in ${loadMs} ms, killed after ${load.acks} acks ` +
        `(K=${plan.killAfterAcks}, ${load.inFlightAtKill} in flight, ${load.noAnswer} unanswered); ${ackedDeposits.length} deposits, ` +
        `${ackedWithdrawals.length} withdrawals, ${load.decisions.filter((d) => d.acked).length} decisions acknowledged; refused: ${JSON.stringify(load.refusals)}; ` +
        `${checked} ledger rows verified; ${Date.now() - started} ms in all`,
    )
  } catch (error) {
    if (server) console.warn(`[money-faults] ${label} server output:\n${server.output()}`)
    throw error
  } finally {
    await server?.stop('SIGKILL')
  }
}

describe('money under faults (DESIGN §6): SIGKILL mid-load, restart, nothing acknowledged lost or doubled', () => {
  const cleanup: (() => Promise<void>)[] = []
  let embeddedDataDir: string | undefined

  async function newDataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'sanam-fault-'))
    cleanup.push(() => rm(dir, { recursive: true, force: true }))
    return dir
  }

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.warn('[money-faults] cleanup:', error))
  })

  it('on the embedded database', { timeout: 120_000 }, async () => {
    console.info(`[money-faults] seed ${SEED}`)
    const dataDir = await newDataDir()
    await faultRun('embedded', dataDir, undefined)
    embeddedDataDir = dataDir
  })

  it('npm run ledger:verify says ok on the stopped embedded database, and refuses one a server is using', { timeout: 60_000 }, async () => {
    expect(embeddedDataDir, 'the embedded fault run left no database').toBeDefined()
    const dataDir = embeddedDataDir!
    const result = await runLedgerVerifyScript({ DATA_DIR: dataDir })
    expect(result.code, result.output).toBe(0)
    expect(result.output).toMatch(/^ok, \d+ checked/m)

    const server = await startServer({ dataDir, env: operatorEnv() })
    try {
      const busy = await runLedgerVerifyScript({ DATA_DIR: dataDir })
      expect(busy.code, busy.output).toBe(2)
      expect(busy.output).toContain('GET /api/backoffice/ledger/verify')
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0)
    }
  })

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL (TEST_DATABASE_URL)', { timeout: 120_000 }, async () => {
    let database: TestDatabase | undefined
    try {
      database = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'sanam_fault')
      await faultRun('postgres', await newDataDir(), database.url)
      // The server ran in demo mode, so its audit chain is keyed with the demo key (ADR 037).
      const result = await runLedgerVerifyScript({ DATABASE_URL: database.url, SANAM_MODE: 'demo' })
      expect(result.code, result.output).toBe(0)
      expect(result.output).toMatch(/^ok, \d+ checked/m)
    } finally {
      await database?.drop()
    }
  })
})
