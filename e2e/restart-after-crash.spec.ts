// Issue 13: a server killed with SIGKILL (the whole process group, as a supervisor or the OOM killer does) restarts at
// once, 20 times in a row (at the full depth; 5 at CI's sample depth, ADR 103), on the embedded database and on
// PostgreSQL; no acknowledged deposit is lost or doubled.
// The next server is started right after the signal is sent, before the dead one is reaped, which is when a PID-file
// lock used to refuse it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest'
import { atDepth } from '../scripts/test-depth.mjs'
import { postBankTransfer } from './support/http.ts'
import * as money from './support/money.ts'
import { createTestDatabase, reachablePostgres } from './support/postgres.ts'
import { chooseSeed, seededRandom } from './support/random.ts'
import { startServer, type RunningServer } from './support/server.ts'

const ROUNDS = atDepth({ sample: 5, full: 20 })
const IN_FLIGHT = 4
/**
 * "Within a few seconds": 1-3 s on an idle 2-core machine (process start, migrations check, PGlite open), 7-10 s
 * measured under a load average of 20. The limit is for a restart that waits on something, not for a slow machine.
 */
const RESTART_LIMIT_MS = 20_000
const SEED = chooseSeed(process.env.FAULT_SEED)
/**
 * Each loop takes 40-70 s on an idle 2-core machine, and 5 minutes measured under a load average of 20 (other test
 * runs): this limit catches a hang, not slowness.
 */
const LOOP_TIMEOUT_MS = 450_000

/** The server of the running loop, killed after a failure or a timeout (it leads its own process group). */
let live: RunningServer | undefined
/**
 * Which test may start servers: a loop that timed out keeps running in the background, and must start no more once
 * the next test (or the end of the file) has come.
 */
let turn = 0
/** Starts a server for the loop of test `mine`, unless its time is over. */
async function startLive(options: Parameters<typeof startServer>[0], mine: number): Promise<RunningServer> {
  if (mine !== turn) throw new Error('this test is over')
  const started = await startServer(options)
  if (mine !== turn) {
    await started.stop('SIGKILL')
    throw new Error('this test is over')
  }
  return (live = started)
}
/** What the loop did so far, printed when it fails. */
const progress: string[] = []

interface Deposit {
  externalId: string
  player: number
  satang: number
  raw: string
  /** deposit_id of every 200 answer. */
  acked: number[]
}

