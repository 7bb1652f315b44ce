import { describe, expect, it } from 'vitest'
import { BROKEN_ANSWERS, fixture, TEST_TIMEOUT_MS, type VendorReply } from '../../../../test/fake-vendor.ts'
import { fakeVendorPerTest, itReadsEachFixtureAs } from '../../../../test/vendor-per-test.ts'
import { BANK_SLIP_PAYLOAD as PAYLOAD, BANK_SLIP_QUERY, BANK_SLIP_VERIFIED } from '../../../../test/slip-verifiers.ts'
import { slipPayloadOf, type SlipPayload } from '../slip-payload.ts'
import { createEasySlipVerifier } from './easyslip.ts'

const query = () => BANK_SLIP_QUERY
const API_KEY = 'a1b2c3d4-e5f6-4789-abcd-ef1234567890'
const ROUTE = 'POST /verify/bank'

const fake = fakeVendorPerTest()
async function verifierAnswering(reply: VendorReply, timeoutMs = TEST_TIMEOUT_MS) {
  const vendor = await fake.start({ [ROUTE]: reply })
  return createEasySlipVerifier({ url: `${vendor.url}/`, apiKey: API_KEY, timeoutMs })
}

describe('the EasySlip v2 adapter', () => {
  it('asks POST /verify/bank with the bearer key and the payload, duplicate check on, no amount or account to match', async () => {
    const verifier = await verifierAnswering(fixture('easyslip', 'verified'))
    await verifier.verify(query())
    expect(fake.vendor.received).toHaveLength(1)
    const [request] = fake.vendor.received
    expect(request!.method).toBe('POST')
    expect(request!.path).toBe('/verify/bank')
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(request!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request!.body)).toEqual({ payload: PAYLOAD, checkDuplicate: true })
  })

  it('reads a verified slip: the amount to the satang without float error, the time with its offset, both parties', async () => {
    const verifier = await verifierAnswering(fixture('easyslip', 'verified'))
    // 1001.15 * 100 is 100114.99999999999 in floating point: the adapter reads the decimal (100115n), not the product.
    expect(await verifier.verify(query())).toEqual(BANK_SLIP_VERIFIED)
  })

  it('reports a slip EasySlip has seen before, as information', async () => {
    const verifier = await verifierAnswering(fixture('easyslip', 'duplicate'))
    expect(await verifier.verify(query())).toMatchObject({ outcome: 'VERIFIED', slip: { seenBefore: true, amount: 100115n } })
  })

  it('says NOT_FOUND only for SLIP_NOT_FOUND, not for a wrong endpoint', async () => {
    const verifier = await verifierAnswering(fixture('easyslip', 'slip-not-found'))
    expect(await verifier.verify(query())).toEqual({ outcome: 'NOT_FOUND', code: 'SLIP_NOT_FOUND' })
    fake.vendor.answer(ROUTE, { status: 404, json: { success: false, error: { code: 'NOT_FOUND', message: 'Resource not found' } } })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'NOT_FOUND' })
  })

  itReadsEachFixtureAs(
    'UNAVAILABLE',
    'easyslip',
    { 'invalid-api-key': 'INVALID_API_KEY', 'quota-exceeded': 'QUOTA_EXCEEDED', 'validation-error': 'VALIDATION_ERROR', 'server-error': 'HTTP_500' },
    verifierAnswering,
  )

  it.each(BROKEN_ANSWERS)('is UNAVAILABLE for $name', async ({ reply, code }) => {
    const verifier = await verifierAnswering(reply)
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code })
  })

  it('is UNAVAILABLE when nothing listens, and when the caller gives up', async () => {
    const closed = createEasySlipVerifier({ url: 'http://127.0.0.1:9', apiKey: API_KEY, timeoutMs: TEST_TIMEOUT_MS })
    expect(await closed.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'NETWORK' })
    const verifier = await verifierAnswering({ hang: true }, 10_000)
    const caller = new AbortController()
    const verdict = verifier.verify(query(), caller.signal)
    await expect.poll(() => fake.vendor.received.length).toBe(1)
    caller.abort()
    expect(await verdict).toEqual({ outcome: 'UNAVAILABLE', code: 'ABORTED' })
  })

  it('never credits an answer about another transfer, or an amount it cannot read exactly', async () => {
    const verified = fixture('easyslip', 'verified').json as { data: { rawSlip: Record<string, unknown> } }
    const other = structuredClone(verified)
    other.data.rawSlip.transRef = '013071152533APM07737'
    const verifier = await verifierAnswering({ json: other })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'REFERENCE_MISMATCH' })
    for (const amount of [1001.155, -5, 0, '1e3']) {
      const odd = structuredClone(verified)
      odd.data.rawSlip.amount = { amount }
      fake.vendor.answer(ROUTE, { json: odd })
      expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'BAD_SCHEMA' })
    }
    const noZone = structuredClone(verified)
    noZone.data.rawSlip.date = '2026-11-29T15:30:28'
    fake.vendor.answer(ROUTE, { json: noZone })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'BAD_SCHEMA' })
  })

  it('sends nothing for a TrueMoney slip, which it does not verify', async () => {
    const verifier = await verifierAnswering(fixture('easyslip', 'verified'))
    const slip: SlipPayload = { layout: 'truemoney', eventType: 'P2P', reference: '50000012345678', date: '2026-11-29' }
    expect(await verifier.verify({ payload: slipPayloadOf(slip), slip })).toEqual({ outcome: 'UNAVAILABLE', code: 'LAYOUT_NOT_SUPPORTED' })
    expect(fake.vendor.received).toHaveLength(0)
  })

  it('never puts the key in a verdict', async () => {
    const verifier = await verifierAnswering(fixture('easyslip', 'invalid-api-key'))
    const verdicts = [await verifier.verify(query())]
    fake.vendor.answer(ROUTE, { hang: true })
    verdicts.push(await verifier.verify(query()))
    expect(JSON.stringify(verdicts)).not.toContain(API_KEY)
  })
})
