import { describe, expect, it } from 'vitest'
import {
  RESTART_LIMIT,
  RESTART_WINDOW_MS,
  STARTUP_FAILURE_LIMIT,
  STOP_DEADLINE_MS,
  superviseWorkers,
  type WorkerProcess,
  type WorkerRole,
} from './supervisor.ts'

// ADR 052: the primary's rules, on fake workers and a hand-moved clock. The same rules with real processes on
// PostgreSQL: e2e/several-processes.spec.ts.

class FakeWorker implements WorkerProcess {
  signals: NodeJS.Signals[] = []
  private serving: (() => void)[] = []
  private exit: ((code: number | null, signal: string | null) => void)[] = []
  constructor(
    readonly pid: number,
    readonly role: WorkerRole,
  ) {}
  onServing(fn: () => void) {
    this.serving.push(fn)
  }
  onExit(fn: (code: number | null, signal: string | null) => void) {
    this.exit.push(fn)
  }
  kill(signal: NodeJS.Signals) {
    this.signals.push(signal)
  }
  serves() {
    for (const fn of this.serving) fn()
  }
  exits(code: number | null, signal: string | null = null) {
    for (const fn of this.exit) fn(code, signal)
  }
}

function primary(processes = 3) {
  const workers: FakeWorker[] = []
  const lines: { level: string; message: string; details: object }[] = []
  const exits: number[] = []
  let served = 0
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = []
  let now = 1_000_000
  const logAt = (level: string) => (details: object, message: string) => lines.push({ level, message, details })
  const supervisor = superviseWorkers({
    processes,
    fork: (role) => {
      const worker = new FakeWorker(100 + workers.length, role)
      workers.push(worker)
      return worker
    },
    log: { info: logAt('info'), warn: logAt('warn'), error: logAt('error') },
    exit: (code) => exits.push(code),
    onServing: () => served++,
    now: () => now,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => {
      ;(timer as { cleared: boolean }).cleared = true
    },
  })
  const alive = () => workers.filter((w) => !exited.has(w))
  const exited = new Set<FakeWorker>()
  const exit = (worker: FakeWorker, code: number | null, signal: string | null = null) => {
    exited.add(worker)
    worker.exits(code, signal)
  }
  /** Starts every worker: the lead, then the followers it lets start. */
  const startAll = () => {
    workers[0]!.serves()
    for (const worker of workers.slice(1)) worker.serves()
  }
  return {
    supervisor,
    workers,
    lines,
    exits,
    timers,
    alive,
    exit,
    startAll,
    advance: (ms: number) => (now += ms),
    served: () => served,
    errors: () => lines.filter((l) => l.level === 'error').map((l) => l.message),
  }
}

describe('starting several API processes', () => {
  it('starts the lead alone, and the followers only once the lead serves (its migrations and seeding are done)', () => {
    const p = primary(3)
    expect(p.workers.map((w) => w.role)).toEqual(['lead'])
    p.workers[0]!.serves()
    expect(p.workers.map((w) => w.role)).toEqual(['lead', 'follower', 'follower'])
    // A second "serving" from the lead (a worker with two listeners) forks nobody more.
    p.workers[0]!.serves()
    expect(p.workers).toHaveLength(3)
    p.workers[1]!.serves()
    expect(p.served()).toBe(0)
    p.workers[2]!.serves()
    expect(p.lines.at(-1)?.message).toBe('all 3 API processes listening')
    // The primary's own parent (a supervisor, the bench) is told once, when all serve; a replacement tells it nothing.
    expect(p.served()).toBe(1)
    p.exit(p.workers[2]!, 1)
    p.workers[3]!.serves()
    expect(p.served()).toBe(1)
  })

  it('stops at once with the exit code of a lead that cannot start (78: a refused configuration or database)', () => {
    const p = primary(3)
    p.exit(p.workers[0]!, 78)
    expect(p.exits).toEqual([78])
    expect(p.workers).toHaveLength(1)
    expect(p.errors()).toEqual(['an API process stopped before it listened: the service does not start'])
  })

  it('stops the others when a follower cannot start at the first start, and says so', () => {
    const p = primary(3)
    p.workers[0]!.serves()
    p.workers[1]!.serves()
    p.exit(p.workers[2]!, 1)
    expect(p.exits).toEqual([])
    expect(p.workers[0]!.signals).toEqual(['SIGTERM'])
    expect(p.workers[1]!.signals).toEqual(['SIGTERM'])
    p.exit(p.workers[0]!, 0)
    p.exit(p.workers[1]!, 0)
    expect(p.exits).toEqual([1])
    expect(p.workers).toHaveLength(3)
  })
})

