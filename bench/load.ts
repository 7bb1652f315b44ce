// The load generators of npm run bench and the figures they answer: autocannon for one request sent over and over,
// a loop of workers for sequences of requests (a player's session, an operator's screens), and the server's memory.
import { readdirSync, readFileSync } from 'node:fs'
import autocannon from 'autocannon'

/** What every measurement answers: requests answered, per second, latency percentiles in ms, and the ones that failed. */
export interface Figures {
  requests: number
  rps: number
  p50: number
  p99: number
  errors: number
  /**
   * The mean latency in ms, where the load generator gives it. At a fixed number of connections, each waiting for its
   * answer before it sends again, it is the connections divided by the rate (Little's law): what the p99 is a multiple of.
   */
  mean?: number
}

/** Runs autocannon with `options` and answers its figures; errors are failed connections and answers other than 2xx. */
export async function hammer(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon(options)
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    mean: result.latency.mean,
  }
}

/** The figures of a list of latencies (ms) taken over `seconds`. */
function figuresOf(latencies: number[], errors: number, seconds: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!))
  return { requests: latencies.length, rps: Math.round((latencies.length / seconds) * 10) / 10, p50: at(0.5), p99: at(0.99), errors }
}

/** A request of a sequence was not answered 200 (or not at all): the rest of that sequence is skipped, the loop goes on. */
class Refused extends Error {}

/** Times the requests of a loop, by step name. */
export class Recorder {
  private readonly steps = new Map<string, { latencies: number[]; errors: number }>()
  /** The first failure, for the notes. */
  firstError: string | undefined
  private readonly started = Date.now()
  private ended: number | undefined

  /**
   * Sends one request of `step` and answers its body; throws Refused (ending the sequence) unless it is answered 200
   * with a body `accepted` takes (a seamless refusal is a 200 too).
   */
  async send<B>(step: string, request: () => Promise<{ status: number; body: B }>, accepted: (body: B) => boolean = () => true): Promise<B> {
    const figures = this.steps.get(step) ?? { latencies: [], errors: 0 }
    this.steps.set(step, figures)
    const began = performance.now()
    const answer = await request().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
    figures.latencies.push(performance.now() - began)
    if (answer instanceof Error || answer.status !== 200 || !accepted(answer.body)) {
      figures.errors++
      const refusal = new Refused(`${step}: ${answer instanceof Error ? answer.message : `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`}`)
      this.firstError ??= refusal.message
      throw refusal
    }
    return answer.body
  }

  end(): void {
    this.ended ??= Date.now()
  }

  private seconds(): number {
    return ((this.ended ?? Date.now()) - this.started) / 1000
  }

  /** Every request's figures together. */
  overall(): Figures {
    const all = [...this.steps.values()]
    return figuresOf(
      all.flatMap((s) => s.latencies),
      all.reduce((sum, s) => sum + s.errors, 0),
      this.seconds(),
    )
  }

  /** Each step's figures, in the order the steps were first sent. */
  byStep(): { step: string; figures: Figures }[] {
    return [...this.steps].map(([step, s]) => ({ step, figures: figuresOf(s.latencies, s.errors, this.seconds()) }))
  }
}

/**
 * Runs `workers` workers for `seconds`, each running `sequence` again and again (with its worker number and the
 * round); a sequence cut short by a refused request is counted in its step and the worker starts the next round.
 * Answers the recorder once every worker has finished its round.
 */
export async function loop(workers: number, seconds: number, sequence: (worker: number, round: number, send: Recorder['send']) => Promise<void>) {
  const recorder = new Recorder()
  const until = Date.now() + seconds * 1000
  const send: Recorder['send'] = (step, request) => recorder.send(step, request)
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let round = 0; Date.now() < until; round++) {
        try {
          await sequence(worker, round, send)
        } catch (error) {
          if (!(error instanceof Refused)) throw error
        }
      }
    }),
  )
  recorder.end()
  return recorder
}

/** The resident memory of process `pid` in MB (Linux: /proc/<pid>/status), or undefined where it cannot be read. */
export function rssMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024)
  } catch {
    return undefined
  }
}

/**
 * The CPU seconds in a line of /proc/<pid>/stat (at 100 ticks a second): the process's own (utime and stime), or with
 * `children`, that of the children it has waited for (cutime and cstime). After the name, state is field 3 (proc(5)).
 */
