// Issue 10 point 6: what PostgreSQL-side faults do to requests. Each case drives the real server on its own database:
//   - a statement that waits too long (a row another transaction holds) is cut by statement_timeout: 503, not a hang;
//   - a full pool sheds load with a 503 instead of queueing forever;
//   - SIGTERM while money requests are in flight finishes them and loses nothing;
//   - every connection terminated (pg_terminate_backend) during a load of deposits and game rounds: requests fail
//     fast with the 503 envelope, the server recovers by itself, and the providers' retries are answered exactly once.
// Faults are made on this test's own database only; the shared server is never restarted.
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest'
import pg from 'pg'
import { errorCatalogue } from '@sanam/contract'
import { call, postBankTransfer, postSeamless, type Answer } from './support/http.ts'
import {
  balanceSatang,
  expectLedgerVerifies,
  faultEnv,
  fullHistory,
  gameSession,
  operatorToken,
  payInAccount,
  registerPlayers,
  transferBody,
  type Player,
} from './support/money.ts'
import { createTestDatabase, reachablePostgres, type TestDatabase } from './support/postgres.ts'
import { startServer, type RunningServer } from './support/server.ts'

const postgresUrl = await reachablePostgres('postgres-faults')
const UNAVAILABLE = { success: false, code: 'DEPENDENCY_DOWN', message: errorCatalogue.DEPENDENCY_DOWN.message }
/** How long any request may take while the database misbehaves: the "past 10 s". */
const REQUEST_LIMIT_MS = 10_000

