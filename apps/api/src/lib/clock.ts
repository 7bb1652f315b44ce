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
