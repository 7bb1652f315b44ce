import { describe, expect, it, vi } from 'vitest'
import { startOutboxWorker } from './worker.ts'

// The worker's passes (ADR 083, amended 2026-11-29 for issue 38 §6): a deposit's commit wakes it; the wakes coalesce,
// and a pass that took less than a batch is not followed by another that would find nothing.

function fakeOutbox(answers: number[]) {
  let wake = () => {}
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const runOnce = vi.fn(async () => {
    if (runOnce.mock.calls.length === 1) await held // the first pass lasts until the test releases it
    return answers.shift() ?? 0
  })
  const outbox = {
    batch: 10,
    runOnce,
    onEnqueued: (w: () => void) => {
      wake = w
      return () => {}
    },
  }
  return { outbox, runOnce, wake: () => wake(), release: () => release() }
}

describe('the outbox worker', () => {
  it('runs one pass for a wake when the pass took less than a batch, and one more for any number of wakes during it', async () => {
    const fake = fakeOutbox([1, 1])
    const stop = startOutboxWorker(fake.outbox, { everyMs: 3_600_000, lingerMs: 0, onError: () => {} })
    fake.wake()
    await vi.waitFor(() => expect(fake.runOnce).toHaveBeenCalledTimes(1))
    // Three deposits commit while the first pass runs: one pass more, not three, and none after it.
    fake.wake()
    fake.wake()
    fake.wake()
    fake.release()
    await vi.waitFor(() => expect(fake.runOnce).toHaveBeenCalledTimes(2))
    await stop()
    expect(fake.runOnce).toHaveBeenCalledTimes(2)
  })

  it('waits the linger after a wake, and the wakes within it share one pass', async () => {
    vi.useFakeTimers()
    try {
      const fake = fakeOutbox([3])
      fake.release()
      const stop = startOutboxWorker(fake.outbox, { everyMs: 3_600_000, lingerMs: 200, onError: () => {} })
      fake.wake()
      await vi.advanceTimersByTimeAsync(150)
      expect(fake.runOnce).not.toHaveBeenCalled()
      // Two more deposits commit within the linger: still the one pass.
      fake.wake()
      fake.wake()
      await vi.advanceTimersByTimeAsync(60)
      expect(fake.runOnce).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1_000)
      await stop()
      expect(fake.runOnce).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('goes on while a pass takes a full batch (more may be due)', async () => {
    const fake = fakeOutbox([10, 10, 3])
    fake.release()
    const stop = startOutboxWorker(fake.outbox, { everyMs: 3_600_000, lingerMs: 0, onError: () => {} })
    fake.wake()
    await vi.waitFor(() => expect(fake.runOnce).toHaveBeenCalledTimes(3))
    await stop()
    expect(fake.runOnce).toHaveBeenCalledTimes(3)
  })
})
