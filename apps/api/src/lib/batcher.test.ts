import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBatcher, type Settled } from './batcher.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((res) => {
    resolve = res
  })
  return { promise, resolve }
}

/** Lets every pending microtask and promise callback run (no timers involved). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

const allOk = <T>(items: readonly T[]): Array<Settled<T>> => items.map((value) => ({ ok: true, value }))

/** A batcher whose every batch waits for a gate the test opens; records the batches it ran. */
function gated(maxBatch?: number) {
  const batches: number[][] = []
  const gates: Array<ReturnType<typeof deferred>> = []
  const batcher = createBatcher<number, number>({
    maxBatch,
    async run(items) {
      batches.push([...items])
      const gate = deferred()
      gates.push(gate)
      await gate.promise
      return allOk(items)
    },
  })
  return { batcher, batches, gates }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('group-commit batcher', () => {
  it('runs a lone item in the same turn of the event loop, waiting on no timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] })
    const run = vi.fn(async (items: readonly number[]) => allOk(items))
    const batcher = createBatcher<number, number>({ run })
    // With fake timers, a batcher that waited on setTimeout would never answer here.
    await expect(batcher.submit(7)).resolves.toBe(7)
    expect(run).toHaveBeenCalledTimes(1)
    expect(run).toHaveBeenCalledWith([7])
    expect(batcher.stats()).toMatchObject({ batches: 1, items: 1, largest: 1, queued: 0, running: 0 })
  })

  it('takes everything that arrived during an in-flight batch into the next one, in arrival order', async () => {
    const { batcher, batches, gates } = gated()
    const first = batcher.submit(0)
    await flush()
    expect(batches).toEqual([[0]])
    const rest = [1, 2, 3, 4, 5].map((n) => batcher.submit(n))
    await flush()
    expect(batcher.stats()).toMatchObject({ queued: 5, running: 1 })
    gates[0]!.resolve()
    await expect(first).resolves.toBe(0)
    await flush()
    expect(batches).toEqual([[0], [1, 2, 3, 4, 5]])
    gates[1]!.resolve()
    await expect(Promise.all(rest)).resolves.toEqual([1, 2, 3, 4, 5])
    expect(batcher.stats()).toMatchObject({ batches: 2, items: 6, largest: 5, queued: 0, running: 0 })
  })

  it('puts items that arrive in separate callbacks of one turn of the event loop into one batch', async () => {
    // Two requests read in one turn are two I/O callbacks; two setImmediate callbacks are the same, and the run answers
    // at once (as the embedded database does): started in a microtask, each would be a batch of its own.
    const run = vi.fn(async (items: readonly number[]) => allOk(items))
    const batcher = createBatcher<number, number>({ run })
    const answers = await Promise.all(
      [1, 2, 3].map((n) => new Promise<number>((resolve, reject) => setImmediate(() => void batcher.submit(n).then(resolve, reject)))),
    )
    expect(answers).toEqual([1, 2, 3])
    expect(run.mock.calls).toEqual([[[1, 2, 3]]])
  })

  it('puts items submitted in the same tick into one batch', async () => {
    const run = vi.fn(async (items: readonly number[]) => allOk(items))
    const batcher = createBatcher<number, number>({ run })
    await expect(Promise.all([1, 2, 3].map((n) => batcher.submit(n)))).resolves.toEqual([1, 2, 3])
    expect(run.mock.calls).toEqual([[[1, 2, 3]]])
  })

  it('never puts more than maxBatch items in one batch', async () => {
    const { batcher, batches, gates } = gated(3)
    const all = [batcher.submit(0)]
    await flush()
    for (let n = 1; n <= 7; n++) all.push(batcher.submit(n))
    for (let i = 0; i < 4; i++) {
      await flush()
      gates[i]!.resolve()
    }
    await expect(Promise.all(all)).resolves.toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]])
    expect(batcher.stats().largest).toBe(3)
  })

  it('releases no answer before the batch has finished', async () => {
    const { batcher, gates } = gated()
    let answered = false
    const pending = batcher.submit(1).then((value) => {
      answered = true
      return value
    })
    await flush()
    await flush()
    expect(answered).toBe(false)
    gates[0]!.resolve()
    await expect(pending).resolves.toBe(1)
    expect(answered).toBe(true)
  })

  it('gives a failed item its own error and the others their answers', async () => {
    const boom = new Error('only item 2')
    const batcher = createBatcher<number, number>({
      run: async (items) => items.map((n) => (n === 2 ? { ok: false, error: boom } : { ok: true, value: n * 10 })),
    })
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)))
    expect(results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: boom },
      { status: 'fulfilled', value: 30 },
    ])
  })

  it('fails every item of a batch whose run throws, and keeps serving later batches', async () => {
    let fail = true
    const commitLost = new Error('commit failed')
    const batcher = createBatcher<number, number>({
      async run(items) {
        if (fail) {
          fail = false
          throw commitLost
        }
        return allOk(items)
      },
    })
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)))
    expect(results.every((r) => r.status === 'rejected' && r.reason === commitLost)).toBe(true)
    await expect(batcher.submit(4)).resolves.toBe(4)
  })

  it('fails every item when run throws synchronously or answers the wrong number of outcomes', async () => {
    const sync = createBatcher<number, number>({
      run: () => {
        throw new Error('sync')
      },
    })
    await expect(sync.submit(1)).rejects.toThrow('sync')
    const short = createBatcher<number, number>({ run: async () => [{ ok: true, value: 1 }] })
    const results = await Promise.allSettled([1, 2].map((n) => short.submit(n)))
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
  })

  it('refuses a maxBatch below 1', () => {
    expect(() => createBatcher({ run: async () => [], maxBatch: 0 })).toThrow(/maxBatch/)
  })
})
