// What the outbox costs the deposit and login paths (issue 38 §6, ADR 083, 087): two servers alike but for
// BENCH_OUTBOX_OFF (the deposit's notice not written, the outbox's worker not running), each with LINE on against a
// fake LINE on 127.0.0.1 and its players linked, so that on the server with the outbox every credited transfer writes
// the player's LINE notice in its transaction and the worker pushes it. The two are measured in interleaved rounds
// (bench/paired.ts).
import { median as middle, type PairedSide } from './paired.ts'
import { cpuPer, type Figures } from './load.ts'
import { lineEvent, lineUserId } from '../apps/api/test/fakes/line-server.ts'
import { startLineProcess, type LineProcess } from './line-process.ts'
import { call } from '../e2e/support/http.ts'
import type { Player } from './players.ts'

/** Rounds of the comparison (each measures both paths on both servers for BENCH_SECONDS). */
export const OUTBOX_ROUNDS = Number(process.env.BENCH_OUTBOX_ROUNDS ?? 8)
/** Players linked to LINE on each server: every deposit of theirs is a LINE notice on the server with the outbox. */
export const OUTBOX_PLAYERS = 8
const LINE_SECRET = 'line-channel-secret-of-the-bench'

/** A fake LINE for one server, in a process of its own (bench/line-process.ts), and the settings that turn LINE on against it (ADR 088). */
export async function benchLine() {
  const line = await startLineProcess({ channelSecret: LINE_SECRET, quota: { limit: null, used: 0 } })
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
export async function linkPlayers(base: string, line: LineProcess, players: Player[]): Promise<void> {
  await line.deliverTo(`${base}/api/line/webhook`)
  for (const player of players) {
    const before = (await line.replies()).length
    await line.send(lineEvent(lineUserId(), { type: 'message' }))
    // Sanam replies after its 200 to LINE (ADR 088): the reply comes a moment later, and the last player's "linked"
    // reply may come in between: the reply wanted is the first after `before` that carries a link.
    const linkIn = (replies: string[]) =>
      replies
        .slice(before)
        .map((text) => /linkToken=([A-Za-z0-9_-]+)/.exec(text)?.[1])
        .find(Boolean)
    let replies = await line.replies()
    for (let i = 0; i < 200 && !linkIn(replies); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      replies = await line.replies()
    }
    const linkToken = linkIn(replies)
    if (!linkToken) throw new Error(`bench outbox: no link in LINE's replies: ${replies.slice(before).join(' | ')}`)
    const started = await call<{ redirect_url: string }>(base, 'POST', '/api/line/link', { token: player.token, body: { link_token: linkToken } })
    if (started.status !== 200) throw new Error(`bench outbox: link ${started.status} ${JSON.stringify(started.body)}`)
    const dialog = await fetch(started.body.data.redirect_url, { redirect: 'manual' })
    if (dialog.status !== 302) throw new Error(`bench outbox: LINE's dialog answered ${dialog.status}`)
    const state = await call<{ linked: boolean }>(base, 'GET', '/api/line', { token: player.token })
    if (!state.body.data.linked) throw new Error(`bench outbox: the player is not linked: ${JSON.stringify(state.body)}`)
  }
}

/** One server of the comparison: the subject is the server with the outbox. */
export interface OutboxSide extends PairedSide {
  line: LineProcess
  /** The server's process id, for its CPU time from /proc. */
  pid: number
  /** The PostgreSQL database it serves (its backends' CPU); absent on the embedded database, which runs in the server. */
  database?: string
  /** Each deposit round's CPU, µs a credited deposit (`depositsWithCpu`). */
  cpu: DepositCpu[]
}

/**
 * The CPU one credited deposit cost in a round, in µs, from /proc: the server's process (on PGlite the database's too),
 * the PostgreSQL backends serving its database, the bench's own process, which makes the load, and the fake LINE's
 * process, which answers the pushes (in production LINE is remote: its CPU is not Sanam's, but on this machine it
 * takes the same two cores as the server).
 */
export interface DepositCpu {
  server: number
  database: number | undefined
  bench: number
  line: number
}

/**
 * Measures one deposit round on `side` and records its CPU a deposit (issue 38 §6: the product's cost beside the
 * throughput ratio). With the outbox, the CPU is read once LINE has every notice of the round: the worker's linger and
 * rate budget push some after the load stops, and that work is the outbox's, not the next measurement's.
 */
export async function depositsWithCpu(side: OutboxSide, measure: () => Promise<Figures>): Promise<Figures> {
  const pushesBefore = await side.line.pushes()
  const credited = (figures: Figures) => figures.requests - figures.errors
  const everyNotice = async (figures: Figures) => {
    for (let waited = 0; side.subject && (await side.line.pushes()) - pushesBefore < credited(figures); waited += 50) {
      if (waited > 120_000) throw new Error(`bench outbox: LINE got ${(await side.line.pushes()) - pushesBefore} of ${credited(figures)} notices in 2 minutes`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const { figures, cpu } = await cpuPer({ server: side.pid, bench: process.pid, line: side.line.pid }, side.database, measure, credited, everyNotice)
  side.cpu.push({ server: cpu.us.server ?? 0, bench: cpu.us.bench ?? 0, line: cpu.us.line ?? 0, database: cpu.database?.us })
  return figures
}

const median = (values: number[]) => Math.round(middle(values))

/** The product's CPU a deposit (the server and its database's backends), the rounds' median. */
export function productCpu(side: OutboxSide): number {
  return median(side.cpu.map((c) => c.server + (c.database ?? 0)))
}

/** What the rounds' CPU says in words, both sides: the medians a deposit, and the outbox's added product CPU. */
export function depositCpuNote(subject: OutboxSide, reference: OutboxSide): string {
  const of = (side: OutboxSide) => {
    const database = side.cpu.some((c) => c.database !== undefined) ? `, PostgreSQL ${median(side.cpu.map((c) => c.database ?? 0))} µs` : ''
    return `the server ${median(side.cpu.map((c) => c.server))} µs${database}, the bench's load ${median(side.cpu.map((c) => c.bench))} µs, the fake LINE ${median(side.cpu.map((c) => c.line))} µs`
  }
  const added = productCpu(subject) / Math.max(productCpu(reference), 1) - 1
  return (
    `CPU a credited deposit from /proc, the rounds' medians (with the outbox read once LINE had the round's every notice): with the outbox ${of(subject)}; ` +
    `without ${of(reference)}; the outbox adds ${added >= 0 ? '+' : ''}${(added * 100).toFixed(1)} % to the product's CPU a deposit (the server and its database, not the bench's load or the fake LINE); ` +
    `per round, product µs with / without: ${subject.cpu.map((c, i) => `${c.server + (c.database ?? 0)} / ${(reference.cpu[i]?.server ?? 0) + (reference.cpu[i]?.database ?? 0)}`).join('; ')}`
  )
}
