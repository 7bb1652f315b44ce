// Issue 13: a server killed with SIGKILL (the whole process group, as a supervisor or the OOM killer does) restarts at
// once, 20 times in a row, on the embedded database and on PostgreSQL; no acknowledged deposit is lost or doubled.
// The next server is started right after the signal is sent, before the dead one is reaped, which is when a PID-file
// lock used to refuse it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { postBankTransfer } from './support/http.ts'
import { balanceSatang, expectLedgerVerifies, faultEnv, fullHistory, operatorToken, payInAccount, registerPlayers, transferBody, type Player } from './support/money.ts'
import { createTestDatabase, reachablePostgres } from './support/postgres.ts'
import { chooseSeed, seededRandom } from './support/random.ts'
import { startServer, type RunningServer } from './support/server.ts'

const ROUNDS = 20
const IN_FLIGHT = 4
/** "Within a few seconds" on a busy 2-core CI machine: the restart is the process start, migrations check, PGlite open. */
const RESTART_LIMIT_MS = 15_000
const SEED = chooseSeed(process.env.FAULT_SEED)

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
  const random = seededRandom(SEED)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sanam-crash-'))
  const options = { dataDir, env, asNpmStart: true }
  let server: RunningServer | undefined
  try {
    server = await startServer(options)
    const players: Player[] = await registerPlayers(server.baseUrl, 2, '61')
    const toAccount = await payInAccount(server.baseUrl, players[0]!)
    const operator = await operatorToken(server.baseUrl)
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
          deposit.raw = transferBody(deposit.externalId, toAccount, players[player]!, satang)
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
      server = await startServer(options)
      restartMs.push(Date.now() - restart)
      await current.exited
      expect(restartMs.at(-1), `${label} round ${round}: restart took ${restartMs.at(-1)} ms`).toBeLessThan(RESTART_LIMIT_MS)
      await expectLedgerVerifies(server.baseUrl, operator, `${label} after crash ${round + 1}`)
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
      const mine = deposits.filter((d) => d.player === i)
      const history = (await fullHistory(base, p.token)).filter((h) => h.txtype === 'DEPOSIT')
      expect(history.length, `${label} player ${i}: one history row per transfer`).toBe(mine.length)
      for (const d of mine) expect(history.filter((h) => h.id === `D${d.acked[0]}`).length, `${label} ${d.externalId}`).toBe(1)
      expect(await balanceSatang(base, p.token), `${label} player ${i} balance`).toBe(mine.reduce((sum, d) => sum + d.satang, 0))
    }
    const checked = await expectLedgerVerifies(base, operator, `${label} at the end`)
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
  afterAll(async () => {
    for (const step of cleanup) await step()
  })

  it('on the embedded database, 20 times in a row', { timeout: 150_000 }, async () => {
    await crashLoop('embedded', faultEnv())
  })

  it.runIf(postgresUrl)('on PostgreSQL, 20 times in a row', { timeout: 150_000 }, async () => {
    const database = await createTestDatabase(postgresUrl!, 'sanam_crash')
    cleanup.push(() => database.drop())
    await crashLoop('postgres', faultEnv(database.url))
  })
})
