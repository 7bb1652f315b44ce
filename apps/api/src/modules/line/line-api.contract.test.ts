import { generateKeyPairSync, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { itMapsEachAnswer, refusalOf, useFakeGateway } from '../../../test/fakes/sms-gateway.ts'
import { manualClock } from '../../lib/clock.ts'
import { ChannelError } from '../outbox/channel.ts'
import line from './fixtures/line.json' with { type: 'json' }
import { lineApi, retryKeyOf } from './line-api.ts'
import { lineChannel } from './line-channel.ts'
import { staticLineToken, v21LineToken } from './line-token.ts'

// Contract tests of the LINE client (ADR 088) against LINE's documented answers (fixtures/line.json), served by a
// fake on 127.0.0.1 that can also hang and drop the connection: what is sent, and how each answer maps to what the
// outbox does.

const fake = useFakeGateway()

const USER = `U${'4af4980629'.padEnd(32, '0')}`
const KEY = '0b7cdf4e-9b0f-4f2e-8a2c-3c5d2f1e9a10'
const make = (url: string, timeoutMs = 2000) =>
  lineApi({ baseUrl: url, timeoutMs, token: staticLineToken('long-lived-token'), now: () => new Date('2026-11-29T00:00:00Z') })

// Errors are logged: never the message's text.
const failureOf = (attempt: Promise<unknown>) => refusalOf(attempt, ChannelError, 'ฝากเงิน')

describe('push', () => {
  it('posts {to, messages} with the bearer token and the retry key', async () => {
    const server = await fake([line.pushAccepted])
    await make(server.url).push({ to: USER, text: 'ฝากเงิน 500 บาทเข้าบัญชีแล้ว', retryKey: KEY })
    const [request] = server.received
    expect(request).toMatchObject({ method: 'POST', path: '/v2/bot/message/push' })
    expect(request!.headers).toMatchObject({ authorization: 'Bearer long-lived-token', 'x-line-retry-key': KEY, 'content-type': 'application/json' })
    expect(JSON.parse(request!.body)).toEqual({ to: USER, messages: [{ type: 'text', text: 'ฝากเงิน 500 บาทเข้าบัญชีแล้ว' }] })
  })

  it('takes 409 with the retry key as accepted already: the message is not sent twice, the outbox settles it', async () => {
    const server = await fake([line.pushAccepted, line.retryKeyAccepted])
    const channel = lineChannel(make(server.url))
    await channel.send({ recipient: USER, text: 'ฝากเงิน', retryKey: KEY })
    await channel.send({ recipient: USER, text: 'ฝากเงิน', retryKey: KEY })
    expect(server.received.map((r) => r.headers['x-line-retry-key'])).toEqual([KEY, KEY])
  })

  const refusal = (url: string, timeoutMs?: number) => failureOf(make(url, timeoutMs).push({ to: USER, text: 'ฝากเงิน', retryKey: KEY }))
  itMapsEachAnswer(fake, refusal, [
    ['429 (the rate)', line.rateLimited, 'rate_limited'],
    ["429 (the month's quota spent)", line.monthlyLimit, 'no_credit'],
    ['400 (a bad message)', line.badRequest, 'permanent'],
    ['401 (our token)', line.unauthorized, 'unauthorized'],
    ['403 (not allowed for the plan)', line.forbidden, 'unauthorized'],
    ['500', line.serverError, 'transient'],
  ])

  it('refuses for good a recipient that is not a LINE user or group id, without calling LINE', async () => {
    const server = await fake([line.pushAccepted])
    expect((await failureOf(lineChannel(make(server.url)).send({ recipient: '0812345678', text: 'ฝากเงิน', retryKey: KEY }))).kind).toBe('permanent')
    expect(server.received).toHaveLength(0)
  })
})

describe('retry keys', () => {
  it('sends a UUID as it is, and derives one stable UUID from any other key', () => {
    expect(retryKeyOf(KEY)).toBe(KEY)
    const derived = retryKeyOf('deposit:8812')
    expect(derived).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(retryKeyOf('deposit:8812')).toBe(derived)
    expect(retryKeyOf('deposit:8813')).not.toBe(derived)
  })
})

describe('link tokens, replies and the quota', () => {
  it('issues a link token for a LINE user', async () => {
    const server = await fake([line.linkToken])
    await expect(make(server.url).linkToken(USER)).resolves.toBe('NMZTNuVrPTqlr2IF8Bnymkb7rXfYv5EY')
    expect(server.received[0]).toMatchObject({ method: 'POST', path: `/v2/bot/user/${USER}/linkToken` })
  })

  it('reads the month: limited, or no limit', async () => {
    const server = await fake([line.quotaLimited, line.consumption, line.quotaNone, line.consumption])
    const api = make(server.url)
    await expect(api.quota()).resolves.toEqual({ limit: 1000, used: 812 })
    await expect(api.quota()).resolves.toEqual({ limit: null, used: 812 })
    expect(server.received.map((r) => r.path).sort()).toEqual([
      '/v2/bot/message/quota',
      '/v2/bot/message/quota',
      '/v2/bot/message/quota/consumption',
      '/v2/bot/message/quota/consumption',
    ])
  })

  it('replies in the chat with the reply token', async () => {
    const server = await fake([{ status: 200, body: {} }])
    await make(server.url).reply('nHuyWiB7yP5Zw52FIkcQobQuGDXCTA', 'สวัสดี')
    expect(JSON.parse(server.received[0]!.body)).toEqual({ replyToken: 'nHuyWiB7yP5Zw52FIkcQobQuGDXCTA', messages: [{ type: 'text', text: 'สวัสดี' }] })
  })
})

describe('the channel access token v2.1', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = JSON.stringify({ ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' })

  it('is issued once from a signed assertion and reused until an hour before its end, then issued again', async () => {
    const server = await fake([line.tokenV21, line.pushAccepted, line.pushAccepted, line.tokenV21, line.pushAccepted])
    const clock = manualClock(new Date('2026-11-29T00:00:00Z'))
    const token = v21LineToken({
      baseUrl: server.url,
      channelId: '1657000000',
      kid: 'sDTOzw5wIfxxxxPEzcmeQA',
      privateKey: jwk,
      timeoutMs: 2000,
      now: clock.now,
    })
    const api = lineApi({ baseUrl: server.url, timeoutMs: 2000, token, now: clock.now })
    await api.push({ to: USER, text: 'a', retryKey: KEY })
    clock.advance(22 * 3600_000)
    await api.push({ to: USER, text: 'b', retryKey: KEY })
    clock.advance(2 * 3600_000)
    await api.push({ to: USER, text: 'c', retryKey: KEY })
    expect(server.received.map((r) => r.path)).toEqual([
      '/oauth2/v2.1/token',
      '/v2/bot/message/push',
      '/v2/bot/message/push',
      '/oauth2/v2.1/token',
      '/v2/bot/message/push',
    ])
    expect(server.received[1]!.headers.authorization).toBe(`Bearer ${line.tokenV21.body.access_token}`)

    const form = new URLSearchParams(server.received[0]!.body)
    expect(form.get('grant_type')).toBe('client_credentials')
    expect(form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
    const [header, claims, signature] = form.get('client_assertion')!.split('.')
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'sDTOzw5wIfxxxxPEzcmeQA' })
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({
      iss: '1657000000',
      sub: '1657000000',
      aud: 'https://api.line.me/',
      token_exp: 86400,
    })
    expect(verify('sha256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature!, 'base64url'))).toBe(true)
  })

  it('is unauthorized when LINE refuses the assertion, and issued again after LINE refused the token', async () => {
    const server = await fake([line.tokenRefused, line.tokenV21, line.unauthorized, line.tokenV21, line.pushAccepted])
    const clock = manualClock()
    const token = v21LineToken({ baseUrl: server.url, channelId: '1657000000', kid: 'k', privateKey: jwk, timeoutMs: 2000, now: clock.now })
    const api = lineApi({ baseUrl: server.url, timeoutMs: 2000, token, now: clock.now })
    expect((await failureOf(api.push({ to: USER, text: 'a', retryKey: KEY }))).kind).toBe('unauthorized')
    expect((await failureOf(api.push({ to: USER, text: 'a', retryKey: KEY }))).kind).toBe('unauthorized')
    await api.push({ to: USER, text: 'a', retryKey: KEY })
    expect(server.received.filter((r) => r.path === '/oauth2/v2.1/token')).toHaveLength(3)
  })
})
