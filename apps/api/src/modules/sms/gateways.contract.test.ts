import { describe, expect, it } from 'vitest'
import { itMapsEachAnswer, refusalOf, useFakeGateway } from '../../../test/fakes/sms-gateway.ts'
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

  it('reads the credit left', async () => {
    const fake = await gateway([thaiBulkSms.credit])
    await expect(make(fake.url).credit()).resolves.toBe(1498)
    expect(fake.received[0]).toMatchObject({ method: 'GET', path: '/credit' })
  })
})

describe('SMSMKT', () => {
  const make = (url: string, timeoutMs = 2000) => smsMktSender({ baseUrl: url, apiKey: 'mkt-key', secretKey: 'mkt-secret', sender: 'SANAM', timeoutMs })

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
