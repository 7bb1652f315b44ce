/** One item's outcome inside a batch that as a whole succeeded. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown }

export interface BatcherStats {
  /** Batches run (each retry inside `run` counts once: it is the same batch). */
  batches: number
  /** Items handed to `run`. */
  items: number
  /** The largest batch so far. */
  largest: number
  /** Items waiting for the next batch right now. */
  queued: number
  /** Items in the batch running right now (0 when idle). */
  running: number
}

export interface Batcher<I, O> {
  /** Queues one item; settles once the batch that carried it has finished (for a database batch: after COMMIT). */
  submit(item: I): Promise<O>
  stats(): BatcherStats
}

/**
 * Batching, generic (the seamless wallet's group commit, the balance reads): items submitted while a batch runs queue
 * up, and the next batch takes all of them (up to `maxBatch`) in one call of `run`. An item submitted to an idle
 * batcher starts a batch as soon as the event loop has taken in what has already arrived (`setImmediate`: after the
 * I/O callbacks of the loop's current turn, so requests read together go together; ADR 059), never after a timer.
 * Without that turn, a database that answers within the same turn (the embedded one runs on this thread) would never
 * see two items together.
 *
 * `run` answers one outcome per item, in the items' order, and must resolve only once those outcomes are final (a
 * database batch: committed). When `run` throws, every item of the batch is rejected with that error: no item of a
 * failed batch is ever answered as a success. One batch runs at a time.
 */
export function createBatcher<I, O>(options: { run: (items: readonly I[]) => Promise<Array<Settled<O>>>; maxBatch?: number }): Batcher<I, O> {
  const maxBatch = options.maxBatch ?? 64
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error(`maxBatch must be a positive integer: ${maxBatch}`)
  interface Waiting {
    item: I
    resolve: (value: O) => void
    reject: (error: unknown) => void
  }
  const queue: Waiting[] = []
  let active = false
  const counters = { batches: 0, items: 0, largest: 0, running: 0 }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch)
      counters.batches += 1
      counters.items += batch.length
      counters.largest = Math.max(counters.largest, batch.length)
      counters.running = batch.length
      let outcomes: Array<Settled<O>>
      try {
        // Through a promise, so a synchronous throw in `run` fails the batch like an asynchronous one.
        outcomes = await Promise.resolve().then(() => options.run(batch.map((waiting) => waiting.item)))
        if (!Array.isArray(outcomes) || outcomes.length !== batch.length) {
          throw new Error(`batch run answered ${Array.isArray(outcomes) ? outcomes.length : 'no'} outcomes for ${batch.length} items`)
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error)
        continue
      } finally {
        counters.running = 0
      }
      batch.forEach((waiting, index) => {
        const outcome = outcomes[index]!
        if (outcome.ok) waiting.resolve(outcome.value)
        else waiting.reject(outcome.error)
      })
    }
    active = false
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (!active) {
          active = true
          setImmediate(() => void drain())
        }
      })
    },
    stats: () => ({ batches: counters.batches, items: counters.items, largest: counters.largest, queued: queue.length, running: counters.running }),
  }
}
