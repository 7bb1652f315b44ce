// The failover run shared by e2e/postgres-failover.spec.ts and the bench (bench/failover.ts, ADR 054): a mixed money
// load through the API while the primary's machine dies, the old primary comes back as a standby, and the next primary
// dies, `kills` times; then everything acknowledged is checked. Assertions are vitest's `expect`, which the bench runs
// outside vitest too.
import { bangkokDay } from '@sanam/contract/bangkok'
import { expect } from 'vitest'
import { waitUntil, type Formation, type FormationNode } from './auto-failover.ts'
import { call } from './http.ts'
import { fundedMixedLoad } from './mixed-load.ts'
import { expectLedgerVerifies } from './money.ts'

/** Each player's money before the load: enough for every withdrawal the plan may approve. */
const FUNDS_SATANG = 5_000_000

export interface Outage {
  killed: string
  /** From the SIGKILL to the first bet acknowledged that was sent after it. */
  ms: number
  /** From the SIGKILL until every API process's LISTEN connection was on the new primary. */
  listenersMs: number
}

export interface FailoverRun {
  acks: number
  refusals: number
  outages: Outage[]
  /** Ledger rows the back-office check verified afterwards. */
  checked: number
  /** The report connections (READ_REPLICA_URL) found on the standbys and on the primary while the load ran. */
  reportConnections: { standbys: number; primary: number }
}

/** Bangkok's date today, as the reports take it. */
const bangkokToday = () => bangkokDay(new Date())

/**
 * Runs the load through `baseUrl` (a server of `processes` API processes on the formation, with READ_REPLICA_URL set)
 * and kills the primary's machine `kills` times, each after `acksBetween` acknowledgements, restarting the one killed
 * before (it rejoins as a standby) before the next kill. `operator` is a finance operator's token. Afterwards: every
 * request answered 200 or with the 503 envelope, every call answered and replayed the same, every withdrawal decided
 * once, the balances the plan implies, the ledger verified.
 */
export async function failoverUnderLoad(o: {
  formation: Formation
  baseUrl: string
  operator: string
  processes: number
  kills: number
  acksBetween: number
  /** Two digits for the players' phones and accounts (registerPlayers). */
  prefix: string
  players?: number
  inFlight?: number
  log?: (line: string) => void
}): Promise<FailoverRun> {
  const { formation, baseUrl: base } = o
  const log = o.log ?? (() => undefined)
  const load = await fundedMixedLoad(base, {
    players: o.players ?? 4,
    prefix: o.prefix,
    satang: FUNDS_SATANG,
    tag: `ha${o.prefix}`,
    count: 20_000,
    withdrawals: true,
  })
  const target = { baseUrl: base, operator: o.operator }

  const outages: Omit<Outage, 'listenersMs'>[] = []
  const listening: Promise<number>[] = []
  const reportConnections = { standbys: 0, primary: 0 }
  let stop = false

  /** Waits until the load has `count` more acknowledgements than now. */
  const moreAcks = async (count: number) => {
    const goal = load.acks + count
    await waitUntil(
      async () => (load.acks >= goal ? true : undefined),
      120_000,
      () => `the load stalled at ${load.acks} acknowledgements`,
    )
  }
  /** Answers, once every API process's LISTEN connection is on `node`, how long after `since` that was. */
  const listenersOn = async (node: FormationNode, since: number) => {
    await waitUntil(
      async () => ((await formation.connections(node, 'sanam-listener')) === o.processes ? true : undefined),
      60_000,
      () => `the listeners did not reconnect to ${node.name}`,
    )
    return Date.now() - since
  }
  /** Kills the primary's machine mid-load; answers once a bet sent after the kill is acknowledged. */
  const failover = async () => {
    const victim = await formation.primary()
    const killedAt = formation.kill(victim)
    log(`${victim.name} (the primary) killed`)
    const bet = await waitUntil(
      async () => load.firstAnswered('bet', killedAt),
      120_000,
      () => `no bet acknowledged after ${victim.name} died`,
    )
    log(`first bet acknowledged ${((bet.answeredAt! - killedAt) / 1000).toFixed(1)} s after the kill`)
    // Checked while the load goes on; a failure is reported where the promise is awaited.
    const back = listenersOn(await formation.primary(), killedAt)
    back.catch(() => undefined)
    listening.push(back)
    outages.push({ killed: victim.name, ms: bet.answeredAt! - killedAt })
    return victim
  }
  /** Reads that may lag: a report and the dashboard, served from a standby while the primary takes the bets. */
  const readReports = async () => {
    const today = bangkokToday()
    const report = await call<{ rows: unknown[] }>(base, 'GET', `/api/backoffice/reports/ggr-by-day?from=${today}&to=${today}`, { token: o.operator })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    expect(report.body.data.rows).toHaveLength(1)
    expect((await call(base, 'GET', '/api/backoffice/dashboard', { token: o.operator })).status).toBe(200)
    for (const standby of await formation.standbys()) reportConnections.standbys += await formation.connections(standby, 'sanam-reads')
    reportConnections.primary = await formation.connections(await formation.primary(), 'sanam-reads')
  }

  const scenario = async () => {
    try {
      await moreAcks(o.acksBetween)
      await readReports()
      let dead: FormationNode | undefined
      for (let kill = 0; kill < o.kills; kill++) {
        if (dead) {
          // The dead machine comes back and rejoins as a standby of the new primary; the load goes on meanwhile.
          const primary = await formation.primary()
          formation.restart(dead)
          await formation.waitForStates({ [dead.name]: 'secondary', [primary.name]: 'primary' }, 120_000)
          log(`${dead.name} rejoined as a standby of ${primary.name}`)
          await moreAcks(o.acksBetween)
        }
        dead = await failover()
      }
      await moreAcks(o.acksBetween)
      await Promise.all(listening)
    } finally {
      stop = true
    }
  }
  await Promise.all([load.run(target, o.inFlight ?? 4, () => stop, { retryAfterMs: 200 }), scenario()])
  const listenersMs = await Promise.all(listening)

  expect(load.unexpected, 'answers other than 200 or the 503 envelope').toEqual([])
  expect(load.unanswered, 'requests the API processes left without an answer').toBe(0)
  log(`${load.acks} acknowledgements, ${load.refused()} refusals; settling`)
  load.dropUnstarted()
  await load.settle(target)
  await load.expectWithdrawalsDecided(base)
  const checked = await expectLedgerVerifies(base, o.operator)
  return {
    acks: load.acks,
    refusals: load.refused(),
    outages: outages.map((outage, i) => ({ ...outage, listenersMs: listenersMs[i]! })),
    checked,
    reportConnections,
  }
}