export function statCpuSeconds(stat: string, children = false): number {
  const fields = stat.replace(/^.*\) /s, '').split(' ')
  const at = children ? 13 : 11
  return (Number(fields[at]) + Number(fields[at + 1])) / 100
}

/** The CPU time process `pid` has used, in seconds, or undefined where it cannot be read. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    return statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return undefined
  }
}

/** A PostgreSQL backend's process title: `postgres: [<cluster name>: ]<user> <database> ...`; the database captured. */
const backendTitle = /^postgres: (?:\S+: )?\S+ (\S+) /

/**
 * The CPU seconds so far of each PostgreSQL backend serving `database` on this machine, by process id (from /proc: a
 * backend's command line is `postgres: [<cluster name>: ]<user> <database> <client> <state>`). The WAL writer's and
 * checkpointer's CPU, shared by every database, is not in it. `watchBackends` gives what a measurement cost.
 */
export function databaseCpu(database: string): Map<number, number> {
  const backends = new Map<number, number>()
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
      const seconds = backendTitle.exec(title)?.[1] === database ? cpuSeconds(Number(pid)) : undefined
      if (seconds !== undefined) backends.set(Number(pid), seconds)
    } catch {
      // The process ended while being read.
    }
  }
  return backends
}

/**
 * Watches the CPU of the PostgreSQL backends serving `database` from now until `spent()`, read every `everyMs`: a
 * backend that ends in between (the pool closes a connection idle for 10 s) counts up to its last reading. Two readings
 * alone lost all of such a backend's CPU after the first: the server with the outbox, whose connections idle while LINE
 * takes the round's last notices, read at a quarter of the other's CPU a deposit (2026-11-30-eleventh-session.md). A
 * backend that started in between counts whole; `ended`: how many ended before `spent()`, each losing at most
 * `everyMs` of its CPU.
 */
export function watchBackends(database: string, everyMs = 250): { spent(): { seconds: number; ended: number } } {
  const first = databaseCpu(database)
  const last = new Map(first)
  const read = () => {
    const now = databaseCpu(database)
    for (const [pid, seconds] of now) last.set(pid, seconds)
    return now
  }
  // Unreferenced: a measurement that throws before `spent()` leaves no timer holding the bench open.
  const timer = setInterval(read, everyMs).unref()
  return {
    spent() {
      clearInterval(timer)
      const now = read()
      let seconds = 0
      for (const [pid, total] of last) seconds += total - (first.get(pid) ?? 0)
      return { seconds, ended: [...last.keys()].filter((pid) => !now.has(pid)).length }
    },
  }
}

/** What `cpuPer` read: µs an operation for each process it was given (undefined: one ended), and PostgreSQL's backends. */
export interface CpuPerOperation {
  us: Record<string, number | undefined>
  /** The backends serving the database, when one was given; `ended`: backends that ended during it, counted to their last reading. */
  database?: { us: number; ended: number }
}

/**
 * The CPU a measurement cost per operation it counted, from /proc: each process of `processes` (by a name of the
 * caller's), and on PostgreSQL the backends serving `database` (read every 250 ms, `watchBackends`). `settle` runs after
 * the measurement and before the last reading, for work the measurement left queued that is its own (the outbox's
 * notices). The one way every scenario reads its CPU (issue 40 §1, §2; issue 38 §6).
 */
export async function cpuPer<F>(
  processes: Record<string, number>,
  database: string | undefined,
  measure: () => Promise<F>,
  operations: (figures: F) => number,
  settle?: (figures: F) => Promise<void>,
): Promise<{ figures: F; cpu: CpuPerOperation }> {
  const read = () => Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]))
  const before = read()
  const backends = database ? watchBackends(database) : undefined
  const figures = await measure()
  await settle?.(figures)
  const after = read()
  const spent = backends?.spent()
  const count = Math.max(operations(figures), 1)
  const perOperation = (seconds: number) => Math.round((seconds / count) * 1e6)
  const us = Object.fromEntries(
    Object.keys(processes).map((name) => {
      const [a, b] = [after[name], before[name]]
      return [name, a === undefined || b === undefined ? undefined : perOperation(a - b)]
    }),
  )
  return { figures, cpu: { us, ...(spent ? { database: { us: perOperation(spent.seconds), ended: spent.ended } } : {}) } }
}