describe.runIf(postgresUrl)('PostgreSQL faults: fail fast with a 503 envelope, recover, lose nothing (issue 10 §6)', () => {
  let database: TestDatabase
  /** A connection of the test's own to the test database: holds row locks, watches waits. */
  let admin: pg.Client
  let server: RunningServer | undefined

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!, 'sanam_pgfault')
    admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
  })
  afterAll(async () => {
    await server?.stop('SIGKILL')
    await admin?.end().catch(() => undefined)
    await database?.drop()
  })

  beforeEach(() => {
    onTestFailed(() => {
      if (server) console.warn(`[postgres-faults] server output:\n${server.output()}`)
    })
  })

  async function start(env: Record<string, string> = {}): Promise<RunningServer> {
    server = await startServer({ env: { ...faultEnv(database.url), ...env } })
    return server
  }

  /** Holds the player's cash account row in a transaction of the test's own: the player's money requests wait on it. */
  async function lockAccount(player: Player): Promise<{ release: () => Promise<void> }> {
    const holder = new pg.Client({ connectionString: database.url })
    await holder.connect()
    await holder.query('begin')
    await holder.query(`select a.id from accounts a join players p on p.id = a.player_id where p.mobile = $1 and a.kind = 'cash' for update`, [player.mobile])
    return {
      release: async () => {
        await holder.query('rollback')
        await holder.end()
      },
    }
  }

  /** Waits until `count` of the server's statements wait for a row lock (so the requests are surely in flight). */
  async function waitForLockWaiters(count: number): Promise<void> {
    for (let attempt = 0; attempt < 400; attempt++) {
      const { rows } = await admin.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
      if (Number(rows[0]!.n) >= count) return
      await new Promise((resolve) => setImmediate(resolve))
    }
    throw new Error(`fewer than ${count} requests ever waited for the locked row`)
  }

  function withdraw(base: string, player: Player, key: string, baht: number) {
    return call<{ id: number }>(base, 'POST', '/api/wallet/withdraw', { token: player.token, body: { amount: baht }, headers: { 'idempotency-key': key } })
  }

  async function fund(base: string, players: Player[], satang: number, tag: string) {
    const toAccount = await payInAccount(base, players[0]!)
    for (const [i, p] of players.entries()) {
      const answer = await postBankTransfer(base, transferBody(`fund-${tag}-${i}`, toAccount, p, satang))
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    }
    return toAccount
  }

  it('a statement waiting on a locked row is cut by the statement timeout (503), and the retry is taken once', { timeout: 60_000 }, async () => {
    const s = await start({ DB_STATEMENT_TIMEOUT_MS: '1500' })
    const [player] = await registerPlayers(s.baseUrl, 1, '71')
    await fund(s.baseUrl, [player!], 100_000, 'timeout')
    const lock = await lockAccount(player!)
    const began = Date.now()
    const cut = await withdraw(s.baseUrl, player!, 'timeout-1', 300)
    const took = Date.now() - began
    await lock.release()
    expect(cut.status, JSON.stringify(cut.body)).toBe(503)
    expect(cut.body).toEqual(UNAVAILABLE)
    expect(took, 'the request was held past the limit').toBeLessThan(REQUEST_LIMIT_MS)

    const retried = await withdraw(s.baseUrl, player!, 'timeout-1', 300)
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    expect((await withdraw(s.baseUrl, player!, 'timeout-1', 300)).body.data.id).toBe(retried.body.data.id)
    expect(await balanceSatang(s.baseUrl, player!.token)).toBe(100_000 - 30_000)
    await expectLedgerVerifies(s.baseUrl, await operatorToken(s.baseUrl))
    expect(await s.stop('SIGTERM')).toBe(0)
  })

  it('a full pool answers 503 at once instead of queueing, and the requests holding it complete', { timeout: 60_000 }, async () => {
    // Two connections, a short wait for one, and a statement timeout long enough to keep both busy meanwhile.
    const s = await start({ DB_POOL_MAX: '2', DB_POOL_WAIT_MS: '300', DB_STATEMENT_TIMEOUT_MS: '20000', SESSION_CACHE_SECONDS: '0' })
    const [busy, other] = await registerPlayers(s.baseUrl, 2, '72')
    await fund(s.baseUrl, [busy!, other!], 100_000, 'pool')
    const lock = await lockAccount(busy!)
    const holding = [withdraw(s.baseUrl, busy!, 'pool-1', 100), withdraw(s.baseUrl, busy!, 'pool-2', 200)]
    await waitForLockWaiters(2)

    const began = Date.now()
    const shed = await call(s.baseUrl, 'GET', '/api/wallet/v2/balance', { token: other!.token })
    const took = Date.now() - began
    await lock.release()
    expect(shed.status, JSON.stringify(shed.body)).toBe(503)
    expect(shed.body).toEqual(UNAVAILABLE)
    expect(took, 'the request queued for the pool instead of being shed').toBeLessThan(REQUEST_LIMIT_MS)

    for (const answer of await Promise.all(holding)) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await balanceSatang(s.baseUrl, busy!.token)).toBe(100_000 - 30_000)
    expect(await balanceSatang(s.baseUrl, other!.token)).toBe(100_000)
    await expectLedgerVerifies(s.baseUrl, await operatorToken(s.baseUrl))
    expect(await s.stop('SIGTERM')).toBe(0)
  })

  it('SIGTERM while money requests are in flight finishes them, exits 0, and loses nothing', { timeout: 60_000 }, async () => {
    let s = await start()
    const [player] = await registerPlayers(s.baseUrl, 1, '73')
    const toAccount = await fund(s.baseUrl, [player!], 100_000, 'sigterm')
    const lock = await lockAccount(player!)
    // In flight: three withdrawals and one deposit of the same player, all waiting for the locked account.
    const inFlight: Promise<Answer<unknown>>[] = [
      withdraw(s.baseUrl, player!, 'term-1', 100),
      withdraw(s.baseUrl, player!, 'term-2', 200),
      withdraw(s.baseUrl, player!, 'term-3', 300),
      postBankTransfer(s.baseUrl, transferBody('term-deposit', toAccount, player!, 12_345)),
    ]
    await waitForLockWaiters(4)
    s.kill('SIGTERM')
    // The server stops taking new connections while the four are still waiting...
    for (let attempt = 0; ; attempt++) {
      const refused = await fetch(`${s.baseUrl}/api/health`).then(
        () => false,
        () => true,
      )
      if (refused) break
      if (attempt > 400) throw new Error('the server kept accepting connections after SIGTERM')
      await new Promise((resolve) => setImmediate(resolve))
    }
    // ...and once the row is free, it finishes every one of them before exiting.
    await lock.release()
    const answers = await Promise.all(inFlight)
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await s.exited).toBe(0)

    s = await start()
    const history = await fullHistory(s.baseUrl, player!.token)
    expect(history.filter((h) => h.txtype === 'WITHDRAW').map((h) => h.txamount).sort()).toEqual([100, 200, 300])
    expect(history.filter((h) => h.txtype === 'DEPOSIT').map((h) => h.txamount).sort()).toEqual([1000, 123.45])
    expect(await balanceSatang(s.baseUrl, player!.token)).toBe(100_000 + 12_345 - 60_000)
    await expectLedgerVerifies(s.baseUrl, await operatorToken(s.baseUrl))
    expect(await s.stop('SIGTERM')).toBe(0)
  })

  it('connections terminated mid-load: 503 envelopes fast, recovery on its own, provider retries answered once', { timeout: 90_000 }, async () => {
    const s = await start()
    const players = await registerPlayers(s.baseUrl, 2, '74')
    const toAccount = await fund(s.baseUrl, players, 500_000, 'terminate')
    const sessions = await Promise.all(players.map((p) => gameSession(s.baseUrl, p)))

    // The load: bank transfers, and game rounds (bet then win, or bet then rollback). Every call is kept as the exact
    // bytes sent, with its first 200 answer, so it can be retried and replayed.
    interface Sent {
      kind: 'deposit' | 'bet' | 'win' | 'rollback'
      raw: string
      first?: unknown
      failures: number
    }
    interface Op {
      player: number
      calls: Sent[]
      /** What the op does to the balance once every call in it is answered OK. */
      satang: number
    }
    const ops: Op[] = []
    for (let n = 0; n < 60; n++) {
      const player = n % players.length
      if (n % 3 === 0) {
        const satang = 10_000 + n * 7
        ops.push({ player, satang, calls: [{ kind: 'deposit', raw: transferBody(`term-${n}`, toAccount, players[player]!, satang), failures: 0 }] })
      } else {
        const round = `term-round-${n}`
        const session_token = sessions[player]!
        const bet = { kind: 'bet' as const, failures: 0, raw: JSON.stringify({ request_id: `${round}-b`, session_token, round_id: round, tx_id: `${round}-b`, amount: '20.00', game_code: 'fortune_ox' }) }
        const rolledBack = n % 3 === 2
        const end = rolledBack
          ? { kind: 'rollback' as const, failures: 0, raw: JSON.stringify({ request_id: `${round}-r`, session_token, round_id: round, tx_id: `${round}-r`, ref_tx_id: `${round}-b` }) }
          : { kind: 'win' as const, failures: 0, raw: JSON.stringify({ request_id: `${round}-w`, session_token, round_id: round, tx_id: `${round}-w`, amount: '35.50', game_code: 'fortune_ox' }) }
        ops.push({ player, satang: rolledBack ? 0 : 3550 - 2000, calls: [bet, end] })
      }
    }

    const send = (c: Sent) => (c.kind === 'deposit' ? postBankTransfer(s.baseUrl, c.raw) : postSeamless(s.baseUrl, 'pgsoft', c.kind, c.raw))
    let slowest = 0
    const unexpected: string[] = []
    /** Sends an op's calls in order, stopping at the first that is not answered 200 (the retry pass finishes it). */
    async function run(op: Op): Promise<void> {
      for (const c of op.calls) {
        if (c.first !== undefined) continue
        const began = Date.now()
        const answer = await send(c)
        slowest = Math.max(slowest, Date.now() - began)
        if (answer.status === 200) {
          c.first = answer.body
          continue
        }
        c.failures++
        if (answer.status !== 503 || JSON.stringify(answer.body) !== JSON.stringify(UNAVAILABLE)) unexpected.push(`${c.kind} ${answer.status} ${JSON.stringify(answer.body)}`)
        return
      }
    }

    let next = 0
    let outageOver = false
    const failuresNow = () => ops.reduce((sum, op) => sum + op.calls.reduce((n, c) => n + c.failures, 0), 0)
    const worker = async () => {
      while (next < ops.length) await run(ops[next++]!)
    }
    // The outage: every connection of this database terminated again and again, while the load runs, until at least
    // five requests have been refused for it (or a bound on the attempts).
    const outage = (async () => {
      while (next < 10) await new Promise((resolve) => setImmediate(resolve))
      for (let attempt = 0; attempt < 2000 && failuresNow() < 5; attempt++) {
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)
      }
      outageOver = true
    })()
    await Promise.all([outage, ...Array.from({ length: 4 }, () => worker())])
    expect(outageOver).toBe(true)
    const refused = failuresNow()
    expect(unexpected, 'answers other than 200 or the 503 envelope').toEqual([])
    expect(refused, 'the outage refused no request').toBeGreaterThan(0)
    expect(slowest, 'a request was held during the outage').toBeLessThan(REQUEST_LIMIT_MS)

    // Recovered by itself: the same process answers health and serves the providers' retries.
    const health = await call(s.baseUrl, 'GET', '/api/health')
    expect(health.status, JSON.stringify(health.body)).toBe(200)
    for (const op of ops) {
      await run(op)
      for (const c of op.calls) expect(c.first, `${c.kind} ${c.raw} not answered after the outage`).toBeDefined()
    }
    // Every call answered OK once, and a replay of the same bytes gets the first answer again.
    for (const op of ops) {
      for (const c of op.calls) {
        if (c.kind === 'deposit') expect((c.first as { data: { status: string } }).data.status).toBe('MATCHED')
        else expect((c.first as { status: string }).status, `${c.kind} ${c.raw}`).toBe('OK')
        const replay = await send(c)
        expect(replay.body, `replay of ${c.kind} ${c.raw}`).toEqual(c.first)
      }
    }
    for (const [i, p] of players.entries()) {
      const expected = 500_000 + ops.filter((op) => op.player === i).reduce((sum, op) => sum + op.satang, 0)
      expect(await balanceSatang(s.baseUrl, p.token), `player ${i}`).toBe(expected)
    }
    const checked = await expectLedgerVerifies(s.baseUrl, await operatorToken(s.baseUrl))
    console.info(`[postgres-faults] terminate: ${refused} requests refused with 503 during the outage, slowest answer ${slowest} ms; ${checked} ledger rows verified`)
    expect(await s.stop('SIGTERM')).toBe(0)
  })
})
