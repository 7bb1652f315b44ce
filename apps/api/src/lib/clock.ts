/** The one source of "now". Injected everywhere so time rules are tested without sleeping. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock tests move by hand. */
export function manualClock(start = new Date('2026-11-22T03:00:00Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
    set(date: Date) {
      current = date.getTime()
    },
  }
}
export type ManualClock = ReturnType<typeof manualClock>

/**
 * Runs work later: the one way server code waits (a late retry), injected like the clock so tests move time by hand
 * instead of sleeping (ADR 023). `schedule` answers a function that cancels the task.
 */
export interface Scheduler {
  schedule(ms: number, task: () => unknown): () => void
}

/** Real timers, unref'd: a pending task never keeps the process alive. */
export const systemScheduler: Scheduler = {
  schedule(ms, task) {
    const timer = setTimeout(task, ms)
    timer.unref()
    return () => clearTimeout(timer)
  },
}

/**
 * A scheduler tests move by hand: `advance(ms)` runs, in time order, every task due by then (tasks they schedule
 * included) and waits for the promise each returns, so when it resolves the work it started is done.
 */
export function manualScheduler() {
  let now = 0
  let sequence = 0
  const tasks = new Map<number, { at: number; task: () => unknown }>()
  return {
    schedule(ms: number, task: () => unknown) {
      const id = sequence++
      tasks.set(id, { at: now + ms, task })
      return () => void tasks.delete(id)
    },
    /** How many tasks wait to run. */
    get pending() {
      return tasks.size
    },
    async advance(ms: number) {
      const until = now + ms
      for (;;) {
        const due = [...tasks.entries()].filter(([, t]) => t.at <= until).sort(([a, x], [b, y]) => x.at - y.at || a - b)[0]
        if (!due) break
        tasks.delete(due[0])
        now = due[1].at
        await due[1].task()
      }
      now = until
    },
  } satisfies Scheduler & Record<string, unknown>
}
export type ManualScheduler = ReturnType<typeof manualScheduler>
