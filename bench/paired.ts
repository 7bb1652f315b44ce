// Two sides alike but for one thing, measured in interleaved rounds (the order swapped every round) so that the
// machine's load, whatever else runs on it, falls on both alike; each round gives a ratio, and the spread of the ratios
// is the noise the result must be read against. Used for what the outbox costs (two servers, one started without it:
// bench/outbox-cost.ts, issue 38 §6) and what the request log costs at the default level (one server, its level set
// by turns: issue 40 §1, ADR 102).
//
// Of two servers, the one started first was measured faster, by more than the 5 % judged, in every round of one idle
// run (2026-11-30-eighth-session.md) and not in another: so by default a comparison of two servers is run twice, on
// fresh servers and databases, once with each server started first, and judged on the rounds of both
// (BENCH_PAIRED_FIRST).
import type { Figures } from './load.ts'

/** Which server of a comparison starts first: the subject (with the thing measured) or the reference. */
export type StartOrder = 'subject' | 'reference'

/**
 * The start orders a comparison runs in (BENCH_PAIRED_FIRST): `both` by default, each on its own servers with half the
 * rounds; `subject` or `reference` for one order only, with all of them.
 */
export const START_ORDERS: readonly StartOrder[] = (() => {
  const chosen = process.env.BENCH_PAIRED_FIRST ?? 'both'
  if (chosen === 'both') return ['subject', 'reference']
  if (chosen === 'subject' || chosen === 'reference') return [chosen]
  throw new Error(`BENCH_PAIRED_FIRST=${chosen}: both, subject or reference`)
})()

/** The rounds each start order runs of a comparison's `rounds`: an even number each, so each server is measured first as often. */
export const roundsPerOrder = (rounds: number) => Math.max(2, 2 * Math.ceil(rounds / START_ORDERS.length / 2))

/** The two sides of a comparison in the order their servers start. */
export const inStartOrder = <T>(pairs: readonly [T, T], first: StartOrder): readonly T[] => (first === 'subject' ? pairs : [pairs[1], pairs[0]])

/** What the report says of the start orders: which server started first, or that both orders ran and how many rounds each. */
export const startOrderNote = (rounds: number, subject: string, reference: string) =>
  START_ORDERS.length === 2
    ? `run twice, each time on fresh servers and databases: the server ${subject} started first in one run, the one ${reference} in the other, ${roundsPerOrder(rounds)} rounds each (BENCH_PAIRED_FIRST=both)`
    : `the server ${START_ORDERS[0] === 'subject' ? subject : reference} started first (BENCH_PAIRED_FIRST=${START_ORDERS[0]})`

/** One run's comparisons, and which server had started first in it. */
export interface OrderedRun {
  first: StartOrder
  comparisons: PathComparison[]
}

/**
 * The comparisons of the runs in each start order as one per path, their rounds together (each round's ratio is of two
 * servers of one run), each path's median per order in `byOrder`: judged on all the rounds, the bias of either order
 * weighs as much as the other's.
 */
export function pooled(runs: readonly OrderedRun[]): Array<PathComparison & { byOrder: Array<{ first: StartOrder; cost: number }> }> {
  return runs[0]!.comparisons.map(({ path }) => {
    const of = runs.map((run) => ({ first: run.first, c: run.comparisons.find((c) => c.path === path)! }))
    return {
      path,
      subject: of.flatMap(({ c }) => c.subject),
      reference: of.flatMap(({ c }) => c.reference),
      costRatios: of.flatMap(({ c }) => c.costRatios),
      p99Ratios: of.flatMap(({ c }) => c.p99Ratios),
      byOrder: of.map(({ first, c }) => ({ first, cost: median(c.costRatios) - 1 })),
    }
  })
}

/** One side of a comparison: the subject has the thing measured (the outbox, the request log), the reference not. */
export interface PairedSide {
  subject: boolean
}

/** A path's rounds on both servers: the figures per server and the ratios of each round (subject ÷ reference). */
export interface PathComparison {
  path: string
  subject: Figures[]
  reference: Figures[]
  /** Per round: the time a request costs on the subject over the reference (requests answered by the reference ÷ by the subject, in equal times). */
  costRatios: number[]
  /** Per round: p99 on the subject over p99 on the reference. */
  p99Ratios: number[]
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`

/**
 * Runs `rounds` rounds; in each, every path is measured on both sides one after the other, the side measured first
 * swapped every round. Answers per path the figures and the per-round ratios.
 */
export async function interleaved<Side extends PairedSide>(
  sides: [Side, Side],
  paths: Record<string, (side: Side) => Promise<Figures>>,
  rounds: number,
  say: (line: string) => void,
  describe: (side: Side) => string,
) {
  const results = new Map<string, PathComparison>()
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : ([sides[1], sides[0]] as const)
    for (const [path, measure] of Object.entries(paths)) {
      const entry = results.get(path) ?? { path, subject: [], reference: [], costRatios: [], p99Ratios: [] }
      results.set(path, entry)
      const figures = new Map<boolean, Figures>()
      for (const side of order) {
        say(`round ${round + 1}/${rounds}, ${path}, ${describe(side)}`)
        figures.set(side.subject, await measure(side))
      }
      const subject = figures.get(true)!
      const reference = figures.get(false)!
      entry.subject.push(subject)
      entry.reference.push(reference)
      // Requests answered in the same time, not the rates: autocannon rounds its rate to a whole number a second, which
      // at a few logins a second would make the ratio jump in steps of 15 % or more.
      entry.costRatios.push(reference.requests / Math.max(subject.requests, 1))
      entry.p99Ratios.push(subject.p99 / Math.max(reference.p99, 0.001))
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

/** What a comparison says in words: the median added cost per path, each start order's, each round's, and the spread (the noise). */
export function comparisonNote(c: PathComparison & { byOrder?: Array<{ first: StartOrder; cost: number }> }, subject: string): string {
  const rounds = c.costRatios.map((r, i) => `${percent(r)} / p99 ${percent(c.p99Ratios[i]!)}`).join('; ')
  const orders =
    c.byOrder && c.byOrder.length > 1
      ? `; the median with the ${c.byOrder.map((o) => `${o.first} started first ${percent(1 + o.cost)}`).join(', with the ')}`
      : ''
  return (
    `${c.path}: ${subject} adds ${percent(median(c.costRatios))} to a request's cost (the median of ${c.costRatios.length} rounds' ratios of requests answered${orders}; ` +
    `spread ${percent(Math.min(...c.costRatios))} to ${percent(Math.max(...c.costRatios))}) and ${percent(median(c.p99Ratios))} to p99 ` +
    `(spread ${percent(Math.min(...c.p99Ratios))} to ${percent(Math.max(...c.p99Ratios))}); per round, cost / p99: ${rounds}`
  )
}

/** The median added cost of a path (subject ÷ reference − 1), for a goal. */
export const addedCost = (c: PathComparison) => median(c.costRatios) - 1
