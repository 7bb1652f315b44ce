// The failover run shared by e2e/postgres-failover.spec.ts and the bench (bench/failover.ts, ADR 054): a mixed money
// load through the API while the primary is lost (its machine killed, or its PostgreSQL frozen), the old primary comes
// back as a standby, and the next primary is lost, once per loss asked for; then everything acknowledged is checked. Assertions are vitest's `expect`, which the bench runs
// outside vitest too.
import { bangkokDay } from '@sanam/contract/bangkok'
import { expect } from 'vitest'
import { waitUntil, type Formation, type FormationNode, type Loss } from './auto-failover.ts'
import { call } from './http.ts'
import { fundedMixedLoad } from './mixed-load.ts'
import { expectLedgerVerifies } from './money.ts'

/** Each player's money before the load: enough for every withdrawal the plan may approve. */
const FUNDS_SATANG = 5_000_000

export interface Outage {
  killed: string
  how: Loss
  /** From the SIGKILL (or SIGSTOP) to the first bet acknowledged that was sent after it. */
  ms: number
  /** From the SIGKILL until every API process's LISTEN connection was on the new primary. */
  listenersMs: number
  /** The monitor's events from the loss until it named the new primary, each timed from the loss (`eventsSince`). */
  timeline: string[]
}

export interface FailoverRun {
  acks: number
  refusals: number
  outages: Outage[]
  /** Ledger rows the back-office check verified afterwards. */
  checked: number
  /** The report connections (READ_REPLICA_URL) found on the standbys and on the primary while the load ran. */
  reportConnections: { standbys: number; primary: number }
  /** The load's acknowledgements and refusals (503) while every primary was healthy: before the first loss and between. */
  healthy: { acks: number; refusals: number; ms: number }
}

/** Bangkok's date today, as the reports take it. */
const bangkokToday = () => bangkokDay(new Date())

/**
 * Runs the load through `baseUrl` (a server of `processes` API processes on the formation, with READ_REPLICA_URL set)
 * and loses the primary once per entry of `losses` (its machine killed, or its PostgreSQL frozen), each after
 * `acksBetween` acknowledgements, bringing the one lost before back (it rejoins as a standby) before the next.
 * `operator` is a finance operator's token. While the primary is healthy (the first `healthyMs` of load at least, and
 * from each rejoin to the next loss) the monitor must begin no failover: one it begins then fails the run (issue 40
 * §3: a false failover). Afterwards: every request answered 200 or with the 503 envelope, every call answered and
 * replayed the same, every withdrawal decided once, the balances the plan implies, the ledger verified.
 */
export async function failoverUnderLoad(o: {
  formation: Formation
  baseUrl: string
  operator: string
  processes: number
  losses: Loss[]
  acksBetween: number
  /** How long the load runs on a healthy primary before the first loss, at least (ms). */
  healthyMs?: number
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
  const healthy = { acks: 0, refusals: 0, ms: 0 }
  let stop = false
  /** The monitor's last event when the formation was last whole: a failover begun after it and before a loss is false. */
  let whole = { event: await formation.lastEvent(), at: Date.now(), acks: load.acks, refusals: load.refused() }
  const markWhole = async () => {
    whole = { event: await formation.lastEvent(), at: Date.now(), acks: load.acks, refusals: load.refused() }
  }
  /** Fails the run when the monitor began a failover since the formation was last whole: no primary was lost then. */
  const expectNoFalseFailover = async () => {
    const begun = await formation.failoverEvents(whole.event)
    if (begun.length > 0) throw new Error(`a failover began while the primary was healthy (a false failover):\n${begun.join('\n')}`)
    healthy.acks += load.acks - whole.acks
    healthy.refusals += load.refused() - whole.refusals
    healthy.ms += Date.now() - whole.at
  }

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
  /** Loses the primary mid-load; answers once a bet sent after the loss is acknowledged. */
  const failover = async (how: Loss) => {
    const victim = await formation.primary()
    await expectNoFalseFailover()
    const before = await formation.lastEvent()
    const killedAt = how === 'kill' ? formation.kill(victim) : formation.freeze(victim)
    log(`${victim.name} (the primary) ${how === 'kill' ? 'killed' : 'frozen'}`)
    const bet = await waitUntil(
      async () => load.firstAnswered('bet', killedAt),
      120_000,
      () => `no bet acknowledged after ${victim.name} was lost (${how})`,
    )
    log(`first bet acknowledged ${((bet.answeredAt! - killedAt) / 1000).toFixed(1)} s after the ${how}`)
    // The new primary takes writes a moment before the monitor hears that it does: wait for the monitor to say so.
    const primary = await waitUntil(
      () => formation.primary(),
      30_000,
      () => `no primary after ${victim.name} was lost`,
    )
    // Checked while the load goes on; a failure is reported where the promise is awaited.
    const back = listenersOn(primary, killedAt)
    back.catch(() => undefined)
    listening.push(back)
    outages.push({ killed: victim.name, how, ms: bet.answeredAt! - killedAt, timeline: await formation.eventsSince(before, killedAt) })
    return { node: victim, how }
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
      const loadStarted = Date.now()
      await moreAcks(o.acksBetween)
      await readReports()
      const soak = (o.healthyMs ?? 0) - (Date.now() - loadStarted)
      if (soak > 0) await new Promise((resolve) => setTimeout(resolve, soak))
      let lost: { node: FormationNode; how: Loss } | undefined
      for (const how of o.losses) {
        if (lost) {
          // The lost node comes back (a killed machine restarted, a frozen PostgreSQL thawed) and rejoins as a standby
          // of the new primary; the load goes on meanwhile.
          const primary = await formation.primary()
          if (lost.how === 'kill') formation.restart(lost.node)
          else formation.thaw(lost.node)
          await formation.waitForStates({ [lost.node.name]: 'secondary', [primary.name]: 'primary' }, 120_000)
          log(`${lost.node.name} rejoined as a standby of ${primary.name}`)
          await markWhole()
          await moreAcks(o.acksBetween)
        }
        lost = await failover(how)
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
    healthy,
  }
}
