/** A small seeded generator (mulberry32): the same seed gives the same sequence, so a failing run can be replayed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    /** One element of a non-empty list. */
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)] as T
    },
  }
}
export type SeededRandom = ReturnType<typeof seededRandom>

/** The seed to use: FAULT_SEED when given (to replay a run), otherwise a fresh one the test prints. */
export function chooseSeed(env: string | undefined): number {
  if (env !== undefined && env !== '') {
    const seed = Number(env)
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`FAULT_SEED must be an integer 0..4294967295, got ${env}`)
    return seed
  }
  return Math.floor(Math.random() * 0xffffffff)
}