describe('a worker that dies', () => {
  it('is replaced with one of the same role, and the log names it', () => {
    const p = primary(2)
    p.startAll()
    p.exit(p.workers[1]!, null, 'SIGKILL')
    expect(p.workers.map((w) => w.role)).toEqual(['lead', 'follower', 'follower'])
    expect(p.lines.find((l) => l.level === 'warn')).toMatchObject({
      message: 'API process exited: replacing it',
      details: { worker_pid: 101, role: 'follower', code: null, signal: 'SIGKILL' },
    })
    // The lead too: its replacement migrates and seeds again (both are idempotent) while the followers serve.
    p.exit(p.workers[0]!, 1)
    expect(p.workers.at(-1)?.role).toBe('lead')
    expect(p.workers).toHaveLength(4)
    expect(p.exits).toEqual([])
  })

  it(`is not replaced forever: replacements that die before they listen stop the service after ${STARTUP_FAILURE_LIMIT} in a row`, () => {
    const p = primary(2)
    p.startAll()
    p.exit(p.workers[1]!, 1)
    for (let i = 1; i < STARTUP_FAILURE_LIMIT; i++) {
      // Slowly enough that the restart window alone would never stop it.
      p.advance(RESTART_WINDOW_MS)
      p.exit(p.workers.at(-1)!, 1)
    }
    expect(p.workers).toHaveLength(2 + STARTUP_FAILURE_LIMIT)
    p.advance(RESTART_WINDOW_MS)
    p.exit(p.workers.at(-1)!, 1)
    expect(p.workers).toHaveLength(2 + STARTUP_FAILURE_LIMIT)
    expect(p.errors()).toEqual([`${STARTUP_FAILURE_LIMIT} replacement API processes in a row stopped before they listened: the service stops`])
    expect(p.workers[0]!.signals).toEqual(['SIGTERM'])
    p.exit(p.workers[0]!, 0)
    expect(p.exits).toEqual([1])
  })

  it('counts start-up failures in a row only: a replacement that serves starts the count again', () => {
    const p = primary(2)
    p.startAll()
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i < STARTUP_FAILURE_LIMIT; i++) {
        p.advance(RESTART_WINDOW_MS)
        p.exit(p.workers.at(-1)!, 1)
      }
      p.workers.at(-1)!.serves()
    }
    expect(p.exits).toEqual([])
    expect(p.errors()).toEqual([])
  })

  it(`stops the service when workers die more than ${RESTART_LIMIT} times within ${RESTART_WINDOW_MS / 1000} s, even after listening`, () => {
    const p = primary(2)
    p.startAll()
    for (let i = 0; i < RESTART_LIMIT; i++) {
      p.exit(p.workers.at(-1)!, 1)
      p.workers.at(-1)!.serves()
      p.advance(1_000)
    }
    expect(p.exits).toEqual([])
    expect(p.workers).toHaveLength(2 + RESTART_LIMIT)
    p.exit(p.workers.at(-1)!, 1)
    expect(p.workers).toHaveLength(2 + RESTART_LIMIT)
    expect(p.errors()).toEqual(['API processes keep dying: the service stops'])
    p.exit(p.workers[0]!, 0)
    expect(p.exits).toEqual([1])
  })

  it('is replaced again once the earlier deaths are out of the window', () => {
    const p = primary(2)
    p.startAll()
    for (let i = 0; i < RESTART_LIMIT * 3; i++) {
      p.exit(p.workers.at(-1)!, 1)
      p.workers.at(-1)!.serves()
      p.advance(RESTART_WINDOW_MS / RESTART_LIMIT)
    }
    expect(p.exits).toEqual([])
    expect(p.alive()).toHaveLength(2)
  })
})

describe('stopping', () => {
  it('sends SIGTERM to every worker, replaces none of them, and exits 0 once all stopped cleanly', () => {
    const p = primary(3)
    p.startAll()
    p.supervisor.stop('SIGTERM')
    expect(p.workers.map((w) => w.signals)).toEqual([['SIGTERM'], ['SIGTERM'], ['SIGTERM']])
    // A second signal (Ctrl-C twice) sends nothing more: each worker keeps its own limit.
    p.supervisor.stop('SIGINT')
    expect(p.workers.map((w) => w.signals)).toEqual([['SIGTERM'], ['SIGTERM'], ['SIGTERM']])
    p.exit(p.workers[1]!, 0)
    p.exit(p.workers[0]!, 0)
    expect(p.exits).toEqual([])
    // One still starting ends by the signal itself, before it had its own handler: that is the stop it was asked for.
    p.exit(p.workers[2]!, null, 'SIGTERM')
    expect(p.workers).toHaveLength(3)
    expect(p.exits).toEqual([0])
    expect(p.timers[0]!.cleared).toBe(true)
  })

  it('exits 1 when a worker did not stop cleanly (its own 15 s limit passed)', () => {
    const p = primary(2)
    p.startAll()
    p.supervisor.stop('SIGTERM')
    p.exit(p.workers[0]!, 0)
    p.exit(p.workers[1]!, 1)
    expect(p.exits).toEqual([1])
    expect(p.errors()).toEqual(['API process did not stop cleanly'])
  })

  it(`kills what still runs ${STOP_DEADLINE_MS / 1000} s after the signal and exits 1`, () => {
    const p = primary(2)
    p.startAll()
    p.supervisor.stop('SIGTERM')
    p.exit(p.workers[0]!, 0)
    expect(p.timers[0]!.ms).toBe(STOP_DEADLINE_MS)
    p.timers[0]!.fn()
    expect(p.workers[1]!.signals).toEqual(['SIGTERM', 'SIGKILL'])
    expect(p.exits).toEqual([1])
  })
})