async function crashLoop(label: string, env: Record<string, string>): Promise<void> {
  const started = Date.now()
  const mine = turn
  const random = seededRandom(SEED)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sanam-crash-'))
  const options = { dataDir, env, asNpmStart: true }
  let server: RunningServer | undefined
  try {
    server = await startLive(options, mine)
    const players: money.Player[] = await money.registerPlayers(server.baseUrl, 2, '61')
    const toAccount = await money.payInAccount(server.baseUrl, players[0]!)
    const operator = await money.operatorToken(server.baseUrl)
    const deposits: Deposit[] = []
    const restartMs: number[] = []
    let unanswered = 0

    for (let round = 0; round < ROUNDS; round++) {
      const current: RunningServer = server
      const killAfter = random.int(2, 8)
      let acks = 0
      let killed = false
      const worker = async () => {
        while (!killed) {
          const player = random.int(0, players.length - 1)
          const satang = random.int(100, 5000) * 100 + random.int(0, 99)
          const deposit: Deposit = { externalId: `crash-${SEED.toString(36)}-${label}-${deposits.length}`, player, satang, raw: '', acked: [] }
          deposit.raw = money.transferBody(deposit.externalId, toAccount, players[player]!, satang)
          deposits.push(deposit)
          try {
            const answer = await postBankTransfer(current.baseUrl, deposit.raw)
            expect(answer.status, `${label} round ${round}: ${JSON.stringify(answer.body)}`).toBe(200)
            expect(answer.body.data.status).toBe('MATCHED')
            deposit.acked.push(answer.body.data.deposit_id!)
            if (++acks === killAfter && !killed) {
              killed = true
              current.kill('SIGKILL')
            }
          } catch (error) {
            if (!killed) throw error
            // Sent as the server died: no answer, so either outcome is allowed (the replay below settles it).
            unanswered++
          }
        }
      }
      await Promise.all(Array.from({ length: IN_FLIGHT }, () => worker()))
      // Restart at once, without waiting for the killed process to be reaped.
      const restart = Date.now()
      server = await startLive(options, mine)
      restartMs.push(Date.now() - restart)
      progress.push(`${label} round ${round + 1}: killed after ${acks} acks, restarted in ${restartMs.at(-1)} ms`)
      await current.exited
      expect(restartMs.at(-1), `${label} round ${round}: restart took ${restartMs.at(-1)} ms`).toBeLessThan(RESTART_LIMIT_MS)
      await money.expectLedgerVerifies(server.baseUrl, operator, `${label} after crash ${round + 1}`)
    }

    // Every deposit sent, answered or not, is sent once more: an acknowledged one answers the same deposit, and after
    // this each transfer is credited exactly once, so the balances are exactly the sums of the transfers.
    const base = server.baseUrl
    for (const d of deposits) {
      const replay = await postBankTransfer(base, d.raw)
      expect(replay.status, `${label} replay of ${d.externalId}: ${JSON.stringify(replay.body)}`).toBe(200)
      expect(['MATCHED', 'DUPLICATE']).toContain(replay.body.data.status)
      for (const id of d.acked) expect(replay.body.data.deposit_id, `${label} replay of ${d.externalId}`).toBe(id)
      d.acked.push(replay.body.data.deposit_id!)
    }
    for (const [i, p] of players.entries()) {
      const sent = deposits.filter((d) => d.player === i)
      const history = (await money.fullHistory(base, p.token)).filter((h) => h.txtype === 'DEPOSIT')
      expect(history.length, `${label} player ${i}: one history row per transfer`).toBe(sent.length)
      for (const d of sent) expect(history.filter((h) => h.id === `D${d.acked[0]}`).length, `${label} ${d.externalId}`).toBe(1)
      expect(await money.balanceSatang(base, p.token), `${label} player ${i} balance`).toBe(sent.reduce((sum, d) => sum + d.satang, 0))
    }
    const checked = await money.expectLedgerVerifies(base, operator, `${label} at the end`)
    if (label === 'embedded') {
      // The lock still does its job: a second live server on the same folder is refused, naming the first.
      expect(server.pid).toBeDefined()
      await expect(startServer(options)).rejects.toThrow(`in use by process ${server.pid}`)
    }
    console.info(
      `[restart-after-crash] ${label}: seed ${SEED} (FAULT_SEED to replay); ${ROUNDS} SIGKILLs, restarts ${Math.min(...restartMs)}-${Math.max(...restartMs)} ms; ` +
        `${deposits.length} transfers sent, ${deposits.filter((d) => d.acked.length > 1).length} acknowledged before the replay, ${unanswered} unanswered; ` +
        `${checked} ledger rows verified; ${Date.now() - started} ms in all`,
    )
  } catch (error) {
    if (server) console.warn(`[restart-after-crash] ${label} server output:\n${server.output()}`)
    throw error
  } finally {
    await server?.stop('SIGTERM')
    await rm(dataDir, { recursive: true, force: true })
  }
}

const postgresUrl = await reachablePostgres('restart-after-crash')

describe('a server killed with SIGKILL restarts at once and keeps every acknowledged deposit exactly once (issue 13)', () => {
  const cleanup: (() => Promise<void>)[] = []
  beforeEach(async () => {
    turn++
    await live?.stop('SIGKILL')
    progress.length = 0
    onTestFailed(() => console.warn(`[restart-after-crash] progress before the failure:\n${progress.join('\n') || '(none)'}`))
  })
  afterAll(async () => {
    turn++
    await live?.stop('SIGKILL')
    for (const step of cleanup) await step()
  })

  it(`on the embedded database, ${ROUNDS} times in a row`, { timeout: LOOP_TIMEOUT_MS }, async () => {
    await crashLoop('embedded', money.faultEnv())
  })

  it.runIf(postgresUrl)(`on PostgreSQL, ${ROUNDS} times in a row`, { timeout: LOOP_TIMEOUT_MS }, async () => {
    const database = await createTestDatabase(postgresUrl!, 'sanam_crash')
    cleanup.push(() => database.drop())
    await crashLoop('postgres', money.faultEnv(database.url))
  })
})
