import { beforeAll, describe, expect, it } from 'vitest'
import { BROKEN_ANSWERS, fixture, TEST_TIMEOUT_MS, type Routes } from '../../../../test/fake-vendor.ts'
import { fakeVendorPerTest } from '../../../../test/vendor-per-test.ts'
import { BANK_SLIP_QUERY, BANK_SLIP_VERIFIED } from '../../../../test/slip-verifiers.ts'
import { makeTestPki, type TestPki } from '../../../../test/test-pki.ts'
import { createKBankVerifier, type KBankConfig } from './kbank.ts'

const query = () => BANK_SLIP_QUERY
const CLIENT_ID = 'kbank-test-only-consumer-id'
const CLIENT_SECRET = 'kbank-test-only-consumer-secret'
const TOKEN_ROUTE = 'POST /v2/oauth/token'
const VERIFY_ROUTE = 'POST /v1/verslip/kbank/verify'
const TOKEN = 'kbank-test-only-token-1'

let pki: TestPki
beforeAll(() => {
  pki = makeTestPki()
})

const fake = fakeVendorPerTest()

let now = Date.parse('2026-11-29T08:31:00Z')
async function kbank(routes: Routes = {}, overrides: Partial<KBankConfig> = {}) {
  now = Date.parse('2026-11-29T08:31:00Z')
  const vendor = await fake.start(
    { [TOKEN_ROUTE]: fixture('kbank', 'token'), [VERIFY_ROUTE]: fixture('kbank', 'verified'), ...routes },
    { tls: { key: pki.server.key, cert: pki.server.cert, ca: pki.ca } },
  )
  const verifier = createKBankVerifier(
    {
      url: vendor.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca },
      timeoutMs: TEST_TIMEOUT_MS,
      ...overrides,
    },
    { clock: () => now },
  )
  fake.closing(() => verifier.close())
  return verifier
}
const requestsTo = (route: string) => fake.vendor.received.filter((r) => `${r.method} ${r.path.split('?')[0]}` === route)

