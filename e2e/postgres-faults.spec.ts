// Issue 10 point 6: what PostgreSQL-side faults do to requests. Each case drives the real server on its own database:
//   - a statement that waits too long (a row another transaction holds) is cut by statement_timeout: 503, not a hang;
//   - a full pool sheds load with a 503 instead of queueing forever;
//   - SIGTERM while money requests are in flight finishes them and loses nothing;
//   - every connection terminated (pg_terminate_backend) during a load of deposits and game rounds: requests fail
//     fast with the 503 envelope, the server recovers by itself, and the providers' retries are answered exactly once.
// Faults are made on this test's own database only; the shared server is never restarted.
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest'
import pg from 'pg'
import { call, postBankTransfer, type Answer } from './support/http.ts'
import {
  balanceSatang,
  expectLedgerVerifies,
  faultEnv,
  fullHistory,
  fundPlayers,
  operatorToken,
  registerPlayers,
  transferBody,
  type Player,
} from './support/money.ts'
import { fundedMixedLoad, UNAVAILABLE } from './support/mixed-load.ts'
import { createTestDatabase, reachablePostgres, type TestDatabase } from './support/postgres.ts'
import { seasonedOperators, type OperatorLogin } from './support/operator.ts'
import { startServer, type RunningServer } from './support/server.ts'

const postgresUrl = await reachablePostgres('postgres-faults')
/** How long any request may take while the database misbehaves: the "past 10 s". */
const REQUEST_LIMIT_MS = 10_000

describe.runIf(postgresUrl)('PostgreSQL faults: fail fast with a 503 envelope, recover, lose nothing (issue 10 §6)', () => {
  let database: TestDatabase
  /** A connection of the test's own to the test database: holds row locks, watches waits. */
  let admin: pg.Client
  let server: RunningServer | undefined
  let finance: OperatorLogin | undefined

  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!, 'sanam_pgfault')
    admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    // Withdrawals are decided by finance (ADR 036): one onboarded on this database a day before the tests.
    ;[finance] = await seasonedOperators({ env: faultEnv(database.url) }, 1)
  }, 120_000)
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

  it('a statement waiting on a locked row is cut by the statement timeout (503), and the retry is taken once', { timeout: 60_000 }, async () => {
    const s = await start({ DB_STATEMENT_TIMEOUT_MS: '1500' })
    const [player] = await registerPlayers(s.baseUrl, 1, '71')
    await fundPlayers(s.baseUrl, [player!], 100_000, 'timeout')
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
    await fundPlayers(s.baseUrl, [busy!, other!], 100_000, 'pool')
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
    const toAccount = await fundPlayers(s.baseUrl, [player!], 100_000, 'sigterm')
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
    expect(
      history
        .filter((h) => h.txtype === 'WITHDRAW')
        .map((h) => h.txamount)
        .sort(),
    ).toEqual([100, 200, 300])
    expect(
      history
        .filter((h) => h.txtype === 'DEPOSIT')
        .map((h) => h.txamount)
        .sort(),
    ).toEqual([1000, 123.45])
    expect(await balanceSatang(s.baseUrl, player!.token)).toBe(100_000 + 12_345 - 60_000)
    await expectLedgerVerifies(s.baseUrl, await operatorToken(s.baseUrl))
    expect(await s.stop('SIGTERM')).toBe(0)
  })

  it('connections terminated mid-load: 503 envelopes fast, recovery on its own, provider retries answered once', { timeout: 90_000 }, async () => {
    const s = await start()
    const load = await fundedMixedLoad(s.baseUrl, { players: 2, prefix: '74', satang: 500_000, tag: 'term', count: 60, withdrawals: false })

    // The outage: every connection of this database terminated again and again, while the load runs, until at least
    // five requests have been refused for it (with a bound on the attempts).
    const target = { baseUrl: s.baseUrl, operator: '' }
    let outageOver = false
    const outage = (async () => {
      while (load.next < 10) await new Promise((resolve) => setImmediate(resolve))
      for (let attempt = 0; attempt < 2000 && load.refused() < 5; attempt++) {
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)
      }
      outageOver = true
    })()
    await Promise.all([outage, load.run(target, 4)])
    expect(outageOver).toBe(true)
    expect(load.unexpected, 'answers other than 200 or the 503 envelope').toEqual([])
    expect(load.unanswered, 'requests left without an answer').toBe(0)
    expect(load.refused(), 'the outage refused no request').toBeGreaterThan(0)
    expect(load.slowest, 'a request was held during the outage').toBeLessThan(REQUEST_LIMIT_MS)

    // Recovered by itself: the same process answers health and serves the providers' retries.
    const health = await call(s.baseUrl, 'GET', '/api/health')
    expect(health.status, JSON.stringify(health.body)).toBe(200)
    target.operator = await operatorToken(s.baseUrl, finance)
    await load.settle(target)
    const checked = await expectLedgerVerifies(s.baseUrl, target.operator)
    console.info(
      `[postgres-faults] terminate: ${load.refused()} requests refused with 503 during the outage, slowest answer ${load.slowest} ms; ${checked} ledger rows verified`,
    )
    expect(await s.stop('SIGTERM')).toBe(0)
  })

  it('SIGKILL during a mixed load, 3 times in a row: every acknowledged operation once, nothing half-done', { timeout: 90_000 }, async () => {
    let s = await start()
    const load = await fundedMixedLoad(s.baseUrl, { players: 3, prefix: '75', satang: 1_000_000, tag: 'kill', count: 90, withdrawals: true })
    const target = { baseUrl: s.baseUrl, operator: await operatorToken(s.baseUrl, finance) }
    const acksAtKill: number[] = []
    for (let kill = 0; kill < 3; kill++) {
      const killAt = load.acks + 12 + kill * 5
      const killed = s
      await load.run(target, 5, () => {
        if (load.acks < killAt) return false
        acksAtKill.push(load.acks)
        killed.kill('SIGKILL')
        return true
      })
      expect(load.next, 'the load ran out before the kill').toBeLessThan(load.ops.length)
      // Restart at once, as a supervisor does; sessions and the operator's token live in the database.
      s = await start()
      target.baseUrl = s.baseUrl
      await killed.exited
    }
    expect(load.unexpected, 'answers other than 200 or the 503 envelope').toEqual([])
    await load.settle(target)
    // Withdrawals: one row per request, each in the state of its decision.
    await load.expectWithdrawalsDecided(s.baseUrl)
    const checked = await expectLedgerVerifies(s.baseUrl, target.operator)
    console.info(
      `[postgres-faults] SIGKILL: killed at ${acksAtKill.join(', ')} acknowledgements, ${load.unanswered} requests unanswered, ` +
        `${load.ops.reduce((n, op) => n + op.calls.length, 0)} calls settled; ${checked} ledger rows verified`,
    )
    expect(await s.stop('SIGTERM')).toBe(0)
  })
})
