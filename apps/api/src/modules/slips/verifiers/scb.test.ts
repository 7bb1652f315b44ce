import { describe, expect, it } from 'vitest'
import { BROKEN_ANSWERS, fixture, TEST_TIMEOUT_MS, type Routes } from '../../../../test/fake-vendor.ts'
import { fakeVendorPerTest } from '../../../../test/vendor-per-test.ts'
import { slipPayloadOf, type SlipPayload } from '../slip-payload.ts'
import { createScbVerifier } from './scb.ts'

/** An SCB slip (sending bank 014): the fixtures describe this transfer. */
const SLIP: SlipPayload = { layout: 'bank', sendingBank: '014', reference: '2026112915302800123' }
const query = () => ({ payload: slipPayloadOf(SLIP), slip: SLIP })
const API_KEY = 'test-only-scb-application-key'
const API_SECRET = 'scb-test-only-application-secret'
const TOKEN = 'scb-test-only-token-1'
const TOKEN_ROUTE = 'POST /partners/v1/oauth/token'
const VERIFY_ROUTE = 'GET /partners/v1/payment/billpayment/transactions/*'

const fake = fakeVendorPerTest()

let now = Date.parse('2026-11-29T08:31:00Z')
async function scb(routes: Routes = {}) {
  now = Date.parse('2026-11-29T08:31:00Z')
  const vendor = await fake.start({ [TOKEN_ROUTE]: fixture('scb', 'token'), [VERIFY_ROUTE]: fixture('scb', 'verified'), ...routes })
  return createScbVerifier({ url: `${vendor.url}/partners`, apiKey: API_KEY, apiSecret: API_SECRET, timeoutMs: TEST_TIMEOUT_MS }, { clock: () => now })
}
const requestsTo = (method: string, prefix: string) => fake.vendor.received.filter((r) => r.method === method && r.path.startsWith(prefix))
const tokenRequests = () => requestsTo('POST', '/partners/v1/oauth/token')
const verifyRequests = () => requestsTo('GET', '/partners/v1/payment/billpayment/transactions/')

describe('the SCB slip verification adapter', () => {
  it('takes a token with the application key and secret and the standard headers', async () => {
    const verifier = await scb()
    await verifier.verify(query())
    const [token] = tokenRequests()
    expect(token!.headers['content-type']).toBe('application/json')
    expect(token!.headers.resourceownerid).toBe(API_KEY)
    expect(token!.headers.requestuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(token!.headers['accept-language']).toBe('EN')
    expect(JSON.parse(token!.body)).toEqual({ applicationKey: API_KEY, applicationSecret: API_SECRET })
  })

  it('asks GET /v1/payment/billpayment/transactions/{transRef}?sendingBank= with the token and a new request id each time', async () => {
    const verifier = await scb()
    await verifier.verify(query())
    await verifier.verify(query())
    const [first, second] = verifyRequests()
    expect(first!.path).toBe('/partners/v1/payment/billpayment/transactions/2026112915302800123?sendingBank=014')
    expect(first!.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(first!.headers.resourceownerid).toBe(API_KEY)
    expect(first!.headers.requestuid).not.toBe(second!.headers.requestuid)
    expect(first!.body).toBe('')
  })

  it('reads a verified slip: the amount from its decimal text, the time in Bangkok time, both parties', async () => {
    const verifier = await scb()
    expect(await verifier.verify(query())).toEqual({
      outcome: 'VERIFIED',
      slip: {
        sendingBank: '014',
        reference: '2026112915302800123',
        amount: 100115n,
        occurredAt: new Date('2026-11-29T08:30:28Z'),
        sender: { bankCode: '014', account: '11122xxx4', name: 'นาย สมชาย ใ', proxy: { type: 'ACCOUNT', value: '1112223334' } },
        receiver: { bankCode: '014', account: '0987654321', name: 'บจก. สนาม เดโม', proxy: { type: 'BILLERID', value: '010556xxxx12345' } },
        seenBefore: false,
      },
    })
  })

  it('says NOT_FOUND for 404 / 1104 (no such record)', async () => {
    const verifier = await scb({ [VERIFY_ROUTE]: fixture('scb', 'no-such-record-1104') })
    expect(await verifier.verify(query())).toEqual({ outcome: 'NOT_FOUND', code: '1104' })
  })

  it('is UNAVAILABLE for 1104 on another status, and for other codes', async () => {
    const verifier = await scb({ [VERIFY_ROUTE]: { status: 200, json: { status: { code: 1104, description: 'odd' }, data: null } } })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: '1104' })
    fake.vendor.answer(VERIFY_ROUTE, fixture('scb', 'invalid-parameters-1102'))
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: '1102' })
  })

  it('keeps the token until shortly before it expires', async () => {
    const verifier = await scb()
    await verifier.verify(query())
    await verifier.verify(query())
    expect(tokenRequests()).toHaveLength(1)
    now += 1800 * 1000
    await verifier.verify(query())
    expect(tokenRequests()).toHaveLength(2)
  })

  it('drops an expired token (9300) and takes a new one next time', async () => {
    const verifier = await scb({ [VERIFY_ROUTE]: fixture('scb', 'expired-token-9300') })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: '9300' })
    fake.vendor.answer(VERIFY_ROUTE, fixture('scb', 'verified'))
    expect(await verifier.verify(query())).toMatchObject({ outcome: 'VERIFIED' })
    expect(tokenRequests()).toHaveLength(2)
  })

  it('is UNAVAILABLE when SCB refuses the application credentials', async () => {
    const verifier = await scb({ [TOKEN_ROUTE]: fixture('scb', 'token-refused') })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'TOKEN_9500' })
    expect(verifyRequests()).toHaveLength(0)
  })

  it('is UNAVAILABLE when nothing listens at the token endpoint', async () => {
    const down = createScbVerifier({ url: 'http://127.0.0.1:9/partners', apiKey: API_KEY, apiSecret: API_SECRET, timeoutMs: TEST_TIMEOUT_MS })
    expect(await down.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'TOKEN_NETWORK' })
  })

  it.each(BROKEN_ANSWERS)('is UNAVAILABLE when the token endpoint gives $name', async ({ reply, code }) => {
    const verifier = await scb({ [TOKEN_ROUTE]: reply })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: `TOKEN_${code}` })
    expect(verifyRequests()).toHaveLength(0)
  })

  it.each(BROKEN_ANSWERS)('is UNAVAILABLE when the transaction endpoint gives $name', async ({ reply, code }) => {
    const verifier = await scb({ [VERIFY_ROUTE]: reply })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code })
  })

  it('never puts the secret or the token in a verdict', async () => {
    const verifier = await scb({ [VERIFY_ROUTE]: fixture('scb', 'expired-token-9300') })
    const verdicts = [await verifier.verify(query())]
    fake.vendor.answer(TOKEN_ROUTE, fixture('scb', 'token-refused'))
    verdicts.push(await verifier.verify(query()))
    expect(JSON.stringify(verdicts)).not.toMatch(new RegExp(`${API_SECRET}|${TOKEN}`))
  })
})