describe('the KBank slip verification adapter', () => {
  it('takes a client-credentials token with HTTP Basic, over mutual TLS', async () => {
    const verifier = await kbank()
    await verifier.verify(query())
    const [token] = requestsTo(TOKEN_ROUTE)
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`)
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(token!.body).toBe('grant_type=client_credentials')
    expect(fake.vendor.received.map((r) => r.clientCertificate)).toEqual(['sanam-test-client', 'sanam-test-client'])
  })

  it('asks POST /v1/verslip/kbank/verify with the token, a request id, the Bangkok time and the slip', async () => {
    const verifier = await kbank()
    await verifier.verify(query())
    const [request] = requestsTo(VERIFY_ROUTE)
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(request!.headers['content-type']).toBe('application/json')
    const body = JSON.parse(request!.body) as { rqUID: string }
    expect(body).toEqual({
      rqUID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      rqDt: '2026-11-29T15:31:00.000+07:00',
      data: { sendingBank: '004', transRef: '013071152533APM07736' },
    })
  })

  it('reads a verified slip: amount exact, the slip date and time in Bangkok time, both parties', async () => {
    const verifier = await kbank()
    expect(await verifier.verify(query())).toEqual(BANK_SLIP_VERIFIED)
  })

  it('keeps the token until shortly before it expires, and shares one request between concurrent checks', async () => {
    const verifier = await kbank()
    await Promise.all(Array.from({ length: 5 }, () => verifier.verify(query())))
    await verifier.verify(query())
    expect(requestsTo(TOKEN_ROUTE)).toHaveLength(1)
    now += (1799 - 60 - 1) * 1000 // expires_in is 1799 s; a token is used until a minute before
    await verifier.verify(query())
    expect(requestsTo(TOKEN_ROUTE)).toHaveLength(1)
    now += 2000
    await verifier.verify(query())
    expect(requestsTo(TOKEN_ROUTE)).toHaveLength(2)
    expect(requestsTo(VERIFY_ROUTE)).toHaveLength(8)
  })

  it.each(BROKEN_ANSWERS)('is UNAVAILABLE when the token endpoint gives $name, and asks nothing else', async ({ reply, code }) => {
    const verifier = await kbank({ [TOKEN_ROUTE]: reply })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: `TOKEN_${code}` })
    expect(requestsTo(VERIFY_ROUTE)).toHaveLength(0)
  })

  it('is UNAVAILABLE when nothing listens at the token endpoint', async () => {
    const down = createKBankVerifier({
      url: 'https://127.0.0.1:9',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca },
      timeoutMs: TEST_TIMEOUT_MS,
    })
    try {
      expect(await down.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'TOKEN_NETWORK' })
    } finally {
      down.close()
    }
  })

  it('is UNAVAILABLE when the bank refuses the credentials, and tries for a token again next time', async () => {
    const verifier = await kbank({ [TOKEN_ROUTE]: fixture('kbank', 'token-refused') })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'TOKEN_HTTP_401' })
    fake.vendor.answer(TOKEN_ROUTE, fixture('kbank', 'token'))
    expect(await verifier.verify(query())).toMatchObject({ outcome: 'VERIFIED' })
  })

  it.each(BROKEN_ANSWERS)('is UNAVAILABLE when the verify endpoint gives $name', async ({ reply, code }) => {
    const verifier = await kbank({ [VERIFY_ROUTE]: reply })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code })
  })

  it('drops a token the API refuses (401) and takes a new one', async () => {
    const verifier = await kbank({ [VERIFY_ROUTE]: { status: 401, json: { error: 'invalid_token' } } })
    expect(await verifier.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'HTTP_401' })
    fake.vendor.answer(VERIFY_ROUTE, fixture('kbank', 'verified'))
    expect(await verifier.verify(query())).toMatchObject({ outcome: 'VERIFIED' })
    expect(requestsTo(TOKEN_ROUTE)).toHaveLength(2)
  })

  it('says NOT_FOUND only for the status codes configured as "no such transfer" (not public: to confirm)', async () => {
    const unconfigured = await kbank({ [VERIFY_ROUTE]: fixture('kbank', 'no-such-transfer-to-confirm') })
    expect(await unconfigured.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'TO-CONFIRM-404' })
    await fake.stop()
    const configured = await kbank({ [VERIFY_ROUTE]: fixture('kbank', 'no-such-transfer-to-confirm') }, { notFoundStatusCodes: ['TO-CONFIRM-404'] })
    expect(await configured.verify(query())).toEqual({ outcome: 'NOT_FOUND', code: 'TO-CONFIRM-404' })
  })

  it('reaches nothing without the certificate the bank signed, or without trusting the bank', async () => {
    await kbank()
    const stranger = createKBankVerifier({
      url: fake.vendor.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tls: { cert: pki.stranger.cert, key: pki.stranger.key, ca: pki.ca },
      timeoutMs: TEST_TIMEOUT_MS,
    })
    const trustsNoOne = createKBankVerifier({
      url: fake.vendor.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tls: { cert: pki.client.cert, key: pki.client.key },
      timeoutMs: TEST_TIMEOUT_MS,
    })
    try {
      expect(await stranger.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'TOKEN_NETWORK' })
      expect(await trustsNoOne.verify(query())).toEqual({ outcome: 'UNAVAILABLE', code: 'TOKEN_NETWORK' })
      expect(fake.vendor.received).toHaveLength(0)
    } finally {
      stranger.close()
      trustsNoOne.close()
    }
  })

  it('never puts the secret or the token in a verdict', async () => {
    const verifier = await kbank({ [VERIFY_ROUTE]: { status: 401, json: { error: 'invalid_token', token: TOKEN } } })
    const verdicts = [await verifier.verify(query())]
    fake.vendor.answer(TOKEN_ROUTE, fixture('kbank', 'token-refused'))
    verdicts.push(await verifier.verify(query()))
    const told = JSON.stringify(verdicts)
    expect(told).not.toContain(CLIENT_SECRET)
    expect(told).not.toContain(TOKEN)
  })
})