/** One reading of the server's memory, in MB: its RSS and, where its /metrics answered, V8's heap and external memory. */
export interface MemorySample {
  /** Seconds since sampling started. */
  at: number
  rss: number
  heapUsed?: number
  heapTotal?: number
  external?: number
}

/** Where the sampler reads the server's own figures: its /metrics and the token it asks for (ADR 051). */
export interface MetricsEndpoint {
  url: string
  token: string
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

/** The server's /metrics read once: the value of the first sample of a name (whatever its labels), undefined when absent or unanswered. */
export async function scrapeMetrics(metrics: MetricsEndpoint): Promise<(name: string) => number | undefined> {
  try {
    const answer = await fetch(metrics.url, { headers: { authorization: `Bearer ${metrics.token}` } })
    if (!answer.ok) return () => undefined
    const text = await answer.text()
    return (name) => {
      const value = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]
      return value === undefined ? undefined : Number(value)
    }
  } catch {
    return () => undefined
  }
}

/** prom-client's default process metrics for V8's heap, read off the exposition text; absent ones stay undefined. */
async function heapFigures(metrics: MetricsEndpoint): Promise<Pick<MemorySample, 'heapUsed' | 'heapTotal' | 'external'>> {
  const sample = await scrapeMetrics(metrics)
  const megabytes = (name: string) => {
    const bytes = sample(name)
    return bytes === undefined ? undefined : mb(bytes)
  }
  return {
    heapUsed: megabytes('nodejs_heap_size_used_bytes'),
    heapTotal: megabytes('nodejs_heap_size_total_bytes'),
    external: megabytes('nodejs_external_memory_bytes'),
  }
}

/**
 * Reads process `pid`'s RSS every `everySeconds` until stopped, with V8's heap and external memory from `metrics`
 * when given (which of them holds a peak); `stop` answers the samples.
 */
export function sampleMemory(pid: number, everySeconds: number, metrics?: MetricsEndpoint) {
  const started = Date.now()
  const samples: MemorySample[] = []
  const pending = new Set<Promise<void>>()
  const take = () => {
    const at = (Date.now() - started) / 1000
    const rss = rssMb(pid)
    if (rss === undefined) return
    const sample: MemorySample = { at, rss }
    samples.push(sample)
    if (!metrics) return
    const reading = heapFigures(metrics).then((heap) => void Object.assign(sample, heap))
    pending.add(reading)
    void reading.finally(() => pending.delete(reading))
  }
  take()
  const timer = setInterval(take, everySeconds * 1000)
  return {
    stop: async () => {
      clearInterval(timer)
      take()
      await Promise.all(pending)
      return samples
    },
  }
}

/**
 * Opens `count` live balance streams (GET /api/wallet/stream, ADR 049) with `token`, 200 at a time, each read as it
 * arrives; resolves once every one has delivered its first balance. `waitFor(balance)` resolves when every stream has
 * delivered that balance; `close` ends them all.
 */
export async function openStreams(base: string, token: string, count: number) {
  interface Stream {
    abort: AbortController
    last: number | undefined
    waiters: Set<() => void>
  }
  const streams: Stream[] = []
  const opening = async () => {
    const abort = new AbortController()
    const res = await fetch(`${base}/api/wallet/stream`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
    if (res.status !== 200 || !res.body) throw new Error(`a live balance stream was refused: ${res.status}`)
    const stream: Stream = { abort, last: undefined, waiters: new Set() }
    streams.push(stream)
    const reader = res.body.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let first = () => {}
    const opened = new Promise<void>((resolve) => (first = resolve))
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          text += decoder.decode(value, { stream: true })
          let end
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end)
            text = text.slice(end + 2)
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (!block.startsWith('event: balance') || !data) continue
            stream.last = (JSON.parse(data) as { balance: number }).balance
            first()
            for (const waiter of [...stream.waiters]) waiter()
          }
        }
      } catch {
        // aborted at the end of the run
      }
    })()
    await opened
  }
  for (let i = 0; i < count; i += 200) await Promise.all(Array.from({ length: Math.min(200, count - i) }, opening))
  return {
    waitFor: (balance: number) =>
      Promise.all(
        streams.map(
          (stream) =>
            new Promise<void>((resolve) => {
              const check = () => {
                if (stream.last !== balance) return
                stream.waiters.delete(check)
                resolve()
              }
              stream.waiters.add(check)
              check()
            }),
        ),
      ),
    close: () => streams.forEach((stream) => stream.abort.abort()),
  }
}
