/**
 * Several API processes on one port (ADR 052): the primary forks the workers (node:cluster shares the listening port
 * among them), replaces one that dies, gives up on workers that cannot start, and stops them all on a signal. This
 * file is the primary's rules; server.ts wires them to node:cluster. It opens no database and serves nothing (but the
 * workers' metrics summed, on METRICS_PORT: ADR 051).
 */

/**
 * What a worker does besides serving. The lead runs what must happen once: migrations and what a new database is
 * seeded with (before any follower starts), the scheduled jobs and the audit head export. Followers only serve.
 */
export type WorkerRole = 'lead' | 'follower'

/** The environment variable the primary hands a worker its role in (read only by a cluster worker). */
export const WORKER_ROLE_VARIABLE = 'SANAM_WORKER_ROLE'

/** What a worker sends the primary (process.send) once it serves. */
export const SERVING_MESSAGE = { sanam: 'serving' } as const

/** Whether an IPC message from a worker is SERVING_MESSAGE. */
export function isServingMessage(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { sanam?: unknown }).sanam === SERVING_MESSAGE.sanam
}

/** One forked worker, as the supervisor sees it (node:cluster's Worker in server.ts; a fake in the tests). */
export interface WorkerProcess {
  readonly pid: number | undefined
  /** Called when the worker says it serves: its start-up is done and its server listens on the port. */
  onServing(fn: () => void): void
  /** Called once when the worker has exited: its exit code, or the signal that ended it. */
  onExit(fn: (code: number | null, signal: string | null) => void): void
  kill(signal: NodeJS.Signals): void
}

export interface SupervisorLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface SupervisorOptions {
  processes: number
  fork(role: WorkerRole): WorkerProcess
  log: SupervisorLog
  /** Ends the primary with this code (process.exit in server.ts). */
  exit(code: number): void
  /** Called once, when every worker of the first start serves. */
  onServing?: () => void
  /** Milliseconds, for the restart window (Date.now by default). */
  now?: () => number
  /** Timers for the stop deadline (the global ones by default). */
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** More deaths than this within RESTART_WINDOW_MS and the primary stops: a crash loop is not a service. */
export const RESTART_LIMIT = 5
export const RESTART_WINDOW_MS = 60_000
/** Replacements that die before they listen, in a row, before the primary stops (a start-up that cannot succeed). */
export const STARTUP_FAILURE_LIMIT = 3
/**
 * How long the workers get to finish their requests after a stop signal before they are killed. Above a worker's own
 * 15 s limit (server.ts), so a worker that keeps to it is never killed from here.
 */
export const STOP_DEADLINE_MS = 20_000

interface Tracked {
  role: WorkerRole
  worker: WorkerProcess
  listening: boolean
}

/**
 * Starts `processes` workers: the lead first, the followers once the lead listens (so migrations and seeding are done
 * before any of them starts). Answers `stop(signal)`, which the primary's SIGTERM and SIGINT call.
 *
 * - A worker that exits while the service runs, however it exits, is replaced at once with the same role and a log
 *   line naming its pid, exit code or signal. More than RESTART_LIMIT replacements within RESTART_WINDOW_MS, or
 *   STARTUP_FAILURE_LIMIT replacements in a row that die before they listen, stop the service with an error.
 * - At the first start every worker must come up: one that exits before it listens stops the service at once, with
 *   its exit code (78 for a configuration or database refusal, as one process exits).
 * - `stop` sends SIGTERM to every worker (each finishes its requests in flight and exits, as one process does) and
 *   exits 0 once all have stopped cleanly, 1 when one did not or the deadline passed (the rest are then killed).
 */
export function superviseWorkers(options: SupervisorOptions): { stop(signal: string): void } {
  const now = options.now ?? Date.now
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms).unref())
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as NodeJS.Timeout))
  const { log } = options
  const live = new Set<Tracked>()
  /** Every worker of the first start has listened: from then on a death is replaced. */
  let started = false
  let stopping = false
  let stopExitCode = 0
  let deadline: unknown
  const deaths: number[] = []
  let startupFailures = 0

  function fork(role: WorkerRole): void {
    const tracked: Tracked = { role, worker: options.fork(role), listening: false }
    live.add(tracked)
    tracked.worker.onServing(() => serving(tracked))
    tracked.worker.onExit((code, signal) => exited(tracked, code, signal))
  }

  function serving(tracked: Tracked): void {
    if (tracked.listening) return
    tracked.listening = true
    startupFailures = 0
    log.info({ worker_pid: tracked.worker.pid, role: tracked.role }, 'API process listening')
    if (stopping || started) return
    // The lead has migrated and seeded: the followers may start.
    if (tracked.role === 'lead') for (let i = 1; i < options.processes; i++) fork('follower')
    if ([...live].filter((t) => t.listening).length === options.processes) {
      started = true
      log.info({ processes: options.processes }, `all ${options.processes} API processes listening`)
      options.onServing?.()
    }
  }

  function exited(tracked: Tracked, code: number | null, signal: string | null): void {
    live.delete(tracked)
    const how = { worker_pid: tracked.worker.pid, role: tracked.role, code, signal }
    if (stopping) {
      // SIGTERM or SIGINT ending a worker that had not yet set up its own handlers is the stop it was asked for.
      const clean = code === 0 || signal === 'SIGTERM' || signal === 'SIGINT'
      if (!clean) {
        stopExitCode = 1
        log.error(how, 'API process did not stop cleanly')
      }
      if (live.size === 0) finish(stopExitCode)
      return
    }
    if (!started) {
      log.error(how, 'an API process stopped before it listened: the service does not start')
      return giveUp(code !== null && code !== 0 ? code : 1)
    }
    if (!tracked.listening && ++startupFailures >= STARTUP_FAILURE_LIMIT) {
      log.error({ ...how, failures: startupFailures }, `${startupFailures} replacement API processes in a row stopped before they listened: the service stops`)
      return giveUp(1)
    }
    const at = now()
    deaths.push(at)
    while (deaths.length > 0 && deaths[0]! <= at - RESTART_WINDOW_MS) deaths.shift()
    if (deaths.length > RESTART_LIMIT) {
      log.error({ ...how, deaths: deaths.length, window_s: RESTART_WINDOW_MS / 1000 }, 'API processes keep dying: the service stops')
      return giveUp(1)
    }
    log.warn(how, 'API process exited: replacing it')
    fork(tracked.role)
  }

  /** Stops the workers still running and exits with `code` once they have. */
  function giveUp(code: number): void {
    stopWorkers()
    stopExitCode = code
    if (live.size === 0) finish(code)
  }

  function stopWorkers(): void {
    stopping = true
    for (const tracked of live) tracked.worker.kill('SIGTERM')
    deadline = setTimer(() => {
      log.error({ still_running: [...live].map((t) => t.worker.pid) }, `API processes still running ${STOP_DEADLINE_MS / 1000} s after the stop: killed`)
      for (const tracked of live) tracked.worker.kill('SIGKILL')
      options.exit(1)
    }, STOP_DEADLINE_MS)
  }

  function finish(code: number): void {
    if (deadline !== undefined) clearTimer(deadline)
    log.info({ code }, code === 0 ? 'every API process stopped' : 'API processes stopped')
    options.exit(code)
  }

  fork('lead')
  return {
    stop(signal: string) {
      // A second signal changes nothing: each worker keeps its own 15 s limit, and the deadline stands.
      if (stopping) return
      log.info({ signal, processes: live.size }, 'stopping the API processes: finishing requests in flight')
      stopWorkers()
      if (live.size === 0) finish(0)
    },
  }
}
