import { describe, expect, it } from 'vitest'
import { CONNECTION_FAILURES, itMapsEachAnswer, refusalOf, useFakeGateway } from '../../../test/fakes/sms-gateway.ts'
import thaiBulkSms from './fixtures/thaibulksms.json' with { type: 'json' }
import smsMkt from './fixtures/smsmkt.json' with { type: 'json' }
import { SmsSendError, type SmsSender } from './sms.ts'
import { smsMktSender } from './smsmkt.ts'
import { thaiBulkSmsSender } from './thaibulksms.ts'

// Contract tests of the Thai gateways (ADR 083) against their published answers (fixtures/) and a fake gateway on
// 127.0.0.1 that fails at every step: what each sends, and how each answer maps to what the outbox does.

const gateway = useFakeGateway()

const OTP = { to: '0812345678', text: 'Sanam: รหัส OTP ของคุณคือ 482913 (Ref: KQ7M)', otp: { code: '482913', ref: 'KQ7M' }, retryKey: 'a1b2' }

// Errors may be logged: never the code.
const failureOf = (sender: SmsSender) => refusalOf(sender.send(OTP), SmsSendError, '482913')

describe('ThaiBulkSMS', () => {
  const make = (url: string, timeoutMs = 2000) =>
    thaiBulkSmsSender({ baseUrl: url, apiKey: 'tbs-key', apiSecret: 'tbs-secret', sender: 'SANAM', timeoutMs, now: () => new Date('2026-11-29T00:00:00Z') })

  it('posts the form with HTTP Basic, the number, the text, the sender and force=corporate', async () => {
    const fake = await gateway([thaiBulkSms.sent])
    await make(fake.url).send(OTP)
    const [request] = fake.received
    expect(request).toMatchObject({ method: 'POST', path: '/sms' })
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('tbs-key:tbs-secret').toString('base64')}`)
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({ msisdn: '0812345678', message: OTP.text, sender: 'SANAM', force: 'corporate' })
  })

  const refusal = (url: string, timeoutMs?: number) => failureOf(make(url, timeoutMs))
  itMapsEachAnswer(gateway, refusal, [
    ['out of credit', thaiBulkSms.noCredit, 'no_credit'],
    ['a bad number', thaiBulkSms.badNumber, 'permanent'],
    ['our key refused', thaiBulkSms.unauthorized, 'unauthorized'],
    ['too many requests', thaiBulkSms.rateLimited, 'rate_limited'],
    ['down', thaiBulkSms.down, 'transient'],
    ['a 2xx without a phone_number_list', { status: 200, body: {} }, 'transient'],
  ])

  it('reads the credit left with HTTP Basic', async () => {
    const fake = await gateway([thaiBulkSms.credit])
    await expect(make(fake.url).credit()).resolves.toBe(1498)
    expect(fake.received[0]).toMatchObject({ method: 'GET', path: '/credit' })
    expect(fake.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('tbs-key:tbs-secret').toString('base64')}`)
  })

  // The desk's low-credit alert (ADR 087) acts only on a reading: every other answer is an error, never a credit of 0.
  it.each([
    ['down', thaiBulkSms.down],
    ['our key refused', thaiBulkSms.unauthorized],
    ['a page, not JSON', { status: 200, body: '<html>maintenance</html>' }],
    ['no figure', { status: 200, body: { remaining_credit: null } }],
    ['an empty figure', { status: 200, body: { remaining_credit: '' } }],
  ])('has no reading when the gateway is %s', async (_title, answer) => {
    const fake = await gateway([answer])
    await refusalOf(make(fake.url).credit(), SmsSendError, 'tbs-secret')
  })
  it.each(CONNECTION_FAILURES)('has no reading when the gateway %s', async (_title, fail) => {
    const fake = await gateway([{ fail }])
    await refusalOf(make(fake.url, 300).credit(), SmsSendError, 'tbs-secret')
  })
})

describe('SMSMKT', () => {
  const make = (url: string, timeoutMs = 2000) => smsMktSender({ baseUrl: url, apiKey: 'mkt-key', secretKey: 'mkt-secret', sender: 'SANAM', timeoutMs })

  it('reads no credit: its answer to a reading is not in its published docs (ADR 087), so only a refused send alerts', () => {
    expect(make('http://127.0.0.1:9').credit).toBeUndefined()
  })

  it('posts JSON {message, phone, sender} with the api_key and secret_key headers', async () => {
    const fake = await gateway([smsMkt.sent])
    await make(fake.url).send(OTP)
    const [request] = fake.received
    expect(request).toMatchObject({ method: 'POST', path: '/api/send-message' })
    expect(request!.headers).toMatchObject({ api_key: 'mkt-key', secret_key: 'mkt-secret' })
    expect(JSON.parse(request!.body)).toEqual({ message: OTP.text, phone: '0812345678', sender: 'SANAM' })
  })

  const refusal = (url: string, timeoutMs?: number) => failureOf(make(url, timeoutMs))
  itMapsEachAnswer(gateway, refusal, [
    ['100 (bad data: the number)', smsMkt.badData, 'permanent'],
    ['107 (bad number)', smsMkt.badNumber, 'permanent'],
    ['110 (the do-not-send list)', smsMkt.doNotSend, 'permanent'],
    ['400 (no credit)', smsMkt.noCredit, 'no_credit'],
    ['1004 (bad key)', smsMkt.badKey, 'unauthorized'],
    ['a code it does not know', smsMkt.unknownCode, 'transient'],
    ['a 502 page', smsMkt.down, 'transient'],
  ])
})
