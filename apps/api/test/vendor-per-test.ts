// A fake vendor per test (ADR 084): started by the test, closed after it with whatever else the test opened on it
// (KBank's mutual-TLS agent). Apart from fake-vendor.ts, which the bench imports outside vitest.
import { afterEach, expect, it } from 'vitest'
import type { SlipVerifier } from '../src/modules/slips/slip-verifier.ts'
import { fixture, startFakeVendor, type FakeVendor, type Routes, type VendorReply } from './fake-vendor.ts'
import { BANK_SLIP_QUERY } from './slip-verifiers.ts'

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

/**
 * One test per documented answer of a QR vendor (`cases`: each fixture's name and the code its verdict carries): the
 * verifier `verifierAnswering` builds on that answer reads the published slip as `outcome` with that code.
 */
export function itReadsEachFixtureAs(
  outcome: 'NOT_FOUND' | 'UNAVAILABLE',
  vendor: string,
  cases: Record<string, string>,
  verifierAnswering: (reply: VendorReply) => Promise<SlipVerifier>,
) {
  it.each(Object.entries(cases))(`is ${outcome} for %s`, async (name, code) => {
    const verifier = await verifierAnswering(fixture(vendor, name))
    expect(await verifier.verify(BANK_SLIP_QUERY)).toEqual({ outcome, code })
  })
}
