import { describe, expect, it } from 'vitest'
import { BROKEN_ANSWERS, fixture, TEST_TIMEOUT_MS, type VendorReply } from '../../../../test/fake-vendor.ts'
import { fakeVendorPerTest, itReadsEachFixtureAs } from '../../../../test/vendor-per-test.ts'
import { BANK_SLIP_PAYLOAD as PAYLOAD, BANK_SLIP_QUERY, BANK_SLIP_VERIFIED } from '../../../../test/slip-verifiers.ts'
import { createSlipOkVerifier } from './slipok.ts'

const query = () => BANK_SLIP_QUERY
const API_KEY = 'test-only-slipok-key'
const BRANCH = '12345'
const ROUTE = `POST /api/line/apikey/${BRANCH}`

const fake = fakeVendorPerTest()
async function verifierAnswering(reply: VendorReply) {
  const vendor = await fake.start({ [ROUTE]: reply })
  return createSlipOkVerifier({ url: `${vendor.url}/api/line/apikey`, branchId: BRANCH, apiKey: API_KEY, timeoutMs: TEST_TIMEOUT_MS })
}

const VERIFIED = BANK_SLIP_VERIFIED

describe('the SlipOK adapter', () => {
  it('asks POST {base}/{branch} with x-authorization and {data, log: true}, no amount', async () => {
    const verifier = await verifierAnswering(fixture('slipok', 'verified'))
    await verifier.verify(query())
    const [request] = fake.vendor.received
    expect(request!.method).toBe('POST')
    expect(request!.path).toBe(`/api/line/apikey/${BRANCH}`)
    expect(request!.headers['x-authorization']).toBe(API_KEY)
    expect(request!.headers.authorization).toBeUndefined()
    expect(JSON.parse(request!.body)).toEqual({ data: PAYLOAD, log: true })
  })

  it('reads a verified slip exactly', async () => {
    const verifier = await verifierAnswering(fixture('slipok', 'verified'))
    expect(await verifier.verify(query())).toEqual(VERIFIED)
  })

  it('reads the Bangkok date and time when there is no timestamp', async () => {
    const body = fixture('slipok', 'verified').json as { data: Record<string, unknown> }
    delete body.data.transTimestamp
    const verifier = await verifierAnswering({ json: body })
    expect(await verifier.verify(query())).toMatchObject({ slip: { occurredAt: new Date('2026-11-29T08:30:28Z') } })
  })

  it('reads 1012 (repeated) as the verified slip, seen before', async () => {
    const verifier = await verifierAnswering(fixture('slipok', 'repeated-1012'))
    expect(await verifier.verify(query())).toEqual({ ...VERIFIED, slip: { ...VERIFIED.slip, seenBefore: true } })
  })

  it('says NOT_YET for 1010 (the bank delays this slip)', async () => {
    const verifier = await verifierAnswering(fixture('slipok', 'delay-1010'))
    expect(await verifier.verify(query())).toEqual({ outcome: 'NOT_YET', code: '1010' })
  })

  itReadsEachFixtureAs('NOT_FOUND', 'slipok', { 'no-transaction-1011': '1011', 'not-slip-qr-1008': '1008' }, verifierAnswering)

  itReadsEachFixtureAs('UNAVAILABLE', 'slipok', { 'bank-down-1009': '1009', 'bad-authorization-1002': '1002', 'quota-1004': '1004' }, verifierAnswering)

  it('is UNAVAILABLE for a 401 without a SlipOK body', async () => {
    const verifier = await verifierAnswering({ status: 401, body: 'Unauthorized' })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'HTTP_401' })
    fake.vendor.answer(ROUTE, { status: 403, json: { message: 'Forbidden' } })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'HTTP_403' })
  })

  it.each(BROKEN_ANSWERS)('is UNAVAILABLE for $name', async ({ reply, code }) => {
    const verifier = await verifierAnswering(reply)
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code })
  })

  it('never credits a 1012 whose slip is another transfer, or a 200 whose inner check failed', async () => {
    const repeated = fixture('slipok', 'repeated-1012').json as { data: Record<string, unknown> }
    repeated.data.transRef = '013071152533APM07799'
    const verifier = await verifierAnswering({ status: 400, json: repeated })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'REFERENCE_MISMATCH' })
    const failed = fixture('slipok', 'verified').json as { data: Record<string, unknown> }
    failed.data.success = false
    fake.vendor.answer(ROUTE, { json: failed })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'BAD_SCHEMA' })
  })

  it('never puts the key in a verdict', async () => {
    const verifier = await verifierAnswering(fixture('slipok', 'bad-authorization-1002'))
    expect(JSON.stringify(await verifier.verify(query()))).not.toContain(API_KEY)
  })
})
