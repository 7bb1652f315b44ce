// What the outbox costs the deposit and login paths (issue 38 §6, ADR 083, 087): two servers alike but for
// BENCH_OUTBOX_OFF (the deposit's notice not written, the outbox's worker not running), each with LINE on against a
// fake LINE on 127.0.0.1 and its players linked, so that on the server with the outbox every credited transfer writes
// the player's LINE notice in its transaction and the worker pushes it. The two are measured in interleaved rounds (the
// order swapped every round) so that the machine's load, whatever else runs on it, falls on both alike; each round
// gives a ratio, and the spread of the ratios is the noise the result must be read against.
import type { Figures } from './load.ts'
import { fakeLineServer, lineEvent, lineUserId, type FakeLineServer } from '../apps/api/test/fakes/line-server.ts'
import { call } from '../e2e/support/http.ts'
import type { Player } from './players.ts'

/** Rounds of the comparison (each measures both paths on both servers for BENCH_SECONDS). */
export const OUTBOX_ROUNDS = Number(process.env.BENCH_OUTBOX_ROUNDS ?? 6)
/** Players linked to LINE on each server: every deposit of theirs is a LINE notice on the server with the outbox. */
export const OUTBOX_PLAYERS = 8
const LINE_SECRET = 'line-channel-secret-of-the-bench'

/** A fake LINE for one server, and the settings that turn LINE on against it (ADR 088). */
export async function benchLine() {
  const line = await fakeLineServer({ channelSecret: LINE_SECRET, quota: { limit: null, used: 0 } })
  const env = {
    LINE_CHANNEL_SECRET: LINE_SECRET,
    LINE_CHANNEL_ACCESS_TOKEN: 'long-lived-channel-access-token-of-the-bench',
    LINE_API_URL: line.url,
    LINE_ACCOUNT_LINK_URL: line.accountLinkUrl,
    LINE_LINK_PAGE_URL: 'http://127.0.0.1:9/line/link',
  }
  return { line, env }
}

/**
 * Links each player's LINE as a player does (ADR 088): the LINE user writes to the Official Account, Sanam replies with
 * a link, the signed-in player confirms it, and LINE's account-link dialog sends the accountLink event.
 */
export async function linkPlayers(base: string, line: FakeLineServer, players: Player[]): Promise<void> {
  line.deliverTo(async (body, signature) => {
    const res = await fetch(`${base}/api/line/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-line-signature': signature },
      body,
    })
    if (res.status !== 200) throw new Error(`bench outbox: the webhook answered ${res.status}`)
  })
  for (const player of players) {
    const before = line.replies().length
    await line.send(lineEvent(lineUserId(), { type: 'message' }))
    // Sanam replies after its 200 to LINE (ADR 088): the reply comes a moment later.
    for (let i = 0; i < 200 && line.replies().length === before; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    const linkToken = /linkToken=([A-Za-z0-9_-]+)/.exec(line.replies().at(-1) ?? '')?.[1]
    if (!linkToken) throw new Error(`bench outbox: no link in LINE's reply: ${line.replies().at(-1)}`)
    const started = await call<{ redirect_url: string }>(base, 'POST', '/api/line/link', { token: player.token, body: { link_token: linkToken } })
    if (started.status !== 200) throw new Error(`bench outbox: link ${started.status} ${JSON.stringify(started.body)}`)
    const dialog = await fetch(started.body.data.redirect_url, { redirect: 'manual' })
    if (dialog.status !== 302) throw new Error(`bench outbox: LINE's dialog answered ${dialog.status}`)
    const state = await call<{ linked: boolean }>(base, 'GET', '/api/line', { token: player.token })
    if (!state.body.data.linked) throw new Error(`bench outbox: the player is not linked: ${JSON.stringify(state.body)}`)
  }
}

/** One server of the comparison. */
export interface OutboxSide {
  outbox: boolean
  line: FakeLineServer
}

/** One path measured on one server in one round. */
type Measure = (side: OutboxSide) => Promise<Figures>

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`

/** A path's rounds on both servers: the figures per server and the ratios of each round (with ÷ without). */
export interface PathComparison {
  path: string
  with: Figures[]
  without: Figures[]
  /** Per round: the time a request costs with the outbox over without (requests answered without ÷ with, in equal times). */
  costRatios: number[]
  /** Per round: p99 with over p99 without. */
  p99Ratios: number[]
}

/**
 * Runs `rounds` rounds; in each, every path is measured on both servers one after the other, the server measured first
 * swapped every round. Answers per path the figures and the per-round ratios.
 */
export async function interleaved(sides: [OutboxSide, OutboxSide], paths: Record<string, Measure>, rounds: number, say: (line: string) => void) {
  const results = new Map<string, PathComparison>()
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : ([sides[1], sides[0]] as const)
    for (const [path, measure] of Object.entries(paths)) {
      const entry = results.get(path) ?? { path, with: [], without: [], costRatios: [], p99Ratios: [] }
      results.set(path, entry)
      const figures = new Map<boolean, Figures>()
      for (const side of order) {
        say(`outbox cost: round ${round + 1}/${rounds}, ${path}, ${side.outbox ? 'with' : 'without'} the outbox`)
        figures.set(side.outbox, await measure(side))
      }
      const on = figures.get(true)!
      const off = figures.get(false)!
      entry.with.push(on)
      entry.without.push(off)
      // Requests answered in the same time, not the rates: autocannon rounds its rate to a whole number a second, which
      // at a few logins a second would make the ratio jump in steps of 15 % or more.
      entry.costRatios.push(off.requests / Math.max(on.requests, 1))
      entry.p99Ratios.push(on.p99 / Math.max(off.p99, 0.001))
    }
  }
  return [...results.values()]
}

/** A path's figures over its rounds: the mean rate, the median p50 and p99, every request and error. */
export function summed(figures: Figures[]): Figures {
  return {
    requests: figures.reduce((n, f) => n + f.requests, 0),
    rps: Math.round((figures.reduce((n, f) => n + f.rps, 0) / Math.max(figures.length, 1)) * 10) / 10,
    p50: median(figures.map((f) => f.p50)),
    p99: median(figures.map((f) => f.p99)),
    errors: figures.reduce((n, f) => n + f.errors, 0),
  }
}

/** What a comparison says in words: the median added cost per path, each round's, and the spread (the noise). */
export function comparisonNote(c: PathComparison): string {
  const rounds = c.costRatios.map((r, i) => `${percent(r)} / p99 ${percent(c.p99Ratios[i]!)}`).join('; ')
  return (
    `${c.path}: the outbox adds ${percent(median(c.costRatios))} to a request's cost (the median of ${c.costRatios.length} rounds' ratios of requests answered; ` +
    `spread ${percent(Math.min(...c.costRatios))} to ${percent(Math.max(...c.costRatios))}) and ${percent(median(c.p99Ratios))} to p99 ` +
    `(spread ${percent(Math.min(...c.p99Ratios))} to ${percent(Math.max(...c.p99Ratios))}); per round, cost / p99: ${rounds}`
  )
}

/** The median added cost of a path (with ÷ without − 1), for the goal. */
export const addedCost = (c: PathComparison) => median(c.costRatios) - 1
