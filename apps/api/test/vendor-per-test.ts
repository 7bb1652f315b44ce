// A fake vendor per test (ADR 084): started by the test, closed after it with whatever else the test opened on it
// (KBank's mutual-TLS agent). Apart from fake-vendor.ts, which the bench imports outside vitest.
import { afterEach } from 'vitest'
import { startFakeVendor, type FakeVendor, type Routes } from './fake-vendor.ts'

export function fakeVendorPerTest() {
  let running: FakeVendor | undefined
  let alsoClose: (() => void) | undefined
  async function stop() {
    alsoClose?.()
    await running?.close()
    running = alsoClose = undefined
  }
  afterEach(stop)
  return {
    /** Closes the vendor now (and what the test opened on it), to start another in the same test. */
    stop,
    /** Starts this test's vendor; `onClose` runs before it closes (an adapter's own connections). */
    async start(routes: Routes, options?: Parameters<typeof startFakeVendor>[1]) {
      running = await startFakeVendor(routes, options)
      return running
    },
    closing(close: () => void) {
      alsoClose = close
    },
    /** The vendor the test started. */
    get vendor(): FakeVendor {
      if (!running) throw new Error('no fake vendor started in this test')
      return running
    },
  }
}
