import { describe, expect, it } from 'vitest'
import { BROKEN_ANSWERS, fixture, TEST_TIMEOUT_MS, type VendorReply } from '../../../../test/fake-vendor.ts'
import { fakeVendorPerTest, itReadsEachFixtureAs } from '../../../../test/vendor-per-test.ts'
import { BANK_SLIP_PAYLOAD as PAYLOAD, BANK_SLIP_QUERY, BANK_SLIP_VERIFIED } from '../../../../test/slip-verifiers.ts'
import { createSlip2GoVerifier } from './slip2go.ts'

const query = () => BANK_SLIP_QUERY
const SECRET = 'test-only-slip2go-secret'
const ROUTE = 'POST /api/verify-slip/qr-code/info'

const fake = fakeVendorPerTest()
async function verifierAnswering(reply: VendorReply) {
  const vendor = await fake.start({ [ROUTE]: reply })
  return createSlip2GoVerifier({ url: `${vendor.url}/api`, secretKey: SECRET, timeoutMs: TEST_TIMEOUT_MS })
}

/** Slip2Go's fixture also names the receiver's biller id. */
const VERIFIED = {
  ...BANK_SLIP_VERIFIED,
  slip: { ...BANK_SLIP_VERIFIED.slip, receiver: { ...BANK_SLIP_VERIFIED.slip.receiver, proxy: { type: 'BILLERID', value: 'XXXXXXXXXXX1234' } } },
}

describe('the Slip2Go adapter', () => {
  it('asks POST /verify-slip/qr-code/info with the bearer secret and {payload: {qrCode, checkCondition: {checkDuplicate}}}', async () => {
    const verifier = await verifierAnswering(fixture('slip2go', 'verified'))
    await verifier.verify(query())
    const [request] = fake.vendor.received
    expect(request!.method).toBe('POST')
    expect(request!.path).toBe('/api/verify-slip/qr-code/info')
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET}`)
    expect(request!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(request!.body)).toEqual({ payload: { qrCode: PAYLOAD, checkCondition: { checkDuplicate: true } } })
  })

  it('reads 200000 (slip found) exactly, the receiver proxy included', async () => {
    const verifier = await verifierAnswering(fixture('slip2go', 'verified'))
    expect(await verifier.verify(query())).toEqual(VERIFIED)
  })

  it('reads 200501 (duplicated) as the verified slip, seen before', async () => {
    const verifier = await verifierAnswering(fixture('slip2go', 'duplicated-200501'))
    expect(await verifier.verify(query())).toEqual({ ...VERIFIED, slip: { ...VERIFIED.slip, seenBefore: true } })
  })

  it('says NOT_YET for 200404 (not yet in the bank system): retry, never refuse', async () => {
    const verifier = await verifierAnswering(fixture('slip2go', 'not-found-yet-200404'))
    expect(await verifier.verify(query())).toEqual({ outcome: 'NOT_YET', code: '200404' })
  })

  it('says NOT_FOUND for 400001 (QR code incorrect) and 200500 (fraud)', async () => {
    const verifier = await verifierAnswering(fixture('slip2go', 'qr-incorrect-400001'))
    expect(await verifier.verify(query())).toEqual({ outcome: 'NOT_FOUND', code: '400001' })
    fake.vendor.answer(ROUTE, { json: { code: '200500', message: 'Slip is Fraud' } })
    expect(await verifier.verify(query())).toEqual({ outcome: 'NOT_FOUND', code: '200500' })
  })

  itReadsEachFixtureAs(
    'UNAVAILABLE',
    'slip2go',
    { 'token-mismatch-401001': '401001', 'insufficient-quota-401005': '401005', 'server-error-500500': 'HTTP_500' },
    verifierAnswering,
  )

  it('is UNAVAILABLE for a code it does not know, and for a slip code without the slip', async () => {
    const verifier = await verifierAnswering({ json: { code: '299999', message: 'New thing', data: {} } })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: '299999' })
    fake.vendor.answer(ROUTE, { json: { code: '200000', message: 'Slip found' } })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'BAD_SCHEMA' })
  })

  it.each(BROKEN_ANSWERS)('is UNAVAILABLE for $name', async ({ reply, code }) => {
    const verifier = await verifierAnswering(reply)
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code })
  })

  it('never puts the secret in a verdict', async () => {
    const verifier = await verifierAnswering(fixture('slip2go', 'token-mismatch-401001'))
    expect(JSON.stringify(await verifier.verify(query()))).not.toContain(SECRET)
  })
})
